// veval init scaffolds a project that validates; veval plan prints what will run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

test('init scaffolds config, schemas, spec, brief, CI workflow, AGENTS.md, npm scripts and .gitignore — and the result validates', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': JSON.stringify({ name: 'app', scripts: { test: 'x' } }), '.gitignore': 'node_modules/\n', 'AGENTS.md': '# Agents\nBe nice.\n' });
  const r = await runMain(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  for (const f of ['visual-eval.config.yaml', 'specs/home.yaml', 'briefs/home.md', '.github/workflows/visual-eval.yml', 'schema/spec.schema.json', 'schema/config.schema.json', 'schema/report.schema.json']) {
    assert.ok(fs.existsSync(path.join(dir, f)), `${f} created`);
  }
  assert.match(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), /^# yaml-language-server: \$schema=\.\.\/schema\/spec\.schema\.json/);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(pkg.scripts).sort(), ['eval:capture', 'eval:check', 'eval:judge', 'eval:verify', 'eval:visual', 'test']);
  assert.equal(pkg.scripts['eval:visual'], 'veval run');
  const agents = fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8');
  assert.match(agents, /^# Agents\nBe nice\./);
  assert.match(agents, /veval run[\s\S]*veval verify[\s\S]*report\.json/);
  assert.match(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8'), /node_modules\/\nevals\/\nevals-shard-\*\/\nshards\/\n\.veval-cache\//);
  const wf = fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8');
  assert.match(wf, /shard: \[1\]/);
  assert.match(wf, /veval merge/);
  assert.match(wf, /if: always\(\)/);
  const v = await runMain(['validate'], dir);
  assert.equal(v.code, 0, v.stdout + v.stderr);

  // A second init keeps the user's files and does not duplicate the AGENTS.md section.
  fs.writeFileSync(path.join(dir, 'specs/home.yaml'), '# mine\nroute: /\n');
  assert.equal((await runMain(['init'], dir)).code, 0);
  assert.equal(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), '# mine\nroute: /\n');
  assert.equal(fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8').match(/veval:start/g)!.length, 1);
});

test('init again keeps what the user changed or deleted, says what it skipped; --force writes it all again', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': JSON.stringify({ name: 'app', scripts: {} }), 'public/index.html': '<h1>hi</h1>', 'public/about.html': '<p>a</p>' });
  assert.equal((await runMain(['init'], dir)).code, 0);
  assert.ok(fs.existsSync(path.join(dir, '.veval/init.json')), 'init records what it wrote');
  fs.rmSync(path.join(dir, 'briefs/about.md'));
  fs.rmSync(path.join(dir, 'specs/about.yaml'));
  fs.writeFileSync(path.join(dir, 'specs/home.yaml'), '# mine\nroute: /\n');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  delete pkg.scripts['eval:judge'];
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
  fs.writeFileSync(path.join(dir, '.gitignore'), fs.readFileSync(path.join(dir, '.gitignore'), 'utf8').replace('shards/\n', ''));
  const r = await runMain(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /skipped specs\/about\.yaml \(you deleted it; --force re-creates it\)/);
  assert.match(r.stdout, /skipped briefs\/about\.md/);
  assert.match(r.stdout, /kept +specs\/home\.yaml \(you changed it; --force overwrites\)/);
  assert.match(r.stdout, /skipped eval:judge/);
  assert.match(r.stdout, /skipped \.gitignore lines you removed: shards\//);
  assert.ok(!fs.existsSync(path.join(dir, 'specs/about.yaml')));
  assert.equal(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), '# mine\nroute: /\n');
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts['eval:judge'], undefined);
  const f = await runMain(['init', '--force'], dir);
  assert.equal(f.code, 0, f.stderr);
  assert.ok(fs.existsSync(path.join(dir, 'specs/about.yaml')));
  assert.match(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), /^# yaml-language-server/);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts['eval:judge'], 'veval judge');
  // stale schema copies: validate warns, with the command that refreshes them
  fs.writeFileSync(path.join(dir, 'schema/spec.schema.json'), '{"type":"object"}');
  const v = await runMain(['validate'], dir);
  assert.equal(v.code, 0, v.stderr);
  assert.match(v.stderr, /warning: schema\/spec\.schema\.json differs from the installed veval [\d.]+'s; .*Refresh: cp \S+spec\.schema\.json schema\//);
  // a spec copied into a subfolder keeps ../schema/…: validate says the editor stopped checking it, and the path that works
  fs.mkdirSync(path.join(dir, 'specs/flows'));
  fs.copyFileSync(path.join(dir, 'specs/about.yaml'), path.join(dir, 'specs/flows/about-2.yaml'));
  fs.writeFileSync(path.join(dir, 'specs/flows/about-2.yaml'), fs.readFileSync(path.join(dir, 'specs/flows/about-2.yaml'), 'utf8').replace('name: about', 'name: about-2').replace('../briefs/', '../../briefs/'));
  const m = await runMain(['validate'], dir);
  assert.equal(m.code, 0, m.stderr);
  assert.match(m.stderr, /warning: specs\/flows\/about-2\.yaml:1:\d+ the modeline's \$schema=\.\.\/schema\/spec\.schema\.json does not exist from this folder.*from here it is \.\.\/\.\.\/schema\/spec\.schema\.json/);
  assert.doesNotMatch(m.stderr, /specs\/about\.yaml:1/);
});

test('init tells the framework, package manager and routes from the project, and writes a server: that builds and serves it', async () => {
  const cases: { files: Record<string, string>; label: RegExp; server: RegExp; specs: string[] }[] = [
    { files: { 'package.json': JSON.stringify({ devDependencies: { vite: '8' }, scripts: { build: 'vite build', preview: 'vite preview' } }), 'yarn.lock': '', 'index.html': '<h1>x</h1>' },
      label: /found: Vite; package manager yarn/, server: /command: yarn run build && yarn run preview --port \d+ --strictPort --host 127\.0\.0\.1\n  url: http:\/\/127\.0\.0\.1:\d+/, specs: ['home'] },
    { files: { 'package.json': JSON.stringify({ dependencies: { next: '15' }, scripts: { build: 'next build', start: 'next start' } }), 'pnpm-lock.yaml': '', 'app/page.tsx': '', 'app/pricing/page.tsx': '', 'app/(shop)/cart/page.tsx': '', 'app/blog/[slug]/page.tsx': '' },
      label: /found: Next\.js; package manager pnpm/, server: /command: pnpm run build && pnpm run start -p \d+ -H 127\.0\.0\.1/, specs: ['cart', 'home', 'pricing'] },
    { files: { 'package.json': JSON.stringify({ dependencies: { astro: '5' }, scripts: { build: 'astro build', preview: 'astro preview' } }), 'package-lock.json': '{}', 'src/pages/index.astro': '', 'src/pages/about.md': '' },
      label: /found: Astro; package manager npm/, server: /command: npm run build && npm run preview -- --port \d+ --host 127\.0\.0\.1/, specs: ['about', 'home'] },
    { files: { 'package.json': JSON.stringify({ dependencies: { 'react-scripts': '5' }, scripts: { build: 'react-scripts build' } }), 'package-lock.json': '{}' },
      label: /found: Create React App/, server: /server:\n  static: build\n  build: npm run build/, specs: ['home'] },
    { files: { 'package.json': JSON.stringify({ devDependencies: { '@sveltejs/kit': '2', vite: '7' }, scripts: { build: 'vite build', preview: 'vite preview' } }), 'bun.lock': '', 'src/routes/+page.svelte': '', 'src/routes/docs/+page.svelte': '' },
      label: /found: SvelteKit; package manager bun/, server: /command: bun run build && bun run preview --port \d+ --strictPort --host 127\.0\.0\.1/, specs: ['docs', 'home'] },
    { files: { 'site/index.html': '<h1>x</h1>', 'site/contact.html': '<p>c</p>' },
      label: /found: a static folder \(site\/\)/, server: /server:\n  static: site\n/, specs: ['contact', 'home'] },
  ];
  for (const c of cases) {
    const dir = tmpDir();
    writeTree(dir, c.files);
    const r = await runMain(['init', '--ci', 'none'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, c.label);
    assert.match(fs.readFileSync(path.join(dir, 'visual-eval.config.yaml'), 'utf8'), c.server);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'specs')).sort(), c.specs.map((s) => `${s}.yaml`));
    const v = await runMain(['validate'], dir);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    // what init says it found is what the specs it wrote say
    const spec = fs.readFileSync(path.join(dir, 'specs', `${c.specs[0]}.yaml`), 'utf8');
    assert.equal(/no routes found/.test(r.stdout), /found no routes/.test(spec), `${r.stdout}\n${spec}`);
    if (!/no routes found/.test(r.stdout)) assert.match(r.stdout, new RegExp(`; ${c.specs.length} route\\(s\\) from`));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('plan prints states, steps, required entries, resolved checks, parity, judge and gate; --json is the plan data', async () => {
  const dir = tmpDir();
  writeTree(dir, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\ncheck: 1\n'.replace('check: 1\n', 'checks:\n  axe: { impact: serious }\n'),
    'specs/a.yaml': 'route: /a\nregions: { cta: "#pay" }\nrequired: [{ selector: "#pay", name: Pay }]\nstates:\n  - name: default\n  - name: sent\n    steps: [{ click: "#pay" }, { waitFor: ".ok" }]\nchecks: { console: false }\nparity: { maxDiffRatio: 0.01 }\njudge: { mode: optional, rubric: "Is the total visible?" }\n',
  });
  const r = await runMain(['plan'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /url: +http:\/\/127\.0\.0\.1:9\/a/);
  assert.match(r.stdout, /sent: click #pay → waitFor \.ok \(visible\)/);
  assert.match(r.stdout, /must show \(full, from spec\): Pay \[#pay\]/);
  assert.match(r.stdout, /off console/);
  assert.match(r.stdout, /on  axe {"impact":"serious"}/);
  assert.match(r.stdout, /parity: +threshold 0\.1, maxDiffRatio 0\.01/);
  assert.match(r.stdout, /judge: +optional/);
  assert.match(r.stdout, /order: +capture → checks → parity → judge \(only if no blocker\) → gate/);
  const j = await runMain(['plan', '--json'], dir);
  const plan = JSON.parse(j.stdout);
  assert.equal(plan.specs[0].states[1].steps[0].action, 'click');
  assert.equal(plan.specs[0].parity.maxDiffRatio, 0.01);
});

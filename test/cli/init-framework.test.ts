// veval init on a published framework site (test/fixtures/astro-cactus: the Astro Cactus blog theme,
// its source pages and its committed build): the routes it renders, in its trailing-slash
// convention, without its 404 page; its tab-indented JSON files edited in their own style; specs
// that validate and pass on the unchanged site. Then one responsive spec for the same page: a state
// and required entries limited to viewports, and a mask that matches nothing, said once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { REPO, runCli, tmpDir } from '../helpers/tmp.js';

const FIXTURE = path.join(REPO, 'test/fixtures/astro-cactus');
const NO_KEY = { OPENAI_API_KEY: '' };
const read = (dir: string, rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');

const RESPONSIVE = `name: home-responsive
route: /
viewports: [desktop, mobile]
masks: [.ad-slot]
required:
  - selector: "#navigation-menu a[href='/about/']"
    name: About in the nav bar
    viewports: [desktop]
  - selector: mobile-button button
    name: menu button
    viewports: [mobile]
states:
  - name: default
  - name: menu-open
    viewports: [mobile]
    steps:
      - waitFor: { selector: mobile-button button, timeout: 60000 }   # a loaded machine may be slow to show it
      - click: mobile-button button
    required:
      - selector: "#navigation-menu a[href='/posts/']"
        name: Blog in the open menu
`;

test('init on a published Astro theme: rest routes at their bare path, its trailing slash, no 404; JSON edited in its own style; the specs validate and pass; a responsive spec limits a state and entries to viewports', () => {
  const dir = tmpDir('veval-astro-');
  fs.cpSync(FIXTURE, dir, { recursive: true });
  const before = Object.fromEntries(['package.json', '.vscode/settings.json', '.vscode/extensions.json'].map((f) => [f, read(dir, f)]));

  const r = runCli(['init', '--ci', 'none'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  // src/pages/posts/[...page].astro and notes/[...page].astro render at /posts/ and /notes/; 404.astro is an error page
  const specs = fs.readdirSync(path.join(dir, 'specs')).sort();
  assert.deepEqual(specs, ['about.yaml', 'home.yaml', 'notes.yaml', 'posts.yaml', 'tags.yaml']);
  const routes = specs.map((f) => YAML.parse(read(dir, `specs/${f}`)).route);
  assert.deepEqual(routes, ['/about/', '/', '/notes/', '/posts/', '/tags/'], 'the links in the built pages end in /');
  assert.match(r.stdout, /routes end in \/, as the links in dist\/ have them/);
  assert.match(r.stdout, /left out \/404: an error page/);

  // package.json: tab-indented; the diff is the five scripts added after the last one (and its comma)
  const pkg = read(dir, 'package.json');
  const added = ['eval:capture', 'eval:check', 'eval:judge', 'eval:visual', 'eval:verify'];
  assert.equal(pkg.replace(new RegExp(`,\\n(\\t\\t"eval:[a-z]+": "veval [a-z]+",?\\n){${added.length}}`), '\n'), before['package.json']);
  assert.deepEqual(Object.keys(JSON.parse(pkg).scripts).slice(-5), added);
  // .vscode/settings.json: its inline objects and tabs stay; yaml.schemas is added at the end
  const settings = read(dir, '.vscode/settings.json');
  const keep = before['.vscode/settings.json'].replace(/\n}\n$/, '');
  assert.ok(settings.startsWith(keep + ',\n\t"yaml.schemas": {\n\t\t"./schema/spec.schema.json": ['), settings);
  assert.ok(settings.endsWith('\n}\n'));
  // .vscode/extensions.json: an inline array stays inline
  assert.equal(read(dir, '.vscode/extensions.json'), before['.vscode/extensions.json'].replace('"unifiedjs.vscode-mdx"]', '"unifiedjs.vscode-mdx", "redhat.vscode-yaml"]'));
  // a new JSON file takes the project's indent
  assert.match(read(dir, '.mcp.json'), /^{\n\t"mcpServers": {\n\t\t"veval": {/);

  let v = runCli(['validate'], dir);
  assert.equal(v.code, 0, v.stdout + v.stderr);

  // the responsive spec: a state named in a viewport the spec does not capture at is refused at file:line:col
  fs.writeFileSync(path.join(dir, 'specs/home-responsive.yaml'), RESPONSIVE.replace('    viewports: [mobile]\n    steps', '    viewports: [phone]\n    steps'));
  v = runCli(['validate'], dir);
  assert.equal(v.code, 2);
  assert.match(v.stderr, /specs\/home-responsive\.yaml:15:17 viewport "phone" is not one this spec captures at \(the spec's viewports: desktop, mobile\)/);
  fs.writeFileSync(path.join(dir, 'specs/home-responsive.yaml'), RESPONSIVE);
  const plan = runCli(['plan', 'specs/home-responsive.yaml'], dir);
  assert.equal(plan.code, 0, plan.stderr);
  assert.match(plan.stdout, /states \(2 × 2 viewports = 4 units; 1 not captured: states limited to some viewports, so 3 units\)/);
  assert.match(plan.stdout, /menu-open \(mobile only; not captured at desktop\): waitFor mobile-button button \(visible\) → click mobile-button button/);
  assert.match(plan.stdout, /must show \(full, from spec, desktop only\): About in the nav bar/);
  assert.match(plan.stdout, /must show \(full, from spec, mobile only\): menu button/);

  // the home brief's Must show, written without dashes: every line is an item, checked in the run below
  fs.writeFileSync(path.join(dir, 'briefs/home.md'), '# home (/)\n\n## Must show\n`#main-header` — the site header\n"Astro Cactus" — the site name\nthe latest posts are listed under the introduction\n');
  const homePlan = runCli(['plan', 'specs/home.yaml'], dir);
  assert.match(homePlan.stdout, /must show \(full, from brief\): the site header \[#main-header\]/);
  assert.match(homePlan.stdout, /must show \(full, from brief\): the site name \[text Astro Cactus\]/);
  assert.match(homePlan.stdout, /for the judge \(brief, plain words\): the latest posts are listed under the introduction/);

  // the site as built: init's server (npm run build && astro preview) needs the theme's node_modules,
  // so the run serves the committed build instead (and a unit may take longer on a loaded machine)
  fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), read(dir, 'visual-eval.config.yaml').replace(/server:\n(  .*\n)+/, 'server:\n  static: dist\ntimeout: 300000\n'));
  const run = runCli(['run'], dir, NO_KEY, 1_200_000);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const report = JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals/latest')), 'report.json'), 'utf8'));
  assert.equal(report.status, 'pass');
  const homeUnits = report.specs.find((s: any) => s.name === 'home').units;
  assert.equal(homeUnits.length, 2);
  const homeRec = JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals/latest')), 'home/default-mobile.json'), 'utf8'));
  assert.deepEqual(homeRec.required.map((x: any) => [x.name, x.source, x.verdict.level]), [['the site header', 'brief', 'full'], ['the site name', 'brief', 'full']]);
  const home = report.specs.find((s: any) => s.name === 'home-responsive');
  assert.deepEqual(home.units.map((u: any) => `${u.state}-${u.viewport}`).sort(), ['default-desktop', 'default-mobile', 'menu-open-mobile']);
  assert.ok(!fs.existsSync(path.join(fs.realpathSync(path.join(dir, 'evals/latest')), 'home-responsive/menu-open-desktop.json')), 'no capture outside the state\'s viewports');
  assert.deepEqual(home.notes.filter((n: string) => !/judge skipped/.test(n)), [
    'state menu-open is captured at mobile only (its viewports:); not captured at desktop',
    'required About in the nav bar is checked at desktop only (its viewports:); not checked at mobile',
    'required menu button is checked at mobile only (its viewports:); not checked at desktop',
    'mask .ad-slot matched nothing in 3 captures',
  ]);
  assert.equal((run.stdout + run.stderr).split('mask .ad-slot matched nothing in 3 captures').length - 1, 1, 'said once in the console');
  // the entries limited to a viewport were measured only there
  const rec = (u: string) => JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals/latest')), `home-responsive/${u}.json`), 'utf8'));
  assert.deepEqual(rec('default-desktop').required.map((x: any) => x.name), ['About in the nav bar']);
  assert.deepEqual(rec('default-mobile').required.map((x: any) => x.name), ['menu button']);
  assert.deepEqual(rec('menu-open-mobile').required.map((x: any) => x.name), ['menu button', 'Blog in the open menu']);
});

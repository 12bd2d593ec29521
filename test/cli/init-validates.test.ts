// What `veval init` writes validates for every framework it detects, even when a route's name is
// what YAML would read as a number, a boolean or null (`name: 404` was a number); and the brief it
// writes shows a "Must show" form that works: every line there is an item or an error at file:line:col.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

const pkg = (deps: Record<string, string>) => JSON.stringify({ name: 'app', scripts: { build: 'x', preview: 'x', start: 'x' }, devDependencies: deps });
/** One small project per framework init detects, each with routes whose names YAML would not read as text. */
const PROJECTS: Record<string, Record<string, string>> = {
  astro: { 'package.json': pkg({ astro: '5' }), 'src/pages/index.astro': '', 'src/pages/2024.astro': '', 'src/pages/true/index.astro': '', 'src/pages/null.md': '', 'src/pages/blog/[...page].astro': '' },
  next: { 'package.json': pkg({ next: '15' }), 'app/page.tsx': '', 'app/1e3/page.tsx': '', 'app/yes/page.tsx': '', 'app/docs/[[...slug]]/page.tsx': '', 'app/shop/[...slug]/page.tsx': '' },
  'next pages': { 'package.json': pkg({ next: '15' }), 'pages/index.tsx': '', 'pages/404.tsx': '', 'pages/0x1F.tsx': '', 'pages/_app.tsx': '' },
  sveltekit: { 'package.json': pkg({ '@sveltejs/kit': '2' }), 'src/routes/+page.svelte': '', 'src/routes/off/+page.svelte': '', 'src/routes/(app)/2025/+page.svelte': '', 'src/routes/[...rest]/+page.svelte': '' },
  vite: { 'package.json': pkg({ vite: '6' }), 'index.html': '<h1>a</h1>', '404.html': '<h1>b</h1>', 'true.html': '<h1>c</h1>' },
  cra: { 'package.json': pkg({ 'react-scripts': '5' }) },
  static: { 'public/index.html': '<h1>a</h1>', 'public/2024.html': '<a href="/false/">x</a>', 'public/false/index.html': '<a href="/2024.html">x</a>' },
  unknown: { 'README.md': 'nothing here' },
};
const ROUTES: Record<string, string[]> = {
  astro: ['/', '/2024', '/blog', '/null', '/true'],
  next: ['/', '/1e3', '/docs', '/yes'],                      // [...slug] needs a segment in Next.js; [[...slug]] does not
  'next pages': ['/', '/0x1F'],
  sveltekit: ['/', '/2025', '/off'],                  // /[...rest] at / is the same route
  vite: ['/', '/true.html'],
  cra: ['/'], static: ['/', '/2024.html', '/false/'], unknown: ['/'],
};

for (const [framework, tree] of Object.entries(PROJECTS)) {
  test(`init on ${framework}: it writes specs that validate, names and routes as text`, async () => {
    const dir = tmpDir();
    writeTree(dir, tree);
    const r = await runMain(['init', '--ci', 'none'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const specs = fs.readdirSync(path.join(dir, 'specs'));
    const parsed = specs.map((f) => YAML.parse(fs.readFileSync(path.join(dir, 'specs', f), 'utf8')));
    assert.deepEqual(parsed.map((s) => s.route).sort(), [...ROUTES[framework]].sort());
    for (const s of parsed) for (const k of ['name', 'route', 'brief']) assert.equal(typeof s[k], 'string', `${k}: ${JSON.stringify(s[k])}`);
    const v = await runMain(['validate'], dir);
    assert.equal(v.code, 0, v.stdout + v.stderr);
  });
}

test('the brief init writes: its example lines, uncommented, are items; lines without "- " are items; a malformed line is an error at file:line:col', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'public/index.html': '<main><h1>Hello</h1><a href="/signup">Sign up</a></main>' });
  assert.equal((await runMain(['init', '--ci', 'none'], dir)).code, 0);
  const file = path.join(dir, 'briefs/home.md');
  const brief = fs.readFileSync(file, 'utf8');
  // the template's example lines, as a user keeps them: the comment closed above them
  const kept = brief.replace(/\n(- `main h1`[\s\S]*?)\n-->\n/, ' -->\n$1\n');
  assert.notEqual(kept, brief);
  fs.writeFileSync(file, kept);
  let plan = await runMain(['plan'], dir);
  assert.equal(plan.code, 0, plan.stdout + plan.stderr);
  assert.match(plan.stdout, /must show \(full, from brief\): the page heading \[main h1\]/);
  assert.match(plan.stdout, /must show \(full, from brief\): the main call to action \[text Sign up\]/);
  assert.match(plan.stdout, /for the judge \(brief, plain words\): the price is shown before the buy button/);

  // the same items without a dash: none is dropped
  fs.writeFileSync(file, '# home\n\n## Must show\n`main h1` — the page heading\n"Sign up" — the call to action\nthe heading is the first thing a user reads\n');
  plan = await runMain(['plan'], dir);
  assert.equal(plan.code, 0, plan.stderr);
  assert.match(plan.stdout, /from brief\): the page heading \[main h1\]/);
  assert.match(plan.stdout, /from brief\): the call to action \[text Sign up\]/);
  assert.match(plan.stdout, /for the judge \(brief, plain words\): the heading is the first thing a user reads/);

  // a line that is neither: an error where it is, exit 2
  fs.writeFileSync(file, '# home\n\n## Must show\n- `main h1` — the heading\n  `main nav — the menu\n');
  const v = await runMain(['validate'], dir);
  assert.equal(v.code, 2);
  assert.match(v.stderr, /briefs\/home\.md:5:3 "`main nav — the menu" in ## Must show: a selector item is `css selector`/);
});

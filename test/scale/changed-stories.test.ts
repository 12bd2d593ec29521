// --changed in a Storybook spec, on the official example Storybook (test/fixtures/storybook-example)
// committed to a temporary git repository: a changed component file selects the stories whose story
// file imports it, directly or through the components they render (Page → Header → Button); a file
// no story imports (a theme) selects every story, as does a change to the spec itself; a story whose
// imports cannot be followed runs on every change. Selection only: no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { selectChanged } from '../../src/cli/changed.js';
import { loadProject } from '../../src/spec/project.js';
import { peekStories } from '../../src/spec/storybook-index.js';
import { REPO, runCli, tmpDir, writeTree } from '../helpers/tmp.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const FIXTURE = path.join(REPO, 'test/fixtures/storybook-example');
const BUTTON = ['example-button--primary', 'example-button--secondary', 'example-button--large', 'example-button--small'];
const HEADER = ['example-header--logged-in', 'example-header--logged-out'];
const PAGE = ['example-page--logged-out', 'example-page--logged-in'];

/** The example's sources, package.json and built index (the rest of the build is not read) in a git repo with one storybook spec. */
function repo(): string {
  const root = tmpDir('veval-changed-sb-');
  for (const f of ['.storybook', 'src', 'package.json']) fs.cpSync(path.join(FIXTURE, f), path.join(root, f), { recursive: true });
  writeTree(root, {
    'storybook-static/index.json': fs.readFileSync(path.join(FIXTURE, 'storybook-static/index.json')),
    'visual-eval.config.yaml': 'viewports:\n  desktop: { width: 640, height: 480 }\n',
    'specs/storybook.yaml': 'storybook: { static: ../storybook-static }\nwatch: ["../src/**"]\nparity: {}\n',
  });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'init');
  return root;
}

/** The stories --changed selects (as `veval plan --changed` lists them) and the spec's story note. */
async function stories(root: string): Promise<{ ids: string[]; note: string }> {
  const sel = selectChanged(await loadProject({ cwd: root }), true);
  assert.equal(sel.specs.length, 1);
  const spec = (await peekStories({ ...(await loadProject({ cwd: root })), specs: [sel.specs[0].spec] })).plan.specs[0];
  return { ids: spec.states.map((s) => s.name).sort(), note: spec.storybook!.read!.notes.join('\n') };
}
const edit = (root: string, f: string) => fs.appendFileSync(path.join(root, f), '\n/* changed */\n');
const sorted = (...xs: string[][]) => xs.flat().sort();

test('--changed: a component file selects the stories that import it, through the components they render', async () => {
  const root = repo();
  edit(root, 'src/stories/page.css');
  let got = await stories(root);
  assert.deepEqual(got.ids, sorted(PAGE), 'page.css: only the Page stories');
  assert.match(got.note, /--changed: 2 of 8 stories import src\/stories\/page\.css/);
  git(root, 'checkout', '--', '.');
  edit(root, 'src/stories/header.css');
  assert.deepEqual((await stories(root)).ids, sorted(HEADER, PAGE), 'Page renders Header');
  git(root, 'checkout', '--', '.');
  edit(root, 'src/stories/Button.stories.ts');
  assert.deepEqual((await stories(root)).ids, sorted(BUTTON), 'a story file: its own stories');
  edit(root, 'src/stories/Header.tsx');
  assert.deepEqual((await stories(root)).ids, sorted(BUTTON, HEADER, PAGE), 'two files: the union');
  git(root, 'checkout', '--', '.');
  edit(root, 'src/stories/Button.tsx');
  assert.deepEqual((await stories(root)).ids, sorted(BUTTON, HEADER, PAGE), 'every story renders Button');
});

test('--changed: a watched file no story imports, or the spec itself, selects every story; an import veval cannot follow keeps its stories in', async () => {
  const root = repo();
  writeTree(root, { 'src/theme.css': ':root { --brand: red }\n' });
  let got = await stories(root);
  assert.deepEqual(got.ids, sorted(BUTTON, HEADER, PAGE));
  assert.match(got.note, /every story runs: src\/theme\.css is imported by no story file/);
  fs.rmSync(path.join(root, 'src/theme.css'));
  edit(root, 'src/stories/page.css');
  fs.appendFileSync(path.join(root, 'specs/storybook.yaml'), '# a comment\n');
  got = await stories(root);
  assert.deepEqual(got.ids, sorted(BUTTON, HEADER, PAGE), 'the spec changed: all of it runs');
  assert.doesNotMatch(got.note, /--changed/);
  git(root, 'checkout', '--', '.');
  // a path alias (resolved by the bundler's config, not followed here): the Header stories run on every change
  fs.appendFileSync(path.join(root, 'src/stories/Header.stories.ts'), "import '@/lib/tokens';\n");
  git(root, 'commit', '-qam', 'alias');
  edit(root, 'src/stories/page.css');
  got = await stories(root);
  assert.deepEqual(got.ids, sorted(HEADER, PAGE));
  assert.match(got.note, /4 of 8 stories import src\/stories\/page\.css \(2 whose imports cannot all be followed run on every change\)/);
});

test('CLI: `veval plan --changed` lists only the stories the change reaches', () => {
  const root = repo();
  edit(root, 'src/stories/page.css');
  const r = runCli(['plan', '--changed'], root);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /1 of 1 spec\(s\) affected\n {2}storybook {2}\(src\/stories\/page\.css\)/);
  const listed = [...r.stdout.matchAll(/^ {4}(example-[a-z-]+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(listed, sorted(PAGE), r.stdout);
});

// --changed [ref] in a real temporary git repository: which specs a change selects (spec file,
// brief, rubric, baselines, watch: globs; the config selects all), the default base (merge base
// with origin's default branch, else HEAD), uncommitted and untracked changes, and the CLI's
// answers when git is missing or nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeChanged, selectChanged } from '../../src/cli/changed.js';
import { createRun, finishRun } from '../../src/core/run-folder.js';
import { unitsOf } from '../../src/core/run.js';
import { writeJsonAtomic } from '../../src/core/fsx.js';
import { digestBaselines } from '../../src/parity/store/digest.js';
import { gateRun } from '../../src/gate/index.js';
import { InputError } from '../../src/core/errors.js';
import { loadProject } from '../../src/spec/project.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const VP = 'viewports: [{ name: desktop, width: 640, height: 480 }]\n';
const PAGE = (h: string) => `<!doctype html><html lang="en"><title>${h}</title><body><main><h1>${h}</h1></main></body></html>`;

/** A committed project of three specs under app/ (the project root is a subfolder of the repo). */
function repo(): { top: string; root: string } {
  const top = tmpDir('veval-changed-');
  const root = path.join(top, 'app');
  writeTree(root, {
    'visual-eval.config.yaml': 'server: { static: site }\n',
    'specs/a.yaml': `route: /a\nbrief: ../briefs/a.md\n${VP}`,
    'specs/b.yaml': `route: /b\n${VP}watch: ["../site/b/**", "../shared/*.css"]\n`,
    'specs/c.yaml': `route: /c\n${VP}judge: { rubric: ../briefs/c.rubric.md }\n`,
    'briefs/a.md': '# A\nThe user reads A.\n',
    'briefs/c.rubric.md': 'Judge C.\n',
    'site/a.html': PAGE('A'), 'site/b/index.html': PAGE('B'), 'site/c.html': PAGE('C'),
    'shared/base.css': 'body { margin: 0 }\n',
    'baselines/c/default-desktop.png': 'png',
  });
  writeTree(top, { 'README.md': 'repo\n' });
  git(top, 'init', '-q', '-b', 'main');
  git(top, 'add', '.');
  git(top, 'commit', '-q', '-m', 'init');
  return { top, root };
}

const selected = async (root: string, ref: string | true = true) => {
  const plan = await loadProject({ cwd: root });
  return selectChanged(plan, ref);
};
const names = async (root: string, ref: string | true = true) => (await selected(root, ref)).specs.map((s) => s.spec.name).sort();

test('uncommitted, staged and untracked changes select the specs that depend on them', async () => {
  const { top, root } = repo();
  assert.deepEqual(await names(root), [], 'a clean tree changes nothing');
  fs.appendFileSync(path.join(root, 'briefs/a.md'), 'More.\n');
  assert.deepEqual(await names(root), ['a'], 'brief (unstaged)');
  git(top, 'add', '.');
  assert.deepEqual(await names(root), ['a'], 'brief (staged)');
  writeTree(root, { 'site/b/extra.css': 'p {}' });
  assert.deepEqual(await names(root), ['a', 'b'], 'untracked file under a watch glob');
  fs.rmSync(path.join(root, 'baselines/c/default-desktop.png'));
  const sel = await selected(root);
  assert.deepEqual(sel.specs.map((s) => [s.spec.name, s.because]), [['a', 'briefs/a.md'], ['b', 'site/b/extra.css'], ['c', 'baselines/c/default-desktop.png']], 'a deleted baseline counts');
  assert.deepEqual(sel.unattributed, []);
  writeTree(root, { 'evals/worktree-1/a/default-desktop.png': 'png', '.veval-cache/judge/x.json': '{}' });
  assert.deepEqual((await selected(root)).unattributed, [], 'the artifacts folder and the judge cache are not inputs');
});

test('a changed file no spec declares (app code without watch:) runs every spec, naming it; fully attributed changes run only their specs', async () => {
  const { root } = repo();
  writeTree(root, { 'site/c.html': PAGE('C2') });
  let sel = await selected(root);
  assert.deepEqual(sel.unattributed, ['site/c.html']);
  assert.deepEqual(sel.specs.map((s) => [s.spec.name, s.because]), [['a', 'site/c.html: no spec declares it'], ['b', 'site/c.html: no spec declares it'], ['c', 'site/c.html: no spec declares it']]);
  const text = describeChanged(sel, 3);
  assert.match(text, /3 of 3 spec\(s\) affected/);
  assert.match(text, /running every spec: no spec declares site\/c\.html as an input[\s\S]*Declare `watch:` globs/);
  assert.doesNotMatch(text, /nothing to run/);
  // a watched file alongside keeps its own reason; a baseline of a spec not in the plan selects nothing
  const { root: r2 } = repo();
  writeTree(r2, { 'site/b/index.html': PAGE('B2'), 'baselines/gone/default-desktop.png': 'png' });
  sel = await selected(r2);
  assert.deepEqual([sel.unattributed, sel.specs.map((s) => s.spec.name)], [[], ['b']]);
  const { root: r3 } = repo();
  writeTree(r3, { 'baselines/gone/default-desktop.png': 'png' });
  sel = await selected(r3);
  assert.deepEqual(sel.specs, []);
  assert.match(describeChanged(sel, 3), /nothing to run: every changed file is an input of no spec/);
});

test('the rubric, the spec file itself and a second watch glob each select their spec; the config selects every spec', async () => {
  const { root } = repo();
  fs.appendFileSync(path.join(root, 'briefs/c.rubric.md'), 'Stricter.\n');
  assert.deepEqual(await names(root), ['c']);
  fs.appendFileSync(path.join(root, 'specs/a.yaml'), 'fullPage: false\n');
  writeTree(root, { 'shared/base.css': 'body { margin: 1px }\n' });
  assert.deepEqual(await names(root), ['a', 'b', 'c']);
  const { root: r2 } = repo();
  fs.appendFileSync(path.join(r2, 'visual-eval.config.yaml'), 'timeout: 20000\n');
  const sel = await selected(r2);
  assert.deepEqual(sel.specs.map((s) => s.because), ['visual-eval.config.yaml', 'visual-eval.config.yaml', 'visual-eval.config.yaml']);
});

test('a ref: committed changes since it count; the default base is the merge base with origin\'s default branch', async () => {
  const { top, root } = repo();
  fs.appendFileSync(path.join(root, 'specs/b.yaml'), 'fullPage: false\n');
  git(top, 'commit', '-q', '-am', 'b');
  assert.deepEqual(await names(root), [], 'no upstream: the base is HEAD, committed work is not a change');
  assert.deepEqual(await names(root, 'HEAD~1'), ['b']);
  assert.match((await selected(root, 'HEAD~1')).base, /^HEAD~1 \([0-9a-f]{12}\)$/);
  await assert.rejects(selected(root, 'no-such-branch'), (e: unknown) => e instanceof InputError && /--changed "no-such-branch": not a git revision/.test(e.problems[0]));

  // a clone on a feature branch: the merge base with origin/main is the default
  const clone = tmpDir('veval-changed-clone-');
  git(clone, 'clone', '-q', top, '.');
  git(clone, 'checkout', '-q', '-b', 'feature');
  fs.appendFileSync(path.join(clone, 'app/briefs/c.rubric.md'), 'x\n');
  git(clone, 'commit', '-q', '-am', 'rubric');
  writeTree(clone, { 'app/specs/a.yaml': `route: /a\nbrief: ../briefs/a.md\n${VP}fullPage: false\n` });
  const sel = await selected(path.join(clone, 'app'));
  assert.deepEqual(sel.specs.map((s) => s.spec.name), ['a', 'c'], 'committed on the branch + uncommitted');
  assert.match(sel.base, /^merge base with origin\/main \([0-9a-f]{12}\)$/);
});

test('CLI: outside a git repository → exit 2; nothing changed → exit 0, nothing written; an unwatched edit runs all; a change captures only its spec', async () => {
  const plain = tmpDir('veval-changed-nogit-');
  writeTree(plain, { 'visual-eval.config.yaml': 'server: { static: site }\n', 'specs/a.yaml': `route: /a\n${VP}`, 'site/a.html': PAGE('A') });
  let r = await runMain(['run', '--changed'], plain);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /--changed needs a git repository/);

  const { root } = repo();
  r = await runMain(['run', '--changed', '--reporter', 'json'], root, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /0 of 3 spec\(s\) affected[\s\S]*nothing to run/);
  assert.equal(fs.existsSync(path.join(root, 'evals')), false, 'no run folder: the previous report stays the latest');
  r = await runMain(['run', '--changed', '--json'], root, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 0);
  assert.deepEqual(JSON.parse(r.stdout), { status: 'pass', nothingChanged: true, specs: [] }, 'an agent reading stdout still gets JSON');

  writeTree(root, { 'site/a.html': PAGE('A2') });
  r = await runMain(['run', '--changed', '--reporter', 'json'], root, { OPENAI_API_KEY: '' });
  assert.match(r.stderr, /3 of 3 spec\(s\) affected[\s\S]*running every spec: no spec declares site\/a\.html/, 'an unwatched page edit is never "nothing to run"');
  assert.ok(fs.existsSync(path.join(root, 'evals/latest')), 'it ran');
  fs.rmSync(path.join(root, 'evals'), { recursive: true });
  writeTree(root, { 'site/a.html': PAGE('A') });

  fs.appendFileSync(path.join(root, 'briefs/a.md'), 'More.\n');
  r = await runMain(['capture', '--changed=HEAD'], root);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /1 of 3 spec\(s\) affected\n {2}a {2}\(briefs\/a\.md\)/);
  const [only] = fs.readdirSync(path.join(root, 'evals/runs'));
  assert.deepEqual(fs.readdirSync(path.join(root, 'evals/runs', only)).filter((f) => !f.includes('.')), ['a'], 'only spec a was captured');
});

test('verify: a passing report of a --changed (partial) run is not a done-check; one covering every spec is', async () => {
  const { root } = repo();
  const plan = await loadProject({ cwd: root });
  const { run } = createRun({ ...plan, specs: plan.specs.filter((s) => s.name === 'a') });
  finishRun(run, 'completed');
  // a real report.json (the gate's over these specs), passing, each spec recording the baselines it
  // was compared against, as a real run does
  const writeReport = (names: string[]) => {
    const report = gateRun({ ...run, plan: { ...plan, specs: plan.specs.filter((s) => names.includes(s.name)) } }, { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z' });
    Object.assign(report, { status: 'pass', exitCode: 0, incomplete: false, reasons: [] });
    for (const s of report.specs) Object.assign(s, { status: 'pass', reasons: [], baselines: digestBaselines(run, s.name, s.units, []) });
    writeJsonAtomic(path.join(run.runDir, 'report.json'), report);
  };
  writeReport(['a']);
  let r = await runMain(['verify'], root);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /no completed run covers the whole project \(a --changed, --grep, --viewport or --shard run\?\); the newest, \S+ \([^)]*\), misses: b\/default-\w+, c\/default-\w+/);
  writeReport(['a', 'b', 'c']);
  r = await runMain(['verify'], root);
  assert.equal(r.code, 0, r.stdout);
});

// The CI files `veval init` writes work as written: valid YAML, valid against the SchemaStore
// GitHub workflow schema, and — executed step by step here with the matrix expanded (each shard,
// then the merge) — the same gate verdict as one unsharded `veval run`, for 1 spec and for 5.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import YAML from 'yaml';
import { validateWorkflow } from '@action-validator/core';
import { githubWorkflow } from '../../src/cli/init/ci.js';
import { nodeVersionFor } from '../../src/cli/init/node-version.js';
import { detectPackageManager } from '../../src/cli/init/pm.js';
import { REPO, runCli, tmpDir, writeTree } from '../helpers/tmp.js';
import { cleanCi, runGithubWorkflow, runGitlabCi, type CiResult } from '../helpers/ci-exec.js';

const PKG_NAME: string = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).name;
const IGNORE = ['evals', 'evals-shard-*', 'shards'];

const page = (title: string, body = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>A plain page about ${title}.</p>${body}</main></body></html>`;

/** A static site with `pages` pages (one too wide for a phone when `broken`), veval as a file: dev dependency, a lockfile, then init. */
function scratchProject(pages: string[], broken: string | null, ci: 'github' | 'gitlab'): string {
  const dir = tmpDir('veval-ci-');
  writeTree(dir, Object.fromEntries(pages.map((p) => [`site/${p === 'index' ? 'index' : p}.html`, page(p, p === broken ? '<div style="width:1400px;height:20px;background:#eee"></div>' : '')])));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'scratch', version: '1.0.0', private: true, devDependencies: { [PKG_NAME]: `file:${REPO}` } }, null, 2));
  const inst = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
  assert.equal(inst.status, 0, inst.stderr);
  const r = runCli(['init', '--ci', ci], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  // day one as the README says it: init's specs compare with a baseline, so the user looks and
  // approves, and commits baselines/ with the CI files (the run folder is not committed)
  const approve = runCli(['run', '--update-baselines', '--reporter', 'json'], dir);
  assert.ok(approve.code === 0 || approve.code === 1, approve.stdout + approve.stderr);
  assert.ok(fs.existsSync(path.join(dir, 'baselines')), approve.stderr);
  fs.rmSync(path.join(dir, 'evals'), { recursive: true, force: true });
  return dir;
}

const failedJobs = (r: CiResult) => r.jobs.filter((j) => !j.ok).map((j) => `${j.job}:\n${j.steps.map((s) => s.output).join('\n').slice(-3000)}`);
// evals/latest is a link to the newest completed run folder (evals/runs/<id>)
const mergedReport = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));
function unshardedStatus(project: string): string {
  const dir = tmpDir('veval-ci-one-');
  fs.cpSync(project, dir, { recursive: true, verbatimSymlinks: true, filter: (s) => !/[/\\](evals[^/\\]*|shards)$/.test(s) });
  const r = runCli(['run', '--reporter', 'json'], dir);
  assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr);
  const status = mergedReport(dir).status;
  assert.equal(r.code, status === 'pass' ? 0 : 1);
  fs.rmSync(dir, { recursive: true, force: true });
  return status;
}

test('the GitHub workflow init writes is valid YAML and valid against the SchemaStore workflow schema, for 1 and for 5 specs', () => {
  for (const pages of [['index'], ['index', 'a', 'b', 'c', 'd']]) {
    const dir = tmpDir();
    writeTree(dir, Object.fromEntries(pages.map((p) => [`public/${p}.html`, page(p)])));
    writeTree(dir, { 'package.json': '{"name":"x","version":"1.0.0"}', 'pnpm-lock.yaml': 'lockfileVersion: 9.0\n' });
    assert.equal(runCli(['init'], dir).code, 0);
    const text = fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8');
    const doc = YAML.parseDocument(text);
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(doc.warnings, []);
    assert.deepEqual(validateWorkflow(text).errors, []);
    const wf = doc.toJS();
    const n = Math.min(pages.length, 4);
    assert.deepEqual(wf.jobs.shard.strategy.matrix.shard, Array.from({ length: n }, (_, i) => i + 1));
    assert.match(text, new RegExp(`# Shards: ${n}, one per spec init wrote[^\\n]*To raise it`));
    const runs = wf.jobs.shard.steps.map((s: any) => s.run).filter(Boolean);
    // the project's package manager, from its lockfile
    assert.deepEqual(runs.slice(0, 2), ['corepack enable', 'pnpm install --frozen-lockfile']);
    assert.ok(runs.includes('pnpm exec veval browser --install'));
    assert.ok(runs.includes(`pnpm exec veval run --shard \${{ matrix.shard }}/${n} --out evals-shard-\${{ matrix.shard }}`));
    const upload = wf.jobs.shard.steps.find((s: any) => /upload-artifact/.test(s.uses));
    assert.equal(upload.if, 'always()');
    assert.equal(wf.jobs.merge.if, 'always()');
    assert.ok(wf.jobs.merge.steps.some((s: any) => s.run === 'pnpm exec veval merge shards/*/*/ --out evals'));
    // the schema validator is not a rubber stamp: the old flow-mapping form is rejected
    assert.notDeepEqual(validateWorkflow(text.replace(/with:\n\s+name: (evals-shard-.+)\n\s+path: (.+)/, 'with: { name: $1, path: $2 }')).errors, []);
    const gi = fs.readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n');
    for (const l of ['evals/', 'evals-shard-*/', 'shards/']) assert.ok(gi.includes(l), `.gitignore has ${l}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the README\'s CI section shows the workflow init writes for an npm project with one spec', () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const block = /## CI\n[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  const empty = tmpDir();
  assert.equal(block, githubWorkflow({ pm: detectPackageManager(REPO), shards: 1, node: nodeVersionFor(empty) }));
  fs.rmSync(empty, { recursive: true, force: true });
});

test('the GitLab CI file init --ci gitlab writes: parallel shards, artifacts kept always, the JUnit report, a merge job', () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': '{"name":"x","version":"1.0.0"}', 'package-lock.json': '{}', 'public/index.html': page('i'), 'public/a.html': page('a'), 'public/b.html': page('b') });
  assert.equal(runCli(['init', '--ci', 'gitlab'], dir).code, 0);
  assert.ok(!fs.existsSync(path.join(dir, '.github')));
  const doc = YAML.parseDocument(fs.readFileSync(path.join(dir, '.gitlab-ci.yml'), 'utf8'));
  assert.deepEqual(doc.errors, []);
  const ci = doc.toJS();
  assert.equal(ci['visual-eval'].parallel, 3);
  assert.deepEqual(ci['visual-eval'].script, ['npm ci', 'npx --no-install veval browser --install', 'npx --no-install veval run --shard "${CI_NODE_INDEX:-1}/${CI_NODE_TOTAL:-1}" --out "evals-shard-${CI_NODE_INDEX:-1}"']);
  assert.equal(ci['visual-eval'].artifacts.when, 'always');
  assert.deepEqual(ci['visual-eval-merge'].needs, ['visual-eval']);
  assert.equal(ci['visual-eval-merge'].when, 'always');
  assert.equal(ci['visual-eval-merge'].artifacts.reports.junit, 'evals/runs/*/junit.xml');
  assert.equal(runCli(['init', '--ci', 'circle'], dir).code, 2);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a shard whose slice holds no spec passes ("shard i/n has no specs"); without --shard, no specs still fails', () => {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': 'server: { static: site }\nviewports: { desktop: { width: 800, height: 600 } }\n', 'site/index.html': page('home'), 'specs/home.yaml': 'route: /\n' });
  const r = runCli(['run', '--shard', '2/2', '--out', 'evals-shard-2'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /shard 2\/2 has no specs/);   // human output is on stderr
  const none = runCli(['run', '--grep', 'nomatch'], dir);
  assert.equal(none.code, 2);
  fs.rmSync(dir, { recursive: true, force: true });
});

// Once per flavour (each run executes every job: the checkout, the install, the browser step, the
// shard's run, then the merge), with 5 specs, one of them broken: 4 shards, so the shards whose
// specs are clean show that a project init made has no red job of its own. One project for both, as
// a user adding GitLab later has it: init wrote the GitHub workflow and the baselines were approved;
// `init --ci gitlab` re-run adds the GitLab file and leaves the specs as they are.
const pages = ['index', 'about', 'pricing', 'blog', 'contact'], broken = 'pricing';
let shared: { project: string; unsharded: string } | null = null;
function projectFor(ci: 'github' | 'gitlab'): { project: string; unsharded: string } {
  if (!shared) {
    const project = scratchProject(pages, broken, 'github');
    shared = { project, unsharded: unshardedStatus(project) };
  }
  if (ci === 'gitlab' && !fs.existsSync(path.join(shared.project, '.gitlab-ci.yml'))) {
    const specs = () => fs.readdirSync(path.join(shared!.project, 'specs')).map((f) => fs.readFileSync(path.join(shared!.project, 'specs', f), 'utf8'));
    const before = specs();
    const r = runCli(['init', '--ci', 'gitlab'], shared.project);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(specs(), before, 'a re-run of init leaves the specs it wrote as they are');
  }
  return shared;
}
after(() => { if (shared) fs.rmSync(shared.project, { recursive: true, force: true }); });

for (const ci of ['github', 'gitlab'] as const) {
  test(`${ci}: the steps init wrote, run in order with ${pages.length} specs (each shard, then the merge), gate like one unsharded run`, () => {
    const { project, unsharded } = projectFor(ci);
    const work = tmpDir('veval-ci-run-');
    let result: CiResult | null = null;
    try {
      const file = ci === 'github' ? '.github/workflows/visual-eval.yml' : '.gitlab-ci.yml';
      const text = fs.readFileSync(path.join(project, file), 'utf8');
      result = (ci === 'github' ? runGithubWorkflow : runGitlabCi)(text, project, work, IGNORE);
      const shardJobs = result.jobs.filter((j) => !/merge/.test(j.job));
      const merge = result.jobs.find((j) => /merge/.test(j.job))!;
      assert.equal(shardJobs.length, 4);
      assert.ok(merge, 'the merge job ran');
      // the browser step names the browser it used
      assert.match(shardJobs[0].steps.map((s) => s.output).join('\n'), /browser: \/\S+ \((headless-shell|chromium|chrome|playwright)\)/);
      // only the shard that ran the broken spec is red
      const red = shardJobs.filter((j) => !j.ok);
      assert.equal(red.length, 1, failedJobs(result).join('\n'));
      assert.match(red[0].steps.map((s) => s.output).join('\n'), new RegExp(`FAIL ${broken}\\b`));
      const merged = mergedReport(merge.dir);
      assert.equal(merged.status, unsharded);
      assert.equal(merged.status, 'fail');
      assert.equal(merged.totals.specs, pages.length);
      assert.equal(merge.ok, false, 'a failed gate fails the merge job');
      assert.deepEqual(merged.specs.filter((s: any) => s.status === 'fail').map((s: any) => s.name), [broken]);
      if (ci === 'github') assert.match(result.summary, new RegExp(`${pages.length} spec`), 'the merged summary.md went to $GITHUB_STEP_SUMMARY');
      else {
        const kept = path.join(result.store, 'visual-eval-merge-job', 'evals');
        assert.ok(fs.readdirSync(kept).some((d) => fs.existsSync(path.join(kept, d, 'junit.xml'))), 'the merged junit.xml is kept');
      }
    } finally {
      cleanCi(work, project);
    }
  });
}

// The CI files `veval init` writes work as written, executed step by step here with the matrix
// expanded (each shard, then the merge): the same gate verdict as one unsharded `veval run`. Each
// run installs veval into a scratch project and runs every job: the end-to-end tier
// (scripts/tiers.mjs); the files' validity is test/cli/ci-files.test.ts.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
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

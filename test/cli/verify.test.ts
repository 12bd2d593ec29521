// veval verify: the done-check refuses a missing, failed or stale report, naming what changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { createRun, finishRun } from '../../src/core/run-folder.js';
import { loadProject } from '../../src/spec/project.js';
import { writeJsonAtomic } from '../../src/core/fsx.js';
import { freshness } from '../../src/core/freshness.js';
import type { RunContext } from '../../src/core/run.js';
import { digestBaselines, type BaselineDigest } from '../../src/parity/store/digest.js';
import { gateRun } from '../../src/gate/index.js';

async function project(git: boolean) {
  const dir = tmpDir();
  writeTree(dir, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\n',
    'specs/a.yaml': 'route: /\n', 'src/app.css': 'body{}\n', '.gitignore': 'evals/\nignored.txt\n',
  });
  if (git) {
    for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init']]) spawnSync('git', args, { cwd: dir });
  }
  const plan = await loadProject({ cwd: dir });
  return { dir, plan };
}

/** The baselines record of spec a as the run would write it: a's units against what is on disk now. */
const digestOf = (run: RunContext, viewports: string[]) => digestBaselines(run, 'a', viewports.map((viewport) => ({ state: 'default', viewport })), []);

/** A real report.json (the gate's, on this run folder) with the status, units and baselines a test needs; the run is then completed. */
function writeReport(run: RunContext, status: 'pass' | 'fail', viewports = ['desktop', 'mobile'], baselines: BaselineDigest | null = digestOf(run, viewports)) {
  const report = gateRun(run, { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z' });
  Object.assign(report, { status, exitCode: status === 'pass' ? 0 : 1, incomplete: false, reasons: [] });
  const s = report.specs[0];
  Object.assign(s, { status, reasons: status === 'fail' ? ['blocker: required-visible'] : [], baselines, units: s.units.filter((u) => viewports.includes(u.viewport)) });
  writeJsonAtomic(path.join(run.runDir, 'report.json'), report);
  finishRun(run, 'completed');
}

test('verify: no run at all fails (exit 1), not a usage error', async () => {
  const { dir } = await project(true);
  const r = await runMain(['verify'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /no report/);
});

test('verify: a passing, fresh report passes; an edit after the run makes it stale, naming the file', async () => {
  const { dir, plan } = await project(true);
  const { run, info } = createRun(plan);
  assert.match(run.runId, /^\d{8}-\d{9}Z-[0-9a-f]{6}$/, 'one folder per invocation: <timestamp>-<short id>');
  assert.equal(run.runDir, path.join(dir, 'evals', 'runs', run.runId));
  assert.equal(info.gitSha, freshness(dir).gitSha, 'run.json records the commit');
  assert.equal(info.dirty, false);
  writeReport(run, 'pass');
  let r = await runMain(['verify'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  fs.writeFileSync(path.join(dir, 'ignored.txt'), 'git ignores me');
  assert.equal((await runMain(['verify'], dir)).code, 0, 'an ignored file does not make the run stale');
  fs.appendFileSync(path.join(dir, 'src/app.css'), '.x{}\n');
  fs.writeFileSync(path.join(dir, 'src/new.css'), 'a{}');
  r = await runMain(['verify'], dir);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /stale/);
  assert.match(r.stdout, /changed: src\/app\.css/);
  assert.match(r.stdout, /added: src\/new\.css/);
});

test('verify: a failed report fails with its reasons; writing baselines does not make a run stale', async () => {
  const { dir, plan } = await project(false);
  const { run, info } = createRun(plan);
  assert.equal(info.gitSha, null, 'no git: the tree hash alone says what the run was made from');
  assert.equal(info.treeHash, freshness(dir).treeHash);
  writeReport(run, 'fail');
  fs.mkdirSync(path.join(dir, 'baselines/a'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'baselines/a/manifest.json'), '{}');
  const r = await runMain(['verify'], dir);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout, /stale/);
  assert.match(r.stdout, /failed the gate[\s\S]*a: blocker: required-visible/);
});

test('verify: a run without report.json (interrupted before the gate) fails', async () => {
  const { dir, plan } = await project(true);
  createRun(plan);
  const r = await runMain(['verify'], dir);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /no completed run in evals\/runs[\s\S]*not used: run \S+ \([^)]*\): still running/);
});

test('verify: a passing report of a run limited to some viewports (--viewport desktop) is not a done-check', async () => {
  const { dir, plan } = await project(true);
  const { run } = createRun(plan);
  writeReport(run, 'pass', ['desktop']);
  const r = await runMain(['verify'], dir);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /no completed run covers the whole project[\s\S]*misses: a\/default-mobile/);
});

test('verify: a passing report made against baselines that were replaced since (a colleague\'s commit) is stale, naming spec and files', async () => {
  const { dir, plan } = await project(true);
  const manifest = (sha: string) => JSON.stringify({ version: 1, spec: 'a', images: { 'default-desktop': { file: 'default-desktop.png', sha256: sha, runId: 'theirs' } } });
  writeTree(dir, { 'baselines/a/default-desktop.png': 'old look', 'baselines/a/manifest.json': manifest('old') });
  for (const args of [['add', '-A'], ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'approve']]) spawnSync('git', args, { cwd: dir });
  const { run } = createRun(plan);
  writeReport(run, 'pass');
  let r = await runMain(['verify'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  writeTree(dir, { 'baselines/a/default-desktop.png': 'new look', 'baselines/a/manifest.json': manifest('new') });
  for (const args of [['add', '-A'], ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'colleague: new look']]) spawnSync('git', args, { cwd: dir });
  r = await runMain(['verify'], dir);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /stale: baselines changed since run/);
  assert.match(r.stdout, /  a: baselines\/a\/default-desktop\.png, baselines\/a\/manifest\.json \(entry default-desktop\)/);
  // a report that records nothing about its baselines cannot vouch for them either
  writeReport(run, 'pass', ['desktop', 'mobile'], null);
  r = await runMain(['verify'], dir);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /a: the report records no digest of the baselines it compared against/);
});

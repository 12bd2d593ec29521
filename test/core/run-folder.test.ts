// Run folders, their pruning, the baselines lock and the project-root rule, without a browser.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { createRun, finishRun, latestRunDir, listRuns, moveLatest, pruneRuns, readRunInfo } from '../../src/core/run-folder.js';
import { outsideRoot } from '../../src/core/paths.js';
import { withBaselineLock, LOCK_FILE } from '../../src/parity/store/lock.js';
import { readCache, writeCache } from '../../src/judge/cache.js';
import { resolveOptions } from '../../src/cli/resolve.js';
import type { ProjectPlan } from '../../src/spec/plan.js';

const made: string[] = [];
after(() => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });
const dir = (p = 'veval-core-') => { const d = tmpDir(p); made.push(d); return d; };
const plan = (root: string): ProjectPlan => ({ version: 1, root, configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: null, out: 'evals', specs: [] });
const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

test('each invocation claims its own run folder; latest moves only to a completed run, as a link', () => {
  const root = dir();
  const a = createRun(plan(root));
  const b = createRun(plan(root));
  assert.notEqual(a.run.runDir, b.run.runDir, 'two runs never share a folder');
  assert.equal(readRunInfo(a.run.runDir)!.state, 'running');
  assert.equal(latestRunDir(a.run.outDir), null, 'a running run is not latest');
  finishRun(b.run, 'completed');
  finishRun(a.run, 'interrupted');
  assert.equal(latestRunDir(a.run.outDir), b.run.runDir);
  assert.ok(fs.lstatSync(path.join(root, 'evals/latest')).isSymbolicLink());
  assert.equal(fs.readlinkSync(path.join(root, 'evals/latest')), path.join('runs', b.run.runId), 'a relative link: the folder can move');
  assert.ok(fs.existsSync(path.join(a.run.runDir, 'plan.json')), 'the interrupted run keeps its folder');
});

test('a run whose process is gone reads as killed', () => {
  const root = dir();
  const { run, info } = createRun(plan(root));
  fs.writeFileSync(path.join(run.runDir, 'run.json'), JSON.stringify({ ...info, pid: deadPid() }));
  assert.equal(listRuns(run.outDir)[0].state, 'killed');
});

test('pruning keeps keepRuns folders, never the latest completed one, never a running one', () => {
  const root = dir();
  const runs = Array.from({ length: 6 }, () => createRun(plan(root)).run);
  runs.forEach((r, i) => {
    const info = readRunInfo(r.runDir)!;
    // oldest first: 0 completed (latest), 1 running (this process), the rest completed later
    fs.writeFileSync(path.join(r.runDir, 'run.json'), JSON.stringify({ ...info, startedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), state: i === 1 ? 'running' : 'completed' }));
  });
  moveLatest(runs[0].outDir, runs[0].runId);
  const removed = pruneRuns(runs[0].outDir, 2);
  assert.deepEqual(removed.sort(), [runs[2].runId, runs[3].runId].sort());
  const left = listRuns(runs[0].outDir).map((e) => e.id).sort();
  assert.deepEqual(left, [runs[0].runId, runs[1].runId, runs[4].runId, runs[5].runId].sort());
});

test('the baselines lock: a second holder waits, then fails naming the first; a dead holder\'s claim is taken over', async () => {
  const root = dir();
  let release!: () => void;
  const first = withBaselineLock(root, 'veval approve (first)', () => new Promise<void>((r) => { release = r; }));
  await new Promise((r) => setTimeout(r, 50));
  await assert.rejects(withBaselineLock(root, 'veval approve (second)', async () => 'ran', 300),
    (e: Error) => new RegExp(`baselines are locked by process ${process.pid} .*veval approve \\(first\\)`).test(e.message));
  let order: string[] = [];
  const waiting = withBaselineLock(root, 'third', async () => { order.push('third'); }, 5000);
  order.push('release');
  release();
  await first;
  await waiting;
  assert.deepEqual(order, ['release', 'third'], 'the waiting one runs only after the holder let go');
  assert.equal(fs.existsSync(path.join(root, 'baselines', LOCK_FILE)), false, 'the claim is removed');
  // a claim left by a process that no longer exists is stale
  fs.mkdirSync(path.join(root, 'baselines'), { recursive: true });
  fs.writeFileSync(path.join(root, 'baselines', LOCK_FILE), JSON.stringify({ pid: deadPid(), host: (await import('node:os')).hostname(), command: 'veval approve (killed)', since: new Date().toISOString() }));
  assert.equal(await withBaselineLock(root, 'after a crash', async () => 'ran', 300), 'ran');
});

test('paths: a baseline, cache entry or artifacts folder reached through a link out of the project is refused; nothing is written there', () => {
  const root = dir(), outside = dir('veval-outside-');
  fs.symlinkSync(outside, path.join(root, 'linked'));
  assert.match(outsideRoot(root, path.join(root, 'linked/x.png'), 'baseline')!, /^baseline linked\/x\.png leads outside the project folder .* \(through a symbolic link to /);
  assert.equal(outsideRoot(root, path.join(root, 'inside/new/file'), 'baseline'), null, 'a path not made yet is judged by its existing part');
  assert.equal(outsideRoot(root, path.join(outside, 'evals'), 'artifacts folder', true), null, 'an out: written outside the project is the user\'s choice');
  assert.match(outsideRoot(root, path.join(outside, 'evals'), 'baseline')!, /is outside the project folder/);
  // the judge cache
  fs.mkdirSync(path.join(root, '.veval-cache'));
  fs.symlinkSync(outside, path.join(root, '.veval-cache/judge'));
  const entry = { version: 1 as const, key: 'k', model: 'm', content: '{}', usage: null, at: '2026-01-01T00:00:00Z' };
  assert.match(writeCache(path.join(root, '.veval-cache/judge'), entry, root)!, /judge cache not written: judge cache entry .* leads outside the project folder/);
  assert.deepEqual(fs.readdirSync(outside), []);
  fs.writeFileSync(path.join(outside, 'k.json'), JSON.stringify(entry));
  assert.equal(readCache(path.join(root, '.veval-cache/judge'), 'k', root), null, 'a linked cache entry is a miss, never read');
  // the artifacts folder
  fs.symlinkSync(outside, path.join(root, 'evals'));
  assert.throws(() => createRun(plan(root)), /artifacts folder evals leads outside the project folder/);
  assert.deepEqual(fs.readdirSync(outside), ['k.json']);
});

test('options: out, workers and keepRuns come from the flag, else the config, else the default; the root is found upward', () => {
  const root = dir();
  writeTree(root, { 'visual-eval.config.yaml': 'out: artifacts\nworkers: 3\nkeepRuns: 5\n', 'specs/a.yaml': 'route: /\n', '.git/HEAD': '' });
  const sub = path.join(root, 'specs');
  let r = resolveOptions({}, sub);
  assert.deepEqual({ root: r.root, out: r.out, workers: r.workers, keepRuns: r.keepRuns }, { root, out: path.join(root, 'artifacts'), workers: 3, keepRuns: 5 });
  r = resolveOptions({ out: 'mine', workers: '2' }, sub);
  assert.equal(r.out, path.join(sub, 'mine'), '--out is relative to where it was typed');
  assert.equal(r.workers, 2);
  fs.writeFileSync(path.join(root, 'visual-eval.config.yaml'), 'baseURL: http://x/\n');
  r = resolveOptions({}, sub);
  assert.equal(r.out, path.join(root, 'evals'));
  assert.equal(r.keepRuns, 20);
  assert.ok(r.workers >= 1 && r.workers <= 4);
  fs.writeFileSync(path.join(root, 'visual-eval.config.yaml'), 'out: 5\nkeepRuns: 0\n');
  assert.throws(() => resolveOptions({}, sub), /visual-eval\.config\.yaml:1:\d+ out must be text[\s\S]*keepRuns/);
});

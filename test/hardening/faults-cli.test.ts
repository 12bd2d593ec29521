// Faults through the real CLI, where the exit code, the child processes and signals are the point.
// Each: a failing verdict with a named reason (exit 1 when a unit fails, exit 3 only when nothing
// could run), the other units still run, nothing half-written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, writeTree } from '../helpers/tmp.js';
import { alive, appProject, freePort, filesUnder, latestRun, newestRun, readPid, readReport, runCliAsync, runJson, specOf } from './helpers.js';

const NO_STACK = /\n\s+at .*:\d+:\d+/;
const captureFinding = (report: any, spec: string) => specOf(report, spec).findings.find((f: any) => f.check === 'capture');

test('fault: an app server command that fails to start is exit 3 with its output, nothing captured', async () => {
  const p = await appProject({ a: '/ok/1' });
  fs.writeFileSync(path.join(p.dir, 'visual-eval.config.yaml'), 'server:\n  command: "echo listen EADDRINUSE 127.0.0.1:4321 >&2; exit 7"\n  url: http://127.0.0.1:9/\nviewports:\n  desktop: { width: 640, height: 480 }\n');
  const r = runCli(['run'], p.dir, p.env);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /app server/i);
  assert.match(r.stderr, /exit code 7/);
  assert.match(r.stderr, /listen EADDRINUSE 127\.0\.0\.1:4321/, 'the server\'s own output is in the message');
  assert.ok(!NO_STACK.test(r.stderr));
  assert.ok(!fs.existsSync(p.browserPidFile), 'no browser was started');
});

test('fault: an artifacts folder that cannot be created (a file in its place) is exit 3 naming it', async () => {
  const p = await appProject({ a: '/ok/1' });
  writeTree(p.dir, { evals: 'a file where the artifacts folder must go' });
  const r = runCli(['run'], p.dir, p.env);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /evals/);
  assert.ok(!NO_STACK.test(r.stderr));
  assert.equal(fs.readFileSync(path.join(p.dir, 'evals'), 'utf8'), 'a file where the artifacts folder must go');
});

test('faults in one run: disk full on one capture, a refused base URL — each unit fails with its reason, the rest still run (exit 1)', async () => {
  // The machine cannot fill a disk for real (root; tiny mounts refused): VEVAL_TEST_FAIL_WRITE
  // makes the atomic write of that one file fail with ENOSPC half-way through its temp file.
  const p = await appProject({ a: '/ok/1', b: '/ok/2', e: `http://127.0.0.1:${await freePort()}/` });
  const r = runCli(['run', '--workers', '1'], p.dir, { ...p.env, VEVAL_TEST_FAIL_WRITE: '/b/default-desktop.png' });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const report = readReport(p.dir);
  assert.equal(report.status, 'fail');
  assert.equal(specOf(report, 'a').status, 'pass', JSON.stringify(specOf(report, 'a').findings));
  const full = captureFinding(report, 'b');
  assert.equal(specOf(report, 'b').status, 'fail');
  assert.match(full.message, /ENOSPC|no space left/i);
  assert.equal(full.severity, 'blocker');
  assert.equal(specOf(report, 'e').status, 'fail');
  assert.match(captureFinding(report, 'e').message, /connection refused|ECONNREFUSED/i, `e: ${JSON.stringify(specOf(report, 'e').findings)}`);
  const run = latestRun(p.dir);
  assert.ok(!fs.existsSync(path.join(run, 'b', 'default-desktop.png')), 'no half-written capture');
  assert.deepEqual(filesUnder(run).filter((f) => f.endsWith('.tmp')), [], 'no temp files left');
  for (const f of ['report.json', 'summary.md', 'junit.xml', 'index.html']) assert.ok(fs.existsSync(path.join(run, f)), f);
  assert.ok(!alive(readPid(p.appPidFile)));
});

test('fault: the app server exiting mid-run stops the run: exit 3 with its output, no verdict (what answers after it is not the app)', async () => {
  const p = await appProject({ a: '/ok/1', c: '/exit', d: '/ok/3' });
  const r = runCli(['run', '--workers', '1'], p.dir, p.env);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /app server `.*` exited \(exit code 0\) while the run was using it at http:\/\/127\.0\.0\.1:\d+\/ok\//);
  assert.match(r.stderr, /\n(--- server output \(tail\) ---|\(the server printed nothing\))/, 'its output, on lines of their own');
  assert.ok(!NO_STACK.test(r.stderr));
  const run = newestRun(p.dir);
  assert.equal(JSON.parse(fs.readFileSync(path.join(run, 'run.json'), 'utf8')).state, 'failed');
  assert.ok(!fs.existsSync(path.join(run, 'report.json')), 'no verdict');
  assert.ok(!alive(readPid(p.appPidFile)));
});

test('fault: the browser process killed mid-run fails the unit in flight and the rest as browser-closed; the report is still written (exit 1)', async () => {
  const p = await appProject({ a: '/ok/1', b: '/kill-browser', c: '/ok/2' });
  const r = runCli(['run', '--workers', '1'], p.dir, p.env);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const report = readReport(p.dir);
  assert.equal(specOf(report, 'a').status, 'pass');
  for (const s of ['b', 'c']) {
    assert.equal(specOf(report, s).status, 'fail');
    assert.match(captureFinding(report, s).message, /browser/i, JSON.stringify(captureFinding(report, s)));
  }
  assert.ok(!alive(readPid(p.browserPidFile)));
  assert.ok(!alive(readPid(p.appPidFile)), 'the app server is stopped');
  assert.ok(fs.existsSync(path.join(latestRun(p.dir), 'index.html')));
});

test('fault: SIGINT during a run stops the browser and the app server, writes partial results marked incomplete, exits non-zero', async () => {
  const p = await appProject({ a: '/slow', b: '/slow', c: '/slow', d: '/slow', e: '/slow' });
  let sent = false;
  const r = await runCliAsync(['run', '--workers', '1'], p.dir, p.env, (out, child) => {
    // the console reporter prints a line per finished unit; interrupt after the first
    if (!sent && /\ba\b.*default.*desktop|default-desktop/.test(out)) { sent = true; child.kill('SIGINT'); }
  });
  assert.ok(sent, `no unit line seen:\n${r.stdout}\n${r.stderr}`);
  assert.notEqual(r.code, 0);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout + r.stderr, /SIGINT/);
  // Ctrl-C prints one line: nothing after it
  const after = r.stderr.slice(r.stderr.indexOf('veval: SIGINT'));
  assert.deepEqual(after.split('\n').filter(Boolean).length, 1, `after the interrupt:\n${after}`);
  assert.equal(r.stdout, '', 'nothing on stdout without the json reporter');
  const run = newestRun(p.dir);
  assert.equal(runJson(run).state, 'interrupted');
  assert.equal(fs.existsSync(path.join(p.dir, 'evals/latest')), false, 'an interrupted run never becomes latest');
  const report = JSON.parse(fs.readFileSync(path.join(run, 'report.json'), 'utf8'));
  assert.equal(report.incomplete, true);
  assert.equal(report.status, 'fail');
  assert.ok(report.reasons.some((x: string) => /incomplete/.test(x)));
  // The unit that finished keeps its capture; later stages do not run after an interrupt, so even
  // its spec fails, naming the stage that did not run.
  assert.equal(specOf(report, 'a').units[0].status, 'pass');
  assert.ok(fs.existsSync(path.join(run, 'a', 'default-desktop.png')));
  assert.equal(specOf(report, 'a').status, 'fail');
  assert.ok(specOf(report, 'a').reasons.some((x: string) => /did not run/.test(x)));
  assert.ok(report.specs.some((s: any) => s.status === 'fail' && s.findings.some((f: any) => f.check === 'capture' && /interrupt/i.test(f.message))), 'units not done are recorded as interrupted');
  assert.match(fs.readFileSync(path.join(run, 'index.html'), 'utf8'), /incomplete/);
  assert.match(fs.readFileSync(path.join(run, 'summary.md'), 'utf8'), /incomplete/i);
  assert.ok(!alive(readPid(p.appPidFile)), 'the app server process is gone');
  assert.ok(!alive(readPid(p.browserPidFile)), 'the browser process is gone');
});

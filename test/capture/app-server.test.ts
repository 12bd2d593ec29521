// The config's `server:`: started before capture, stopped after; a server that dies or never
// answers stops the run with its output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { answers, startAppServer } from '../../src/capture/app-server.js';
import { FatalError } from '../../src/core/errors.js';
import { serveStatic } from '../../src/core/static-server.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { closedPort } from './helpers.js';
import { FIXTURES, makeRun } from './plan-fixture.js';

function planWith(server: any, baseURL: string | null = null) {
  const run = makeRun(tmpDir(), [], baseURL);
  return { ...run.plan, server };
}

const node = JSON.stringify(process.execPath);

test('a command server is started, answers, and stop() ends it with its children', async () => {
  const port = await closedPort();
  const dir = tmpDir();
  writeTree(dir, { 'srv.mjs': `import http from 'node:http'; console.log('listening'); http.createServer((q, r) => r.end('hi')).listen(${port}, '127.0.0.1');` });
  const url = `http://127.0.0.1:${port}/`;
  const plan = planWith({ kind: 'command', command: `${node} srv.mjs`, url, cwd: dir, env: {}, timeout: 10_000, reuseExisting: false });
  const s = await startAppServer(plan);
  assert.equal(s.baseURL, url);
  assert.equal(await answers(url), true);
  await s.stop();
  assert.equal(await answers(url), false);
});

test('a server that exits before answering is a FatalError carrying its output', async () => {
  const plan = planWith({ kind: 'command', command: `echo "port already in use" >&2; exit 3`, url: `http://127.0.0.1:${await closedPort()}/`, cwd: '.', env: {}, timeout: 10_000, reuseExisting: false });
  await assert.rejects(startAppServer(plan), (e: unknown) => e instanceof FatalError && /exited \(exit code 3\)/.test(e.message) && /port already in use/.test(e.message));
});

test('a server that never answers times out with a FatalError', async () => {
  const plan = planWith({ kind: 'command', command: 'sleep 30', url: `http://127.0.0.1:${await closedPort()}/`, cwd: '.', env: {}, timeout: 600, reuseExisting: false });
  await assert.rejects(startAppServer(plan), (e: unknown) => e instanceof FatalError && /did not answer .* within 600 ms/.test(e.message));
});

test('reuseExisting does not start a second server when the url already answers', async () => {
  const existing = await serveStatic(FIXTURES);
  try {
    const plan = planWith({ kind: 'command', command: 'exit 1', url: existing.url, cwd: '.', env: {}, timeout: 2000, reuseExisting: true });
    const s = await startAppServer(plan);
    assert.equal(s.baseURL, existing.url);
    await s.stop();
    assert.equal(await answers(existing.url), true, 'stop() leaves a server it did not start alone');
  } finally {
    await existing.close();
  }
});

test('a static server serves the folder; no server keeps the configured baseURL', async () => {
  const s = await startAppServer(planWith({ kind: 'static', dir: FIXTURES, build: null }));
  try {
    assert.match(s.baseURL!, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(await answers(`${s.baseURL}/static.html`), true);
  } finally {
    await s.stop();
  }
  const none = await startAppServer(planWith(null, 'http://example.test'));
  assert.equal(none.baseURL, 'http://example.test');
});

test('server: { static, build } runs the build to completion first, then serves what it made; a failed build stops the run with its output', async () => {
  const dir = tmpDir();
  const plan = { ...planWith({ kind: 'static', dir: `${dir}/out`, build: `mkdir -p out && echo '<p>built</p>' > out/index.html` }), root: dir };
  const s = await startAppServer(plan);
  try {
    const body = await (await fetch(`${s.baseURL}/`)).text();
    assert.match(body, /built/);
  } finally {
    await s.stop();
  }
  const bad = { ...planWith({ kind: 'static', dir, build: 'echo compiling; echo "src/x.ts: error" >&2; exit 4' }), root: dir };
  await assert.rejects(startAppServer(bad), (err: unknown) => err instanceof FatalError && /app build `.*` failed \(exit code 4\)[\s\S]*src\/x\.ts: error/.test(err.message));
  fs.rmSync(dir, { recursive: true, force: true });
});

// ---- a run captures only a server it can show is its own (issue 31) ----

/** A node process of its own (not the test's, not the command's) serving `body` on `port`. */
async function squatter(dir: string, port: number, body = 'someone else'): Promise<{ pid: number; stop(): void }> {
  const { spawn } = await import('node:child_process');
  writeTree(dir, { 'squat.mjs': `import http from 'node:http'; http.createServer((q, r) => r.end(${JSON.stringify(body)})).listen(${port}, '127.0.0.1', () => console.log('up'));` });
  const p = spawn(process.execPath, [`${dir}/squat.mjs`], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => p.stdout!.once('data', r));
  return { pid: p.pid!, stop: () => p.kill() };
}

test('a program that takes the port while the command still builds is refused, named by pid and command, never captured', async () => {
  const port = await closedPort();
  const dir = tmpDir();
  const url = `http://127.0.0.1:${port}/`;
  // the "build" takes a while and never listens (like a preview that lost the port and waits)
  const plan = planWith({ kind: 'command', command: 'echo building; sleep 30', url, cwd: dir, env: {}, timeout: 20_000, reuseExisting: false });
  const starting = startAppServer(plan);
  await new Promise((r) => setTimeout(r, 400));
  const sq = await squatter(dir, port);
  try {
    await assert.rejects(starting, (e: unknown) => e instanceof FatalError
      && new RegExp(`port ${port} is held by process ${sq.pid} \\(.*squat\\.mjs\\)`).test(e.message)
      && /not by a process the command started/.test(e.message) && /building/.test(e.message));
  } finally { sq.stop(); }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a port that answers before the command starts is refused naming what holds it', async () => {
  const port = await closedPort();
  const dir = tmpDir();
  const sq = await squatter(dir, port);
  try {
    const plan = planWith({ kind: 'command', command: 'sleep 30', url: `http://127.0.0.1:${port}/`, cwd: dir, env: {}, timeout: 5000, reuseExisting: false });
    await assert.rejects(startAppServer(plan), (e: unknown) => e instanceof FatalError
      && new RegExp(`already answers before the server command started: port ${port} is held by process ${sq.pid}`).test(e.message));
  } finally { sq.stop(); }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a server started through a shell (grandchild process) is recognised as the command\'s own', async () => {
  const port = await closedPort();
  const dir = tmpDir();
  writeTree(dir, { 'srv.mjs': `import http from 'node:http'; http.createServer((q, r) => r.end('mine')).listen(${port}, '127.0.0.1');` });
  // sh -c 'sh -c node …': the listener is two processes below the spawned shell
  const plan = planWith({ kind: 'command', command: `sh -c '${process.execPath} srv.mjs'; true`, url: `http://127.0.0.1:${port}/`, cwd: dir, env: {}, timeout: 10_000, reuseExisting: false });
  const s = await startAppServer(plan);
  try { assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'mine'); } finally { await s.stop(); }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the app server exiting while the run uses it settles `lost` with its output', async () => {
  const port = await closedPort();
  const dir = tmpDir();
  writeTree(dir, { 'srv.mjs': `import http from 'node:http'; const s = http.createServer((q, r) => r.end('hi')).listen(${port}, '127.0.0.1'); setTimeout(() => { console.error('out of memory (simulated)'); process.exit(7); }, 800);` });
  const plan = planWith({ kind: 'command', command: `${node} srv.mjs`, url: `http://127.0.0.1:${port}/`, cwd: dir, env: {}, timeout: 10_000, reuseExisting: false });
  const s = await startAppServer(plan);
  const err = await s.lost!;
  assert.ok(err instanceof FatalError);
  assert.match(err.message, /exited \(exit code 7\) while the run was using it/);
  assert.match(err.message, /\n--- server output \(tail\) ---\nout of memory \(simulated\)/);
  await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a second start on the same port waits for the first to stop, then starts its own; with no time to wait it refuses naming the port', async () => {
  const port = await closedPort();
  const dir = tmpDir();
  writeTree(dir, { 'srv.mjs': `import http from 'node:http'; http.createServer((q, r) => r.end(String(process.pid))).listen(${port}, '127.0.0.1');` });
  const plan = planWith({ kind: 'command', command: `exec ${node} srv.mjs`, url: `http://127.0.0.1:${port}/`, cwd: dir, env: {}, timeout: 10_000, reuseExisting: false });
  const first = await startAppServer(plan);
  const firstPid = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  let settled = false;
  const second = startAppServer(plan).finally(() => { settled = true; });
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(settled, false, 'the second waits while the first holds the port');
  await first.stop();
  const s2 = await second;
  const secondPid = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  assert.notEqual(secondPid, firstPid, 'the second captures a server of its own');
  const was = process.env.VEVAL_LOCK_WAIT_MS;
  process.env.VEVAL_LOCK_WAIT_MS = '300';
  try {
    await assert.rejects(startAppServer(plan), (e: unknown) => e instanceof FatalError && new RegExp(`port ${port} .* is in use by another veval run: process ${process.pid}`).test(e.message));
  } finally {
    if (was === undefined) delete process.env.VEVAL_LOCK_WAIT_MS; else process.env.VEVAL_LOCK_WAIT_MS = was;
    await s2.stop();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a dev server that announces and answers at another address is named at once, not after the timeout', async () => {
  const [port, other] = [await closedPort(), await closedPort()];
  const dir = tmpDir();
  // Vite's banner, colours and all
  writeTree(dir, { 'dev.mjs': `import http from 'node:http'; http.createServer((q, r) => r.end('dev')).listen(${other}, '127.0.0.1', () => console.log('  \\u001b[32m➜\\u001b[39m  \\u001b[1mLocal\\u001b[22m:   \\u001b[36mhttp://127.0.0.1:\\u001b[1m${other}\\u001b[22m/\\u001b[39m'));` });
  const plan = planWith({ kind: 'command', command: `${node} dev.mjs`, url: `http://127.0.0.1:${port}/`, cwd: dir, env: {}, timeout: 60_000, reuseExisting: false });
  await assert.rejects(startAppServer(plan), (e: unknown) => e instanceof FatalError
    && new RegExp(`listens at http://127\\.0\\.0\\.1:${other} \\(its output says so`).test(e.message) && !/within 60000 ms/.test(e.message));
  fs.rmSync(dir, { recursive: true, force: true });
});

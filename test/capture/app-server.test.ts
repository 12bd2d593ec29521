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

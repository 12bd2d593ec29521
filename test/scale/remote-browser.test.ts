// Remote browsers: captures through a Playwright browser server (browser.wsEndpoint) and through
// a Chromium exposing the DevTools protocol (browser.cdpEndpoint), both started on 127.0.0.1 by
// this test. The environment fingerprint comes from the remote browser; an unreachable endpoint is
// a run that could not happen (exit 3) with a message naming the endpoint.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { captureRun } from '../../src/capture/index.js';
import { LAUNCH_FLAGS } from '../../src/capture/browser.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { files } from '../../src/core/run.js';
import { makeRun, makeSpec, desktop, mobile, req } from '../capture/plan-fixture.js';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';

const PAGE = '<!doctype html><html lang="en"><title>Remote</title><body><main><h1>Captured remotely</h1><button id="go">Go</button></main></body></html>';

let site: StaticServer;
let server: BrowserServer;
let cdp: ChildProcess;
let cdpUrl: string;
let localVersion: string;

before(async () => {
  const dir = tmpDir('veval-remote-site-');
  writeTree(dir, { 'remote.html': PAGE });
  site = await serveStatic(dir);
  server = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: LAUNCH_FLAGS, host: '127.0.0.1' });
  // a plain Chromium with the DevTools protocol on a free port: the URL is printed on stderr
  cdp = spawn(TEST_BROWSER_PATH!, [...LAUNCH_FLAGS, '--headless', '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${tmpDir('veval-cdp-profile-')}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  cdpUrl = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no DevTools URL on stderr: ${err}`)), 15_000);
    cdp.stderr!.on('data', (d) => {
      err += d;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    cdp.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${err}`)));
  });
  const local = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: LAUNCH_FLAGS });
  localVersion = local.version();
  await local.close();
});

after(async () => {
  await server?.close();
  cdp?.kill();
  await site?.close();
});

async function captureThrough(browser: { wsEndpoint?: string; cdpEndpoint?: string }) {
  const spec = makeSpec('remote', { viewports: [desktop, mobile], states: [{ name: 'default', steps: [], required: [req({ selector: '#go' })] }] });
  const run = makeRun(tmpDir('veval-remote-'), [spec], site.url);
  run.plan.browser = { executablePath: null, wsEndpoint: browser.wsEndpoint ?? null, cdpEndpoint: browser.cdpEndpoint ?? null, args: [] };
  const res = await captureRun(run, { workers: 2 });
  assert.equal(res.failed, 0);
  for (const vp of ['desktop', 'mobile']) {
    const record = JSON.parse(fs.readFileSync(path.join(run.runDir, files.record('remote', 'default', vp)), 'utf8'));
    assert.equal(record.ok, true, JSON.stringify(record.error));
    assert.equal(record.environment.flavour, 'remote');
    assert.equal(record.environment.browserVersion, localVersion, 'the version the remote browser reports');
    assert.ok(record.required.length === 1 && record.required.every((r: any) => r.verdict.present && r.verdict.displayed && !r.verdict.coveredBy), 'measured in the remote page');
    assert.ok(fs.statSync(path.join(run.runDir, files.capture('remote', 'default', vp))).size > 1000, 'the screenshot came back');
  }
  return res.environment!;
}

test('browser.wsEndpoint: captures run in a Playwright browser server; fingerprint from the remote browser', async () => {
  const env = await captureThrough({ wsEndpoint: server.wsEndpoint() });
  assert.deepEqual([env.flavour, env.executablePath, env.fontsHash], ['remote', null, 'remote']);
  assert.equal(env.browserVersion, localVersion);
  // veval disconnects; it does not shut the shared browser down
  const again = await chromium.connect(server.wsEndpoint());
  assert.ok(again.isConnected());
  await again.close();
});

test('browser.cdpEndpoint: captures run in a Chromium reached over the DevTools protocol', async () => {
  const env = await captureThrough({ cdpEndpoint: cdpUrl });
  assert.equal(env.flavour, 'remote');
  assert.equal(env.browserVersion, localVersion);
  assert.equal(cdp.exitCode, null, 'the remote Chromium is still running after the run');
  const again = await chromium.connectOverCDP(cdpUrl);
  assert.ok(again.isConnected());
});

test('an unreachable endpoint: exit 3, the message names the remote browser', async () => {
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
  });
  const dir = tmpDir('veval-remote-cli-');
  writeTree(dir, {
    'site/remote.html': PAGE,
    'visual-eval.config.yaml': `server: { static: site }\nbrowser: { wsEndpoint: "ws://127.0.0.1:${port}/" }\n`,
    'specs/remote.yaml': 'route: /remote\nviewports: [{ name: desktop, width: 800, height: 600 }]\n',
  });
  const r = runCli(['run', '--reporter', 'json'], dir, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /could not connect to the remote browser/);
  assert.match(r.stderr, new RegExp(`127\\.0\\.0\\.1:${port}`));
});

// Run-level faults: the browser dying mid-run, SIGINT, no browser, an unusable artifacts folder,
// and traces kept for failing units.
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { captureRun } from '../../src/capture/index.js';
import { LAUNCH_FLAGS } from '../../src/capture/browser.js';
import { FatalError } from '../../src/core/errors.js';
import { files } from '../../src/core/run.js';
import type { StaticServer } from '../../src/core/static-server.js';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { tmpDir } from '../helpers/tmp.js';
import { fixtureServer, readRecord } from './helpers.js';
import { makeRun, makeSpec, state, step } from './plan-fixture.js';

let srv: StaticServer;
before(async () => { srv = await fixtureServer(); });
after(() => srv.close());

const quick = { stability: false as const };

describe('run-level faults', () => {
  test('a browser that dies mid-run fails the remaining units as browser-closed, with records', async () => {
    const server = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: LAUNCH_FLAGS });
    const specs = ['static', 'animated', 'status'].map((n) => makeSpec(n, { checkOptions: quick }));
    const run = makeRun(tmpDir(), specs, srv.url);
    run.plan.browser.wsEndpoint = server.wsEndpoint();
    const seen: { spec: string; ok: boolean; reason?: string }[] = [];
    const res = await captureRun(run, { workers: 1, onUnit: (u) => { seen.push(u); if (seen.length === 1) void server.close(); } });
    assert.equal(seen[0].ok, true);
    assert.deepEqual(seen.slice(1).map((u) => u.reason), ['browser-closed', 'browser-closed']);
    assert.equal(res.failed, 2);
    assert.equal(res.environment?.flavour, 'remote');
    assert.equal(readRecord(run, 'status').error?.reason, 'browser-closed');
  });

  test('an interrupt stops starting units; those not done are recorded as interrupted', async () => {
    const ac = new AbortController();
    const specs = ['static', 'animated', 'status'].map((n) => makeSpec(n, { checkOptions: quick }));
    const run = makeRun(tmpDir(), specs, srv.url);
    const seen: { ok: boolean; reason?: string }[] = [];
    const res = await captureRun(run, { workers: 1, signal: ac.signal, onUnit: (u) => { seen.push(u); ac.abort(); } });
    assert.equal(seen.length, 3);
    assert.deepEqual(seen.slice(1).map((u) => u.reason), ['interrupted', 'interrupted']);
    assert.equal(res.failed, 2);
    assert.equal(readRecord(run, 'status').error?.reason, 'interrupted');
  });

  test('no browser at all is a FatalError naming the install command', async () => {
    const run = makeRun(tmpDir(), [makeSpec('static')], srv.url);
    run.plan.browser.executablePath = '/nonexistent/chromium';
    await assert.rejects(captureRun(run), (e: unknown) => e instanceof FatalError && /browser not found/.test(e.message) && /apt-get install/.test(e.hint ?? ''));
  });

  test('an unusable artifacts folder is a FatalError', async () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'evals'), 'a file, not a folder');
    const run = makeRun(dir, [makeSpec('static')], srv.url);
    await assert.rejects(captureRun(run), (e: unknown) => e instanceof FatalError && /artifacts folder is unusable/.test(e.message));
  });

  test('a route without any base URL fails its units instead of guessing', async () => {
    const run = makeRun(tmpDir(), [makeSpec('static', { checkOptions: quick })], null);
    const res = await captureRun(run);
    assert.equal(res.failed, 1);
    assert.match(readRecord(run, 'static').error!.message, /no URL for route \/static/);
  });

  test('--trace on-failure keeps a trace for the failing unit only', async () => {
    const spec = makeSpec('menu', { checkOptions: quick, states: [
      state('ok'), state('broken', [], [step({ action: 'waitFor', selector: '#never', timeout: 200 })]),
    ] });
    const run = makeRun(tmpDir(), [spec], srv.url);
    await captureRun(run, { trace: 'on-failure' });
    const broken = readRecord(run, 'menu', 'broken');
    assert.equal(broken.trace, 'broken-desktop.trace.zip');
    assert.ok(fs.statSync(path.join(run.runDir, files.trace('menu', 'broken', 'desktop'))).size > 0);
    assert.equal(readRecord(run, 'menu', 'ok').trace, null);
    assert.equal(fs.existsSync(path.join(run.runDir, files.trace('menu', 'ok', 'desktop'))), false);
  });

  test('a readiness selector that never appears is a navigation timeout naming the selector', async () => {
    const run = makeRun(tmpDir(), [makeSpec('static', { checkOptions: quick, wait: { for: 'selector', selector: '[data-ready]', timeout: 1500 } })], srv.url);
    await captureRun(run);
    const rec = readRecord(run, 'static');
    assert.equal(rec.error?.reason, 'navigation-timeout');
    assert.match(rec.error!.message, /\[data-ready\]/);
  });

  test('a page whose load event never comes is a navigation timeout saying so, and naming the selector still to wait for', async () => {
    const run = makeRun(tmpDir(), [makeSpec('never-loads', { checkOptions: quick, wait: { for: 'selector', selector: '#gallery-ready', timeout: 1500 } })], srv.url);
    await captureRun(run);
    const rec = readRecord(run, 'never-loads');
    assert.equal(rec.error?.reason, 'navigation-timeout');
    assert.match(rec.error!.message, /did not finish loading \(its load event\) within 1500 ms \(wait\.timeout\), before wait\.selector "#gallery-ready" was looked for/);
    assert.doesNotMatch(rec.error!.message, /page\.goto/);
  });

  test('a unit that keeps progressing past the unit timeout (shot after shot of a page that keeps changing) is not cut off: only a stall is', async () => {
    // the ticker changes every 100 ms: the stability check shoots until its own 6 s timeout, each shot
    // progress; the hard limit (3 × 5 s) leaves 9 s for opening and the evidence on a loaded machine
    const run = makeRun(tmpDir(), [makeSpec('ticker', { timeout: 5000, checkOptions: { stability: { timeout: 6000, interval: 100 } } })], srv.url);
    await captureRun(run, { workers: 1 });
    const rec = readRecord(run, 'ticker');
    assert.equal(rec.error, null, rec.error?.message);
    assert.equal(rec.ok, true);
    assert.equal(rec.stability.stable, false, 'judged by the stability check, not by the watchdog');
    assert.ok(rec.timings.total > 5000, `ran past the unit timeout (${rec.timings.total} ms)`);
  });

  test('a page whose main thread hangs fails at the unit timeout, naming where it was stuck', async () => {
    const run = makeRun(tmpDir(), [makeSpec('hang', { checkOptions: quick, timeout: 2000, wait: { for: 'load', selector: null, timeout: 1000 } }), makeSpec('static', { checkOptions: quick })], srv.url);
    const res = await captureRun(run, { workers: 1 });
    const rec = readRecord(run, 'hang');
    assert.equal(rec.ok, false);
    assert.match(rec.error!.message, /made no progress for 2000 ms \(stuck in \w+\)/);
    assert.equal(readRecord(run, 'static').ok, true, 'the next unit still runs');
    assert.equal(res.failed, 1);
  });
});

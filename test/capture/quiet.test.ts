// A capture does not disturb the page (issue 46): through a whole capture with every check on —
// settling, steps, measuring, cover confirmation, the stability shots, axe, the ARIA and structure
// snapshots — the page's scripts see no `resize`, no media query change, no other viewport size and
// no style written into its fields (veval's shots hide carets with a stylesheet of its own).
// Chromium's full-page screenshot sends a resize (in-page/quiet.ts); veval holds it back,
// and only it: a real resize and the page's own dispatched events still reach the page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { captureRun } from '../../src/capture/index.js';
import { openContext } from '../../src/capture/context.js';
import { quietHold, quietMoved, quietRelease, viewportSeen } from '../../src/capture/in-page/quiet.js';
import { inPageScript } from '../../src/capture/in-page/script.js';
import { takeShot } from '../../src/capture/stability.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { tmpDir } from '../helpers/tmp.js';
import { desktop, makeRun, makeSpec, mobile, req, state, step } from './plan-fixture.js';
import { readRecord } from './helpers.js';
import { CHECKS } from '../../src/checks/registry.js';

const QUIET = path.resolve(import.meta.dirname, '..', 'fixtures', 'quiet');
const CAPTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'capture');
let server: StaticServer, browser: Browser, dir: string;
const events: string[] = [];
/** an event without its timestamp and loading mark */
const what = (e: string) => e.replace(/ t=\d+.*$/, '');

before(async () => {
  dir = tmpDir('veval-quiet-');
  server = await serveStatic(QUIET, [(r, res) => {
    if (r.url !== '/quiet-event') return false;
    let body = '';
    r.on('data', (c) => { body += c; });
    r.on('end', () => { events.push(body); res.writeHead(204).end(); });
    return true;
  }]);
  browser = await launchTestBrowser();
});
after(async () => { await browser?.close(); await server?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

test('a whole capture with every check on sends the page no resize, no media query change and no other viewport size (desktop and mobile)', async () => {
  events.length = 0;
  // every check on, with the options that make capture gather the most: axe, the structure
  // snapshot (parity), a required element (measuring, cover confirmation), a step
  const on = Object.fromEntries(CHECKS.map((c) => [c.meta.id, {}]));
  const spec = makeSpec('counter', {
    route: '/counter.html', viewports: [desktop, mobile], checkOptions: on,
    states: [state('default', [req({ selector: '#end' }), req({ text: 'Orders' })]), state('clicked', [req({ selector: '#lead' })], [step({ action: 'click', selector: 'a[href="#orders"]', timeout: 60_000 })])],
    parity: { threshold: 0.1, maxDiffRatio: 0, regions: {}, structure: 'important' },
    // a full-page shot takes seconds on a loaded 2-core machine: this test is about what the page sees, not speed
    timeout: 300_000, wait: { for: 'load', selector: null, timeout: 60_000 },
  });
  const run = makeRun(dir, [spec], server.url);
  await captureRun(run, { workers: 1 });
  for (const [st, vp] of [['default', 'desktop'], ['default', 'mobile'], ['clicked', 'desktop'], ['clicked', 'mobile']]) {
    const rec = readRecord(run, 'counter', st, vp);
    assert.equal(rec.ok, true, JSON.stringify(rec.error));
    assert.ok(rec.stability.checked && rec.stability.stable, `${st}/${vp}: ${JSON.stringify(rec.stability)}`);
    assert.ok(rec.image && rec.image.height > (vp === 'mobile' ? mobile.height : desktop.height), 'a full-page image, taller than the viewport');
    assert.ok(rec.structure, 'the structure snapshot was taken');
  }
  // reports sent with keepalive may still be in flight when the last context closed
  await new Promise((r) => setTimeout(r, 300));
  // what the page sees from Chromium's emulation alone (a mobile page gets one resize as its
  // viewport meta applies, in any session): a plain Playwright visit with the same viewports
  const capture = events.map(what).sort();
  events.length = 0;
  for (const vp of [desktop, mobile]) {
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, isMobile: vp.isMobile, hasTouch: vp.hasTouch });
    const page = await context.newPage();
    await page.goto(`${server.url}/counter.html`);
    await page.waitForTimeout(1000);
    await context.close();
  }
  await new Promise((r) => setTimeout(r, 300));
  const visit = events.map(what).sort();
  // two visits per viewport in the capture (two states)
  assert.deepEqual(capture, [...visit, ...visit].sort(), 'the page saw nothing of the capture beyond what any visit shows');
});

test('while veval holds its shots, a real resize and the page\'s own resize events still reach the page', async () => {
  const plain = makeSpec('own');
  const { context } = await openContext(browser, plain, desktop, dir);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/counter.html`);
    events.length = 0;
    assert.equal(await page.evaluate(inPageScript([viewportSeen], quietHold, null)), true);
    await takeShot(page, true); // veval's own: held back
    await page.evaluate(() => dispatchEvent(new Event('resize'))); // the page's own: passes
    await page.setViewportSize({ width: 560, height: 800 }); // a real resize: delivered at the release
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const stopped = await page.evaluate(inPageScript([viewportSeen], quietRelease, null));
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(stopped as number >= 1, 'the full-page shot\'s resize was held back');
    // at the old size only the page's own dispatched event (to both of its listeners): nothing of the shot
    const old = events.filter((e) => e.includes('@ 1280,')).map((e) => e.split(' @ ')[0]).sort();
    assert.deepEqual(old, ['onresize', 'resize'], `only the page's own event reached it at the old size: ${events.join('\n')}`);
    const seen = events.map((e) => e.split(' @ ')[0]);
    // the dispatched one and the real one reach both listeners; the real one also flips (min-width: 601px) and (max-height: 719px) stays false
    assert.equal(seen.filter((e) => e === 'resize').length, 2, events.join('\n'));
    assert.equal(seen.filter((e) => e === 'onresize').length, 2, events.join('\n'));
    assert.ok(seen.includes('visualViewport resize'), events.join('\n'));
    for (const how of ['media', 'media (addListener)', 'media (onchange)']) {
      assert.ok(seen.some((e) => e.startsWith(`${how} (min-width: 601px)`)), `${how}: ${events.join('\n')}`);
    }
    assert.ok(!seen.some((e) => e.includes('(max-height: 719px)')), 'a query whose value did not change is not reported');
  } finally { await context.close(); }
});

test('the full-page image is the one Playwright takes without the guard (byte-equal), fixed and sticky elements where they were', async () => {
  const pages = await serveStatic(CAPTURE);
  try {
    const shots: Buffer[] = [];
    for (const guarded of [true, false]) {
      const context = guarded ? (await openContext(browser, makeSpec('img'), desktop, dir)).context
        : await browser.newContext({ viewport: { width: desktop.width, height: desktop.height }, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        await page.goto(`${pages.url}/sticky.html`);
        if (guarded) await page.evaluate(inPageScript([viewportSeen], quietHold, null));
        shots.push(await takeShot(page, true));
      } finally { await context.close(); }
    }
    // the guarded context also freezes animations (FREEZE_CSS): sticky.html has none, so the images must agree to the byte
    assert.ok(shots[0].equals(shots[1]), 'byte-equal full-page images');
  } finally { await pages.close(); }
});

test('a media query list the page asks for while a release tells it of a change is guarded and told of the next change too', async () => {
  const { context } = await openContext(browser, makeSpec('own-lists'), desktop, dir);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/counter.html`);
    await page.evaluate(() => {
      const w = window as any;
      w.told = [];
      matchMedia('(min-width: 601px)').addEventListener('change', () => {
        if (w.late) return;
        // asked for during the release's dispatch
        w.late = matchMedia('(min-width: 1000px)');
        w.late.addEventListener('change', (e: MediaQueryListEvent) => w.told.push(e.matches));
      });
    });
    const hold = inPageScript([viewportSeen], quietHold, null), release = inPageScript([viewportSeen], quietRelease, null);
    const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const width of [560, 1100, 560]) {
      await page.evaluate(hold);
      await page.setViewportSize({ width, height: 800 });
      await frames();
      await page.evaluate(release);
    }
    // 560 → created; 1100 → true; 560 → false: both real changes of the late list reached the page once
    assert.deepEqual(await page.evaluate(() => (window as any).told), [true, false]);
  } finally { await context.close(); }
});

// Issue 55: a layout of the shot's narrowed a scroller's range (the sidebar's margin gone at 1x1),
// its offset clamped and stayed so when the width came back, in the frame the shot painted.
test('while veval holds its shots, a scroller clamped by a narrower layout is put back in the layout that widens it again, before the release', async () => {
  const { context } = await openContext(browser, makeSpec('clamp'), desktop, dir);
  try {
    const page = await context.newPage();
    await page.setContent('<div id=s style="width:300px;overflow-x:auto"><div id=c style="width:600px;height:20px">wide</div></div>');
    await page.evaluate(() => { document.getElementById('s')!.scrollLeft = 250; });
    await page.evaluate(inPageScript([viewportSeen], quietHold, null));
    const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // the range narrows (the offset clamps to 100), then the scroller's width comes back
    await page.evaluate(() => { const s = document.getElementById('s')!; s.style.width = '500px'; void s.scrollLeft; });
    await frames();
    await page.evaluate(() => { document.getElementById('s')!.style.width = '300px'; });
    await frames();
    assert.equal(await page.evaluate(() => document.getElementById('s')!.scrollLeft), 250, 'put back while still held');
    // an offset no layout put back (the page's own scroll under the hold) is named after the shot, and put back
    await page.evaluate(() => { document.getElementById('s')!.scrollLeft = 40; });
    assert.match(String(await page.evaluate(inPageScript([], quietMoved, null))), /^div \(scroll 250,0 → 40,0\)$/);
    assert.equal(await page.evaluate(() => document.getElementById('s')!.scrollLeft), 250);
    assert.equal(await page.evaluate(inPageScript([], quietMoved, null)), null, 'nothing moved now');
    await page.evaluate(inPageScript([viewportSeen], quietRelease, null));
  } finally { await context.close(); }
});

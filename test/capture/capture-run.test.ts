// The capture stage end to end against real pages: determinism, stability, the evidence records
// carry, and faults that fail one unit while the others are captured.
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { captureRun } from '../../src/capture/index.js';
import type { StaticServer } from '../../src/core/static-server.js';
import { files, type RunContext } from '../../src/core/run.js';
import { tmpDir } from '../helpers/tmp.js';
import { closedPort, fixtureServer, readPng, readRecord } from './helpers.js';
import { desktop, makeRun, makeSpec, mobile, req, state, step } from './plan-fixture.js';

let srv: StaticServer;
let run: RunContext;
let again: RunContext;
let result: Awaited<ReturnType<typeof captureRun>>;
const units: { spec: string; state: string; ok: boolean; reason?: string }[] = [];

before(async () => {
  srv = await fixtureServer();
  const dir = tmpDir();
  const specs = [
    makeSpec('static', { checkOptions: { axe: {} } }),
    makeSpec('animated'),
    makeSpec('ticker', { regions: { ticker: '.ticker-box' }, checkOptions: { stability: { timeout: 600, interval: 100 } } }),
    makeSpec('status'),
    makeSpec('boom'),
    makeSpec('overflow', { viewports: [mobile], checkOptions: { axe: {} } }),
    makeSpec('offcanvas', { viewports: [desktop, mobile] }),
    makeSpec('menu', { states: [
      state('first'),
      state('broken', [], [step({ action: 'click', selector: '#nope', timeout: 300, source: 'specs/menu.yaml:12:9' })]),
      state('open', [], [step({ action: 'click', selector: '#menu-toggle' })]),
      state('veiled', [], [step({ action: 'click', selector: '#veiled', timeout: 1000, source: 'specs/menu.yaml:16:9' })]),
    ] }),
    makeSpec('refused', { route: null, url: `http://127.0.0.1:${await closedPort()}/` }),
    makeSpec('nodns', { route: null, url: 'http://veval-does-not-exist.invalid/' }),
    makeSpec('crash', { route: null, url: 'chrome://crash' }),
    makeSpec('unwritable', { route: '/static' }),
    makeSpec('srcset', { states: [state('default', [req({ selector: '#photo' })])] }),
    makeSpec('reveal', { states: [state('bought', [req({ selector: '#done' })], [step({ action: 'click', selector: '#buy', timeout: 4000 })])] }),
  ];
  run = makeRun(dir, specs, srv.url);
  // a file where the spec's folder must go: writes fail (root ignores permissions)
  fs.mkdirSync(run.runDir, { recursive: true });
  fs.writeFileSync(path.join(run.runDir, 'unwritable'), 'in the way');
  result = await captureRun(run, { workers: 2, onUnit: (u) => units.push(u) });
  again = makeRun(dir, specs, srv.url, 'again');
  await captureRun(again, { grep: /^(static|animated)$/ });
});
after(() => srv.close());

describe('determinism', () => {
  test('two captures of the same page are byte-identical', () => {
    assert.ok(readPng(run, 'static').equals(readPng(again, 'static')));
  });

  test('an infinitely animated page captures stably and identically', () => {
    const rec = readRecord(run, 'animated');
    assert.equal(rec.stability.stable, true);
    assert.ok(readPng(run, 'animated').equals(readPng(again, 'animated')));
  });

  test('grep limits the units captured', () => {
    assert.equal(fs.existsSync(path.join(again.runDir, files.record('ticker', 'default', 'desktop'))), false);
  });
});

describe('stability', () => {
  test('a page that changes every 100 ms fails stability, naming the changing area', () => {
    const rec = readRecord(run, 'ticker');
    assert.equal(rec.ok, true);
    assert.equal(rec.stability.checked, true);
    assert.equal(rec.stability.stable, false);
    assert.equal(rec.stability.changedRegion, 'ticker');
    assert.equal(rec.stability.changedSelector, '#ticker');
    const b = rec.stability.changedBox!;
    const region = rec.regions.ticker.box!;
    assert.ok(b.y >= region.y && b.y + b.height <= region.y + region.height, 'changed box inside the region');
    assert.ok(fs.existsSync(path.join(run.runDir, files.capture('ticker', 'default', 'desktop'))), 'the image is still written for review');
  });
});

describe('evidence in the record', () => {
  test('the PNG, record and axe file are written, with image size and environment', () => {
    const rec = readRecord(run, 'static');
    assert.equal(rec.ok, true);
    assert.equal(rec.screenshot, 'default-desktop.png');
    const png = PNG.sync.read(readPng(run, 'static'));
    assert.deepEqual(rec.image, { width: png.width, height: png.height });
    assert.equal(rec.environment.flavour, 'headless-shell');
    assert.ok(rec.environment.fonts.some((f) => /DejaVu/.test(f)));
    assert.match(rec.aria ?? '', /heading "Order summary"/);
    assert.match(rec.text, /Total: \$42\.50/);
  });

  test('axe results are written when the axe check is on', () => {
    const rec = readRecord(run, 'overflow', 'default', 'mobile');
    assert.equal(rec.axe, 'default-mobile.axe.json');
    const axe = JSON.parse(fs.readFileSync(path.join(run.runDir, files.axe('overflow', 'default', 'mobile')), 'utf8'));
    const alt = axe.violations.find((v: any) => v.id === 'image-alt');
    assert.ok(alt, 'the image without alt is a violation');
    assert.ok(alt.helpUrl && alt.nodes[0].target.length);
    assert.equal(readRecord(run, 'animated').axe, null, 'no axe file when the check is off');
  });

  test('console errors, uncaught exceptions and a 404 image are recorded', () => {
    const rec = readRecord(run, 'status');
    assert.ok(rec.console.some((c) => c.type === 'error' && c.text === 'boom from console'));
    assert.ok(rec.console.some((c) => c.type === 'pageerror' && /uncaught kaboom/.test(c.text)));
    assert.ok(!rec.console.some((c) => /not an error/.test(c.text)));
    assert.deepEqual(rec.failedRequests.map((r) => [new URL(r.url).pathname, r.status]), [['/missing.png', 404]]);
  });

  test('a route answering 500 is recorded as its HTTP status, not as a failed subrequest', () => {
    const rec = readRecord(run, 'boom');
    assert.equal(rec.httpStatus, 500);
    assert.deepEqual(rec.failedRequests, []);
  });

  test('an off-canvas menu past the edge of a desktop page that clips overflow-x is not overflow; on a phone the page zooms out, so it is', () => {
    assert.equal(readRecord(run, 'offcanvas', 'default', 'desktop').overflow.overflowPx, 0);
    const phone = readRecord(run, 'offcanvas', 'default', 'mobile');
    assert.equal(phone.overflow.overflowPx, 320);
    assert.deepEqual(phone.overflow.offenders.map((o) => o.selector), ['nav.menu']);
  });

  test('horizontal overflow names the outermost offender, not contained children', () => {
    const rec = readRecord(run, 'overflow', 'default', 'mobile');
    assert.ok(rec.overflow.overflowPx > 0);
    assert.deepEqual(rec.overflow.offenders.map((o) => o.selector), ['div.wide']);
    assert.equal(rec.overflow.offenders[0].overflowPx, 600 + 8 - 390);
  });

  test('when the full-page screenshot changes the layout (a srcset image re-picked), the record is measured again to match the pixels', () => {
    const rec = readRecord(run, 'srcset');
    assert.equal(rec.image!.height, rec.document.scrollHeight, 'the record describes the captured page');
    const photo = rec.required[0].verdict.box!;
    assert.equal(photo.y + photo.height <= rec.image!.height, true);
    const img = PNG.sync.read(readPng(run, 'srcset'));
    // the photo's box in the record is painted in the PNG: its centre pixel is the photo, not page
    const i = (Math.round(photo.y + photo.height / 2) * img.width + Math.round(photo.x + photo.width / 2)) * 4;
    assert.notDeepEqual([...img.data.subarray(i, i + 3)], [255, 255, 255]);
    const j = (Math.round(photo.y + photo.height / 2) * img.width + Math.round(photo.x + photo.width + 10)) * 4;
    assert.deepEqual([...img.data.subarray(j, j + 3)], [255, 255, 255], 'right of the photo box is page background');
  });

  test('text cut off by an ellipsis is recorded with its full text', () => {
    const rec = readRecord(run, 'overflow', 'default', 'mobile');
    const c = rec.clippedText.find((t) => t.selector === '#long');
    assert.ok(c);
    assert.equal(c.ellipsis, true);
    assert.equal(c.axis, 'x');
    assert.equal(c.text, 'This product name is far too long to fit');
    assert.ok(!rec.clippedText.some((t) => /contained/.test(t.selector)), 'short text in an overflow:hidden box is not clipped');
  });
});

describe('faults fail one unit with a named reason; the rest are captured', () => {
  const reason = (spec: string, st = 'default') => readRecord(run, spec, st).error?.reason;

  test('a step whose selector never appears fails that state, naming step, selector, timeout and source', () => {
    const rec = readRecord(run, 'menu', 'broken');
    assert.equal(rec.ok, false);
    assert.equal(rec.screenshot, null);
    assert.equal(rec.error?.reason, 'step-failed');
    assert.deepEqual(rec.error?.step, { index: 0, action: 'click', selector: '#nope', timeout: 300 });
    assert.match(rec.error!.message, /specs\/menu\.yaml:12:9/);
    // what the page looked like when the step failed: a viewport screenshot beside the record
    assert.equal(rec.failureScreenshot, 'broken-desktop.failure.png');
    const shot = PNG.sync.read(fs.readFileSync(path.join(run.runDir, files.failure('menu', 'broken', 'desktop'))));
    assert.deepEqual([shot.width, shot.height], [rec.viewport.width, rec.viewport.height]);
    assert.equal(readRecord(run, 'crash').failureScreenshot ?? null, null, 'a crashed renderer has nothing to show');
    assert.equal(readRecord(run, 'refused').failureScreenshot, 'default-desktop.failure.png', 'a refused navigation shows the browser\'s error page');
    assert.equal(readRecord(run, 'menu', 'first').ok, true);
    assert.equal(readRecord(run, 'menu', 'open').ok, true);
  });

  test('a click acts where a user would: on the button in the middle of the viewport, not at the top edge under a fixed bar', () => {
    // Playwright's own retries put the button at the bottom, middle and top edge in turn; a page
    // that reveals it only after it sat in the middle a moment never let those retries click it
    const rec = readRecord(run, 'reveal', 'bought');
    assert.equal(rec.error ?? null, null, rec.error?.message);
    assert.equal(rec.ok, true);
  });

  test('a step whose element stays covered waits once more (a loaded machine paints late), then names what takes the clicks', () => {
    const rec = readRecord(run, 'menu', 'veiled');
    assert.equal(rec.error?.reason, 'step-failed');
    assert.match(rec.error!.message, /it is displayed but was not actionable .* within 2000 ms \(Playwright's last wait: <div class="veil".*> takes the clicks there\)/);
  });

  test('connection refused, DNS failure and a renderer crash each have their reason', () => {
    assert.equal(reason('refused'), 'connection-refused');
    assert.equal(reason('nodns'), 'dns-failure');
    assert.equal(reason('crash'), 'renderer-crash');
  });

  test('a write failure is reported for that unit only', () => {
    const u = units.find((x) => x.spec === 'unwritable');
    assert.deepEqual([u?.ok, u?.reason], [false, 'write-failed']);
    assert.equal(fs.readFileSync(path.join(run.runDir, 'unwritable'), 'utf8'), 'in the way');
  });

  test('the run result counts every unit and every failure', () => {
    assert.equal(result.units, units.length);
    assert.equal(result.failed, units.filter((u) => !u.ok).length);
    assert.deepEqual(units.filter((u) => !u.ok).map((u) => u.spec).sort(), ['crash', 'menu', 'menu', 'nodns', 'refused', 'unwritable']);
    assert.ok(!fs.readdirSync(run.runDir, { recursive: true }).some((f) => String(f).endsWith('.tmp')), 'no temp files left');
  });
});

// The width sweep on real pages served on 127.0.0.1 in Chromium: failures found with their exact
// first and last width, one screenshot at the worst width, nothing on a clean responsive page,
// and a width that cannot be measured never reads as a pass.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { launchBrowser } from '../../src/capture/browser.js';
import { sweepRun, sweepState } from '../../src/capture/sweep/index.js';
import { files } from '../../src/core/run.js';
import { readArtifact } from '../../src/core/artifact-read.js';
import { makeRun, makeSpec, state } from './plan-fixture.js';
import { inPageScript } from '../../src/capture/in-page/script.js';
import { queryBreakpoints } from '../../src/capture/in-page/responsive.js';

const PAGES = path.resolve(import.meta.dirname, '..', 'fixtures', 'sweep');

describe('width sweep', () => {
  let server: StaticServer;
  let browser: Browser;
  let tmp: string;
  before(async () => {
    server = await serveStatic(PAGES);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-sweep-'));
    browser = (await launchBrowser(makeRun(tmp, [], null).plan)).browser;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const sweep = async (page: string, sw: { from: number; to: number; step: number }) => {
    const spec = makeSpec(page.replace('.html', ''), { route: `/${page}`, sweep: { ...sw, height: 800, states: null } });
    const run = makeRun(tmp, [spec], server.url);
    fs.mkdirSync(path.join(run.runDir, spec.name), { recursive: true });
    return { run, spec, result: await sweepState(run, browser, { spec, state: state('default'), url: `${server.url}/${page}` }) };
  };

  it('finds an overflow that exists only between 600 and 640 px with its exact range, by bisection', async () => {
    // from 300 by 40: 620 and 660 are measured, 640/641 only by bisecting between them
    const { run, result } = await sweep('overflow-600-640.html', { from: 300, to: 1000, step: 40 });
    assert.equal(result.ok, true, result.error ?? '');
    const overflow = result.ranges.filter((r) => r.kind === 'overflow');
    assert.deepEqual(overflow.map((r) => [r.from, r.to]), [[600, 640]], JSON.stringify(result.ranges, null, 1));
    assert.match(overflow[0]!.detail, /form\.search.*sticks out \d+ px past the right edge/);
    assert.equal(overflow[0]!.worst, 600, 'the narrowest width sticks out furthest');
    assert.equal(overflow[0]!.severity, 'blocker', 'below mobileMaxWidth (768) overflow is a blocker');
    assert.ok(result.measured.includes(641) && result.measured.includes(599));
    const shot = path.join(run.runDir, 'overflow-600-640', overflow[0]!.screenshot!);
    assert.ok(fs.statSync(shot).size > 1000);
    assert.match(overflow[0]!.screenshot!, /-600\.png$/, 'the screenshot is taken at the worst width');
    assert.equal(fs.readFileSync(shot).readUInt32BE(16), 641, 'the whole page as laid out at 600 px: 41 px wider than the viewport');
  });

  it('finds a collision that exists only at 1023 px', async () => {
    const { result } = await sweep('collision-1023.html', { from: 320, to: 1400, step: 40 });
    assert.equal(result.ok, true, result.error ?? '');
    assert.ok(result.breakpoints.includes(1023) && result.breakpoints.includes(1024), `breakpoints from the CSSOM: ${result.breakpoints}`);
    const hits = result.ranges.filter((r) => r.kind === 'collision');
    assert.deepEqual(hits.map((r) => [r.from, r.to, r.worst]), [[1023, 1023, 1023]], JSON.stringify(result.ranges, null, 1));
    assert.deepEqual(hits[0]!.elements, ['div.logo', 'div.search']);
  });

  it('finds a collision between cousins: a search group pushed out of its column over the next column, only from 700 to 926 px', async () => {
    // 280 px of group in 30 % of the width: 280 − 0.3·w px over the next column, counted above 2 px
    // for cousins (a line's content area running a px or two past its block is the font's metrics)
    const { result } = await sweep('collision-cousins.html', { from: 320, to: 1400, step: 40 });
    assert.equal(result.ok, true, result.error ?? '');
    const hits = result.ranges.filter((r) => r.kind === 'collision');
    assert.deepEqual(hits.map((r) => [r.from, r.to, r.worst]), [[700, 926, 700]], JSON.stringify(result.ranges, null, 1));
    assert.deepEqual(hits[0]!.elements, ['div.group', 'div.right'], 'the outermost pair that collides, not the columns (whose boxes never meet)');
    assert.deepEqual(result.ranges.filter((r) => r.kind !== 'collision'), [], 'nothing else: the columns paint no box to stick out of');
  });

  it('finds content cut off past a viewport edge no scrolling reaches: the right edge of a page with overflow-x: hidden, the left edge', async () => {
    const { result } = await sweep('offscreen.html', { from: 320, to: 1000, step: 40 });
    assert.equal(result.ok, true, result.error ?? '');
    assert.deepEqual(result.ranges.filter((r) => r.kind === 'overflow'), [], 'the page is never wider than the viewport: the overflow check sees nothing');
    const cut = result.ranges.filter((r) => r.kind === 'offscreen').map((r) => [r.elements[0], r.from, r.to, r.worst, r.severity, r.evidence.side]);
    assert.deepEqual(cut, [
      ['body > div.plans', 320, 598, 320, 'blocker', 'right'],
      ['div.sources', 700, 799, 700, 'blocker', 'left'],
    ], JSON.stringify(result.ranges, null, 1));
  });

  it('reports nothing on a clean responsive page over the whole sweep', async () => {
    const { result } = await sweep('clean.html', { from: 320, to: 1400, step: 40 });
    assert.equal(result.ok, true, result.error ?? '');
    console.log(`clean page: ${result.measured.length} widths in ${result.timings.measure} ms (open ${result.timings.open} ms)`);
    assert.deepEqual(result.ranges, []);
    assert.deepEqual(result.failedWidths, []);
    assert.ok(result.measured.length >= 28, `every step and breakpoint measured (${result.measured.length})`);
  });

  it('reads the page\'s breakpoints from its style sheets: px, em, max-width, range syntax, @container, nested rules, media attributes', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/breakpoints.html`);
    const bp = await page.evaluate(inPageScript([queryBreakpoints], queryBreakpoints, null)) as { widths: number[]; unread: number };
    await page.close();
    assert.deepEqual(bp.widths, [300, 401, 501, 640, 768, 1024, 1200, 1440]);
    assert.equal(bp.unread, 0);
  });

  it('writes <state>-sweep.json for every swept state, and a page that does not load is an error, not a pass', async () => {
    const good = makeSpec('clean', { route: '/clean.html', sweep: { from: 400, to: 600, step: 100, height: 700, states: null } });
    const gone = makeSpec('gone', { route: '/missing.html', sweep: { from: 400, to: 600, step: 100, height: 700, states: null } });
    const plain = makeSpec('plain', { route: '/clean.html' });
    const run = makeRun(tmp, [good, gone, plain], server.url, 'run-all');
    for (const s of ['clean', 'gone', 'plain']) fs.mkdirSync(path.join(run.runDir, s), { recursive: true });
    assert.equal(await sweepRun(run, { baseURL: server.url }), 2);
    const ok = readArtifact('sweep', path.join(run.runDir, files.sweep('clean', 'default')));
    assert.equal(ok.value?.ok, true, ok.problem ?? '');
    const bad = readArtifact('sweep', path.join(run.runDir, files.sweep('gone', 'default')));
    assert.equal(bad.value?.ok, false);
    assert.match(bad.value!.error!, /404/);
    assert.equal(fs.existsSync(path.join(run.runDir, files.sweep('plain', 'default'))), false, 'a spec without sweep is not swept');
  });
});

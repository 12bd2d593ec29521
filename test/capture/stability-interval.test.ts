// Stability as evidence over an interval (issue 16), one run of each page through the real
// capture stage (freeze CSS included): pages that alternate between two looks fail however the
// shots fall, pages that hold still (or whose only motion veval stops) pass. The 20-run loops
// are bench/stability-loops.ts.
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { captureRun } from '../../src/capture/index.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import type { RunContext } from '../../src/core/run.js';
import { tmpDir } from '../helpers/tmp.js';
import { readRecord } from './helpers.js';
import { makeRun } from './plan-fixture.js';
import { STABILITY_PAGES, SUITE_CASES, stabilitySpecs } from './stability-cases.js';

let srv: StaticServer, run: RunContext, dir: string;
before(async () => {
  srv = await serveStatic(STABILITY_PAGES);
  dir = tmpDir('veval-stab-');
  run = makeRun(dir, stabilitySpecs(1500), srv.url);
  const res = await captureRun(run, { workers: 2 });
  assert.equal(res.failed, 0);
});
after(async () => { await srv?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

for (const c of SUITE_CASES) {
  test(`${c.what}: ${c.stable ? 'stable' : 'unstable'}`, () => {
    const r = readRecord(run, c.page), s = r.stability;
    assert.equal(s.stable, c.stable, JSON.stringify(s));
    // a still page is proven by the browser's paint signals and one image; a changing one gives
    // way to the shots, which fail it
    if (c.stable) assert.equal(r.timings.stillBy, 'paint signals', `${r.timings.stillBy}: ${JSON.stringify(s)}`);
    else {
      assert.match(r.timings.stillBy ?? '', /^shots: /);
      // where and what: a box, the element that painted the change, and its kind
      assert.ok(s.changedBox && s.changedBox.width > 0, JSON.stringify(s));
      assert.ok(s.changedSelector, JSON.stringify(s));
      assert.ok(s.kind && s.changes?.length, JSON.stringify(s));
    }
  });
}

test('the painted change is named: the flipping box by its attribute, the cover by its element', () => {
  const flip = readRecord(run, 'flip').stability;
  assert.ok(flip.changes!.some((c) => c.selector === 'div#box' || c.selector === '#box'), JSON.stringify(flip.changes));
  const cover = readRecord(run, 'cover').stability;
  assert.ok(cover.changes!.some((c) => c.selector.includes('promo')), JSON.stringify(cover.changes));
});

test('the flake map names what kept moving and the mask to add: the flipping box, the cover, the toggled CTA', () => {
  const masks = (page: string) => (readRecord(run, page).stability.hot ?? []).filter((h) => h.repeated).map((h) => h.mask);
  assert.deepEqual(masks('flip'), ['#box']);
  assert.ok(masks('cover').includes('.promo'), JSON.stringify(readRecord(run, 'cover').stability.hot));
  assert.ok(masks('toggle-cta').length === 1 && masks('toggle-cta')[0], JSON.stringify(readRecord(run, 'toggle-cta').stability.hot));
  for (const c of SUITE_CASES) if (c.stable) assert.equal(readRecord(run, c.page).stability.map, undefined, `${c.page}: no flake map for a stable page`);
});

test('a page that never changes pays nothing: veval measuring it (its probe styles) is not the page changing, so one image is enough', () => {
  // before veval marked its own styles, every page was taken to have painted a change of its own
  // while measured and waited out the longer calm (5 shots, a second); before the paint signals,
  // three full-page shots had to agree
  for (const page of ['idle', 'hidden-change']) {
    const s = readRecord(run, page).stability;
    assert.equal(s.attempts, 1, `${page}: ${JSON.stringify(s)}`);
  }
});

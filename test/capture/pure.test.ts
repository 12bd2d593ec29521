// Pure helpers of the capture stage: image comparison for stability, region naming, browser
// flavour, the private font config and unit URLs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { calmNeeded, diffBox, PIXEL_FLOOR, regionOf } from '../../src/capture/still/by-shots.js';
import { Heat, heatPng, hotAreas } from '../../src/capture/still/flake-map.js';
import { volatileName } from '../../src/capture/still/in-page/flake.js';
import { decodePng } from '../../src/parity/store/png.js';
import { flavourOf } from '../../src/capture/browser.js';
import { fontsConf } from '../../src/capture/fonts.js';
import { planUnits, unitUrl } from '../../src/capture/index.js';
import { makeRun, makeSpec, mobile, desktop, state } from './plan-fixture.js';

function png(w: number, h: number, paint: (x: number, y: number) => number): Buffer {
  const p = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = (y * w + x) * 4, v = paint(x, y);
    p.data[i] = p.data[i + 1] = p.data[i + 2] = v; p.data[i + 3] = 255;
  }
  return PNG.sync.write(p);
}

test('diffBox is null for equal images and bounds the changed pixels otherwise', () => {
  const a = png(20, 10, () => 0);
  assert.equal(diffBox(a, png(20, 10, () => 0), [], 1), null);
  const b = png(20, 10, (x, y) => (x >= 5 && x < 8 && y >= 2 && y < 4 ? 255 : 0));
  assert.deepEqual(diffBox(a, b, [], 1), { x: 5, y: 2, width: 3, height: 2 });
});

test('diffBox takes a few flipped pixels for raster noise, five or more for a change', () => {
  const a = png(20, 10, () => 0);
  const dots = (n: number) => png(20, 10, (x, y) => (y === 3 && x < n * 3 && x % 3 === 0 ? 255 : 0));
  assert.equal(diffBox(a, dots(1), [], 1), null, '1 px re-rastered');
  assert.equal(diffBox(a, dots(4), [], 1), null, '4 scattered px');
  assert.deepEqual(diffBox(a, dots(5), [], 1), { x: 0, y: 3, width: 13, height: 1 });
});

test('diffBox: a difference no one can see (every channel within PIXEL_FLOOR of 255) is no change, one step more is', () => {
  const a = png(20, 10, () => 100);
  // a whole tag pill re-rastered 1-2 levels lighter (seen on a published theme between two shots of a still page)
  assert.equal(diffBox(a, png(20, 10, (x) => (x < 10 ? 100 + PIXEL_FLOOR : 100 - 1)), [], 1), null);
  assert.deepEqual(diffBox(a, png(20, 10, (x, y) => (x >= 4 && x < 8 && y < 2 ? 100 + PIXEL_FLOOR + 1 : 100)), [], 1), { x: 4, y: 0, width: 4, height: 2 });
});

test('diffBox ignores changes inside masks (in CSS px, scaled by the device pixel ratio)', () => {
  const a = png(20, 10, () => 0);
  const b = png(20, 10, (x, y) => (x >= 10 && y >= 4 && y < 8 ? 255 : 0));
  assert.equal(diffBox(a, b, [{ x: 5, y: 2, width: 5, height: 2 }], 2), null);
  assert.notEqual(diffBox(a, b, [{ x: 5, y: 2, width: 5, height: 1 }], 2), null);
});

test('the flake map counts how often each pixel changed; its hot areas are the clusters, the hottest pixels their samples', () => {
  const heat = new Heat();
  const a = png(64, 32, () => 0), b = png(64, 32, (x, y) => (x >= 40 && y < 8 ? 255 : 0)), c = png(64, 32, (x, y) => (x >= 40 && y < 8 && x < 48 ? 255 : 0));
  diffBox(a, b, [], 1, heat); diffBox(b, c, [], 1, heat);
  const areas = hotAreas(heat, 1, 4);
  assert.equal(areas.length, 1);
  assert.deepEqual(areas[0].box, { x: 40, y: 0, width: 24, height: 8 });
  assert.equal(areas[0].changes, 2, 'x 48..63 changed in both pairs');
  assert.ok(areas[0].samples[0][0] >= 48, 'the hottest pixel is the first sample');
  const map = decodePng(heatPng(heat, areas));
  assert.equal(map.width, 64);
  assert.equal(map.data[(4 * 64 + 20) * 4 + 3], 0, 'transparent where nothing changed');
  const once = map.data.slice((4 * 64 + 44) * 4, (4 * 64 + 44) * 4 + 4), twice = map.data.slice((4 * 64 + 56) * 4, (4 * 64 + 56) * 4 + 4);
  assert.ok(once[1] > twice[1] && twice[3] > once[3], 'changed once: yellower and lighter than changed twice');
});

test('a mask is never built on a name the page toggles or generates', () => {
  for (const n of ['active', 'is-open', 'swiper-slide-active', 'css-1x2y3z', 'Button_root__a1b2c', 'sc-bdVaJa', 'r123', 'a1b2c3d4']) assert.ok(volatileName(n), n);
  for (const n of ['ticker', 'updated', 'promos', 'hero-carousel', 'news-feed', 'h1']) assert.ok(!volatileName(n), n);
});

test('after three changes or more, the calm asked for outlasts the longest gap between them; after a change the page painted, a second', () => {
  assert.deepEqual(calmNeeded([]), { ms: 0, strict: 0 });
  assert.deepEqual(calmNeeded([0, 100]), { ms: 0, strict: 0 }, 'pixels alone, once or twice: the window is enough');
  assert.deepEqual(calmNeeded([0, 1000, 1700]), { ms: 1250, strict: 1250 });
  assert.deepEqual(calmNeeded([0], 100, true), { ms: 1000, strict: 0 }, 'a script painted: a second of calm, a full window at the timeout');
  assert.deepEqual(calmNeeded([0, 700, 1400], 100, true), { ms: 1000, strict: 875 }, 'a carousel every 700 ms: at the timeout it must still have held 875 ms');
});

test('regionOf names the declared region that overlaps the changed box most', () => {
  const regions = { header: { box: { x: 0, y: 0, width: 100, height: 50 } }, list: { box: { x: 0, y: 50, width: 100, height: 500 } }, gone: { box: null } };
  assert.equal(regionOf({ x: 10, y: 60, width: 5, height: 5 }, regions), 'list');
  assert.equal(regionOf({ x: 10, y: 900, width: 5, height: 5 }, regions), null);
});

test('the browser flavour is read from the executable path', () => {
  assert.equal(flavourOf('/usr/lib/chromium/chromium-headless-shell'), 'headless-shell');
  assert.equal(flavourOf('/usr/lib/chromium/chromium'), 'chromium');
  assert.equal(flavourOf('/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome'), 'playwright');
  assert.equal(flavourOf('/opt/google/chrome/chrome'), 'chrome');
  assert.equal(flavourOf(null), 'remote');
});

test('the private font config lists only the given folders and includes no host config', () => {
  const conf = fontsConf('/tmp/cache', ['/usr/share/fonts']);
  assert.match(conf, /<dir>\/usr\/share\/fonts<\/dir>/);
  assert.doesNotMatch(conf, /<include|~\/\.fonts|<dir>[^<]*home/);
});

test('units: route joined to the base URL known at capture time, else the absolute url; grep by spec or spec/state', () => {
  assert.equal(unitUrl({ route: '/a/b?x=1', url: 'http://old/a/b' }, 'http://127.0.0.1:5000'), 'http://127.0.0.1:5000/a/b?x=1');
  assert.equal(unitUrl({ route: null, url: 'https://example.test/' }, 'http://127.0.0.1:5000'), 'https://example.test/');
  assert.equal(unitUrl({ route: '/a', url: null }, null), null);
  const plan = makeRun('/tmp/x', [
    makeSpec('home', { viewports: [desktop, mobile], states: [state('default'), state('menu')] }),
    makeSpec('cart'),
  ], 'http://h').plan;
  assert.equal(planUnits(plan, 'http://h').length, 5);
  assert.deepEqual(planUnits(plan, 'http://h', /^home\/menu$/).map((u) => `${u.spec.name}/${u.state.name}/${u.viewport.name}`), ['home/menu/desktop', 'home/menu/mobile']);
  assert.deepEqual(planUnits(plan, 'http://h', /cart/).map((u) => u.spec.name), ['cart']);
});

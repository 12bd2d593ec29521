// Table-driven tests of the judge's pure helpers: downscaling, token estimate, cache key, and the
// praise / redesign filters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crop, fit, imageTokens, toPixels, paintMasks } from '../../src/judge/images.js';
import { canonicalJson, cacheKey } from '../../src/judge/cache.js';
import { isPraise, isRedesign, parseVerdict, type RawFinding } from '../../src/judge/verdict.js';

const raster = (w: number, h: number, v = 200) => ({ width: w, height: h, data: Buffer.alloc(w * h * 4, v) });

test('fit keeps the aspect ratio, caps the longest side and never upscales', () => {
  for (const [w, h, max, ew, eh] of [[1000, 500, 256, 256, 128], [300, 3000, 300, 30, 300], [100, 50, 256, 100, 50], [257, 1, 256, 256, 1]]) {
    const out = fit(raster(w, h), max);
    assert.deepEqual([out.width, out.height], [ew, eh], `${w}x${h} → ${max}`);
    assert.equal(out.data.length, ew * eh * 4);
  }
  assert.equal(fit(raster(400, 400, 77), 100).data[0], 77, 'area averaging keeps a flat colour');
});

test('toPixels scales CSS boxes by the device scale factor and clamps them to the image', () => {
  assert.deepEqual(toPixels({ x: 10, y: 10, width: 20, height: 5 }, 2, { width: 100, height: 100 }), { x: 20, y: 20, width: 40, height: 10 });
  assert.deepEqual(toPixels({ x: 90, y: -5, width: 50, height: 10 }, 1, { width: 100, height: 100 }), { x: 90, y: 0, width: 10, height: 5 });
  assert.equal(toPixels({ x: 200, y: 0, width: 10, height: 10 }, 1, { width: 100, height: 100 }), null);
});

test('masks are painted grey before cropping', () => {
  const img = raster(10, 10, 0);
  paintMasks(img, [{ x: 2, y: 2, width: 2, height: 2 }], 1);
  const c = crop(img, { x: 2, y: 2, width: 3, height: 1 });
  assert.deepEqual([c.data[0], c.data[4], c.data[8]], [128, 128, 0]);
});

test('image token estimate follows the published high-detail rule', () => {
  assert.equal(imageTokens(512, 512), 85 + 170);
  assert.equal(imageTokens(1024, 1024), 85 + 170 * 4);
  assert.equal(imageTokens(2048, 4096), 85 + 170 * 6);
});

test('canonical JSON ignores key order, so equal inputs give equal cache keys', () => {
  assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), '{"a":[{"c":3,"d":2}],"b":1}');
  const parts = { model: 'm', templateVersion: 't', system: 's', user: 'u', images: ['a:1'], maxTokens: 1, schema: { x: 1, y: 2 } };
  assert.equal(cacheKey(parts), cacheKey({ ...parts, schema: { y: 2, x: 1 } }));
  assert.notEqual(cacheKey(parts), cacheKey({ ...parts, images: ['a:2'] }));
});

const f = (issue: string, impact = 'Users may be confused.', fix = 'Increase the spacing.'): RawFinding =>
  ({ severity: 'polish', evidence: { file: 'x.png' }, issue, impact, fix });

test('praise-only findings are recognised, defects that mention "good" are not', () => {
  for (const s of ['The summary looks great', 'Well designed checkout', 'No issues found']) assert.ok(isPraise(f(s, 'Nice.')), s);
  for (const s of ['The total is not visible', 'Good contrast is missing on the Pay button', 'Text is clipped in the summary']) assert.ok(!isPraise(f(s)), s);
});

test('redesign proposals are recognised, small fixes are not', () => {
  for (const fix of ['Redesign the page', 'Move to a completely different layout', 'Introduce a new colour scheme']) assert.ok(isRedesign(f('x', 'y', fix)), fix);
  for (const fix of ['Increase the gap to 8px', 'Raise the z-index of the Pay button']) assert.ok(!isRedesign(f('The button is covered', 'y', fix)), fix);
});

test('a reply that is exactly one fenced JSON block is read; anything else that is not JSON stays an error', () => {
  const body = '{"status":"pass","findings":[]}';
  assert.equal(parseVerdict(body).status, 'pass');
  assert.equal(parseVerdict('```json\n' + body + '\n```').status, 'pass');
  assert.equal(parseVerdict('```\n' + body + '\n```\n').status, 'pass');
  assert.throws(() => parseVerdict('Sure! ```json\n' + body + '\n```'), /invalid JSON/);
  assert.throws(() => parseVerdict('```json\n' + body + '\n```\nand also ```json\n{}\n```'), /invalid JSON/);
  assert.throws(() => parseVerdict('```json\n{"status":"great","findings":[]}\n```'), /violates the schema/);
});

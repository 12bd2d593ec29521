// Image bombs (issue 17 item 3): a PNG of a few hundred bytes whose IHDR claims 20000×20000 or
// 32768×32768 px (1.6 GB / 4.3 GB as RGBA) is never decoded. Its digest is checked first (a
// baseline that is not what was approved), then its header against parity.maxPixels; a bomb is
// the named outcome `image-too-large` (fail closed), for baselines and captures alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runParity } from '../../src/parity/index.js';
import { checkPixels, decodePng, DEFAULT_MAX_PIXELS, PngTooLarge } from '../../src/parity/store/png.js';
import { decodePng as judgeDecode } from '../../src/judge/images.js';
import { diffBox } from '../../src/capture/still/by-shots.js';
import { bomb, Image, makeRun, makeSpec, nextRun, writeCapture, approveT } from './fixtures.js';

const base = () => new Image().rect(20, 20, 100, 60, [40, 90, 200]);

async function approved(specOver = {}) {
  const spec = makeSpec(specOver);
  const run = makeRun([spec]);
  writeCapture(run, spec.name, base().bytes());
  const res = await approveT(run);
  assert.equal(res.written.length, 1, JSON.stringify(res.refused));
  return { spec, run };
}

for (const [w, h] of [[20000, 20000], [32768, 32768]]) {
  test(`a ${w}×${h} PNG of ${bomb(w, h).length} bytes is refused from its header by every decoder, without decoding`, () => {
    const png = bomb(w, h);
    assert.ok(png.length < 100_000);
    const rss = process.memoryUsage().rss;
    for (const decode of [() => checkPixels(png), () => decodePng(png), () => judgeDecode(png), () => diffBox(png, bomb(w, h - 1), [], 1)]) {
      assert.throws(decode, (e: unknown) => e instanceof PngTooLarge && /^image bomb: its IHDR claims \d+×\d+ px \([\d.]+ megapixels\), over the limit of 100 megapixels per image \(parity\.maxPixels\); not decoded$/.test((e as Error).message));
    }
    assert.ok(process.memoryUsage().rss - rss < 200e6, 'nothing the size of the image was allocated');
  });
}

test('a bomb baseline whose sha256 differs from the manifest is unusable for its digest and header, never decoded', async () => {
  const { spec, run } = await approved();
  fs.writeFileSync(path.join(run.root, 'baselines/shop/default-desktop.png'), bomb(20000, 20000));
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, spec);
  assert.equal(res.units[0].outcome, 'unreadable-baseline');
  assert.match(res.findings[0].message, /^baseline baselines\/shop\/default-desktop\.png is unusable: image bomb: its IHDR claims 20000×20000 px \(400 megapixels\)/);
  assert.equal(res.findings[0].severity, 'blocker');
});

test('a bomb baseline approved as such (digest matches) fails closed as image-too-large', async () => {
  const { spec, run } = await approved();
  const file = path.join(run.root, 'baselines/shop/default-desktop.png');
  const manifestFile = path.join(run.root, 'baselines/shop/manifest.json');
  fs.writeFileSync(file, bomb(32768, 32768));
  const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const { sha256 } = await import('../../src/core/fsx.js');
  m.images['default-desktop'].sha256 = sha256(fs.readFileSync(file));
  fs.writeFileSync(manifestFile, JSON.stringify(m));
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, spec);
  assert.equal(res.units[0].outcome, 'image-too-large');
  assert.match(res.findings[0].message, /^baseline baselines\/shop\/default-desktop\.png is not compared: image bomb: its IHDR claims 32768×32768 px \(1073\.7 megapixels\)/);
  assert.equal(res.status === 'pass', false);
});

test('parity.maxPixels is configurable: a capture over it fails closed naming the screenshot', async () => {
  const { spec, run } = await approved();
  const strict = { ...spec, parity: { ...spec.parity!, maxPixels: 10_000 } };      // the 200×150 capture is 30000 px
  const r2 = nextRun(run, [strict]);
  writeCapture(r2, spec.name, base().rect(0, 0, 5, 5, [255, 0, 0]).bytes());
  const res = await runParity(r2, strict);
  assert.equal(res.units[0].outcome, 'image-too-large');
  assert.match(res.findings[0].message, /^baseline baselines\/shop\/default-desktop\.png is not compared: image bomb: its IHDR claims 200×150 px \(30000 pixels\), over the limit of 10000 pixels per image/);
  assert.equal(DEFAULT_MAX_PIXELS, 100_000_000);
});

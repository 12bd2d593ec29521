// CIE ΔE2000 as written in src/parity/compare/delta-e.ts against the published test data of Sharma, Wu &
// Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes …", table 1: the
// pairs that exercise the hue wrap-around, the G term near neutral and the rotation term.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deltaE2000, nearestDeltaE, srgbToLab, type Lab } from '../../src/parity/compare/delta-e.js';

const SHARMA: [Lab, Lab, number][] = [
  [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
  [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
  [[50, 0, 0], [50, -1, 2], 2.3669],
  [[50, -1, 2], [50, 0, 0], 2.3669],
  [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
  [[50, 2.49, -0.001], [50, -2.49, 0.001], 7.1792],
  [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
  [[50, -0.001, 2.49], [50, 0.0009, -2.49], 4.8045],
  [[50, 2.5, 0], [73, 25, -18], 27.1492],
  [[50, 2.5, 0], [61, -5, 29], 22.8977],
  [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  [[90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381],
  [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
  [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
];

test('ΔE2000 matches the published test pairs to 4 decimals, both ways round', () => {
  for (const [a, b, want] of SHARMA) {
    assert.equal(Number(deltaE2000(a, b).toFixed(4)), want, `${a} / ${b}`);
    assert.equal(Number(deltaE2000(b, a).toFixed(4)), want);
  }
});

test('sRGB to CIELAB: white, black and the design pairs\' colours of the same L*', () => {
  assert.deepEqual(srgbToLab(255, 255, 255).map((v) => Math.round(v * 10) / 10 + 0), [100, 0, 0]);
  assert.deepEqual(srgbToLab(0, 0, 0).map((v) => Math.round(v * 10) / 10 + 0), [0, 0, 0]);
  // green #1a7f37 and rose #b54b60: the same lightness, far apart in hue
  const g = srgbToLab(0x1a, 0x7f, 0x37), r = srgbToLab(0xb5, 0x4b, 0x60);
  assert.ok(Math.abs(g[0] - r[0]) < 0.5);
  assert.ok(deltaE2000(g, r) > 40);
});

test('nearest ΔE: a colour a pixel off is no difference, a recoloured block is', () => {
  const img = (w: number, h: number, f: (x: number, y: number) => [number, number, number]) => {
    const data = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([...f(x, y), 255], (y * w + x) * 4);
    return { width: w, height: h, data };
  };
  const line = (dx: number) => img(10, 10, (x) => (x === 4 + dx ? [0, 0, 0] : [255, 255, 255]));
  assert.equal(nearestDeltaE(line(0), line(1), 1), 0);
  assert.ok(nearestDeltaE(line(0), line(1), 0) > 0);
  const green = img(10, 10, () => [0x1a, 0x7f, 0x37]), rose = img(10, 10, () => [0xb5, 0x4b, 0x60]);
  assert.ok(nearestDeltaE(green, rose, 1) > 40);
});

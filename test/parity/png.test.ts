// The fast PNG decoder must agree with pngjs on every filter and colour type it takes, and fail
// with a reason on what it cannot read; the diff image must be a valid PNG.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { decodePng, DiffCanvas } from '../../src/parity/store/png.js';

function noisy(w: number, h: number): PNG {
  const p = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h * 4; i++) p.data[i] = (i * 7919 + (i >> 5) * 31) & 255;
  for (let i = 3; i < w * h * 4; i += 4) p.data[i] = 255;
  return p;
}

for (const colorType of [2, 6] as const) for (const filterType of [0, 1, 2, 3, 4]) {
  test(`decodes colour type ${colorType} with filter ${filterType} exactly as pngjs does`, () => {
    const bytes = PNG.sync.write(noisy(37, 23), { colorType, filterType });
    const mine = decodePng(bytes);
    assert.deepEqual([mine.width, mine.height], [37, 23]);
    assert.ok(Buffer.from(mine.data).equals(PNG.sync.read(bytes).data));
  });
}

test('falls back to pngjs for other formats (grayscale)', () => {
  const bytes = PNG.sync.write(noisy(9, 5), { colorType: 0, inputColorType: 6 } as any);
  assert.ok(Buffer.from(decodePng(bytes).data).equals(PNG.sync.read(bytes).data));
});

test('names what is wrong with unreadable files', () => {
  const good = PNG.sync.write(noisy(20, 20));
  assert.throws(() => decodePng(good.subarray(0, good.length - 30)), /truncated PNG/);
  assert.throws(() => decodePng(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), /a JPEG file/);
  assert.throws(() => decodePng(Buffer.alloc(0)), /an empty file/);
  const flipped = Buffer.from(good); flipped[40] ^= 0xff;
  assert.throws(() => decodePng(flipped), /corrupt PNG \(bad CRC/);
});

test('the diff image is a valid PNG with changed pixels opaque and the rest transparent', () => {
  const c = new DiffCanvas(10, 4);
  c.set(3, 1, 1);
  c.set(9, 3, 2);
  const p = PNG.sync.read(c.encode());
  const px = (x: number, y: number) => [...p.data.subarray((y * 10 + x) * 4, (y * 10 + x) * 4 + 4)];
  assert.deepEqual(px(3, 1), [255, 0, 0, 255]);
  assert.deepEqual(px(9, 3), [255, 0, 200, 255]);
  assert.equal(px(0, 0)[3], 0);
});

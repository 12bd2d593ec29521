// Parity comparator speed on 1280×3000 pairs, as ratios against bare pixelmatch + pngjs measured
// in the same process (machines differ; ratios travel). Run: node --import tsx bench/parity.ts
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { compareImages } from '../src/parity/compare/pixel-diff.js';

const W = 1280, H = 3000, RUNS = Number(process.env.RUNS ?? 7);

/** A page-like image: text-ish glyph rows, cards, a gradient hero. */
function page(edit: (d: Buffer) => void = () => {}, filterType?: number): Buffer {
  const p = new PNG({ width: W, height: H });
  const d = p.data;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    let r = 255, g = 255, b = 255;
    if (y < 400) { r = 30 + (x >> 3); g = 60 + (y >> 2); b = 160; }
    else if (y % 36 < 14 && x % 9 < 6 && x > 120 && x < 1160 && ((x * 31 + y * 7) >> 6) % 5) { r = g = b = 34; }
    else if (y % 600 > 480 && x > 200 && x < 1080) { r = 240; g = 244; b = 250; }
    d[i] = r; d[i + 1] = g; d[i + 2] = b; d[i + 3] = 255;
  }
  edit(d);
  return filterType === undefined ? PNG.sync.write(p) : PNG.sync.write(p, { filterType });
}
const paint = (x0: number, y0: number, w: number, h: number) => (d: Buffer) => {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) { const i = (y * W + x) * 4; d[i] = 255 - d[i]; d[i + 1] = 20; }
};

const base = page();
const pairs: [string, Buffer][] = [
  ['identical', Buffer.from(base)],
  ['same pixels, other bytes', page(undefined, 1)],
  ['small change', page(paint(300, 900, 200, 40))],
  ['large change', page(paint(0, 1000, W, 1500))],
];

const bare = (a: Buffer, b: Buffer) => { const x = PNG.sync.read(a), y = PNG.sync.read(b); return pixelmatch(x.data, y.data, null, W, H, { threshold: 0.1 }); };
const bareWithDiff = (a: Buffer, b: Buffer) => {
  const x = PNG.sync.read(a), y = PNG.sync.read(b), out = new PNG({ width: W, height: H });
  const n = pixelmatch(x.data, y.data, out.data, W, H, { threshold: 0.1 });
  if (n) PNG.sync.write(out);
  return n;
};
const veval = (a: Buffer, b: Buffer) => compareImages({
  baseline: a, current: b, threshold: 0.1, deviceScaleFactor: 1, wantDiff: true,
  ignore: [{ x: 1100, y: 10, width: 150, height: 30 }, { x: 0, y: 2900, width: 1280, height: 100 }],
  regions: [{ name: 'hero', box: { x: 0, y: 0, width: 1280, height: 400 } }, { name: 'form', box: { x: 200, y: 800, width: 600, height: 400 } }, { name: 'cta', box: { x: 300, y: 1300, width: 200, height: 60 } }],
});

/** Medians of the two functions, run alternately so machine load hits both alike. */
function medians(f: () => unknown, g: () => unknown): [number, number] {
  f(); g();
  const tf: number[] = [], tg: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let s = performance.now(); f(); tf.push(performance.now() - s);
    s = performance.now(); g(); tg.push(performance.now() - s);
  }
  const med = (t: number[]) => t.sort((p, q) => p - q)[t.length >> 1];
  return [med(tf), med(tg)];
}

console.log(`parity comparator, ${W}×${H}, median of ${RUNS} (ms); veval = masks + 3 region counts + clusters + diff PNG when changed`);
console.log('| pair | veval | pixelmatch+pngjs | ratio | pixelmatch+pngjs+diff PNG |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, other] of pairs) {
  const [v, b] = medians(() => veval(base, other), () => bare(base, other));
  const [bd] = medians(() => bareWithDiff(base, other), () => 0);
  console.log(`| ${name} | ${v.toFixed(v < 10 ? 2 : 1)} | ${b.toFixed(1)} | ${(v / b).toFixed(v < 10 ? 3 : 2)}× | ${bd.toFixed(1)} |`);
}

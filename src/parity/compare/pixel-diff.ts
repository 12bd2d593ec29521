// The comparator: two PNG files in, a verdict with where it changed out. Byte-equal files stop
// before decoding; otherwise pixelmatch (anti-aliasing aware, the engine Playwright uses) runs
// once with masks as its ignore mask, and one walk over its output yields the per-region counts,
// the clusters and the diff image. Boxes come in CSS px; images are device px (× dsf).
import pixelmatch from 'pixelmatch';
import type { Box, RegionCount } from '../../core/artifacts.js';
import { createHash } from 'node:crypto';
import { decodePng, DiffCanvas, PngError, type Rgba } from '../store/png.js';
import { ClusterGrid, type Cluster } from '../store/clusters.js';

export interface RegionInput { name: string; box: Box | null }

export interface CompareInput {
  baseline: Buffer;
  current: Buffer;
  threshold: number;
  deviceScaleFactor: number;
  /** boxes (CSS px) ignored in both images: current and baseline mask boxes */
  ignore: Box[];
  regions: RegionInput[];
  /** encode a diff PNG when pixels differ (after masks and anti-aliasing) */
  wantDiff: boolean;
  /** pixels per image decoded at most (default DEFAULT_MAX_PIXELS) */
  maxPixels?: number;
}

export type { RegionCount } from '../../core/artifacts.js';

export type CompareOutcome =
  | { kind: 'identical' }
  | { kind: 'unreadable'; which: 'baseline' | 'current'; reason: string }
  | ({ kind: 'size-changed'; baseline: Size; current: Size; strips: Strip[] } & Compared)
  | ({ kind: 'compared' } & Compared);

export interface Size { width: number; height: number }
/** Part of one image the other does not have (CSS px, top-left origin shared by both images):
 *  `added` lies in the current capture, `removed` only in the baseline. */
export interface Strip { kind: 'added' | 'removed'; box: Box }

interface Compared {
  width: number; height: number;   // the area compared (the common area when the size changed)
  changed: number;           // pixels beyond threshold, not anti-aliasing, not masked
  compared: number;          // pixels not masked
  ratio: number;             // changed / compared
  regions: RegionCount[];
  clusters: Cluster[];       // CSS px, largest first
  clusterCount: number;      // before truncation
  diffPng: Buffer | null;    // only when changed > 0 (or the size changed) and wanted; as large as both images together
  /** what changed, as data: the changed areas' places and both images' pixels in them (masked ones
   *  left out). The same header changed the same way on 40 pages has one key; null when nothing changed. */
  changeKey: string | null;
}

export const MAX_CLUSTERS = 20;

/** Device-pixel rectangle [x0, x1) × [y0, y1) clipped to the image, or null when empty. */
export function toDevice(b: Box, dsf: number, w: number, h: number): [number, number, number, number] | null {
  const x0 = Math.max(0, Math.floor(b.x * dsf)), y0 = Math.max(0, Math.floor(b.y * dsf));
  const x1 = Math.min(w, Math.ceil((b.x + b.width) * dsf)), y1 = Math.min(h, Math.ceil((b.y + b.height) * dsf));
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : null;
}

function decode(buf: Buffer, which: 'baseline' | 'current', maxPixels?: number): Rgba | { kind: 'unreadable'; which: 'baseline' | 'current'; reason: string } {
  try { return decodePng(buf, maxPixels); } catch (err) {
    return { kind: 'unreadable', which, reason: err instanceof PngError ? err.message : `undecodable PNG: ${(err as Error).message}` };
  }
}

export function compareImages(input: CompareInput): CompareOutcome {
  if (input.baseline.equals(input.current)) return { kind: 'identical' };
  const a = decode(input.baseline, 'baseline', input.maxPixels);
  if ('kind' in a) return a;
  const b = decode(input.current, 'current', input.maxPixels);
  if ('kind' in b) return b;
  const dsf = input.deviceScaleFactor > 0 ? input.deviceScaleFactor : 1;
  if (a.width === b.width && a.height === b.height) return { kind: 'compared', ...compareArea(a, b, input, dsf, null) };
  // a size change: compare the area both images have, and mark the strip only one of them has
  const w = Math.min(a.width, b.width), h = Math.min(a.height, b.height);
  const strips = stripsOf(a, b).map(({ kind, device }) => ({ kind, box: cssBox(device, dsf) }));
  const canvas = { width: Math.max(a.width, b.width), height: Math.max(a.height, b.height), strips: stripsOf(a, b) };
  const common = compareArea(crop(a, w, h), crop(b, w, h), input, dsf, canvas);
  return { kind: 'size-changed', baseline: { width: a.width, height: a.height }, current: { width: b.width, height: b.height }, strips, ...common };
}

type DeviceStrip = { kind: Strip['kind']; device: [number, number, number, number] };
/** Right and bottom strips one image has beyond the other (device px). */
function stripsOf(a: Size, b: Size): DeviceStrip[] {
  const out: DeviceStrip[] = [];
  const h = Math.min(a.height, b.height);
  if (a.width !== b.width) out.push({ kind: b.width > a.width ? 'added' : 'removed', device: [Math.min(a.width, b.width), 0, Math.max(a.width, b.width), h] });
  if (a.height !== b.height) {
    const taller = b.height > a.height ? b : a;
    out.push({ kind: b.height > a.height ? 'added' : 'removed', device: [0, h, taller.width, taller.height] });
  }
  return out;
}

/** The top-left w × h of an image (a copy). */
function crop(img: Rgba, w: number, h: number): Rgba {
  if (img.width === w && img.height === h) return img;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(y * img.width * 4, (y * img.width + w) * 4), y * w * 4);
  return { width: w, height: h, data };
}

/** pixelmatch over two same-sized images; the diff canvas may be larger (a size change) and carries the strips. */
function compareArea(a: Rgba, b: Rgba, input: CompareInput, dsf: number, sized: { width: number; height: number; strips: DeviceStrip[] } | null): Compared {
  const { width: w, height: h } = a;
  const len = w * h;

  // masks: blanked for the comparison only, through pixelmatch's ignore mask
  let ignore: Uint8Array | undefined;
  let masked = 0;
  for (const box of input.ignore) {
    const r = toDevice(box, dsf, w, h);
    if (!r) continue;
    ignore ??= new Uint8Array(len);
    for (let y = r[1]; y < r[3]; y++) ignore.fill(1, y * w + r[0], y * w + r[2]);
  }
  if (ignore) for (let i = 0; i < len; i++) masked += ignore[i];

  const out = new Uint8Array(len * 4);
  const changed = pixelmatch(a.data, b.data, out, w, h, {
    threshold: input.threshold, diffMask: true, diffColor: [255, 0, 0], diffColorAlt: [255, 0, 200], ignoreMask: ignore,
  });

  const regions = input.regions.map((r) => {
    const d = r.box ? toDevice(r.box, dsf, w, h) : null;
    let pixels = d ? (d[2] - d[0]) * (d[3] - d[1]) : 0;
    if (d && ignore) for (let y = d[1]; y < d[3]; y++) for (let x = d[0]; x < d[2]; x++) pixels -= ignore[y * w + x];
    return { name: r.name, box: r.box, d, pixels, changed: 0 };
  });
  const grid = new ClusterGrid(w, h);
  const canvas = (changed > 0 || sized) && input.wantDiff ? new DiffCanvas(sized?.width ?? w, sized?.height ?? h) : null;
  if (canvas && sized) for (const st of sized.strips) canvas.hatch(...st.device);

  if (changed > 0) {
    // one walk over the diff output, stopping once every counted pixel has been seen
    const o32 = new Uint32Array(out.buffer, 0, len);
    const boxes = regions.filter((r) => r.d);
    for (let i = 0, seen = 0; i < len && seen < changed; i++) {
      if (o32[i] === 0) continue;
      seen++;
      const x = i % w, y = (i / w) | 0;
      grid.add(x, y);
      if (canvas) canvas.set(x, y, out[i * 4 + 2] ? 2 : 1);
      for (const r of boxes) { const d = r.d!; if (x >= d[0] && x < d[2] && y >= d[1] && y < d[3]) r.changed++; }
    }
  }
  const all = grid.clusters();
  const clusters = all.slice(0, MAX_CLUSTERS);
  if (canvas) for (const c of clusters) canvas.outline(c.device[0], c.device[1], c.device[2], c.device[3]);
  const compared = len - masked;
  return {
    width: w, height: h, changed, compared,
    ratio: compared > 0 ? changed / compared : 0,
    regions: regions.map((r) => ({ name: r.name, changed: r.changed, pixels: r.pixels, ratio: r.pixels > 0 ? r.changed / r.pixels : 0, box: r.box })),
    clusters: clusters.map((c) => ({ box: cssBox(c.device, dsf), pixels: c.pixels, device: c.device })),
    clusterCount: all.length,
    diffPng: canvas ? canvas.encode() : null,
    changeKey: changed > 0 ? changeKeyOf(a, b, all.map((c) => c.device), ignore) : null,
  };
}

/** A hash of every changed area's device box and the baseline's and capture's pixels inside it. */
function changeKeyOf(a: Rgba, b: Rgba, areas: [number, number, number, number][], ignore: Uint8Array | undefined): string {
  const h = createHash('sha256');
  const w = a.width;
  for (const [x0, y0, x1, y1] of [...areas].sort((p, q) => p[1] - q[1] || p[0] - q[0])) {
    h.update(`${x0},${y0},${x1},${y1};`);
    for (let y = y0; y < y1; y++) {
      const row = new Uint8Array((x1 - x0) * 8);
      for (let x = x0; x < x1; x++) {
        if (ignore?.[y * w + x]) continue;
        const i = (y * w + x) * 4, o = (x - x0) * 8;
        row.set(a.data.subarray(i, i + 4), o);
        row.set(b.data.subarray(i, i + 4), o + 4);
      }
      h.update(row);
    }
  }
  return h.digest('hex').slice(0, 16);
}

function cssBox(d: [number, number, number, number], dsf: number): Box {
  const x = Math.floor(d[0] / dsf), y = Math.floor(d[1] / dsf);
  return { x, y, width: Math.ceil(d[2] / dsf) - x, height: Math.ceil(d[3] / dsf) - y };
}

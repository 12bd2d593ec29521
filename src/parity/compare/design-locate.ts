// Where a region of the capture is in a design export: searched over the whole export in two
// dimensions, never assumed at the capture's place. The region's top-left and bottom-right corners
// (each a patch reaching a little outside the box, so the edge against its surroundings counts) are
// found separately by normalised cross-correlation of luma at the comparison scale; the export's box
// runs from one to the other, so a region found elsewhere has moved and one whose corners are
// further apart or closer has been resized. Luma, not colour: a recoloured block is found where it
// is and then judged on colour (delta-e.ts). Ties (a flat edge, identical cards) go to the reading
// nearest the capture's own place and size. An edge the capture does not show (text on the page's
// background) is not searched: the text's end in another font is not the box's.
import type { Box } from '../../core/artifacts.js';
import type { Rgba } from '../store/png.js';

/** Corner patches: at most this many CSS px of the region each way, plus MARGIN outside it. */
const PATCH = 96, MARGIN = 12;
/** A patch with less luma spread than this (0..255) shows nothing to find (a blank region). */
const FLAT = 4;
/** Near-ties: readings within this much correlation of the best are told apart by distance. */
const TIE = 0.03;

export interface Located {
  /** the region's box in the export (CSS px of the scaled export) */
  box: Box;
  /** correlation of the weaker corner at its place (−1..1) */
  match: number;
}

interface Gray { width: number; height: number; v: Float32Array }

export function toGray(img: Rgba): Gray {
  const v = new Float32Array(img.width * img.height);
  for (let i = 0; i < v.length; i++) v[i] = 0.299 * img.data[i * 4] + 0.587 * img.data[i * 4 + 1] + 0.114 * img.data[i * 4 + 2];
  return { width: img.width, height: img.height, v };
}

interface Patch { x: number; y: number; w: number; h: number; t: Float32Array }

/** The zero-mean, unit-norm patch of `g` at (x, y, w, h) (px), or null when it is flat. */
function patch(g: Gray, x: number, y: number, w: number, h: number): Patch | null {
  x = Math.max(0, x); y = Math.max(0, y);
  w = Math.min(w, g.width - x); h = Math.min(h, g.height - y);
  if (w < 2 || h < 2) return null;
  const t = new Float32Array(w * h);
  let mean = 0;
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) { const p = g.v[(y + j) * g.width + x + i]; t[j * w + i] = p; mean += p; }
  mean /= t.length;
  let ss = 0;
  for (let k = 0; k < t.length; k++) { t[k] -= mean; ss += t[k] * t[k]; }
  if (Math.sqrt(ss / t.length) < FLAT) return null;
  const n = Math.sqrt(ss);
  for (let k = 0; k < t.length; k++) t[k] /= n;
  return { x, y, w, h, t };
}

/** Normalised cross-correlation of `p` at every placement in `g` (top-left px → −1..1). */
function nccMap(g: Gray, p: Patch): { w: number; h: number; c: Float32Array } {
  const W = g.width - p.w + 1, H = g.height - p.h + 1;
  const c = new Float32Array(Math.max(0, W) * Math.max(0, H));
  if (W <= 0 || H <= 0) return { w: 0, h: 0, c };
  // window sums of the image and its square, from summed-area tables
  const sw = g.width + 1, S = new Float64Array(sw * (g.height + 1)), S2 = new Float64Array(sw * (g.height + 1));
  for (let y = 0; y < g.height; y++) {
    let r = 0, r2 = 0;
    for (let x = 0; x < g.width; x++) { const v = g.v[y * g.width + x]; r += v; r2 += v * v; S[(y + 1) * sw + x + 1] = S[y * sw + x + 1] + r; S2[(y + 1) * sw + x + 1] = S2[y * sw + x + 1] + r2; }
  }
  const n = p.w * p.h;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const a = y * sw + x, b = a + p.w, d = (y + p.h) * sw + x, e = d + p.w;
      const sum = S[e] - S[b] - S[d] + S[a], sum2 = S2[e] - S2[b] - S2[d] + S2[a];
      const v = sum2 - (sum * sum) / n;
      if (v <= n * FLAT * FLAT * 0.25) { c[y * W + x] = 0; continue; }
      // the patch is zero-mean, so Σ t·(g − mean) = Σ t·g
      let dot = 0;
      for (let j = 0; j < p.h; j++) {
        const row = (y + j) * g.width + x, tr = j * p.w;
        for (let i = 0; i < p.w; i++) dot += p.t[tr + i] * g.v[row + i];
      }
      c[y * W + x] = dot / Math.sqrt(v);
    }
  }
  return { w: W, h: H, c };
}

/**
 * The region `box` (CSS px) of the capture `cap`, found in the export `exp` (both grey at `scale`
 * px per CSS px, the same width in CSS px). Null when the region shows nothing to find (a blank
 * box: compared where the capture has it).
 */
export function locate(cap: Gray, exp: Gray, box: Box, scale: number, shown = edgesShown(cap, box, scale)): Located | null {
  const s = scale, m = Math.round(MARGIN * s);
  const bx = Math.round(box.x * s), by = Math.round(box.y * s), bw = Math.max(2, Math.round(box.width * s)), bh = Math.max(2, Math.round(box.height * s));
  const pw = Math.min(bw, Math.round(PATCH * s)), ph = Math.min(bh, Math.round(PATCH * s));
  // each corner patch reaches MARGIN outside the box (clipped to the capture); its offset from the corner is kept
  const tl = patch(cap, bx - m, by - m, pw + m, ph + m);
  const br = patch(cap, bx + bw - pw, by + bh - ph, pw + m, ph + m);
  if (!tl || !br) return null;
  const A = nccMap(exp, tl), B = nccMap(exp, br);
  if (!A.c.length || !B.c.length) return null;
  // corner positions in px: the patch's placement plus its offset from the corner
  const tlOff = { x: bx - tl.x, y: by - tl.y }, brOff = { x: bx + bw - br.x, y: by + bh - br.y };
  // top-left readings near the best; bottom-right readings by correlation (the best few thousand)
  const order = (c: Float32Array, floor: number, limit: number) => {
    const ks: number[] = [];
    for (let k = 0; k < c.length; k++) if (c[k] >= floor) ks.push(k);
    return ks.sort((i, j) => c[j] - c[i]).slice(0, limit);
  };
  const tls = order(A.c, max(A.c) - TIE, 64);
  // an edge the capture does not show (text ending short of a box with no border or background of
  // its own: a footer's right edge) has no place to be found at — a bottom-right corner found there
  // is where the text ends in the other font, not where the box does. That coordinate is the
  // capture's own size from the top-left corner, and only the other one is searched.
  const fixX = !shown.right, fixY = !shown.bottom;
  const brs = fixX || fixY ? [] : order(B.c, max(B.c) - 0.5, 4000);
  // for each top-left reading, the best bottom-right one that keeps the box sane (a quarter to four
  // times the capture's size), nearest the capture's size among near-ties; then the best pair,
  // nearest the capture's place among near-ties
  let best: { score: number; dist: number; x0: number; y0: number; x1: number; y1: number; match: number } | null = null;
  for (const k of tls) {
    const x0 = (k % A.w) + tlOff.x, y0 = Math.floor(k / A.w) + tlOff.y;
    let top = -Infinity, pick: { c: number; d: number; x1: number; y1: number } | null = null;
    for (const q of fixX || fixY ? along(B, fixX ? x0 + bw - brOff.x : null, fixY ? y0 + bh - brOff.y : null) : brs) {
      const c = B.c[q];
      if (c < top - TIE) break;
      const x1 = (q % B.w) + brOff.x, y1 = Math.floor(q / B.w) + brOff.y;
      const w = x1 - x0, h = y1 - y0;
      if (w < bw / 4 || h < bh / 4 || w > bw * 4 || h > bh * 4) continue;
      if (top === -Infinity) top = c;
      const d = Math.hypot(w - bw, h - bh);
      if (!pick || d < pick.d) pick = { c, d, x1, y1 };
    }
    if (!pick) continue;
    const score = A.c[k] + pick.c, dist = Math.hypot(x0 - bx, y0 - by) + pick.d;
    // a corner placed by the capture's size, not found, says nothing of whether the region is there
    const match = fixX ? A.c[k] : Math.min(A.c[k], pick.c);
    if (!best || score > best.score + TIE || (score >= best.score - TIE && dist < best.dist)) best = { score, dist, x0, y0, x1: pick.x1, y1: pick.y1, match };
  }
  // no top-left reading with a bottom-right one that keeps the box sane (and, for an edge not shown,
  // fits in the export): nothing found (design.ts names it missing)
  if (!best) return { box: { ...box }, match: -1 };
  return { box: { x: best.x0 / s, y: best.y0 / s, width: (best.x1 - best.x0) / s, height: (best.y1 - best.y0) / s }, match: best.match };
}

/** Whether the capture `g` (at `scale` px per CSS px) shows the right and the bottom edge of `box`
 *  (CSS px): a region of text on the page's own background (a footer line) shows neither. */
export function edgesShown(g: Gray, box: Box, scale: number): { right: boolean; bottom: boolean } {
  const s = scale, bx = Math.round(box.x * s), by = Math.round(box.y * s);
  const bw = Math.max(2, Math.round(box.width * s)), bh = Math.max(2, Math.round(box.height * s));
  return { right: edgeShows(g, bx + bw, by, bh, 'x'), bottom: edgeShows(g, by + bh, bx, bw, 'y') };
}

/** Whether the capture shows its box's right (`x`) or bottom (`y`) edge at `at` px: across it (the
 *  px wholly inside, the two that may straddle the rounded edge, the one wholly outside), along its
 *  `len` px from `from`, luma spreads by FLAT on average (a border, a background, content against
 *  the edge). An edge at or near the image's own edge counts as shown. */
function edgeShows(g: Gray, at: number, from: number, len: number, axis: 'x' | 'y'): boolean {
  if (at < 2 || at + 1 >= (axis === 'x' ? g.width : g.height)) return true;
  let sum = 0, n = 0;
  for (let k = Math.max(0, from); k < Math.min(from + len, axis === 'x' ? g.height : g.width); k++) {
    const px = (i: number) => (axis === 'x' ? g.v[k * g.width + i] : g.v[i * g.width + k]);
    const v = [px(at - 2), px(at - 1), px(at), px(at + 1)];
    sum += Math.max(...v) - Math.min(...v);
    n++;
  }
  return n === 0 || sum / n >= FLAT;
}

/** The placements of a correlation map on column `x` and/or row `y` (null: any), best first; none
 *  where that column or row is off the map (the box at the capture's size, with the patch's margin,
 *  would reach past the export's edge from that top-left corner). */
function along(m: { w: number; h: number; c: Float32Array }, x: number | null, y: number | null): number[] {
  const ks: number[] = [];
  for (let j = y ?? 0; j <= (y ?? m.h - 1); j++) for (let i = x ?? 0; i <= (x ?? m.w - 1); i++) if (i >= 0 && j >= 0 && i < m.w && j < m.h) ks.push(j * m.w + i);
  return ks.sort((a, b) => m.c[b] - m.c[a]);
}

/** The strip checked outside a located box's top and bottom edges (CSS px): about one block gap. */
export const EDGE_PX = 16;

/**
 * How much what lies just outside the region's top and bottom edges differs between the capture and
 * the export at the box found there: the mean luma difference (0..255) of the EDGE_PX strip above
 * and below, each px against the nearest within 1 px (4 CSS px) in the other image, the worse way
 * round; null where a strip falls outside either image. A region that lost its last rows (a total
 * line, a second row of cards) has its corners found on the part that is left, so the box found is
 * the capture's size — but in the export its content goes on below that box, and the strip shows it.
 */
export function edgeStrips(cap: Gray, exp: Gray, box: Box, found: Box, scale: number): { top: number | null; bottom: number | null } {
  const s = scale, h = Math.max(1, Math.round(EDGE_PX * s));
  const x = Math.round(box.x * s), w = Math.max(1, Math.round(box.width * s)), fx = Math.round(found.x * s);
  const strip = (cy: number, ey: number) => Math.max(nearestDiff(cap, x, cy, exp, fx, ey, w, h), nearestDiff(exp, fx, ey, cap, x, cy, w, h));
  const top = strip(Math.round(box.y * s) - h, Math.round(found.y * s) - h);
  const bottom = strip(Math.round((box.y + box.height) * s), Math.round((found.y + found.height) * s));
  return { top: Number.isFinite(top) ? top : null, bottom: Number.isFinite(bottom) ? bottom : null };
}

/** Mean over the w×h strip of `a` at (ax, ay) of its px's luma difference from the nearest px within
 *  1 px in `b` at (bx, by); NaN when the strip is not inside both images. */
function nearestDiff(a: Gray, ax: number, ay: number, b: Gray, bx: number, by: number, w: number, h: number): number {
  const inside = (g: Gray, x: number, y: number) => x >= 0 && y >= 0 && x + w <= g.width && y + h <= g.height;
  if (!inside(a, ax, ay) || !inside(b, bx, by)) return NaN;
  let sum = 0;
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
    const v = a.v[(ay + j) * a.width + ax + i];
    let best = Infinity;
    for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) {
      const X = bx + i + di, Y = by + j + dj;
      if (X >= 0 && Y >= 0 && X < b.width && Y < b.height) best = Math.min(best, Math.abs(v - b.v[Y * b.width + X]));
    }
    sum += best;
  }
  return sum / (w * h);
}

function max(c: Float32Array): number { let m = -Infinity; for (let k = 0; k < c.length; k++) if (c[k] > m) m = c[k]; return m; }

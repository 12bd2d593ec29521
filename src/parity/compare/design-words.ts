// The words of a region, in reading order, as widths: whether text that reflowed inside a region
// (its height differs from the export's) is the same words rewrapped in another font, or other words
// of about the same shape. Rewrapping changes the lines, never the sequence of words; another font
// scales every word's width by about one factor. So each image's region is cut at 1 px per CSS px,
// split into lines (rows with ink) and each line into words (ink separated by a gap of at least a
// quarter of the line's height: a space, not the gap between two letters), and the two sequences of
// widths are aligned (longest common subsequence, words agreeing within WORD_TOLERANCE once one
// sequence is scaled by the best factor). The lines alone (regionLines, sameLines) tell whether a
// region of the export's height holds its text where the export does: where it does not, the words
// are asked for too. docs/design-parity.md has the measurements.
import type { Box } from '../../core/artifacts.js';
import { crop, resizeArea } from './design-image.js';
import { dtwMatch } from './dtw.js';
import type { Rgba } from '../store/png.js';

/** CSS px left out inside the box's edges: its own border and rounded corners are not words. */
const INSET = 6;
/** Luma difference (0..255) from the region's background that counts as ink. */
const INK = 60;
/** A word gap is at least this share of its line's height (and 4 px): a space is about 0.3 em, the
 *  gap between two letters at most about 0.15. */
const GAP = 0.25, GAP_MIN = 4;
/** Two words agree when their widths (one scaled) differ by at most this share, or 2 px. */
const WORD_TOLERANCE = 0.2;

/** A band of rows this many px tall or less is a rule, a border or a field's anti-aliased edge, not
 *  a line of text (text of 8 px or more has ink at least this tall). */
const LINE_MIN = 4;

/** A region's text as read for lines and words: `box` (CSS px) of `img` drawn at `pxPerCss`, cut at
 *  1 px per CSS px (inside INSET), as luma, with its background and ink rule; null when the box is
 *  too small to hold any. Masked boxes (CSS px of the page) hold no ink: what is masked is not
 *  compared. Read once per image and region, then asked for its lines, words and line profiles. */
export function readText(img: Rgba, pxPerCss: number, box: Box, masks: Box[] = []) {
  const w = Math.round(box.width - 2 * INSET), h = Math.round(box.height - 2 * INSET);
  if (w < 2 || h < 2) return null;
  const c0 = crop(img, { x: (box.x + INSET) * pxPerCss, y: (box.y + INSET) * pxPerCss, width: w * pxPerCss, height: h * pxPerCss });
  if (!c0) return null;
  const c = resizeArea(c0, w, h);
  const W = c.width, H = c.height, g = new Float32Array(W * H);
  for (let i = 0; i < g.length; i++) g[i] = 0.299 * c.data[i * 4] + 0.587 * c.data[i * 4 + 1] + 0.114 * c.data[i * 4 + 2];
  // the background: the commonest luma (in bins of 8), averaged over its bin
  const hist = new Int32Array(32);
  for (let i = 0; i < g.length; i++) hist[g[i] >> 3]++;
  let mode = 0;
  for (let k = 1; k < 32; k++) if (hist[k] > hist[mode]) mode = k;
  let sum = 0, n = 0;
  for (let i = 0; i < g.length; i++) if (g[i] >> 3 === mode) { sum += g[i]; n++; }
  const bg = sum / n;
  const ox = box.x + INSET, oy = box.y + INSET;
  const masked = (x: number, y: number) => masks.some((m) => x + ox >= m.x && x + ox < m.x + m.width && y + oy >= m.y && y + oy < m.y + m.height);
  const ink = (x: number, y: number) => Math.abs(g[y * W + x] - bg) > INK && !masked(x, y);
  /** how much ink a px holds, 0..1 (its luma's distance from the background's, half the range = all) */
  const amount = (x: number, y: number) => (masked(x, y) ? 0 : Math.min(1, Math.abs(g[y * W + x] - bg) / 128));
  return { W, H, ink, amount };
}

export type TextRegion = NonNullable<ReturnType<typeof readText>>;

/** The region's lines: bands of rows with ink, taller than LINE_MIN, top to bottom ([y0, y1) px). */
function bands({ W, H, ink }: TextRegion): [number, number][] {
  const rowInk = (y: number) => { for (let x = 0; x < W; x++) if (ink(x, y)) return true; return false; };
  const out: [number, number][] = [];
  for (let y0 = 0; y0 < H;) {
    if (!rowInk(y0)) { y0++; continue; }
    let y1 = y0 + 1;
    while (y1 < H && rowInk(y1)) y1++;
    if (y1 - y0 > LINE_MIN) out.push([y0, y1]);
    y0 = y1;
  }
  return out;
}

/** The region's lines: [top, bottom) in CSS px from the box's inset top. */
export function regionLines(t: TextRegion): [number, number][] {
  return bands(t);
}

/** Whether two regions' lines are at the same places: as many lines, each of either overlapping one
 *  of the other's by at least half the shorter's height. Another font moves a line by a px or two; a
 *  heading that wraps in one and not the other, or other content, puts lines where the other has
 *  none — or two small lines inside one tall one's band, which overlap it both ways. */
export function sameLines(a: [number, number][], b: [number, number][]): boolean {
  const has = ([y0, y1]: [number, number], other: [number, number][]) => other.some(([z0, z1]) => Math.min(y1, z1) - Math.max(y0, z0) >= 0.5 * Math.min(y1 - y0, z1 - z0));
  return a.length === b.length && a.every((l) => has(l, b)) && b.every((l) => has(l, a));
}

/** Columns a line's profile may be aligned away from where the other font's width puts it: this
 *  share of its length, plus LINE_SLACK px (glyphs of another face are not all one factor wider). */
const LINE_BAND = 0.01, LINE_SLACK = 3;

/** Each line's profile: the ink in each column across the line's band (0..1, smoothed over 3 px),
 *  from its first column with ink to its last. */
function lineProfiles(r: TextRegion): number[][] {
  return bands(r).map(([y0, y1]) => {
    const p: number[] = [];
    for (let x = 0; x < r.W; x++) { let c = 0; for (let y = y0; y < y1; y++) c += r.amount(x, y); p.push(c / (y1 - y0)); }
    let a = 0, b = p.length;
    while (a < b && p[a] * 255 <= INK / 2) a++;
    while (b > a && p[b - 1] * 255 <= INK / 2) b--;
    const q = p.slice(a, b);
    return q.map((_, i) => (q[Math.max(0, i - 1)] + q[i] + q[Math.min(q.length - 1, i + 1)]) / 3);
  });
}

/**
 * Whether the text of a region is the export's, line by line (-1..1; null when the two do not have
 * the same number of lines, or no line long enough to tell). Another font draws the same text
 * narrower or wider by about one factor, the gaps between words where the same letters put them: each
 * line's ink profile (lineProfiles) is scaled to the capture's line length and aligned by dynamic
 * time warping within LINE_BAND, and correlated. Other words of the same length put their gaps and
 * dense letters elsewhere. The weakest line counts.
 */
export function lineAgreement(ra: TextRegion, rb: TextRegion): number | null {
  const A = lineProfiles(ra), B = lineProfiles(rb);
  if (A.length !== B.length) return null;
  let worst: number | null = null;
  A.forEach((pa, k) => {
    const pb = scaleTo(B[k], pa.length);
    if (pa.length < 8 || !pb) return;
    const band = Math.round(LINE_BAND * pa.length) + LINE_SLACK;
    const match = dtwMatch(pa, pb, -band, band);
    const c = correlation(pa, Array.from(match, (j) => pb[j]));
    worst = worst === null ? c : Math.min(worst, c);
  });
  return worst;
}

/** `p` resampled (linearly) to `n` values; null when it is empty. */
function scaleTo(p: number[], n: number): number[] | null {
  if (!p.length) return null;
  return Array.from({ length: n }, (_, i) => {
    const f = Math.max(0, ((i + 0.5) * p.length) / n - 0.5), k = Math.min(p.length - 1, Math.floor(f)), t = f - k;
    return p[k] * (1 - t) + p[Math.min(p.length - 1, k + 1)] * t;
  });
}

/** Pearson correlation of two series of one length (0 when either is flat). */
function correlation(a: number[], b: number[]): number {
  const n = a.length, ma = a.reduce((s, v) => s + v, 0) / n, mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < n; i++) { ab += (a[i] - ma) * (b[i] - mb); aa += (a[i] - ma) ** 2; bb += (b[i] - mb) ** 2; }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** The widths (CSS px) of the region's words, line by line. */
export function regionWords(r: TextRegion): number[] {
  const { W, ink } = r;
  const out: number[] = [];
  for (const [y0, y1] of bands(r)) {
    const gap = Math.max(GAP_MIN, Math.round(GAP * (y1 - y0)));
    let start = -1, blank = 0;
    for (let x = 0; x <= W; x++) {
      let on = false;
      for (let y = y0; x < W && y < y1 && !on; y++) on = ink(x, y);
      if (on) { if (start < 0) start = x; blank = 0; continue; }
      if (start < 0) continue;
      if (++blank >= gap || x === W) { out.push(x - blank + 1 - start); start = -1; blank = 0; }
    }
  }
  return out;
}

/** How far the two sequences of word widths are the same words (0..1): the share of words of both
 *  that pair up in order, at the scale factor (another font's widths) that pairs up the most. */
export function wordAgreement(a: number[], b: number[]): number {
  if (!a.length || !b.length) return a.length === b.length ? 1 : 0;
  const n = a.length, m = b.length, L = new Int32Array((n + 1) * (m + 1));
  let best = 0;
  // font width factors from 0.6 to 1.7 (a condensed face to a wide monospace one), 3 % apart
  for (let k = 0.6; k <= 1.7; k *= 1.03) {
    for (let i = 1; i <= n; i++) for (let j = 1; j <= m; j++) {
      const d = Math.abs(a[i - 1] - k * b[j - 1]);
      const same = d <= 2 || d <= WORD_TOLERANCE * Math.max(a[i - 1], k * b[j - 1]);
      L[i * (m + 1) + j] = Math.max(L[(i - 1) * (m + 1) + j], L[i * (m + 1) + j - 1], same ? L[(i - 1) * (m + 1) + j - 1] + 1 : 0);
    }
    best = Math.max(best, L[(n + 1) * (m + 1) - 1]);
  }
  return (2 * best) / (n + m);
}

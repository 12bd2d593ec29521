// Comparison with an accepted design export (a baseline imported by `veval approve --from-image`).
// An export never matches a render pixel for pixel (another font stack, anti-aliasing, another
// scale), so pixels are not counted: the export is scaled to the capture's width (CSS px), and each
// region is found in the export (design-locate.ts; with region boxes, the export's box is the truth)
// and judged moved, resized (also: the export's region goes on past its edge), missing, restyled
// (ΔE2000) and content (SSIM, design-image.ts; text reflowed inside, or on other lines, must be the
// same words, and text without a box edge of its own the same ink along its lines: design-words.ts),
// each against its own threshold.
// How the default threshold was chosen, on which pairs, with which error rates: docs/design-parity.md.
import type { Box } from '../../core/artifacts.js';
import type { DESIGN_DEPARTURES } from '../../core/artifact-results.js';
import { clip, colourSimilarity, crop, fillBoxes, lumaSimilarity, resizeArea, WINDOW } from './design-image.js';
import { EDGE_PX, edgesShown, edgeStrips, locate, toGray } from './design-locate.js';
import { nearestDeltaE } from './delta-e.js';
import { lineAgreement, readText, regionLines, regionWords, sameLines, wordAgreement, type TextRegion } from './design-words.js';
import { dtwMatch } from './dtw.js';
import type { Rgba } from '../store/png.js';

export { DESIGN_DEFAULTS } from '../../core/limits.js';
/** Crops are compared at this many px per CSS px: coarse enough that glyph shapes of another font
 *  stack blur away, fine enough that a moved or missing block does not (docs/design-parity.md). */
export const DESIGN_SCALE = 0.25;
/** The name of the one region compared when a spec declares none: the whole common area. */
export const PAGE_REGION = 'page';
/** With region boxes the layout is judged on the boxes; the content is still looked for this close
 *  to the export's box (rounding of the box a plugin wrote). */
const SEARCH_PX = 4;
/** Text above a region may reflow in another font (a paragraph one line longer or shorter), so the
 *  content below drifts vertically the further down it is: a region is also allowed this share of
 *  its distance from the top of the page vertically. */
export const DRIFT = 0.1;
/** Text inside a region may reflow too: its height may differ by this share of it (plus tolerancePx)
 *  whatever maxSizeRatio says. */
export const REFLOW = 0.2;

export interface DesignSettings { minScore: number; tolerancePx: number; maxSizeRatio: number; maxDeltaE: number }

/** The kinds of departure, each with its own threshold (docs/design-parity.md). */
export type DesignDeparture = typeof DESIGN_DEPARTURES[number];

export interface DesignRegionInput {
  name: string;
  /** where the capture has it (CSS px); null: not found in the capture */
  box: Box | null;
  /** where the export has it (CSS px of the export scaled to the capture's width); null: no region
   *  boxes came with the export, so the capture's box is read in the export too */
  exportBox: Box | null;
}

export interface DesignRegion {
  name: string;
  /** perceptual similarity 0..1; null when it could not be scored (see `why`) */
  score: number | null;
  threshold: number;
  box: Box | null;
  /** where the export has it (CSS px of the scaled export): found there, or its region box */
  exportBox: Box | null;
  /** true: found by searching the export (no region boxes); false: the export's region box */
  located: boolean;
  /** how well its corners match at the place found (normalised cross-correlation, −1..1); null with region boxes */
  match: number | null;
  /** capture size ÷ export size, per axis */
  sizeRatio: { width: number; height: number } | null;
  /** mean CIE ΔE2000 between the capture's box and the export's */
  deltaE: number | null;
  /** the kinds of departure found (empty when it matches) */
  kinds: DesignDeparture[];
  /** how far (CSS px) the export's crop was moved to match best (at most the search radius) */
  shift: { dx: number; dy: number } | null;
  /** capture box minus export box (px) */
  offset: { dx: number; dy: number; dw: number; dh: number } | null;
  tolerancePx: number | null;
  departs: boolean;
  /** why it departs, one clause each ("similarity 0.41 below 0.6", "moved by (0, 412) px") */
  why: string[];
}

export interface DesignComparison {
  /** the export's size once scaled to the capture's width, CSS px */
  exportSize: { width: number; height: number };
  captureSize: { width: number; height: number };
  /** CSS px of the capture per px of the export file */
  scale: number;
  regions: DesignRegion[];
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** The capture and the export at DESIGN_SCALE px per CSS px, the same width (the capture's in CSS
 *  px), masks painted out in both; and their sizes in CSS px. Resampled once, straight from the files. */
export function toCommonScale(exportImg: Rgba, captureImg: Rgba, deviceScaleFactor: number, masks: Box[]) {
  const dsf = deviceScaleFactor > 0 ? deviceScaleFactor : 1;
  const width = Math.round(captureImg.width / dsf);
  const scale = width / exportImg.width;
  const capSize = { width, height: Math.round(captureImg.height / dsf) }, expSize = { width, height: Math.round(exportImg.height * scale) };
  const s = DESIGN_SCALE;
  const cap = resizeArea(captureImg, width * s, capSize.height * s), exp = resizeArea(exportImg, width * s, expSize.height * s);
  const m = masks.map((b) => ({ x: b.x * s, y: b.y * s, width: b.width * s, height: b.height * s }));
  fillBoxes(cap, m);
  fillBoxes(exp, m);
  return { exp, cap, capSize, expSize, scale };
}

/** A box (CSS px) in whole px at DESIGN_SCALE: origin and size rounded each, so two boxes of one size
 *  crop to one size wherever they lie (rounding each edge on its own made a 44 px button 11 px tall
 *  here and 12 px there, and the stretch back cost a small region a third of its score). */
function atScale(b: Box): Box {
  const s = DESIGN_SCALE;
  return { x: Math.round(b.x * s), y: Math.round(b.y * s), width: Math.max(1, Math.round(b.width * s)), height: Math.max(1, Math.round(b.height * s)) };
}

interface Scored { score: number; shift: { dx: number; dy: number } }

/**
 * The similarity of the capture's crop `box` with the export read at `from`, the export's crop
 * moved by up to `radius` CSS px each way (fonts of another stack push later lines a little; a
 * region is where the export has it when it is found that close). Both images are compared at
 * DESIGN_SCALE; the offset with the best luma SSIM wins and is then scored per colour channel.
 */
function scoreAt(cap: Rgba, exp: Rgba, box: Box, from: Box, radius: { x: number; y: number }): Scored | null {
  const s = DESIGN_SCALE;
  const sb = atScale;
  const a0 = crop(cap, sb(box));
  if (!a0) return null;
  // at least one SSIM window: a small region is enlarged, never compared on fewer pixels than that
  const grow = Math.max(1, WINDOW / a0.width, WINDOW / a0.height);
  const size = { width: Math.round(a0.width * grow), height: Math.round(a0.height * grow) };
  const a = grow > 1 ? resizeArea(a0, size.width, size.height) : a0;
  const target = sb(from);
  const read = (dx: number, dy: number) => {
    const b = crop(exp, { ...target, x: target.x + dx, y: target.y + dy });
    if (!b) return null;
    return b.width === size.width && b.height === size.height ? b : resizeArea(b, size.width, size.height);
  };
  const rx = Math.round(radius.x * s), ry = Math.round(radius.y * s);
  // vertical first (later lines pushed down or up), then sideways at the best height: 2·(2r+1)
  // comparisons instead of (2r+1)², the same optimum on the pairs measured
  let best: { luma: number; dx: number; dy: number; img: Rgba } | null = null;
  const tryAt = (dx: number, dy: number) => {
    const b = read(dx, dy);
    if (!b) return;
    const luma = lumaSimilarity(a, b);
    // ties go to the smaller shift (the plain reading first)
    if (!best || luma > best.luma + 1e-9 || (Math.abs(luma - best.luma) <= 1e-9 && Math.hypot(dx, dy) < Math.hypot(best.dx, best.dy))) best = { luma, dx, dy, img: b };
  };
  for (let dy = -ry; dy <= ry; dy++) tryAt(0, dy);
  const row = (best as { dy: number } | null)?.dy ?? 0;
  for (let dx = -rx; dx <= rx; dx++) if (dx !== 0) tryAt(dx, row);
  best = best as { luma: number; dx: number; dy: number; img: Rgba } | null;
  if (!best) return null;
  return { score: best.luma, shift: { dx: best.dx / s, dy: best.dy / s } };
}

/**
 * Content whose text reflowed inside (heights differ): a paragraph rewrapped in another font has other
 * line ends and may have a line more or fewer, but the same sequence of blocks from top to bottom
 * (heading, lines of text, button). Each image is reduced to its row profile (mean luma of each row at
 * DESIGN_SCALE); the export's rows are aligned to the capture's by dynamic time warping (rows may
 * repeat or be skipped, never reorder), and the aligned profiles are scored by SSIM. A block that is
 * gone or added (a button, an image) has no counterpart and still scores low; a line rewrapped does not.
 */
function rowsAligned(cap: Rgba, exp: Rgba, box: Box, from: Box): number {
  const a = crop(cap, atScale(box)), b0 = crop(exp, atScale(from));
  if (!a || !b0) return 0;
  const b = b0.width === a.width ? b0 : resizeArea(b0, a.width, b0.height);
  const profile = (img: Rgba) => {
    const p = new Float64Array(img.height);
    for (let y = 0; y < img.height; y++) {
      let m = 0;
      for (let x = 0; x < img.width; x++) { const k = (y * img.width + x) * 4; m += 0.299 * img.data[k] + 0.587 * img.data[k + 1] + 0.114 * img.data[k + 2]; }
      p[y] = m / img.width;
    }
    return p;
  };
  const pa = profile(a), pb = profile(b), n = pa.length, m = pb.length;
  // each capture row gets the export row it is aligned to; rows shift by at most the height
  // difference (plus a row): the text reflowed, it did not reorder
  const match = dtwMatch(pa, pb, Math.min(0, m - n) - 1, Math.max(0, m - n) + 1);
  const strip = (v: (y: number) => number): Rgba => {
    const data = new Uint8Array(n * WINDOW * 4);
    for (let y = 0; y < n; y++) for (let x = 0; x < WINDOW; x++) { const k = (y * WINDOW + x) * 4; data[k] = data[k + 1] = data[k + 2] = Math.round(v(y)); data[k + 3] = 255; }
    return { width: WINDOW, height: n, data };
  };
  return n >= WINDOW ? lumaSimilarity(strip((y) => pa[y]), strip((y) => pb[match[y]])) : 0;
}

/** A region without a right edge of its own must have its lines' ink follow the export's this much
 *  (design-words.ts lineAgreement): measured on the pairs, the catalog footer's text in another font
 *  at 1×, 2× and 3× 0.90–0.95, other words of its length 0.81–0.87 (docs/design-parity.md). */
export const TEXT_MIN = 0.88;
/** Width factors of another font (a condensed face to a wide one) read by `stretched`. */
const FONT_WIDTHS = Array.from({ length: 23 }, (_, k) => 0.78 + k * 0.02);

/**
 * Text in another font is narrower or wider by about one factor. A region without a right edge of
 * its own (text on the page's background) is cut at the capture's width in both images, and its text
 * ends elsewhere in the export; the export's crop is read from its left edge at each width factor,
 * stretched to the capture's, and the best luma SSIM counts.
 */
function stretched(cap: Rgba, exp: Rgba, box: Box, from: Box): number {
  const a = crop(cap, atScale(box));
  if (!a || a.width < WINDOW || a.height < 1) return 0;
  const h = a.height < WINDOW ? WINDOW : a.height;
  const A = h === a.height ? a : resizeArea(a, a.width, h);
  let best = 0;
  for (const k of FONT_WIDTHS) {
    const b0 = crop(exp, atScale({ ...from, width: from.width * k }));
    if (!b0) continue;
    best = Math.max(best, lumaSimilarity(A, resizeArea(b0, A.width, h)));
  }
  return best;
}

/** A region whose weaker corner correlates below this with its best place in the export is not in
 *  the export (missing): measured on the pairs, docs/design-parity.md. */
export const MATCH_FLOOR = 0.5;
/** The strips just outside a located region's top and bottom edges (design-locate.ts edgeStrips)
 *  may differ by this much mean luma (0..255): measured on the pairs, matching regions at most 17.5,
 *  regions that lost their last rows 22–26 (docs/design-parity.md). */
export const EDGE_DIFF = 20;
/** Text that reflowed inside a region (its height differs) must be this share of the same words
 *  (design-words.ts): measured on the pairs, the catalog hero rewrapped 0.96–1, replaced 0.56. */
export const WORDS_MIN = 0.8;

/** Judges every region: where the export has it (found in 2D, or its region box), then moved,
 *  resized, missing, restyled (mean ΔE2000) and content (SSIM), each against its own threshold. */
export function compareDesign(exportImg: Rgba, captureImg: Rgba, deviceScaleFactor: number, regions: DesignRegionInput[], masks: Box[], settings: DesignSettings): DesignComparison {
  const { exp: e, cap: c, capSize: cap, expSize: exp, scale } = toCommonScale(exportImg, captureImg, deviceScaleFactor, masks);
  const grey = { cap: toGray(c), exp: toGray(e) };
  const list = regions.length ? regions : [{ name: PAGE_REGION, box: { x: 0, y: 0, width: cap.width, height: Math.min(cap.height, exp.height) }, exportBox: null }];
  const out: DesignRegion[] = list.map((r) => {
    const why: string[] = [];
    const kinds = new Set<DesignDeparture>();
    const region: DesignRegion = { name: r.name, score: null, threshold: settings.minScore, box: r.box, exportBox: r.exportBox, located: !r.exportBox,
      match: null, shift: null, offset: null, sizeRatio: null, deltaE: null, tolerancePx: settings.tolerancePx, departs: false, kinds: [], why };
    const finish = () => { region.kinds = [...kinds]; region.departs = why.length > 0; return region; };
    if (!r.box) { kinds.add('missing'); why.push('not found in the capture'); return finish(); }
    const shown = edgesShown(grey.cap, r.box, DESIGN_SCALE);
    if (!r.exportBox) {
      // no region boxes: the region is looked for over the whole export
      const loc = locate(grey.cap, grey.exp, r.box, DESIGN_SCALE, shown);
      if (loc) {
        region.match = r3(loc.match);
        if (loc.match < MATCH_FLOOR) {
          kinds.add('missing');
          // match −1: no reading of its corners gave a box of a sane size inside the export at all
          why.push(loc.match === -1 ? 'not found in the design export (no place there holds a box of about its size from any reading of its corners)' : `not found in the design export (its best place there matches ${r3(loc.match)}, below ${MATCH_FLOOR})`);
          return finish();
        }
        region.exportBox = roundBox(loc.box);
      } else region.exportBox = r.box; // blank in the capture: nothing to look for, compared where it is
    }
    const from = region.exportBox!;
    if (!clip(from, exp) || from.y + from.height > exp.height + settings.tolerancePx) {
      kinds.add('missing');
      why.push(`lies outside the export (${exp.width}×${exp.height} CSS px once scaled to the capture's width)`);
      return finish();
    }
    const t = settings.tolerancePx;
    const o = { dx: r1(r.box.x - from.x), dy: r1(r.box.y - from.y), dw: r1(r.box.width - from.width), dh: r1(r.box.height - from.height) };
    region.offset = o;
    // vertically, text above may reflow in another font: DRIFT of the distance from the top is allowed too
    const ty = r1(t + DRIFT * from.y);
    if (Math.abs(o.dx) > t || Math.abs(o.dy) > ty) { kinds.add('moved'); why.push(`moved by (${o.dx}, ${o.dy}) px from where the export has it (allowed: ${t} px across, ${ty} px up or down there, as text above may reflow)`); }
    const ratio = { width: r3(r.box.width / from.width), height: r3(r.box.height / from.height) };
    region.sizeRatio = ratio;
    // heights also change by the text reflowing inside (a paragraph a line shorter): REFLOW of the height
    const th = r1(t + REFLOW * from.height);
    const off = (k: number, d: number, allowed: number) => Math.abs(d) > allowed && Math.max(k, 1 / k) > settings.maxSizeRatio;
    const sized = [off(ratio.width, o.dw, t) ? times(ratio.width, 'wider', 'narrower') : '', off(ratio.height, o.dh, th) ? times(ratio.height, 'taller', 'shorter') : ''].filter(Boolean);
    if (sized.length) { kinds.add('resized'); why.push(`${sized.join(' and ')} than in the export (${r1(r.box.width)}×${r1(r.box.height)} against ${r1(from.width)}×${r1(from.height)} px; allowed: ${settings.maxSizeRatio}×, or ${t} px in width and ${th} px in height)`); }
    // found by its corners where the capture has it, at its height: what lies just outside its top and
    // bottom edges must agree too, or the export's region goes on past the edge the capture's ends at
    // (it lost its last rows, and its corners were found on the part left). Not for a region that
    // moved or changed height: its surroundings differ for that reason, already named.
    if (region.located && !kinds.has('moved') && Math.abs(o.dh) <= t) {
      const edges = edgeStrips(grey.cap, grey.exp, r.box, from, DESIGN_SCALE);
      const past = (['bottom', 'top'] as const).filter((k) => (edges[k] ?? 0) > EDGE_DIFF);
      if (past.length) { kinds.add('resized'); why.push(`shorter than in the export: ${past.map((k) => `the ${EDGE_PX} px ${k === 'bottom' ? 'below' : 'above'} its ${k} edge differ by ${r1(edges[k]!)} in mean luma`).join(' and ')} (allowed ${EDGE_DIFF}), the export's region goes on past ${past.length > 1 ? 'them' : 'it'}`); }
    }
    // content and colour: the export's box read at the capture's size, found again within a few px
    const near = Math.min(t, SEARCH_PX);
    const got = scoreAt(c, e, r.box, from, { x: near, y: near });
    if (!got) { kinds.add('missing'); why.push('lies outside the capture'); return finish(); }
    // text reflowed inside (heights differ): the top and the bottom compared each at its own edge
    let score = got.score;
    const capDsf = deviceScaleFactor > 0 ? deviceScaleFactor : 1;
    const reflowed = Math.abs(o.dh) > t;
    // text at other places inside a box of the same height (a panel with a fixed height): its lines
    // are where the export has none — another font rewrapping a heading, or other content
    // (masks are in the capture's CSS px; in the export they sit at the same offset from the region)
    const expMasks = masks.map((m) => ({ ...m, x: m.x - r.box!.x + from.x, y: m.y - r.box!.y + from.y }));
    const text = { cap: readText(captureImg, capDsf, r.box, masks), exp: readText(exportImg, 1 / scale, from, expMasks) };
    const lines = (t: TextRegion | null) => (t ? regionLines(t) : []), words = (t: TextRegion | null) => (t ? regionWords(t) : []);
    const moved = !reflowed && !sameLines(lines(text.cap), lines(text.exp));
    if (reflowed || moved) {
      // the allowance is for the same words rewrapped in another font, not for other words of a
      // similar shape (a sale banner for the hero's text): their widths in reading order must agree
      const agree = wordAgreement(words(text.cap), words(text.exp));
      const what = reflowed ? `its text reflowed (${r1(Math.abs(o.dh))} px ${o.dh < 0 ? 'shorter' : 'taller'})` : "its text lies on other lines than the export's";
      if (agree < WORDS_MIN) { kinds.add('content'); why.push(`${what} but is not the export's words rewrapped: ${Math.round(agree * 100)} % of its words agree in width and order with the export's (at least ${WORDS_MIN * 100} % for the same text in another font)`); }
    }
    if (reflowed) {
      const h = r.box.height / 2;
      const top = scoreAt(c, e, { ...r.box, height: h }, { ...from, height: h }, { x: near, y: near });
      const bottom = scoreAt(c, e, { ...r.box, y: r.box.y + h, height: h }, { ...from, y: from.y + from.height - h, height: h }, { x: near, y: near });
      if (top && bottom) score = Math.max(score, (top.score + bottom.score) / 2);
      score = Math.max(score, rowsAligned(c, e, r.box, from));
    }
    // a region whose right edge the capture does not show (text on the page's background) has its
    // width from the capture's or a region box, not from its text: its text, in another font, ends
    // elsewhere. It is read at the other font's width too — and as that is a texture of small text
    // at a quarter px per CSS px, its lines' ink must follow the export's, or other words of the
    // same length would pass
    if (!shown.right) {
      const follows = text.cap && text.exp ? lineAgreement(text.cap, text.exp) : null;
      if (follows !== null && follows < TEXT_MIN) { kinds.add('content'); why.push(`its text is not the export's: the ink along its lines follows the export's ${r3(follows)} (at least ${TEXT_MIN} for the same text in another font)`); }
      score = Math.max(score, stretched(c, e, r.box, from));
    }
    region.score = r3(score);
    region.shift = got.shift;
    region.deltaE = r1(colourDistance(c, e, r.box, { ...from, x: from.x + got.shift.dx, y: from.y + got.shift.dy }));
    if (region.deltaE > settings.maxDeltaE) { kinds.add('restyled'); why.push(`restyled: colours differ by ΔE2000 ${region.deltaE} on average (allowed ${settings.maxDeltaE})`); }
    if (region.score < settings.minScore) { kinds.add('content'); why.push(`similarity ${region.score} below ${settings.minScore}`); }
    return finish();
  });
  pushed(out, settings.tolerancePx);
  return { exportSize: { width: exp.width, height: exp.height }, captureSize: { width: cap.width, height: cap.height }, scale: r3(scale), regions: out };
}

/**
 * The vertical allowance (DRIFT of the distance from the top) is for text above that only reflowed in
 * the other font. A region displaced beyond tolerancePx while a departing region moved its own edge
 * by more than that — the bottom of one above it, or the place of one holding it — was pushed by
 * that departure, not by reflow: it is not where the export has it either, and departs as moved. Repeated
 * until nothing changes (a pushed region pushes the ones below it).
 */
function pushed(regions: DesignRegion[], t: number): void {
  const overlapX = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width;
  const holds = (a: Box, b: Box) => b.x >= a.x - 1 && b.y >= a.y - 1 && b.x + b.width <= a.x + a.width + 1 && b.y + b.height <= a.y + a.height + 1;
  for (let changed = true; changed;) {
    changed = false;
    for (const r of regions) {
      const o = r.offset;
      const box = r.box;
      if (!box || !o || r.kinds.includes('moved') || r.kinds.includes('missing') || Math.abs(o.dy) <= t) continue;
      const by = regions.find((d) => {
        // a colour changes no place: a region that departs only as restyled pushes nothing
        if (d === r || !d.box || !d.offset || !d.kinds.some((k) => k !== 'restyled')) return false;
        // what the departure itself moved: its place when it moved, plus (above) its height; a
        // displacement it only inherited from reflow above it is not passed on
        const own = d.kinds.includes('moved') ? d.offset.dy : 0;
        const edge = holds(d.box, box) ? own : d.box.y + d.box.height <= box.y + t && overlapX(d.box, box) ? own + d.offset.dh : 0;
        return Math.abs(edge) > t;
      });
      if (!by) continue;
      r.kinds = ['moved', ...r.kinds];
      r.why.unshift(`moved by (${o.dx}, ${o.dy}) px from where the export has it, pushed by region "${by.name}", which departs (text reflowing above is allowed to push it, a departure is not)`);
      r.departs = true;
      changed = true;
    }
  }
}

const times = (k: number, more: string, less: string) => (k >= 1 ? `${r1(k)}× ${more}` : `${r1(1 / k)}× ${less}`);
const roundBox = (b: Box): Box => ({ x: r1(b.x), y: r1(b.y), width: r1(b.width), height: r1(b.height) });

/** Mean ΔE2000 of the capture's box against the export's box, both at DESIGN_SCALE and the capture's
 *  box size, each pixel against the nearest colour within NEAR px in the other (and the worse of
 *  the two directions): glyphs of another font stack sit a few px off and are not a colour change,
 *  a recoloured block has no such colour nearby. */
function colourDistance(cap: Rgba, exp: Rgba, box: Box, from: Box): number {
  const s = DESIGN_SCALE;
  const a = crop(cap, atScale(box));
  const b0 = crop(exp, atScale(from));
  if (!a || !b0) return 0;
  const b = b0.width === a.width && b0.height === a.height ? b0 : resizeArea(b0, a.width, a.height);
  return Math.max(nearestDeltaE(a, b, NEAR), nearestDeltaE(b, a, NEAR));
}
/** px (at DESIGN_SCALE: 4 CSS px each) a colour may be found away from its place. */
const NEAR = 1;

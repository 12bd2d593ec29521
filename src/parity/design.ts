// Comparison with an accepted design export (a baseline imported by `veval approve --from-image`).
// An export never matches a render pixel for pixel (another font stack, anti-aliasing, another
// scale), so pixels are not counted: the export is scaled to the capture's width (CSS px), and each
// declared region is scored with a perceptual measure (SSIM, design-image.ts) against the export at
// the same place — or, when the export came with region boxes, at the export's box for that region,
// whose offset from the capture's box is then a layout comparison of its own (tolerance in px).
// How the default threshold was chosen, on which pairs, with which error rates: docs/design-parity.md.
import type { Box } from '../core/artifacts.js';
import { clip, colourSimilarity, crop, fillBoxes, lumaSimilarity, resizeArea, WINDOW } from './design-image.js';
import type { Rgba } from './png.js';

export { DESIGN_DEFAULTS } from '../core/limits.js';
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
 *  its distance from the top of the page vertically, and this share of its height in height. */
export const DRIFT = 0.1, DRIFT_HEIGHT = 0.2;

export interface DesignSettings { minScore: number; tolerancePx: number }

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
  /** where it was read in the export (CSS px of the scaled export) */
  exportBox: Box | null;
  /** how far (CSS px) the export's crop was moved to match best (at most the search radius) */
  shift: { dx: number; dy: number } | null;
  /** capture box minus export box (px), with region boxes only */
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

interface Scored { score: number; shift: { dx: number; dy: number } }

/**
 * The similarity of the capture's crop `box` with the export read at `from`, the export's crop
 * moved by up to `radius` CSS px each way (fonts of another stack push later lines a little; a
 * region is where the export has it when it is found that close). Both images are compared at
 * DESIGN_SCALE; the offset with the best luma SSIM wins and is then scored per colour channel.
 */
function scoreAt(cap: Rgba, exp: Rgba, box: Box, from: Box, radius: { x: number; y: number }): Scored | null {
  const s = DESIGN_SCALE;
  const sb = (b: Box): Box => ({ x: b.x * s, y: b.y * s, width: b.width * s, height: b.height * s });
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
  return { score: Math.min(best.luma, colourSimilarity(a, best.img)), shift: { dx: best.dx / s, dy: best.dy / s } };
}

/** Scores every region; `departs` where the similarity is under the threshold, the region is missing
 *  on either side, or (with region boxes) its box is further than the tolerance from the export's. */
export function compareDesign(exportImg: Rgba, captureImg: Rgba, deviceScaleFactor: number, regions: DesignRegionInput[], masks: Box[], settings: DesignSettings): DesignComparison {
  const { exp: e, cap: c, capSize: cap, expSize: exp, scale } = toCommonScale(exportImg, captureImg, deviceScaleFactor, masks);
  const small = { cap: c, exp: e };
  const list = regions.length ? regions : [{ name: PAGE_REGION, box: { x: 0, y: 0, width: cap.width, height: Math.min(cap.height, exp.height) }, exportBox: null }];
  const out: DesignRegion[] = list.map((r) => {
    const why: string[] = [];
    const region: DesignRegion = { name: r.name, score: null, threshold: settings.minScore, box: r.box, exportBox: r.exportBox ?? r.box,
      shift: null, offset: null, tolerancePx: r.exportBox ? settings.tolerancePx : null, departs: false, why };
    if (r.box && r.exportBox) {
      const o = { dx: r1(r.box.x - r.exportBox.x), dy: r1(r.box.y - r.exportBox.y), dw: r1(r.box.width - r.exportBox.width), dh: r1(r.box.height - r.exportBox.height) };
      region.offset = o;
      const t = settings.tolerancePx, ty = r1(t + DRIFT * r.exportBox.y), th = r1(t + DRIFT_HEIGHT * r.exportBox.height);
      if (Math.abs(o.dx) > t || Math.abs(o.dy) > ty) why.push(`moved by (${o.dx}, ${o.dy}) px from the export's box (allowed: ${t} px across, ${ty} px up or down there, as text above may reflow)`);
      if (Math.abs(o.dw) > t || Math.abs(o.dh) > th) why.push(`sized ${r1(r.box.width)}×${r1(r.box.height)} against the export's ${r1(r.exportBox.width)}×${r1(r.exportBox.height)} px (allowed: ${t} px in width, ${th} px in height)`);
    }
    const from = region.exportBox;
    if (!r.box) why.push('not found in the capture');
    else if (!from || !clip(from, exp) || (from.y + from.height) > exp.height + settings.tolerancePx) {
      why.push(`lies outside the export (${exp.width}×${exp.height} CSS px once scaled to the capture's width)`);
    } else {
      const near = Math.min(settings.tolerancePx, SEARCH_PX);
      const got = scoreAt(small.cap, small.exp, r.box, from, r.exportBox ? { x: near, y: near } : { x: settings.tolerancePx, y: settings.tolerancePx + DRIFT * r.box.y });
      if (!got) why.push('lies outside the capture');
      else {
        region.score = r3(got.score);
        region.shift = got.shift;
        if (region.score < settings.minScore) why.unshift(`similarity ${region.score} below ${settings.minScore}`);
      }
    }
    region.departs = why.length > 0;
    return region;
  });
  return { exportSize: { width: exp.width, height: exp.height }, captureSize: { width: cap.width, height: cap.height }, scale: r3(scale), regions: out };
}

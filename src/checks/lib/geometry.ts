// Box arithmetic for the layout checks. Boxes are document coordinates in CSS px.
//
// Layout is fractional (a 720×80.4 px header, percentage widths, rem paddings), so two boxes that
// meet can share a sliver well under a pixel. Such a sliver is rounding, not an overlap: every
// check that asks "do these boxes overlap / are they side by side / is one inside the other"
// asks it here, with the same SUBPIXEL_PX threshold.
import type { Box } from '../../core/artifacts.js';

/** An intersection (or a protrusion) shallower than this in either direction is not an overlap. */
export const SUBPIXEL_PX = 1;

/** The exact intersection of two boxes (null when they do not share any area). */
export function intersection(a: Box, b: Box): Box | null {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.width, b.x + b.width), btm = Math.min(a.y + a.height, b.y + b.height);
  return r > x && btm > y ? { x, y, width: r - x, height: btm - y } : null;
}

/** The intersection when it is a real overlap: at least SUBPIXEL_PX deep in both directions and
 *  deeper than `tolerancePx` (a check's own allowance) in both; null otherwise. */
export function overlapBox(a: Box, b: Box, tolerancePx = 0): Box | null {
  const hit = intersection(a, b);
  if (!hit) return null;
  const min = Math.min(hit.width, hit.height);
  return min >= SUBPIXEL_PX && min > tolerancePx ? hit : null;
}

/** `inner` lies inside `outer`; an edge sticking out by less than SUBPIXEL_PX still counts as inside. */
export const contains = (outer: Box, inner: Box) =>
  inner.x > outer.x - SUBPIXEL_PX && inner.y > outer.y - SUBPIXEL_PX &&
  inner.x + inner.width < outer.x + outer.width + SUBPIXEL_PX && inner.y + inner.height < outer.y + outer.height + SUBPIXEL_PX;

/** Overlap length of two 1-D ranges (negative: the gap between them). */
export const rangeOverlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

export const xOverlap = (a: Box, b: Box) => rangeOverlap(a.x, a.x + a.width, b.x, b.x + b.width);
export const yOverlap = (a: Box, b: Box) => rangeOverlap(a.y, a.y + a.height, b.y, b.y + b.height);

/** The boxes share a column (x-ranges overlap by at least SUBPIXEL_PX): one sits above the other. */
export const sharesColumn = (a: Box, b: Box) => xOverlap(a, b) >= SUBPIXEL_PX;
/** The boxes share a row (y-ranges overlap by at least SUBPIXEL_PX): they sit side by side. */
export const sharesRow = (a: Box, b: Box) => yOverlap(a, b) >= SUBPIXEL_PX;

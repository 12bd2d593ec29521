// Box arithmetic for the layout checks. Boxes are document coordinates in CSS px.
import type { Box } from '../../core/artifacts.js';

export function intersection(a: Box, b: Box): Box | null {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.width, b.x + b.width), btm = Math.min(a.y + a.height, b.y + b.height);
  return r > x && btm > y ? { x, y, width: r - x, height: btm - y } : null;
}

export const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x && inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/** Overlap length of two 1-D ranges (negative: the gap between them). */
export const rangeOverlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

export const xOverlap = (a: Box, b: Box) => rangeOverlap(a.x, a.x + a.width, b.x, b.x + b.width);
export const yOverlap = (a: Box, b: Box) => rangeOverlap(a.y, a.y + a.height, b.y, b.y + b.height);

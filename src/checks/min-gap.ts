import { Type } from '@sinclair/typebox';
import type { Box } from '../core/artifacts.js';
import type { Check } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { contains, overlapBox, sharesColumn, sharesRow, xOverlap, yOverlap } from './lib/geometry.js';
import { pairsToCheck, unseenRegionFindings } from './lib/regions.js';

const ID = 'min-gap';
const DEFAULT_PX = 8;

/** The gap between two boxes that sit one above the other (x-ranges overlap) or side by side
 *  (y-ranges overlap), and the box of the gap itself; null when they are neither (diagonal). */
export function gapBetween(a: Box, b: Box): { axis: 'vertical' | 'horizontal'; px: number; box: Box } | null {
  if (sharesColumn(a, b)) {
    const [top, bottom] = a.y <= b.y ? [a, b] : [b, a];
    const y = top.y + top.height, x = Math.max(a.x, b.x);
    return { axis: 'vertical', px: bottom.y - y, box: { x, y, width: xOverlap(a, b), height: Math.max(0, bottom.y - y) } };
  }
  if (sharesRow(a, b)) {
    const [left, right] = a.x <= b.x ? [a, b] : [b, a];
    const x = left.x + left.width, y = Math.max(a.y, b.y);
    return { axis: 'horizontal', px: right.x - x, box: { x, y, width: Math.max(0, right.x - x), height: yOverlap(a, b) } };
  }
  return null;
}

export const check: Check<{ px?: number; pairs?: [string, string][] }> = {
  meta: {
    id: ID,
    title: 'Spacing between regions holds',
    description: 'Adjacent declared regions (one above the other, or side by side) are at least px apart: collapsed spacing, measured between what each region paints (its box when it draws a background, border or shadow; otherwise its text and painted content), so stacked sections with inner padding are not touching. Overlapping or nested regions are left to overlap. Regions that are flush by design (gap 0) should be left out with pairs.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      px: Type.Optional(Type.Number({ minimum: 0, description: 'minimum gap in CSS px between adjacent regions (default 8)' })),
      pairs: Type.Optional(Type.Array(Type.Tuple([Type.String(), Type.String()]), { description: 'only these pairs (default: every pair of vertically or horizontally adjacent regions)' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const min = ctx.options.px ?? DEFAULT_PX;
    const severity = severityOf(ctx, 'important');
    const units = measured(ctx.units);
    const findings = units.flatMap((u) => pairsToCheck(u.record, ctx.options.pairs ?? 'all').flatMap(([a, b]) => {
      const ra = u.record.regions[a]!, rb = u.record.regions[b]!;
      if (overlapBox(ra.box!, rb.box!) || contains(ra.box!, rb.box!) || contains(rb.box!, ra.box!)) return [];
      // the gap a user sees is between what the regions paint; records from before `ink` was
      // measured fall back to the boxes, and a region that paints nothing has no edge to crowd
      if (ra.ink === null || rb.ink === null) return [];
      const inkA = ra.ink ?? ra.box!, inkB = rb.ink ?? rb.box!;
      const gap = gapBetween(inkA, inkB);
      if (!gap || gap.px >= min) return [];
      const px = Math.round(Math.max(0, gap.px) * 10) / 10;
      return [findingFor(ID, u, severity,
        `regions ${a} and ${b} are ${px} px apart (${gap.axis}), less than ${min} px, at ${u.record.viewport.name} (${u.record.state})`,
        { selector: rb.selector, box: gap.box, regions: [a, b], gapPx: gap.px, boxes: { [a]: inkA, [b]: inkB } })];
    }));
    return [...findings, ...(ctx.options.pairs ? unseenRegionFindings(ID, units, ctx.options.pairs, severityOf(ctx, 'important')) : [])];
  },
};

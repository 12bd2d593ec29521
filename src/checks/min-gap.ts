import { Type } from '@sinclair/typebox';
import type { Box, CaptureRecord } from '../core/artifacts.js';
import type { LayoutBoxes } from '../parity/store/types.js';
import type { Check, UnitInput } from './types.js';
import { findingFor, measured, severityOf, unitLabel } from './lib/finding.js';
import { contains, overlapBox, sharesColumn, sharesRow, SUBPIXEL_PX, xOverlap, yOverlap } from './lib/geometry.js';
import { pairsToCheck, unseenRegionFindings } from './lib/regions.js';

const ID = 'min-gap';
const DEFAULTS = { px: 8 };

type Gap = { axis: 'vertical' | 'horizontal'; px: number; box: Box };

/** The gap between two boxes that sit one above the other (x-ranges overlap) or side by side
 *  (y-ranges overlap), and the box of the gap itself; null when they are neither (diagonal). */
export function gapBetween(a: Box, b: Box): Gap | null {
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

/** What a region paints, from a record or an approved layout: its ink, else (older records and
 *  baselines) its box; null when it paints nothing or was not measured. */
type Painted = { box: Box; ink: Box } | null;
const paintedIn = (r: CaptureRecord, name: string): Painted => {
  const reg = r.regions[name];
  if (!reg?.box || reg.ink === null) return null;
  return { box: reg.box, ink: reg.ink ?? reg.box };
};
const paintedAt = (l: LayoutBoxes, name: string): Painted => {
  const box = l.regions[name], ink = l.ink?.[name];
  if (!box || ink === null) return null;
  return { box, ink: ink ?? box };
};

/** The gap between two regions as a user sees it: between what they paint. Overlapping or nested
 *  regions are left to overlap (null), as are regions that paint nothing (no edge to crowd). */
function paintedGap(a: Painted, b: Painted): Gap | null {
  if (!a || !b || overlapBox(a.box, b.box) || contains(a.box, b.box) || contains(b.box, a.box)) return null;
  return gapBetween(a.ink, b.ink);
}

/** Nearest neighbours only: a third region painting inside the gap (and not wrapping either
 *  region) makes the pair not adjacent — header and footer are not "collapsed" when the page
 *  between them got shorter. */
function somethingBetween(r: CaptureRecord, a: string, b: string, gap: Gap): boolean {
  return Object.keys(r.regions).some((c) => {
    if (c === a || c === b) return false;
    const p = paintedIn(r, c);
    return !!p && !!overlapBox(p.ink, gap.box) && !contains(p.box, r.regions[a]!.box!) && !contains(p.box, r.regions[b]!.box!);
  });
}

const r1 = (n: number) => Math.round(Math.max(0, n) * 10) / 10;

export const check: Check<{ px?: number; pairs?: [string, string][] }> = {
  meta: {
    id: ID,
    title: 'Spacing between regions holds',
    description: 'Collapsed spacing between adjacent declared regions (one above the other, or side by side), measured between what each region paints (its box when it draws a background, border or shadow; otherwise its text and painted content). With pairs: each listed pair at least px apart in every run. Without pairs: each pair of neighbouring regions against the same pair in the approved baseline — a gap that shrank below px, or to less than half of the baseline\'s, is reported; flush by design (0 px in the baseline too) is not. With no approved baseline yet, nothing is compared and the report says so. Overlapping or nested regions, and intersections under 1 px, are left to overlap.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    order: 80,
    score: 'structural',
    names: { pairs: 'region-pairs' },
    defaults: DEFAULTS,
    example: '{ px: 8 }',
    label: (e) => (Array.isArray(e.regions) && e.regions.length === 2 && e.regions.every((x) => typeof x === 'string') ? `gap between ${e.regions[0]} and ${e.regions[1]}` : null),
    needs: ['baseline'],
    options: Type.Object({
      px: Type.Optional(Type.Number({ minimum: 0, description: `minimum gap in CSS px (default ${DEFAULTS.px}): every listed pair in every run; without pairs, the size below which a gap that shrank since the baseline is reported` })),
      pairs: Type.Optional(Type.Array(Type.Tuple([Type.String(), Type.String()]), { description: 'pairs held to px in every run (default: every pair of neighbouring regions, compared with the approved baseline)' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const min = ctx.options.px ?? DEFAULTS.px;
    const severity = severityOf(ctx, 'important');
    const units = measured(ctx.units);
    const crowded = (u: UnitInput, a: string, b: string, gap: Gap, why: string, extra: Record<string, unknown> = {}) => {
      const ra = u.record.regions[a]!, rb = u.record.regions[b]!;
      return findingFor(ID, u, severity,
        `regions ${a} and ${b} are ${r1(gap.px)} px apart (${gap.axis}), ${why}, at ${u.record.viewport.name} (${u.record.state})`,
        { selector: rb.selector, box: gap.box, regions: [a, b], gapPx: gap.px, ...extra, boxes: { [a]: ra.ink ?? ra.box!, [b]: rb.ink ?? rb.box! } });
    };

    if (ctx.options.pairs) {
      const findings = units.flatMap((u) => pairsToCheck(u.record, ctx.options.pairs).flatMap(([a, b]) => {
        const gap = paintedGap(paintedIn(u.record, a), paintedIn(u.record, b));
        return gap && gap.px < min ? [crowded(u, a, b, gap, `less than ${min} px`)] : [];
      }));
      return [...findings, ...unseenRegionFindings(ID, units, ctx.options.pairs, severityOf(ctx, 'important'))];
    }

    // without pairs: collapsed spacing is a change against the approved design, not a rule about
    // every pair (a header flush on a full-bleed hero is a design choice)
    const problem = units.find((u) => u.baselineProblem)?.baselineProblem;
    if (problem) throw new Error(`cannot compare gaps with the approved baseline: ${problem}`);
    const unapproved: string[] = [];
    const findings = units.flatMap((u) => {
      const pairs = pairsToCheck(u.record, 'all').flatMap(([a, b]) => {
        const gap = paintedGap(paintedIn(u.record, a), paintedIn(u.record, b));
        return gap && !somethingBetween(u.record, a, b, gap) ? [{ a, b, gap }] : [];
      });
      if (!pairs.length) return [];
      const base = u.baseline;
      if (!base) { unapproved.push(unitLabel(u.record)); return []; }
      return pairs.flatMap(({ a, b, gap }) => {
        const was = paintedGap(paintedAt(base, a), paintedAt(base, b));
        if (!was || was.axis !== gap.axis || gap.px >= was.px - SUBPIXEL_PX) return [];
        if (gap.px >= min && gap.px >= was.px / 2) return [];
        return [crowded(u, a, b, gap, `down from ${r1(was.px)} px in the approved baseline`, { baselineGapPx: was.px })];
      });
    });
    if (unapproved.length) {
      const all = unapproved.length === units.length;
      ctx.note?.(`min-gap: no approved baseline ${all ? `for ${ctx.spec.name} yet` : `for ${unapproved.join(', ')}`}, so the spacing between its regions was not compared (approve a baseline, or list pairs under min-gap to hold them to ${min} px in every run)`);
    }
    return findings;
  },
};

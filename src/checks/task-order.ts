import { Type } from '@sinclair/typebox';
import type { Box, CaptureRecord, Finding } from '../core/artifacts.js';
import type { Check, UnitInput } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { contains, sharesColumn, sharesRow } from './lib/geometry.js';

const ID = 'task-order';

/**
 * Does a come before b in reading order? Stacked boxes (x-ranges share at least 1 px) read top to
 * bottom; boxes side by side (y-ranges do) read left to right — a sub-pixel sliver of a shared
 * range is rounding, so two columns touching at 600.4 / 600 px are side by side, not stacked. Nested boxes and boxes diagonal to each other
 * (different column and different row) have no order a user would notice: null. This keeps a
 * two-column desktop layout from "differing" from its stacked mobile version.
 */
export function readsBefore(a: Box, b: Box, rtl = false): boolean | null {
  if (contains(a, b) || contains(b, a)) return null;
  if (sharesColumn(a, b)) return a.y === b.y ? null : a.y < b.y;
  // side by side: left to right, or right to left on a right-to-left page
  if (sharesRow(a, b)) return a.x === b.x ? null : rtl ? a.x + a.width > b.x + b.width : a.x < b.x;
  return null;
}

const rtlOf = (r: CaptureRecord) => r.document.direction === 'rtl';

const boxOf = (r: CaptureRecord, name: string) => r.regions[name]?.box ?? null;

/** Regions as a user meets them top to bottom (by y, then x in the page's direction), for messages. */
export const visualOrder = (r: CaptureRecord) => Object.keys(r.regions).filter((n) => boxOf(r, n))
  .sort((a, b) => boxOf(r, a)!.y - boxOf(r, b)!.y || (rtlOf(r) ? -1 : 1) * (boxOf(r, a)!.x - boxOf(r, b)!.x));

/** Pairs [first, second] whose order in `r` contradicts the expected "first before second". */
function contradicted(r: CaptureRecord, expected: [string, string][]): [string, string][] {
  return expected.filter(([a, b]) => {
    const A = boxOf(r, a), B = boxOf(r, b);
    return A && B && readsBefore(A, B, rtlOf(r)) === false;
  });
}

/** Every determinable "a before b" pair in the reference capture. */
function orderedPairs(r: CaptureRecord): [string, string][] {
  const names = Object.keys(r.regions).filter((n) => boxOf(r, n)).sort();
  const out: [string, string][] = [];
  for (const a of names) for (const b of names) if (a !== b && readsBefore(boxOf(r, a)!, boxOf(r, b)!, rtlOf(r)) === true) out.push([a, b]);
  return out;
}

function listedPairs(order: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < order.length; i++) for (let j = i + 1; j < order.length; j++) out.push([order[i]!, order[j]!]);
  return out;
}

export const check: Check<{ order?: string[] }> = {
  meta: {
    id: ID,
    title: 'Task order is the same on every viewport',
    description: 'Declared regions keep the same reading order on every viewport as on the first (per state), or follow the listed order. Stacked regions read top to bottom, side-by-side regions left to right; nested or diagonal ones have no order. Reported on the viewport whose order differs.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    order: 60,
    score: 'structural',
    names: { order: 'region-order' },
    example: '[header, main, cta]',
    options: Type.Object({
      order: Type.Optional(Type.Array(Type.String(), { description: 'region names in their required top-to-bottom order' })),
    }, { additionalProperties: false }),
    shorthand: Type.Array(Type.String(), { description: 'region names in their required top-to-bottom order' }),
    fromShorthand: (v) => ({ order: v }),
  },
  run(ctx) {
    const severity = severityOf(ctx, 'important');
    const byState = new Map<string, UnitInput[]>();
    for (const u of measured(ctx.units)) byState.set(u.record.state, [...(byState.get(u.record.state) ?? []), u]);
    const vpIndex = (u: UnitInput) => ctx.spec.viewports.findIndex((v) => v.name === u.record.viewport.name);
    const findings: Finding[] = [];
    for (const units of byState.values()) {
      units.sort((a, b) => vpIndex(a) - vpIndex(b));
      const ref = units[0]!;
      const listed = ctx.options.order;
      const expected = listed ? listedPairs(listed) : orderedPairs(ref.record);
      for (const u of listed ? units : units.slice(1)) {
        const bad = contradicted(u.record, expected);
        if (bad.length === 0) continue;
        const against = listed ? `the required order ${listed.join(' → ')}` : `${ref.record.viewport.name}, where it is ${visualOrder(ref.record).join(' → ')}`;
        const pairs = bad.map(([a, b]) => `${b} comes before ${a}`).join('; ');
        const moved = bad[0]![1];
        findings.push(findingFor(ID, u, severity,
          `reading order at ${u.record.viewport.name} (${u.record.state}) is ${visualOrder(u.record).join(' → ')}: ${pairs}, unlike ${against}`,
          { selector: u.record.regions[moved]?.selector, box: boxOf(u.record, moved), order: visualOrder(u.record), reversedPairs: bad }));
      }
    }
    return findings;
  },
};

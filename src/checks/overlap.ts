import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { contains, overlapBox } from './lib/geometry.js';
import { pairsToCheck, unseenRegionFindings } from './lib/regions.js';

const ID = 'overlap';

const DEFAULTS = { pairs: 'all' as const, tolerancePx: 0 };

export const check: Check<{ pairs?: 'all' | [string, string][]; tolerancePx?: number }> = {
  meta: {
    id: ID,
    title: 'Declared regions do not overlap',
    description: 'Declared regions whose boxes intersect (every pair with all — the default — or listed pairs), with the intersection box. An intersection under 1 CSS px in either direction (fractional layout: stacked sections 80.4 px tall) is rounding, not an overlap. With all, a region lying wholly inside another counts as nesting, not overlap; a listed pair must not touch at all. A listed region never found in any capture is reported (the pair was never checked).',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    order: 50,
    score: 'structural',
    names: { pairs: 'region-pairs' },
    defaults: DEFAULTS,
    example: '[[summary, cta]]',
    options: Type.Object({
      pairs: Type.Optional(Type.Union([Type.Literal('all'), Type.Array(Type.Tuple([Type.String(), Type.String()]))], { description: `all, or a list of [regionA, regionB] pairs (default ${DEFAULTS.pairs})` })),
      tolerancePx: Type.Optional(Type.Number({ minimum: 0, description: `intersections no deeper than this (in either direction) are ignored (default ${DEFAULTS.tolerancePx}; under 1 px is always ignored)` })),
    }, { additionalProperties: false }),
    shorthand: Type.Union([Type.Literal('all'), Type.Array(Type.Tuple([Type.String(), Type.String()]))], { description: 'all, or a list of [regionA, regionB] pairs' }),
    fromShorthand: (v) => ({ pairs: v }),
  },
  run(ctx) {
    const listed = Array.isArray(ctx.options.pairs);
    const tol = ctx.options.tolerancePx ?? DEFAULTS.tolerancePx;
    const severity = severityOf(ctx, 'blocker');
    const units = measured(ctx.units);
    const findings = units.flatMap((u) => pairsToCheck(u.record, ctx.options.pairs).flatMap(([a, b]) => {
      const boxA = u.record.regions[a]!.box!, boxB = u.record.regions[b]!.box!;
      const hit = overlapBox(boxA, boxB, tol);
      if (!hit) return [];
      if (!listed && (contains(boxA, boxB) || contains(boxB, boxA))) return [];
      return [findingFor(ID, u, severity,
        `regions ${a} and ${b} overlap by ${Math.round(hit.width)}×${Math.round(hit.height)} px at ${u.record.viewport.name} (${u.record.state})`,
        { selector: u.record.regions[b]!.selector, box: hit, regions: [a, b], boxes: { [a]: boxA, [b]: boxB } })];
    }));
    return [...findings, ...(listed ? unseenRegionFindings(ID, units, ctx.options.pairs as [string, string][], severityOf(ctx, 'important')) : [])];
  },
};

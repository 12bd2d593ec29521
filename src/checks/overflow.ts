import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { findingFor, measured } from './lib/finding.js';
import { quote } from './lib/text.js';

const ID = 'overflow';
const DEFAULT_MOBILE_MAX_WIDTH = 768;
const NAMED = 5;

const DEFAULTS = { tolerancePx: 0 };

export const check: Check<{ mobileMaxWidth?: number; tolerancePx?: number }> = {
  meta: {
    id: ID,
    title: 'No horizontal overflow',
    description: 'The document is not wider than the viewport; names the elements that stick out past the right edge (the left edge on a right-to-left page) and by how many px. Blocker below mobileMaxWidth, important above.',
    defaultSeverity: 'by-width',
    defaultEnabled: true,
    order: 40,
    score: 'structural',
    defaults: DEFAULTS,
    options: Type.Object({
      mobileMaxWidth: Type.Optional(Type.Integer({ minimum: 0, description: 'viewports narrower than this are mobile: overflow there is a blocker (default: the config mobileMaxWidth, 768)' })),
      tolerancePx: Type.Optional(Type.Number({ minimum: 0, description: `overflow up to this many px is ignored (default ${DEFAULTS.tolerancePx})` })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const mobileMax = ctx.options.mobileMaxWidth ?? ctx.spec.mobileMaxWidth ?? DEFAULT_MOBILE_MAX_WIDTH;
    const tol = ctx.options.tolerancePx ?? DEFAULTS.tolerancePx;
    return measured(ctx.units).flatMap((u) => {
      const { overflow, viewport } = u.record;
      if (!(overflow.overflowPx > tol)) return [];
      const offenders = overflow.offenders.filter((o) => o.overflowPx > tol).sort((a, b) => b.overflowPx - a.overflowPx);
      const named = offenders.slice(0, NAMED).map((o) => `${quote(o.selector)} by ${Math.round(o.overflowPx)} px`).join(', ');
      const more = offenders.length > NAMED ? ` and ${offenders.length - NAMED} more` : '';
      const message = `page is ${Math.round(overflow.overflowPx)} px wider than the ${viewport.width} px viewport at ${viewport.name}` +
        (offenders.length ? `: ${named}${more} stick out past the ${offenders[0]!.edge ?? 'right'} edge` : ' (no single element named)');
      const severity = ctx.severity ?? (viewport.width < mobileMax ? 'blocker' : 'important');
      return [findingFor(ID, u, severity, message, {
        selector: offenders[0]?.selector, box: offenders[0]?.box ?? null, overflowPx: overflow.overflowPx, offenders,
      })];
    });
  },
};

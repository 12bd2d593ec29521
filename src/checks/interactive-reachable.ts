import { Type } from '@sinclair/typebox';
import type { RequiredCheckResult } from '../core/artifacts.js';
import type { Check } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { quote } from './lib/text.js';
import { whyNotVisible } from './required-visible.js';

const ID = 'interactive-reachable';

export const check: Check = {
  meta: {
    id: ID,
    title: 'Interactive elements can be seen and reached',
    description: 'Without a spec (veval look): every rendered button, link, form field, select, textarea and element with an interactive ARIA role that the page means a user to see (not display: none or visibility: hidden, not the visually-hidden idiom, not inside a closed details or dialog, not a skip link that appears on focus, not parked wholly outside the page or in a closed container) is held to the visibility rules of required-visible. One that a user cannot see at all at any reachable scroll position (covered, clipped, off-screen) is a blocker; one partly hidden is polish. At most 150 elements per capture are measured.',
    defaultSeverity: 'blocker',
    defaultEnabled: false,
    order: 120,
    score: 'structural',
    gathers: ['interactive'],
    options: Type.Object({}, { additionalProperties: false }),
  },
  run(ctx) {
    return measured(ctx.units).flatMap((u) => {
      const look = u.record.interactive;
      if (!look) {
        ctx.note?.(`interactive-reachable: ${u.file} was captured without looking for interactive elements (capture it again with the check on)`);
        return [];
      }
      if (look.total > look.checked) ctx.note?.(`interactive-reachable: ${u.record.state} @ ${u.record.viewport.name} has ${look.total} interactive elements; the first ${look.checked} were measured`);
      return look.hidden.map((h) => {
        const v = h.verdict;
        const none = v.level === 'none';
        const what = `${h.role}${h.name ? ` ${quote(h.name, 60)}` : ''} (${h.selector})`;
        const why = whyNotVisible({ selector: h.selector, text: null, within: null } as RequiredCheckResult, v);
        return findingFor(ID, u, none ? severityOf(ctx, 'blocker') : 'polish',
          `${what} ${none ? 'cannot be seen or reached' : `is only partly visible (${Math.round(v.visibleFraction * 100)}%)`} at ${u.record.viewport.name} (${u.record.state}): ${why}`, {
            selector: h.selector, box: v.box,
            ...(v.coveredBy ? { coveredBy: { selector: v.coveredBy.selector, box: v.coveredBy.coveredBox ?? v.coveredBy.box, coveredPx: v.coveredBy.coveredPx } } : {}),
            ...(v.clippedBy ? { clippedBy: { selector: v.clippedBy.selector, box: v.clippedBy.box, hiddenPx: v.clippedBy.hiddenPx } } : {}),
          });
      });
    });
  },
};

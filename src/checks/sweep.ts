import { Type } from '@sinclair/typebox';
import type { Finding } from '../core/artifacts.js';
import { groupKey } from '../core/group-key.js';
import { SWEEP } from '../core/run.js';
import type { Check } from './types.js';
import { IncompleteCheckError } from './lib/finding.js';

const ID = 'sweep';

/** Failures the captures' own checks see: at a declared viewport's width they are reported there. */
const CAPTURED_KINDS = new Set(['overflow', 'overlap', 'text-clipped', 'required-visible']);

/** The check a sweep-only fault follows for on/off and severity (docs/checks/sweep.md). */
const OWNER: Record<string, string> = { collision: 'overlap', protrusion: 'text-clipped', offscreen: 'overflow' };

/** "overflow from 591 to 612 px", or "at 1023 px" for a single width. */
export const rangeWords = (r: { from: number; to: number }) => (r.from === r.to ? `at ${r.from} px` : `from ${r.from} to ${r.to} px`);

export const check: Check = {
  meta: {
    id: ID,
    title: 'No layout failure between the breakpoints',
    description: 'With sweep: in the spec or config (or veval run --sweep), every width from..to is checked in its own page: overflow, overlap of regions, clipped text and hidden required elements as their own checks judge them, plus collisions (siblings, and cousins where what overflows one element reaches another), elements sticking out of their container and content cut off past a viewport edge no scrolling reaches (the left edge; the right edge of a page that hides its horizontal overflow) that do not hold at every width. Each failure is one finding for its range of widths, worst width and screenshot; a width or state that could not be measured is an error. Severity is the check\'s own at the worst of its widths (collisions: overlap\'s, protrusions: text-clipped\'s, offscreen content: overflow\'s).',
    defaultSeverity: 'by-check',
    defaultEnabled: true,
    order: 75,
    score: 'structural',
    needs: ['sweep'],
    appliesTo: (spec) => !!spec.sweep,
    options: Type.Object({}, { additionalProperties: false }),
  },
  run(ctx) {
    const findings: Finding[] = [];
    const problems: string[] = [];
    let also = 0;
    for (const s of ctx.sweeps ?? []) {
      const r = s.result;
      if (!r) { problems.push(`the sweep of state ${s.state} has no result (${s.file} is ${s.problem ?? 'missing'})`); continue; }
      if (!r.ok) problems.push(`the sweep of state ${s.state} did not finish: ${r.error ?? 'no reason given'}`);
      for (const f of r.failedWidths) problems.push(`the sweep of state ${s.state} could not measure ${f.width} px: ${f.error}`);
      const declared = ctx.spec.viewports.filter((v) => ctx.units.some((u) => u.record.ok && u.record.state === s.state && u.record.viewport.name === v.name));
      for (const g of r.ranges) {
        if (CAPTURED_KINDS.has(g.kind) && declared.some((v) => v.width >= g.from && v.width <= g.to)) { also++; continue; }
        const owner = OWNER[g.kind];
        const plan = owner ? ctx.spec.checks.find((c) => c.id === owner) : undefined;
        if (plan && !plan.enabled) continue;
        const severity = plan?.severity ?? g.severity;
        const dir = s.file.slice(0, s.file.lastIndexOf('/') + 1);
        findings.push({
          check: ID, severity, viewport: SWEEP, state: s.state,
          message: `${g.kind} ${rangeWords(g)}: ${g.detail}${g.from === g.to ? '' : ` (worst at ${g.worst} px)`}`,
          evidence: { ...g.evidence, file: g.screenshot ? dir + g.screenshot : s.file, box: g.box, kind: g.kind, elements: g.elements, width: g.worst },
          sweep: { from: g.from, to: g.to, worst: g.worst },
          group: groupKey(ID, `${g.key}\u0000${g.from}-${g.to}`),
        });
      }
    }
    if (also) ctx.note?.(`sweep: ${also} failure range(s) that include a declared viewport's width are reported at that viewport, not again`);
    // a width or state not measured is not a pass: the findings stand and the result is an error
    if (problems.length) throw new IncompleteCheckError(problems.slice(0, 3).join('; ') + (problems.length > 3 ? ` (+${problems.length - 3} more)` : ''), findings);
    return findings;
  },
};

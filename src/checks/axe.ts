import { Type } from '@sinclair/typebox';
import type { Finding, Severity } from '../core/artifacts.js';
import type { AxeRuleLite, Check } from './types.js';
import { IncompleteCheckError, findingFor, measured, unitLabel } from './lib/finding.js';
import { plural, quote } from './lib/text.js';

const ID = 'axe';
export const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
export type Impact = (typeof IMPACTS)[number];
const SEVERITY_BY_IMPACT: Record<Impact, Severity> = { critical: 'blocker', serious: 'blocker', moderate: 'important', minor: 'polish' };
const SHOWN_TARGETS = 3;

/** The rule's impact, else the worst of its nodes'; unknown counts as moderate (axe always sets
 *  one for violations; a record without it should neither vanish nor become a blocker). */
export function impactOf(rule: AxeRuleLite): Impact {
  const known = (s: unknown): s is Impact => IMPACTS.includes(s as Impact);
  if (known(rule.impact)) return rule.impact;
  const nodeImpacts = rule.nodes.map((n) => n.impact).filter(known);
  return nodeImpacts.sort((a, b) => IMPACTS.indexOf(b) - IMPACTS.indexOf(a))[0] ?? 'moderate';
}

/** axe targets are selector arrays (a path through iframes / shadow roots): joined for display. */
const targetText = (t: unknown[]): string => t.map((p) => (Array.isArray(p) ? p.join(' >>> ') : String(p))).join(' >>> ');

export const check: Check<{ impact?: Impact; tags?: string[]; disable?: string[]; include?: string[]; exclude?: string[] }> = {
  meta: {
    id: ID,
    title: 'Accessibility (axe-core)',
    description: 'axe-core violations at or above the impact threshold, one finding per rule per capture. critical/serious → blocker, moderate → important, minor → polish. Masked elements are excluded. Missing or unreadable axe results for a captured page are an error, never a pass.',
    defaultSeverity: 'by-impact',
    defaultEnabled: true,
    options: Type.Object({
      impact: Type.Optional(Type.Union([Type.Literal('minor'), Type.Literal('moderate'), Type.Literal('serious'), Type.Literal('critical')], { description: 'lowest impact reported (default moderate)' })),
      tags: Type.Optional(Type.Array(Type.String(), { description: 'axe rule tags to run, e.g. wcag2a, wcag2aa (default: all rules)' })),
      disable: Type.Optional(Type.Array(Type.String(), { description: 'axe rule ids to switch off' })),
      include: Type.Optional(Type.Array(Type.String(), { description: 'only analyse inside these selectors' })),
      exclude: Type.Optional(Type.Array(Type.String(), { description: 'do not analyse inside these selectors (masks are always excluded)' })),
    }, { additionalProperties: false }),
    needs: ['axe'],
  },
  run(ctx) {
    const min = IMPACTS.indexOf(ctx.options.impact ?? 'moderate');
    const disabled = new Set(ctx.options.disable ?? []);
    const findings: Finding[] = [];
    const missing: string[] = [];
    for (const u of measured(ctx.units)) {
      if (!u.axe || !Array.isArray(u.axe.violations)) {
        missing.push(`${unitLabel(u.record)}: ${u.axeProblem ?? u.record.axeError ?? 'no axe results'}`);
        continue;
      }
      for (const rule of u.axe.violations) {
        const impact = impactOf(rule);
        if (disabled.has(rule.id) || IMPACTS.indexOf(impact) < min) continue;
        const targets = (rule.nodes ?? []).map((n) => targetText(Array.isArray(n.target) ? n.target : [n.target]));
        const shown = targets.slice(0, SHOWN_TARGETS).map((t) => quote(t)).join(', ');
        const more = targets.length > SHOWN_TARGETS ? ` and ${targets.length - SHOWN_TARGETS} more` : '';
        findings.push({
          ...findingFor(ID, u, ctx.severity ?? SEVERITY_BY_IMPACT[impact],
            `axe ${rule.id} (${impact}) at ${u.record.viewport.name} (${u.record.state}): ${rule.help} — ${plural(targets.length, 'element')}${targets.length ? `: ${shown}${more}` : ''}${rule.helpUrl ? ` (${rule.helpUrl})` : ''}`,
            { selector: targets[0], box: null, text: rule.nodes[0]?.html ?? rule.help, help: rule.help, helpUrl: rule.helpUrl ?? null, targets }),
          rule: rule.id, impact,
        });
      }
    }
    if (missing.length) throw new IncompleteCheckError(`axe results missing or unreadable for ${missing.join('; ')}`, findings);
    return findings;
  },
};

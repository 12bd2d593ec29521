import { Type } from '@sinclair/typebox';
import type { Finding, Severity } from '../core/artifacts.js';
import type { AxeRuleLite, Check } from './types.js';
import { IncompleteCheckError, findingFor, measured, unitLabel } from './lib/finding.js';
import { plural, quote } from './lib/text.js';
import { impactOf, matchDebt, reportedNodes, targetText, type Impact } from '../parity/store/a11y-debt.js';

const ID = 'axe';
export { IMPACTS, impactOf, type Impact } from '../parity/store/a11y-debt.js';
const SEVERITY_BY_IMPACT: Record<Impact, Severity> = { critical: 'blocker', serious: 'blocker', moderate: 'important', minor: 'polish' };
const SHOWN_TARGETS = 3;
const DEFAULTS = { impact: 'moderate' as Impact };

const shownList = (targets: string[]) => {
  const shown = targets.slice(0, SHOWN_TARGETS).map((t) => quote(t)).join(', ');
  return `${shown}${targets.length > SHOWN_TARGETS ? ` and ${targets.length - SHOWN_TARGETS} more` : ''}`;
};

export const check: Check<{ impact?: Impact; tags?: string[]; disable?: string[]; include?: string[]; exclude?: string[] }> = {
  meta: {
    id: ID,
    title: 'Accessibility (axe-core)',
    description: 'axe-core violations at or above the impact threshold, one finding per rule per capture. critical/serious → blocker, moderate → important, minor → polish. Masked elements are excluded. Violations recorded as accessibility debt when the baseline was approved (baselines/<spec>/a11y-debt.json) are reported with effect known-debt and do not fail; only new nodes do; recorded nodes that are gone are reported as fixed. Missing or unreadable axe results for a captured page are an error, never a pass.',
    defaultSeverity: 'by-impact',
    defaultEnabled: true,
    order: 90,
    score: 'axe',
    gathers: ['axe'],
    names: { include: 'selectors', exclude: 'selectors', disable: 'axe-rules' },
    defaults: DEFAULTS,
    example: '{ impact: serious }',
    options: Type.Object({
      impact: Type.Optional(Type.Union([Type.Literal('minor'), Type.Literal('moderate'), Type.Literal('serious'), Type.Literal('critical')], { description: `lowest impact reported (default ${DEFAULTS.impact})` })),
      tags: Type.Optional(Type.Array(Type.String(), { description: 'axe rule tags to run, e.g. wcag2a, wcag2aa (default: all rules)' })),
      disable: Type.Optional(Type.Array(Type.String(), { description: 'axe rule ids to switch off' })),
      include: Type.Optional(Type.Array(Type.String(), { description: 'only analyse inside these selectors' })),
      exclude: Type.Optional(Type.Array(Type.String(), { description: 'do not analyse inside these selectors (masks are always excluded)' })),
    }, { additionalProperties: false }),
    needs: ['axe'],
  },
  run(ctx) {
    const findings: Finding[] = [];
    const missing: string[] = [];
    for (const u of measured(ctx.units)) {
      if (!u.axe || !Array.isArray(u.axe.violations)) {
        missing.push(`${unitLabel(u.record)}: ${u.axeProblem ?? u.record.axeError ?? 'no axe results'}`);
        continue;
      }
      // the ratchet: nodes recorded as debt when the baseline was approved are reported, never failing
      const match = matchDebt(reportedNodes(u.axe, ctx.options), u.debt ?? []);
      const knownBy = new Map<string, number>();
      for (const k of match.known) knownBy.set(k.node.rule, (knownBy.get(k.node.rule) ?? 0) + 1);
      const baselineBy = new Map<string, number>();
      for (const e of u.debt ?? []) baselineBy.set(e.rule, (baselineBy.get(e.rule) ?? 0) + 1);
      const label = `${u.record.viewport.name} (${u.record.state})`;
      for (const rule of u.axe.violations) {
        const fresh = match.fresh.filter((n) => n.rule === rule.id);
        const known = knownBy.get(rule.id) ?? 0;
        if (!fresh.length && !known) continue;
        const impact = impactOf(rule);
        const base = { help: rule.help, helpUrl: rule.helpUrl ?? null };
        if (fresh.length) {
          const targets = fresh.map((n) => n.selector);
          const node = rule.nodes.find((n) => targetText(n.target) === targets[0]);
          const spread = known ? ` new since approval (${known} more known as debt)` : '';
          findings.push({
            ...findingFor(ID, u, ctx.severity ?? SEVERITY_BY_IMPACT[impact],
              `axe ${rule.id} (${impact}) at ${label}: ${rule.help} — ${plural(targets.length, 'element')}${spread}: ${shownList(targets)}${rule.helpUrl ? ` (${rule.helpUrl})` : ''}`,
              // the first element's box where the capture measured it: the finding's crop
              { selector: targets[0], box: node?.box ?? null, text: node?.html ?? rule.help, ...base, targets }),
            rule: rule.id, impact,
          });
        }
        if (known) {
          const was = baselineBy.get(rule.id) ?? 0;
          const targets = match.known.filter((k) => k.node.rule === rule.id).map((k) => k.node.selector);
          findings.push({
            ...findingFor(ID, u, ctx.severity ?? SEVERITY_BY_IMPACT[impact],
              `axe ${rule.id} (${impact}) at ${label}: known debt — ${plural(known, 'element')} still, ${was} at approval (${known < was ? `down ${was - known}` : 'unchanged'}): ${shownList(targets)}`,
              { selector: targets[0], box: null, text: rule.help, ...base, targets, debt: { known, baseline: was } }),
            rule: rule.id, impact, effect: 'known-debt',
          });
        }
      }
      for (const rule of [...new Set(match.fixed.map((e) => e.rule))]) {
        const gone = match.fixed.filter((e) => e.rule === rule);
        const was = baselineBy.get(rule) ?? gone.length;
        const targets = gone.map((e) => e.selector);
        findings.push({
          ...findingFor(ID, u, 'polish',
            `axe ${rule} at ${label}: fixed — ${plural(gone.length, 'element')} of the ${was} recorded as debt no longer violate${gone.length === 1 ? 's' : ''}: ${shownList(targets)}; the next \`veval approve\` drops ${gone.length === 1 ? 'it' : 'them'} from the debt`,
            { selector: targets[0], box: null, text: rule, targets, debt: { fixed: gone.length, baseline: was } }),
          rule, impact: gone[0].impact, effect: 'fixed',
        });
      }
    }
    if (missing.length) throw new IncompleteCheckError(`axe results missing or unreadable for ${missing.join('; ')}`, findings);
    return findings;
  },
};

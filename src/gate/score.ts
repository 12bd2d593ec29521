// The published score formula. The score communicates trend; the gate (policy.ts) decides pass or
// fail, so a high score never hides a blocker. Its weights are plain data, one entry per version,
// in core/scoring.ts (the spec validates scoring.version against them); docs/scoring.md is
// generated from both files.
import type { CheckResult, Finding, Severity } from '../core/artifacts.js';
import { scoreGroupOf } from '../checks/registry.js';

import { countsStress, type ComponentId, type ScoringVersion } from '../core/scoring.js';

export { LATEST_SCORING_VERSION, SCORING_VERSIONS, scoringHash, type ComponentId, type ScoringRules, type ScoringVersion } from '../core/scoring.js';

export interface ScoreInput {
  checks: CheckResult[] | null;     // null: checks.json missing
  /** null: no parity in the spec; `unapproved`: the units (`state\u0000viewport`) with no approved baseline */
  parity: { status: string; findings: Finding[]; units: number; unapproved?: string[] } | null;
  judge: { status: string; findings: Finding[] } | null;                   // null: judge off / absent
}

export interface ScoreResult {
  total: number | null;
  structural: number | null;
  aesthetic: number | null;
  components: Record<ComponentId, number | null>;
}

const worst = (fs: Finding[]): Severity | null =>
  fs.some((f) => f.severity === 'blocker') ? 'blocker' : fs.some((f) => f.severity === 'important') ? 'important' : fs.length ? 'polish' : null;
const clamp = (n: number) => Math.max(0, Math.min(100, n));
const penalised = (v: ScoringVersion, fs: Finding[]) => clamp(100 - fs.reduce((s, f) => s + v.penalty[f.severity], 0));

/** structural: share of the structural group's check results (meta.score) that pass, partial credit by severity. */
function structural(v: ScoringVersion, checks: CheckResult[] | null): number | null {
  if (!checks) return 0;
  const counted = checks.filter((c) => scoreGroupOf(c.check) === 'structural' && c.status !== 'skipped');
  if (!counted.length) return null;
  const credit = counted.map((c) => {
    if (c.status === 'error') return 0;
    const w = worst(c.findings);
    return w ? v.checkCredit[w] : 1;
  });
  return (100 * credit.reduce((a, b) => a + b, 0)) / counted.length;
}

/** layout: share of captures within parity tolerance (a unit with any parity finding is out; from
 *  version 2 a unit with no approved baseline yet is left out, and with none approved layout does not apply). */
function layout(v: ScoringVersion, input: ScoreInput['parity']): number | null {
  if (!input || input.status === 'skipped') return null;
  if (input.status === 'error') return 0;
  const out = new Set(input.findings.filter((f) => f.check === 'parity').map((f) => `${f.state}\u0000${f.viewport}`));
  if (out.has(`null\u0000null`)) return 0;
  let units = input.units;
  if (v.rules.unapprovedLayout === 'not-applicable') {
    for (const key of input.unapproved ?? []) { out.delete(key); units--; }
    if (units <= 0) return null;
  }
  return units > 0 ? clamp(100 * (1 - out.size / units)) : (out.size ? 0 : 100);
}

/** axe: the axe group's check results (meta.score), penalised per finding. */
function axe(v: ScoringVersion, checks: CheckResult[] | null): number | null {
  if (!checks) return 0;
  const rs = checks.filter((c) => scoreGroupOf(c.check) === 'axe' && c.status !== 'skipped');
  if (!rs.length) return null;
  // fixed debt is good news, not a penalty; accepted debt costs only in version 1 (from version 2 the
  // report keeps the score counting it beside the one the gate compares, so the trend stays visible)
  const counted = (f: Finding) => f.effect !== 'fixed' && (f.effect !== 'known-debt' || v.rules.knownDebt === 'counts');
  return rs.some((r) => r.status === 'error') ? 0 : penalised(v, rs.flatMap((r) => r.findings).filter(counted));
}

function judge(v: ScoringVersion, input: ScoreInput['judge']): number | null {
  if (!input || input.status === 'skipped') return null;
  if (input.status !== 'pass' && input.status !== 'fail') return 0;   // error, FAIL_EVIDENCE
  return penalised(v, input.findings.filter((f) => f.check === 'judge'));
}

/** Weighted mean over the components that apply (weights of absent ones are shared out). */
function weighted(v: ScoringVersion, comps: Record<ComponentId, number | null>, ids: ComponentId[]): number | null {
  let sum = 0, w = 0;
  for (const id of ids) {
    const c = comps[id];
    if (c === null) continue;
    sum += c * v.weights[id];
    w += v.weights[id];
  }
  return w > 0 ? Math.round((sum / w) * 10) / 10 : null;
}

export function computeScore(v: ScoringVersion, input0: ScoreInput): ScoreResult {
  // before version 3 a stress unit's findings are left out (core/scoring.ts rules.stress)
  const input = countsStress(v) || !input0.checks ? input0 : { ...input0, checks: input0.checks.map((c) => ({ ...c, findings: c.findings.filter((f) => !f.stress) })) };
  const components: Record<ComponentId, number | null> = {
    structural: structural(v, input.checks),
    layout: layout(v, input.parity),
    axe: axe(v, input.checks),
    judge: judge(v, input.judge),
  };
  const ids = Object.keys(v.weights) as ComponentId[];
  for (const id of ids) if (components[id] !== null) components[id] = Math.round(components[id]! * 10) / 10;
  return {
    total: weighted(v, components, ids),
    structural: weighted(v, components, ids.filter((id) => v.groups[id] === 'structural')),
    aesthetic: weighted(v, components, ids.filter((id) => v.groups[id] === 'aesthetic')),
    components,
  };
}

/** The score as if accepted debt still cost points (version 1's rule): what the report shows beside
 *  the gate's score, so accepting debt never hides how much of it there is. */
export const scoreCountingDebt = (v: ScoringVersion, input: ScoreInput): ScoreResult =>
  computeScore({ ...v, rules: { ...v.rules, knownDebt: 'counts' } }, input);

// The gate policy: pure, over findings and fail-closed errors. Blockers and errors always fail
// (a finding with an `effect` — known-debt, fixed — is reported and never fails);
// other severities fail unless listed in gate.warn; gate.minScore fails below. The score is an
// input only for minScore: it can make a spec fail, never pass.
import { SEVERITIES, type Finding, type Severity } from '../core/artifacts.js';
import type { GatePlan } from '../spec/plan.js';

export interface PolicyInput {
  findings: Finding[];
  /** fail-closed reasons found while reading artifacts (missing file, crashed check, …) */
  errors: string[];
  gate: GatePlan;
  score: number | null;
}

export interface Verdict { status: 'pass' | 'fail'; reasons: string[]; warnings: string[] }

const MAX_LISTED = 20;

/** Whether a finding counts against the gate: one with an effect (known-debt, fixed) is reported only. */
export const counts = (f: Pick<Finding, 'effect'>) => !f.effect;

/** Blockers can never be waived, even if a config lists them in warn. */
export const waived = (gate: GatePlan, s: Severity) => s !== 'blocker' && gate.warn.includes(s);

export const where = (f: Pick<Finding, 'state' | 'viewport'>) => (f.viewport || f.state ? ` (${f.state ?? '?'} @ ${f.viewport ?? '?'})` : ' (spec-wide)');
/** How a finding reads in reasons and warnings (reporters match on it). */
export const describe = (f: Pick<Finding, 'severity' | 'check' | 'state' | 'viewport' | 'message'>) => `${f.severity} ${f.check}${where(f)}: ${f.message}`;

function listed(items: string[]): string[] {
  return items.length <= MAX_LISTED ? items : [...items.slice(0, MAX_LISTED), `… and ${items.length - MAX_LISTED} more`];
}

export function decide(input: PolicyInput): Verdict {
  const { findings, gate, score } = input;
  const reasons = [...input.errors];
  // known accessibility debt and fixed debt are reported, never failing (the finding's effect says so)
  const counted = findings.filter(counts);
  const failing = SEVERITIES.flatMap((s) => counted.filter((f) => f.severity === s && !waived(gate, s)));
  // A severity the policy does not know is never silently ignored.
  const unknown = counted.filter((f) => !SEVERITIES.includes(f.severity));
  reasons.push(...listed([...failing.map(describe), ...unknown.map((f) => `${describe(f)} [unknown severity "${String(f.severity)}"]`)]));
  if (gate.minScore > 0) {
    if (score === null) reasons.push(`no score could be computed, and gate.minScore is ${gate.minScore}`);
    else if (score < gate.minScore) reasons.push(`score ${score} is below gate.minScore ${gate.minScore}`);
  }
  const warnings = listed(SEVERITIES.flatMap((s) => counted.filter((f) => f.severity === s && waived(gate, s))).map(describe));
  return { status: reasons.length ? 'fail' : 'pass', reasons, warnings };
}

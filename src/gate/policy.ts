// The gate policy: pure, over findings and fail-closed errors. It alone decides what fails: every
// finding and unit of report.json carries its effect (`fails` and why) from here, and reporters,
// the checklist and every command's exit code render that and never decide again.
// Blockers and errors always fail; a finding with an effect from its stage (known-debt, fixed) is
// reported and never fails; other severities fail unless listed in gate.warn (warn-only);
// gate.minScore fails below. The score is an input only for minScore: it can make a spec fail,
// never pass.
import { viewportLabel } from '../core/engines.js';
import { SEVERITIES, type Finding, type Severity } from '../core/artifacts.js';
import type { GatePlan } from '../spec/plan.js';
import type { Effect, ReportFinding } from './report-schema.js';

export interface PolicyInput {
  findings: Finding[];
  /** fail-closed reasons found while reading artifacts (missing file, crashed check, …) */
  errors: string[];
  gate: GatePlan;
  score: number | null;
}

/** `other`: the reasons no finding states (fail-closed errors, the score under minScore); also in `reasons`. */
export interface Verdict { status: 'pass' | 'fail'; reasons: string[]; warnings: string[]; other: string[] }

const MAX_LISTED = 20;

/** Blockers can never be warn-only, even if a config lists them in warn. */
export const warnOnly = (gate: Pick<GatePlan, 'warn'>, s: Severity) => s !== 'blocker' && gate.warn.includes(s);

/** What one finding does to the verdict. The stage's own effect (accessibility debt) wins; a
 *  severity the policy does not know is never silently ignored. */
export function effectOf(gate: Pick<GatePlan, 'warn'>, f: Pick<Finding, 'severity' | 'effect'>): { fails: boolean; effect: Effect } {
  if (f.effect === 'known-debt' || f.effect === 'fixed') return { fails: false, effect: f.effect };
  if (SEVERITIES.includes(f.severity) && warnOnly(gate, f.severity)) return { fails: false, effect: 'warn-only' };
  return { fails: true, effect: 'blocker' };
}

/** The finding as report.json carries it: stamped with its effect. */
export const stamped = (gate: Pick<GatePlan, 'warn'>, f: Finding): ReportFinding => ({ ...f, ...effectOf(gate, f) });

/** Strongest first: a unit's effect is the strongest among its findings'. */
const STRENGTH: readonly Effect[] = ['blocker', 'warn-only', 'known-debt', 'fixed'];
export function strongest(findings: Pick<ReportFinding, 'effect'>[]): Effect | null {
  return STRENGTH.find((e) => findings.some((f) => f.effect === e)) ?? null;
}

/** The one mapping from a verdict to the process exit code: 0 pass · 1 fail (an incomplete run never passes). */
export const exitCodeOf = (v: { status: 'pass' | 'fail'; incomplete?: boolean }): 0 | 1 => (v.status === 'pass' && !v.incomplete ? 0 : 1);

export const where = (f: Pick<Finding, 'state' | 'viewport'>) => (f.viewport || f.state ? ` (${f.state ?? '?'} @ ${f.viewport ? viewportLabel(f.viewport) : '?'})` : ' (spec-wide)');
/** How a finding reads in reasons and warnings. */
export const describe = (f: Pick<Finding, 'severity' | 'check' | 'state' | 'viewport' | 'message'>) => `${f.severity} ${f.check}${where(f)}: ${f.message}`;

function listed(items: string[]): string[] {
  return items.length <= MAX_LISTED ? items : [...items.slice(0, MAX_LISTED), `… and ${items.length - MAX_LISTED} more`];
}

export function decide(input: PolicyInput): Verdict {
  const { findings, gate, score } = input;
  const effects = findings.map((f) => ({ f, ...effectOf(gate, f) }));
  const failing = SEVERITIES.flatMap((s) => effects.filter((e) => e.fails && e.f.severity === s)).map((e) => describe(e.f));
  const unknown = effects.filter((e) => !SEVERITIES.includes(e.f.severity)).map((e) => `${describe(e.f)} [unknown severity "${String(e.f.severity)}"]`);
  const scoreReasons = gate.minScore <= 0 ? []
    : score === null ? [`no score could be computed, and gate.minScore is ${gate.minScore}`]
      : score < gate.minScore ? [`score ${score} is below gate.minScore ${gate.minScore}`] : [];
  const reasons = [...input.errors, ...listed([...failing, ...unknown]), ...scoreReasons];
  const warnings = listed(SEVERITIES.flatMap((s) => effects.filter((e) => e.effect === 'warn-only' && e.f.severity === s)).map((e) => describe(e.f)));
  return { status: reasons.length ? 'fail' : 'pass', reasons, warnings, other: [...input.errors, ...scoreReasons] };
}

// The published score formula's data: one entry per version (a weight change is a new version;
// test/gate/score.test.ts pins each version's hash, and a spec may pin an older one with
// `scoring.version`). Data only, below both the spec (which validates scoring.version against it)
// and the gate (gate/score.ts computes with it; docs/scoring.md is generated from both).
import type { Severity } from './artifacts.js';
import { sha256 } from './fsx.js';

export type ComponentId = 'structural' | 'layout' | 'axe' | 'judge';

export interface ScoringVersion {
  version: number;
  weights: Record<ComponentId, number>;
  /** which side of the report each component counts for */
  groups: Record<ComponentId, 'structural' | 'aesthetic'>;
  /** points (of 100) a component loses per finding of each severity */
  penalty: Record<Severity, number>;
  /** share of a structural check's point kept when its worst finding has this severity */
  checkCredit: Record<Severity, number>;
  /** rules beyond the numbers (added in version 2; version 1's behaviour is V1_RULES) */
  rules: ScoringRules;
}

export interface ScoringRules {
  /** accessibility violations accepted as debt at approval: `counts` against the axe component, or
   *  `free` (the gate compares the score without them; the report keeps the score with them) */
  knownDebt: 'counts' | 'free';
  /** a capture with no approved baseline yet: `zero` (out of parity), or `not-applicable` (left out
   *  of the layout share; with none approved, layout does not apply). The "no approved baseline"
   *  blocker fails the run either way. */
  unapprovedLayout: 'zero' | 'not-applicable';
  /** findings on stress units (spec stress:, version 3): `counts` in their check's result like any
   *  finding, at the stress's severity; `not-counted` (before version 3, which had no stress units):
   *  left out of the score — the gate still fails on them */
  stress?: 'counts' | 'not-counted';
}

/** What version 1 did before rules were data: its hash predates the field, so these are left out of it. */
const V1_RULES: ScoringRules = { knownDebt: 'counts', unapprovedLayout: 'zero' };

const V1: ScoringVersion = {
  version: 1,
  weights: { structural: 0.4, layout: 0.3, axe: 0.2, judge: 0.1 },
  groups: { structural: 'structural', layout: 'aesthetic', axe: 'structural', judge: 'aesthetic' },
  penalty: { blocker: 50, important: 20, polish: 5 },
  checkCredit: { blocker: 0, important: 0.5, polish: 0.9 },
  rules: V1_RULES,
};

export const SCORING_VERSIONS: Readonly<Record<number, ScoringVersion>> = {
  1: V1,
  // the same numbers; accepted accessibility debt no longer costs points (issue 32: accepting debt
  // could never make a page with debt green at minScore 80), and a first run before any approval
  // is not scored 0 on layout (issue 44)
  2: { ...V1, version: 2, rules: { knownDebt: 'free', unapprovedLayout: 'not-applicable' } },
  // the same numbers; a stress unit's findings (issue 61) count in their check's result: a check
  // that passes in every plain state and fails under text spacing keeps only its severity's credit
  3: { ...V1, version: 3, rules: { knownDebt: 'free', unapprovedLayout: 'not-applicable', stress: 'counts' } },
};
export const LATEST_SCORING_VERSION = Math.max(...Object.keys(SCORING_VERSIONS).map(Number));

/** What each component measures, as every report names it (names only: no score depends on them). */
export const COMPONENT_MEASURES: Readonly<Record<ComponentId, string>> = { structural: 'checks', layout: 'layout parity', axe: 'axe', judge: 'judge' };

/** What each side of the score was made of for one spec: the components that applied, by what they
 *  measure ("layout parity" alone when no judge ran — never a bare "aesthetic"); "nothing" when none did. */
export function groupMeasures(v: ScoringVersion, components: Partial<Record<ComponentId, number | null>>): Record<'structural' | 'aesthetic', string> {
  const of = (g: 'structural' | 'aesthetic') => (Object.keys(v.weights) as ComponentId[])
    .filter((id) => v.groups[id] === g && components[id] !== null && components[id] !== undefined).map((id) => COMPONENT_MEASURES[id]).join(' + ') || 'nothing';
  return { structural: of('structural'), aesthetic: of('aesthetic') };
}

/** Hash of everything that changes a score; pinned per version by a test. */
export const scoringHash = (v: ScoringVersion) => {
  // versions before stress units were hashed without the rule (absent reads not-counted)
  const { stress, ...rules } = v.rules;
  const all = stress && stress !== 'not-counted' ? { ...rules, stress } : rules;
  return sha256(JSON.stringify([v.weights, v.groups, v.penalty, v.checkCredit, ...(JSON.stringify(all) === JSON.stringify(V1_RULES) ? [] : [all])])).slice(0, 16);
};
/** Whether a version counts stress units' findings in the score. */
export const countsStress = (v: ScoringVersion) => v.rules.stress === 'counts';

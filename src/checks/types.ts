// The interface every check module implements (ESLint-rule style: meta + one pure function).
import type { TSchema } from '@sinclair/typebox';
import type { AxeResultsLite, CaptureRecord, Finding, Severity } from '../core/artifacts.js';
import type { SpecPlan } from '../spec/plan.js';
import type { LayoutBoxes } from '../parity/store/types.js';
import type { DebtEntry } from '../parity/store/a11y-debt.js';
import type { SweepResult } from '../core/artifact-sweep.js';

export interface CheckMeta {
  id: string;
  title: string;
  description: string;
  /** published default; 'by-impact' (axe), 'by-width' (overflow), 'by-kind' (console) and
   *  'by-resource' (requests), 'by-check' (sweep: the swept check's) are resolved per finding */
  defaultSeverity: Severity | 'by-impact' | 'by-width' | 'by-kind' | 'by-resource' | 'by-check';
  /** options object schema (every property optional, additionalProperties false) */
  options: TSchema;
  /** extra value forms accepted in `checks:` besides true/false/severity/options (e.g. overlap: all) */
  shorthand?: TSchema;
  /** turns a shorthand value into options */
  fromShorthand?: (value: unknown) => Record<string, unknown>;
  /** cannot be switched off or downgraded (contract: required-visible, http-status) */
  alwaysOn?: boolean;
  /** on when a spec has no `checks:` entry for it */
  defaultEnabled: boolean;
  /** artifacts the check reads besides capture records (the runner loads them) */
  needs?: ('axe' | 'baseline' | 'sweep')[];
  /** false: the spec gives this check nothing to look at (a sweep check without `sweep:`), so it is
   *  skipped — not a pass that would count in the score */
  appliesTo?: (spec: SpecPlan) => boolean;
  /** what capture must gather for this check, beyond what every capture measures: capture asks the
   *  registry by artifact (checks/registry.ts `gatherFor`), never by check id, and gathers it with
   *  this check's options (its `defaults` under the spec's). axe: axe-core results; shots: repeated
   *  screenshots compared for stability (without it, one shot); interactive: every interactive
   *  element found and measured; shifts: the Layout Instability entries from navigation through
   *  settling and after each step (record.layoutShift). */
  gathers?: GatheredArtifact[];
  /** options whose values name things in the spec, validated against it (spec/semantic.ts):
   *  regions (declared region names), region-order (ordered, at least 2), region-pairs
   *  ([a, b] pairs of regions), selectors (CSS), regexes, axe-rules (axe rule ids) */
  names?: Record<string, OptionNames>;
  /** where its findings come in a report, lower first after severity (stages: capture 0, guard 25,
   *  parity 900, judge 950; gate/spec-report.ts) */
  order: number;
  /** the score component its results count for (docs/scoring.md): structural, or axe */
  score: ScoreGroup;
  /** what an evidence box of its findings outlines, when the evidence selector would mislead
   *  (the gate writes it to report.json as `evidence.label`; reporters print it) */
  label?: (evidence: Record<string, unknown>) => string | null;
  /** option defaults as data: the runner and capture fill them under the spec's options, and the
   *  option descriptions and the doc quote them (test/checks/completeness.test.ts) */
  defaults?: Record<string, unknown>;
  /** a value for `checks.<id>:` shown in the IDE schema's example (default: important) */
  example?: string;
}

/** What a check may ask capture to gather (meta.gathers), each a gatherer's `asks` (capture/gatherers)
 *  or what the unit runner itself gathers (shots, interactive). A new gatherer adds its name in its
 *  own file, by declaration merging (`declare module '../../checks/types.js'`). */
export interface GatheredArtifacts { axe: true; shots: true; interactive: true; shifts: true }
export type GatheredArtifact = keyof GatheredArtifacts;
export type OptionNames = 'regions' | 'region-order' | 'region-pairs' | 'selectors' | 'regexes' | 'axe-rules';
export type ScoreGroup = 'structural' | 'axe';

/** A capture record plus where it lives, as handed to a check. */
export interface UnitInput {
  record: CaptureRecord;
  /** "spec/state-viewport.png" relative to the run folder (the evidence file name) */
  file: string;
  /** parsed axe results when the check declares needs: ['axe'] (null when missing/unreadable) */
  axe?: AxeResultsLite | null;
  /** why `axe` is null (missing file, invalid JSON), for the check's error message */
  axeProblem?: string;
  /** the layout approved with this unit's baseline when the check declares needs: ['baseline']
   *  (null: no approved baseline for the unit) */
  baseline?: LayoutBoxes | null;
  /** why the baseline could not be read (an unreadable manifest), for the check's error message */
  baselineProblem?: string;
  /** the accessibility debt recorded for this unit when its baseline was approved (with `axe`;
   *  [] when none or unreadable — an unreadable debt file is a guard finding of parity) */
  debt?: DebtEntry[];
}

export type { AxeNodeLite, AxeRuleLite, AxeResultsLite } from '../core/artifacts.js';

/** One swept state's sweep result as handed to a check (needs: ['sweep']). */
export interface SweepInput {
  state: string;
  /** "spec/state-sweep.json" relative to the run folder */
  file: string;
  result: SweepResult | null;
  /** why `result` is null (missing, unreadable) */
  problem?: string;
}

export interface CheckContext<O = Record<string, unknown>> {
  spec: SpecPlan;
  units: UnitInput[];
  /** the spec's sweep results, one per swept state, when the check declares needs: ['sweep'] */
  sweeps?: SweepInput[];
  options: O;
  /** severity set in the spec for this check, overriding the default (never for alwaysOn checks) */
  severity: Severity | null;
  /** says, in one line, what the check did not check and why (the report lists it under the spec's notes) */
  note?(line: string): void;
}

export interface Check<O = any> {
  meta: CheckMeta;
  run(ctx: CheckContext<O>): Finding[];
}

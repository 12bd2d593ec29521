// The interface every check module implements (ESLint-rule style: meta + one pure function).
import type { TSchema } from '@sinclair/typebox';
import type { AxeResultsLite, CaptureRecord, Finding, Severity } from '../core/artifacts.js';
import type { SpecPlan } from '../spec/plan.js';
import type { LayoutBoxes } from '../parity/types.js';
import type { DebtEntry } from '../parity/a11y-debt.js';

export interface CheckMeta {
  id: string;
  title: string;
  description: string;
  /** published default; 'by-impact' (axe) and 'by-width' (overflow) are resolved per finding */
  defaultSeverity: Severity | 'by-impact' | 'by-width';
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
  /** artifacts the check reads besides capture records */
  needs?: ('axe' | 'baseline')[];
}

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

export interface CheckContext<O = Record<string, unknown>> {
  spec: SpecPlan;
  units: UnitInput[];
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

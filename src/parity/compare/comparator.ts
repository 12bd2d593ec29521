// One type for every comparator (pixels, design export, layout, structure): the id parity.json and
// report.json name it by, which baselines it compares (by their provenance and what was recorded
// with them), and the comparison. compare/unit.ts runs the ones a unit wants; a new comparator is
// one more implementation, its id added to COMPARATORS (core/artifact-results.ts).
import type { CaptureRecord, ComparatorId, Finding, LayoutUnitDiff, ParityOutcome, ParityUnit } from '../../core/artifacts.js';
import type { RunContext } from '../../core/run.js';
import type { ParityPlan, SpecPlan } from '../../spec/plan.js';
import type { LoadedCapture } from '../store/capture-unit.js';
import type { BaselineEntry } from '../store/types.js';

export type { ComparatorId } from '../../core/artifacts.js';

/** What every comparator is given: one unit, its approved baseline entry and its capture. */
export interface UnitCase {
  run: RunContext; spec: SpecPlan; parity: ParityPlan; state: string; viewport: string;
  entry: BaselineEntry; capture: LoadedCapture;
}

export interface Comparator<In extends UnitCase = UnitCase, Out = unknown> {
  readonly id: ComparatorId;
  /** whether it compares this unit's baseline (asked before anything is read) */
  wants(c: UnitCase): boolean;
  compare(c: In): Out;
}

/** A unit's verdict as its image comparator leaves it (pixels or design-export). */
export interface ImageVerdict { unit: ParityUnit; findings: Finding[]; layout: LayoutUnitDiff; note: string | null }
export type Finish = (o: ParityOutcome, m: string, c: 'parity' | 'guard' | null, e?: Record<string, unknown>) => ImageVerdict;

/** An image comparator's case: a capture that loaded, the baseline's bytes (sha256 as approved, size
 *  within maxPixels) and the unit it fills in, ended through `finish`. */
export interface ImageCase extends UnitCase {
  capture: { ok: true; record: CaptureRecord; png: Buffer; file: string };
  base: Buffer; maxPixels: number; unit: ParityUnit; layout: LayoutUnitDiff; finish: Finish;
}

/** A comparator's findings for a unit, and a note when it could not compare it fully. */
export interface Comparison { findings: Finding[]; note: string | null }

/** The baseline is an imported design export: it has pixels only, no page behind them. */
export const isDesignExport = (entry: BaselineEntry) => entry.provenance?.kind === 'design-export';

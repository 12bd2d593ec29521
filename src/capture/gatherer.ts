// A gatherer: one piece of evidence a capture unit gathers, in one file under capture/gatherers/
// (id = file name), listed by the generated registry (gatherers/generated/list.ts, `npm run
// schema`). The unit runner (unit-runner.ts) calls each wanted gatherer's hook at its named slot and
// applies what it returns; a gatherer never writes the record or a file itself. Lighthouse's
// gatherers are the model (base-gatherer.js: phases called by the runner, artifacts by name).
import type { BrowserContext, Page } from 'playwright-core';
import type { CaptureRecord, ViewportSpec } from '../core/artifacts.js';
import type { Engine } from '../core/engines.js';
import type { RunContext } from '../core/run.js';
import type { GatheredArtifact } from '../checks/types.js';
import type { RequiredPlan, SpecPlan, StatePlan, StepPlan } from '../spec/plan.js';

/**
 * The slots of a unit, in the order they come (README.md has the picture). The three calm slots
 * are offered by the stillness proof (still/index.ts) around its calm window and its one image.
 */
export const SLOTS = [
  'before-navigation', // the context is open, no page yet: init scripts, observers
  'after-ready',       // the page loaded, wait.selector seen, settled
  'before-each-step',  // a state's step is about to act (`step` is set)
  'after-each-step',   // … and has acted
  'after-steps',       // the steps ran, the page not yet settled again: stress states apply here
  'before-measure',    // settled; veval's own measuring (scrolls, resizes) has not begun
  'before-calm',       // measured; before the stillness proof's calm window (may paint)
  'in-calm',           // inside the calm window: must paint nothing (the window would see it)
  'gap-after-image',   // in the gap after the proof's image (read-only, may take long)
  'after-shot',        // the image is kept (`png` is set)
  'after-remeasure',   // the page changed after the image and was measured again
] as const;
export type Slot = typeof SLOTS[number];
export type CalmSlot = Extract<Slot, 'before-calm' | 'in-calm' | 'gap-after-image'>;
export const CALM_SLOTS: readonly CalmSlot[] = ['before-calm', 'in-calm', 'gap-after-image'];

/** What a gatherer's hook sees of its unit (read-only: it answers with a Gathered). */
export interface UnitView<O = Record<string, unknown>> {
  page: Page;
  context: BrowserContext;
  spec: SpecPlan;
  state: StatePlan;
  viewport: ViewportSpec;
  engine: Engine;
  run: RunContext;
  /** the record so far (measured fields once measured) */
  record: Readonly<CaptureRecord>;
  /** the required entries at this viewport */
  required: RequiredPlan[];
  /** the options of the check that asked for it (`meta.asks`), defaults filled; {} when none asks */
  options: O;
  /** the document as served (the CSS record checks inline places against it) */
  served: (() => Promise<string | null>) | null;
  /** the kept image (after-shot and later) */
  png: Buffer | null;
  /** the step at hand (before-each-step, after-each-step) */
  step?: { index: number; plan: StepPlan };
}

/** A record field that names a file beside the record. */
export type FileField = 'axe' | 'structure' | 'css';

/** What a hook gathered: record fields, its evidence, files. The runner applies it, in that order. */
export interface Gathered {
  record?: Partial<CaptureRecord>;
  /** the gatherer's own evidence, kept as record.evidence[<id>] (its type: GatheredEvidence) */
  evidence?: unknown;
  /** files written beside the record when the unit succeeds (a later one of the same name replaces it); `field` is set to its name */
  files?: ({ rel: string; field?: FileField } & ({ data: string | Buffer } | { json: unknown }))[];
}

export interface GathererMeta {
  /** = file name */
  id: string;
  /** bumped when what it gathers changes meaning */
  version: number;
  /** what it gathers, in one line */
  what: string;
  /** it may paint (scroll, inject, resize): never in the calm window */
  paints: boolean;
  /** gathered only while an enabled check declares `gathers: [asks]`; its options are the hook's */
  asks?: GatheredArtifact;
  /** the engines that can give it (default: every engine) */
  engines?: readonly Engine[];
  /** the record fields it writes (each field one gatherer's) */
  fields: readonly (keyof CaptureRecord)[];
  /** the timing (record.timings) its hooks' milliseconds add to */
  timing?: 'aria' | 'axe' | 'css';
}

export interface Gatherer<O = any> {
  meta: GathererMeta;
  /** besides `asks` and `engines`: whether this unit wants it (the spec, the state, the record so far) */
  wants?(unit: UnitView<O>): boolean;
  /** its hook per slot; a painting gatherer has no in-calm hook (completeness test) */
  slots: Partial<Record<Slot, (unit: UnitView<O>) => Promise<Gathered | void>>>;
}

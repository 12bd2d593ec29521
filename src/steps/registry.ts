// The step verbs, generated from the files in src/steps (generated/list.ts, written by `npm run
// schema`). The spec schema, compile, semantic validation, capture, `veval plan`, `--step` and
// the IDE schema all derive from it; StepPlan is the union of the verbs' own plan types.
import type { TSchema } from '@sinclair/typebox';
import type { Page } from 'playwright-core';
import { STEP_MODULES } from './generated/list.js';
import { STEP_TIMEOUT, type StepBase, type StepVerb } from './types.js';
import { frameChain, type FrameInput } from '../spec/frame-ref.js';

type PlanOf<V> = V extends StepVerb<TSchema, infer P> ? P : never;
/** A compiled step: one member per verb, discriminated by `action`. */
export type StepPlan = PlanOf<(typeof STEP_MODULES)[number]>;
export type StepAction = StepPlan['action'];

/** In their declared order (click first). */
export const STEPS: readonly StepVerb[] = [...(STEP_MODULES as readonly StepVerb[])].sort((a, b) => a.order - b.order);
export const STEP_VERBS: readonly string[] = STEPS.map((v) => v.verb);

export const verbOf = (action: string): StepVerb | undefined => STEPS.find((v) => v.verb === action);

export { STEP_TIMEOUT };
export const stepTimeout = (step: StepBase): number => step.timeout ?? STEP_TIMEOUT;

/** `{ click: "#pay" }` (a spec's step, valid against the schema) → its plan. */
export function stepPlan(step: Record<string, unknown>, source: string): StepPlan {
  const [action, raw] = Object.entries(step)[0]!;
  const v = verbOf(action);
  if (!v) throw new Error(`unknown step action ${action}`);
  const plan = v.plan(raw as never, source) as StepPlan;
  // `frame:` is the same for every verb with a { selector } form: the step acts inside that frame
  const frame = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { frame?: FrameInput }).frame : undefined;
  return frame ? { ...plan, frame: frameChain(frame) } : plan;
}

export async function runStep(page: Page, step: StepPlan): Promise<void> {
  const v = verbOf(step.action);
  if (!v) throw new Error(`unknown step action ${step.action}`);
  await v.run(page, step, stepTimeout(step));
}

export const describeStep = (step: StepPlan): string => (verbOf(step.action)?.describe(step) ?? `${step.action} ${step.selector ?? ''}`.trim())
  + (step.frame?.length ? ` in frame ${step.frame.join(' › ')}` : '');

/** The `--step` forms for help and messages: "click:SEL, fill:SEL=TEXT, …". */
export const STEP_HELP = STEPS.map((v) => `${v.verb}:${v.cli.form}`).join(', ');

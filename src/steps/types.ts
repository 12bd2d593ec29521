// The interface every step verb module implements (src/steps/<verb>.ts, verb = file name): the
// spec schema of its value, how it compiles into the plan, how it runs on the page, and how it is
// written on the command line, described and offered in the IDE — one file per verb.
import type { Static, TSchema } from '@sinclair/typebox';
import type { Page } from 'playwright-core';
import type { PathSeg } from '../spec/source.js';

/** What every compiled step has; each verb's plan adds its own fields. */
export interface StepBase<A extends string = string> {
  action: A;
  selector: string | null;
  /** "specs/checkout.yaml:31:9", for messages */
  source: string;
  /** ms the step may take (default STEP_TIMEOUT) */
  timeout?: number;
  /** the step acts inside this frame (the iframe selectors, outermost first; absent: the page) */
  frame?: string[];
}

/** What a verb's semantic validation may do (spec/semantic.ts hands it over). */
export interface StepValidation {
  /** where the verb's value is written: states[i].steps[j].<verb> */
  at: PathSeg[];
  problem(p: PathSeg[], message: string): void;
  /** reports an invalid Playwright locator at p */
  selector(p: PathSeg[], sel: unknown): void;
  /** ' — did you mean "Enter"?' for a near miss, else '' */
  didYouMean(word: string, options: string[]): string;
}

export interface StepVerb<S extends TSchema = TSchema, P extends StepBase = StepBase> {
  verb: P['action'];
  /** where the verb comes in lists (schema, help, IDE), lower first */
  order: number;
  /** one line: what the step does */
  description: string;
  /** the schema of the value under the verb's key (`- click: <value>`) */
  value: S;
  /** the compiled step (plain data in plan.json) */
  plan(raw: Static<S>, source: string): P;
  run(page: Page, step: P, timeout: number): Promise<void>;
  /** one line for `veval plan` */
  describe(step: P): string;
  /** what the schema cannot say (default: a selector it names must be a valid locator) */
  validate?(raw: Static<S>, v: StepValidation): void;
  /** `--step verb:ARG` (veval look): the argument's form for the help, and the value it gives (null: not this form) */
  cli: { form: string; parse(arg: string): Static<S> | null };
  /** YAML shown in the IDE schema, and the snippet it inserts */
  example: string;
  snippet: unknown;
}

/** Keeps a verb module's own value and plan types (the registry's StepPlan union is made of them). */
export const defineVerb = <S extends TSchema, P extends StepBase>(v: StepVerb<S, P>): StepVerb<S, P> => v;

/** A step's default timeout when the spec gives none (ms). */
export const STEP_TIMEOUT = 5000;

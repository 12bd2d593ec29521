// The single list of checks, generated from the files in src/checks (generated/list.ts, written by
// `npm run schema`). Schema, docs, `veval checks`, semantic validation, capture, the runner, the
// report order and the score groups all derive from it.
import type { SpecPlan } from '../spec/plan.js';
import type { Check, GatheredArtifact, ScoreGroup } from './types.js';
import { CHECK_MODULES } from './generated/list.js';

/** Sorted by id. */
export const CHECKS: readonly Check[] = CHECK_MODULES;

export const CHECK_IDS: readonly string[] = CHECKS.map((c) => c.meta.id);

export function getCheck(id: string): Check | undefined {
  return CHECKS.find((c) => c.meta.id === id);
}

/** Finding check ids that come from stages rather than check modules (contract). */
export const STAGE_FINDING_IDS = ['capture', 'parity', 'judge', 'guard'] as const;

/** A check's options as it runs: its published defaults under the spec's options. */
export function optionsOf(check: Check, plan: { options?: Record<string, unknown> } | undefined): Record<string, unknown> {
  return { ...(check.meta.defaults ?? {}), ...(plan?.options ?? {}) };
}

const enabledIn = (spec: Pick<SpecPlan, 'checks'>, c: Check) =>
  c.meta.alwaysOn || (spec.checks.find((p) => p.id === c.meta.id)?.enabled ?? c.meta.defaultEnabled);

/** A check's options in a spec (defaults filled; {} for an unknown id), and whether it runs there:
 *  what the agent checklist reads, so that it answers with the check's own facts and tolerances. */
export function checkIn(spec: Pick<SpecPlan, 'checks'>, id: string): { enabled: boolean; options: Record<string, unknown> } {
  const c = getCheck(id);
  return c ? { enabled: enabledIn(spec, c), options: optionsOf(c, spec.checks.find((p) => p.id === id)) } : { enabled: false, options: {} };
}

/** Below this width a viewport is mobile as the overflow check counts it (its mobileMaxWidth
 *  option, else the spec's): the checklist and the width sweep's severities ask here. */
export const mobileMaxWidthIn = (spec: Pick<SpecPlan, 'checks' | 'mobileMaxWidth'>): number =>
  Number(checkIn(spec, 'overflow').options.mobileMaxWidth ?? spec.mobileMaxWidth);

/** What capture gathers: the options of the first enabled check that declares `gathers: [artifact]`
 *  (defaults filled), or null when no enabled check needs it. The gatherer names the options type it reads. */
export function gatherFor<O = Record<string, unknown>>(spec: Pick<SpecPlan, 'checks'>, artifact: GatheredArtifact): O | null {
  const c = CHECKS.find((x) => x.meta.gathers?.includes(artifact) && enabledIn(spec, x));
  return c ? optionsOf(c, spec.checks.find((p) => p.id === c.meta.id)) as O : null;
}

/** The score group of a check result's id; results that are not a check module's (capture, an
 *  unknown check a plan names) count as structural. */
export const scoreGroupOf = (id: string): ScoreGroup => getCheck(id)?.meta.score ?? 'structural';

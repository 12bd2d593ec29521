// A run folder (<out>/runs/<timestamp>-<id>, see run-folder.ts) and the file names inside it. Stages meet
// only here: each reads and writes files under the run folder.
import path from 'node:path';
import { splitViewport } from './engines.js';
import type { ProjectPlan, SpecPlan, StatePlan } from '../spec/plan.js';

/** Whether a state is captured at a viewport: its `viewports:` list, or every viewport. */
export const stateAt = (st: Pick<StatePlan, 'viewports'>, viewport: string): boolean => !st.viewports || st.viewports.includes(splitViewport(viewport).viewport);

/** The states a spec sweeps (capture/sweep/): `sweep.states`, else every state; none without `sweep:`. */
export function sweptStates<S extends Pick<StatePlan, 'name'>>(spec: { sweep?: SpecPlan['sweep']; states: S[] }): S[] {
  const s = spec.sweep;
  return s ? spec.states.filter((st) => !s.states || s.states.includes(st.name)) : [];
}

export interface RunContext {
  root: string;                   // project root (absolute)
  outDir: string;                 // artifacts folder (absolute)
  runId: string;                  // the run folder's name, "<yyyymmdd-hhmmssmmmZ>-<6 hex>"
  runDir: string;                 // outDir/runs/runId
  plan: ProjectPlan;
}

/** The viewport name of a state's width sweep: its unit is `<state>-sweep` (capture/sweep/). */
export const SWEEP = 'sweep';

export const unitKey = (state: string, viewport: string) => `${state}-${viewport}`;

/** File names inside <run>/<spec>/, relative to the run folder (what evidence cites). */
export const files = {
  plan: 'plan.json',
  run: 'run.json',
  report: 'report.json',
  /** the reviewer's decisions (`veval review`) */
  review: 'review.json',
  capture: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.png`,
  record: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.json`,
  axe: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.axe.json`,
  structure: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.structure.json`,
  css: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.css.json`,
  structureDiff: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.structure-diff.json`,
  diff: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.diff.png`,
  failure: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.failure.png`,
  flake: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.flake.png`,
  trace: (spec: string, state: string, vp: string) => `${spec}/${unitKey(state, vp)}.trace.zip`,
  sweep: (spec: string, state: string) => `${spec}/${unitKey(state, SWEEP)}.json`,
  sweepShot: (spec: string, state: string, width: number, y = 0) => `${spec}/${unitKey(state, SWEEP)}-${width}${y ? `-y${y}` : ''}.png`,
  checks: (spec: string) => `${spec}/checks.json`,
  parity: (spec: string) => `${spec}/parity.json`,
  layoutDiff: (spec: string) => `${spec}/layout-diff.json`,
  judge: (spec: string) => `${spec}/judge.json`,
};

export const abs = (run: RunContext, rel: string) => path.join(run.runDir, rel);

/** The units parity compares with baselines: a stress unit only when its spec opted in (stress parity). */
export const comparedUnitsOf = (spec: SpecPlan): { state: string; viewport: string }[] =>
  unitsOf(spec).filter((u) => { const st = spec.states.find((s) => s.name === u.state); return !st?.stress || st.stress.parity; });

/** Every unit (state × viewport) a spec produces, in plan order. */
export function unitsOf(spec: SpecPlan): { state: string; viewport: string }[] {
  const out: { state: string; viewport: string }[] = [];
  for (const st of spec.states) for (const vp of spec.viewports) if (stateAt(st, vp.name)) out.push({ state: st.name, viewport: vp.name });
  return out;
}

// `stress:` as written (config, spec, state) → the stress states of a spec: one StatePlan per
// declared state and variant, after it, named <state>-<variant> (core/stress.ts). Pure.
import type { Severity } from '../core/artifacts.js';
import { STRESS_CHECKS, STRESS_DEFAULT_SEVERITY, STRESS_GATHERS, STRESS_VARIANTS, stressStateName, type StressPlan, type StressVariant } from '../core/stress.js';
import type { StressInput } from './schema.js';
import type { SpecPlan, StatePlan } from './plan.js';

type Settings = Partial<Record<StressVariant, { severity: Severity; parity: boolean } | null>>;

/** One layer over the ones before: a list or true replaces them, false clears them, a map merges key by key. */
function layer(prev: Settings, v: StressInput | undefined): Settings {
  if (v === undefined) return prev;
  const on = { severity: STRESS_DEFAULT_SEVERITY, parity: false };
  if (v === false) return {};
  if (v === true) return Object.fromEntries(STRESS_VARIANTS.map((k) => [k, on]));
  if (Array.isArray(v)) return Object.fromEntries(v.map((k) => [k, on]));
  const out: Settings = { ...prev };
  for (const [k, s] of Object.entries(v) as [StressVariant, unknown][]) {
    if (s === undefined) continue;
    const was = out[k] ?? on;
    out[k] = s === false ? null : s === true ? was
      : typeof s === 'string' ? { ...was, severity: s as Severity }
      : { severity: (s as { severity?: Severity }).severity ?? was.severity, parity: (s as { parity?: boolean }).parity ?? was.parity };
  }
  return out;
}

/** The stress variants of one state, config under spec under state, in the published order. */
export function stressOf(config: StressInput | undefined, spec: StressInput | undefined, state: StressInput | undefined, of: string): StressPlan[] {
  const s = layer(layer(layer({}, config), spec), state);
  return STRESS_VARIANTS.flatMap((variant) => { const v = s[variant]; return v ? [{ variant, of, ...v }] : []; });
}

/** The declared states with each one's stress states after it. */
export function withStress(states: StatePlan[], stress: (st: StatePlan, i: number) => StressPlan[]): StatePlan[] {
  return states.flatMap((st, i) => [st, ...stress(st, i).map((p): StatePlan => ({ ...st, name: stressStateName(st.name, p.variant), stress: p }))]);
}

/** The spec as a stress unit captures it: only the stress checks' evidence gathered, no parity
 *  unless the spec opted in (its purpose is the checks). */
export function stressSpec(spec: SpecPlan, stress: StressPlan): SpecPlan {
  return {
    ...spec, parity: stress.parity ? spec.parity : null,
    checks: spec.checks.map((c) => (STRESS_CHECKS.includes(c.id) || STRESS_GATHERS.includes(c.id) ? c : { ...c, enabled: false })),
  };
}

// Runs every enabled check of one spec over the capture records on disk and writes
// <spec>/checks.json. Fails closed: a missing/unreadable/failed capture is a `capture` finding, a
// check that throws is an `error` result, and nothing here ends the run.
import { performance } from 'node:perf_hooks';
import type { CheckResult, CssRecord, Finding } from '../core/artifacts.js';
import { FatalError } from '../core/errors.js';
import { writeJsonAtomic } from '../core/fsx.js';
import { abs, files, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import { CHECKS, optionsOf } from './registry.js';
import type { Check, SweepInput, UnitInput } from './types.js';
import { IncompleteCheckError } from './lib/finding.js';
import { loadSweeps, loadUnits } from './load.js';
import { stressResults, type StressSources } from './lib/stress.js';
import { STRESS_CHECKS } from '../core/stress.js';
import { readArtifact } from '../core/artifact-read.js';
import { fileResolver } from '../core/cause-text.js';

export function resultOf(check: string, findings: Finding[], ms: number, error: string | null = null, notes: string[] = []): CheckResult {
  return { check, status: error !== null ? 'error' : findings.some((f) => !f.effect) ? 'fail' : 'pass', findings, error, ms: Math.round(ms * 1000) / 1000, ...(notes.length ? { notes } : {}) };
}

/** Runs one check, turning a throw into an `error` result (keeping any findings it had). */
export function runOne(check: Check, spec: SpecPlan, units: UnitInput[], sweeps?: SweepInput[]): CheckResult {
  const id = check.meta.id;
  const plan = spec.checks.find((c) => c.id === id);
  const enabled = check.meta.alwaysOn || (plan ? plan.enabled : check.meta.defaultEnabled);
  if (!enabled || (check.meta.appliesTo && !check.meta.appliesTo(spec))) return { check: id, status: 'skipped', findings: [], error: null, ms: 0 };
  const t0 = performance.now();
  const notes: string[] = [];
  const note = (line: string) => { if (!notes.includes(line)) notes.push(line); };
  try {
    const findings = check.run({ spec, units, ...(sweeps ? { sweeps } : {}), options: optionsOf(check, plan), severity: check.meta.alwaysOn ? null : plan?.severity ?? null, note });
    return resultOf(id, findings, performance.now() - t0, null, notes);
  } catch (err) {
    const partial = err instanceof IncompleteCheckError ? err.findings : [];
    return resultOf(id, partial, performance.now() - t0, `check ${id} failed: ${(err as Error)?.message ?? String(err)}`, notes);
  }
}

export async function runChecks(run: RunContext, spec: SpecPlan): Promise<CheckResult[]> {
  const t0 = performance.now();
  const needs = (what: 'axe' | 'baseline') => CHECKS.some((c) => c.meta.needs?.includes(what) && spec.checks.find((p) => p.id === c.meta.id)?.enabled !== false);
  const { units, captureFindings } = loadUnits(run, spec, needs('axe'), needs('baseline'));
  const sweeps = CHECKS.some((c) => c.meta.needs?.includes('sweep')) ? loadSweeps(run, spec) : undefined;
  const results: CheckResult[] = [resultOf('capture', captureFindings, performance.now() - t0)];
  // a stress unit is looked at by the stress checks only (core/stress.ts): capture gathered nothing else
  const stress = new Set(spec.states.filter((st) => st.stress).map((st) => st.name));
  const plainUnits = units.filter((u) => !stress.has(u.record.state));
  for (const check of CHECKS) results.push(runOne(check, spec, STRESS_CHECKS.includes(check.meta.id) ? units : plainUnits, check.meta.needs?.includes('sweep') ? sweeps : undefined));
  // A plan naming a check this build does not have must not pass silently.
  for (const p of spec.checks) {
    if (p.enabled && !CHECKS.some((c) => c.meta.id === p.id)) results.push(resultOf(p.id, [], 0, `unknown check ${p.id}`));
  }
  const out = stress.size ? stressResults(spec, results, stressSources(run, spec, units)) : results;
  writeResults(run, spec, out);
  return out;
}

/** A stress unit's CSS record (read once) and its stylesheet URLs as files. */
function stressSources(run: RunContext, spec: SpecPlan, units: UnitInput[]): StressSources {
  const cache = new Map<string, CssRecord | null>();
  let fileOf: ((url: string) => string) | null = null;
  return {
    css(state, viewport) {
      const key = `${state}\u0000${viewport}`;
      if (!cache.has(key)) {
        const rec = units.find((u) => u.record.state === state && u.record.viewport.name === viewport)?.record;
        cache.set(key, rec?.css ? readArtifact('css', abs(run, `${spec.name}/${rec.css}`)).value ?? null : null);
      }
      const css = cache.get(key) ?? null;
      if (css && !fileOf) fileOf = fileResolver(run, css.url);
      return css;
    },
    fileOf: (url) => (fileOf ? fileOf(url) : url),
  };
}

function writeResults(run: RunContext, spec: SpecPlan, results: CheckResult[]): void {
  const out = abs(run, files.checks(spec.name));
  try {
    writeJsonAtomic(out, results);
  } catch (err) {
    throw new FatalError(`cannot write ${out}: ${(err as Error).message}`, 'the artifacts folder is unusable');
  }
}

/** Runs the named checks again over the same captures and replaces their results in checks.json
 *  (after run --update-baselines --accept-a11y-debt recorded new debt, axe is judged against it). */
export function recheck(run: RunContext, spec: SpecPlan, ids: string[], previous: CheckResult[]): CheckResult[] {
  const again = CHECKS.filter((c) => ids.includes(c.meta.id));
  if (!again.length) return previous;
  const needs = (what: 'axe' | 'baseline') => again.some((c) => c.meta.needs?.includes(what));
  const { units } = loadUnits(run, spec, needs('axe'), needs('baseline'));
  const results = previous.map((r) => {
    const c = again.find((x) => x.meta.id === r.check);
    return c ? runOne(c, spec, units) : r;
  });
  writeResults(run, spec, results);
  return results;
}

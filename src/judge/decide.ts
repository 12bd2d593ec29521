// Whether the judge may run at all: only after every unit of the spec is captured and the
// deterministic layer (checks, parity) has no blocker and no error. The judge adds findings; it
// never gets to look at a page the deterministic layer already failed.
import { abs, files, unitsOf, type RunContext } from '../core/run.js';
import { readJsonIfExists } from '../core/fsx.js';
import type { CaptureRecord, CheckResult, Finding } from '../core/artifacts.js';
import type { SpecPlan } from '../spec/plan.js';

/** parity.json as the judge reads it: only the parts it needs, read defensively. */
export interface ParityLite {
  status?: string;
  findings?: Finding[];
  units?: { state?: string; viewport?: string; key?: string; clusters?: { box?: { x: number; y: number; width: number; height: number } | null }[] }[];
}

function read<T>(run: RunContext, rel: string): { value: T | null; error: string | null } {
  try {
    return { value: readJsonIfExists<T>(abs(run, rel)), error: null };
  } catch (err) {
    return { value: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Names of what blocks the judge (e.g. ["required-visible"]); empty when it may run. */
export function blockers(run: RunContext, spec: SpecPlan): string[] {
  const out = new Set<string>();
  const checks = read<CheckResult[]>(run, files.checks(spec.name));
  if (checks.error) out.add('unreadable checks.json');
  else if (!Array.isArray(checks.value)) out.add('missing checks.json');
  else {
    for (const r of checks.value) {
      if (r.status === 'error') out.add(`${r.check} error`);
      for (const f of r.findings ?? []) if (f.severity === 'blocker') out.add(f.check || r.check);
    }
  }
  if (spec.parity) {
    const parity = read<ParityLite>(run, files.parity(spec.name));
    if (parity.error) out.add('unreadable parity.json');
    else if (!parity.value) out.add('missing parity.json');
    else {
      if (parity.value.status === 'error') out.add('parity error');
      for (const f of parity.value.findings ?? []) if (f.severity === 'blocker') out.add(f.check || 'parity');
    }
  }
  for (const u of unitsOf(spec)) {
    const rec = read<CaptureRecord>(run, files.record(spec.name, u.state, u.viewport));
    if (!rec.value || !rec.value.ok || !rec.value.screenshot) out.add('capture');
  }
  return [...out];
}

export function readParity(run: RunContext, spec: SpecPlan): ParityLite | null {
  return read<ParityLite>(run, files.parity(spec.name)).value;
}

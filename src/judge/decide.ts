// Whether the judge may run at all: only after every unit of the spec is captured and the
// deterministic layer (checks, parity) has no blocker and no error. The judge adds findings; it
// never gets to look at a page the deterministic layer already failed.
import { abs, files, unitsOf, type RunContext } from '../core/run.js';
import { readArtifact } from '../core/artifact-read.js';
import type { ParityResult } from '../core/artifacts.js';
import type { SpecPlan } from '../spec/plan.js';

/** Names of what blocks the judge (e.g. ["required-visible"]); empty when it may run. */
export function blockers(run: RunContext, spec: SpecPlan): string[] {
  const out = new Set<string>();
  const checks = readArtifact('checks', abs(run, files.checks(spec.name)));
  if (!checks.value) out.add(`${checks.problem === 'missing' ? 'missing' : 'unreadable'} checks.json`);
  else {
    for (const r of checks.value) {
      if (r.status === 'error') out.add(`${r.check} error`);
      for (const f of r.findings) if (f.severity === 'blocker') out.add(f.check || r.check);
    }
  }
  if (spec.parity) {
    const parity = readArtifact('parity', abs(run, files.parity(spec.name)));
    if (!parity.value) out.add(`${parity.problem === 'missing' ? 'missing' : 'unreadable'} parity.json`);
    else {
      if (parity.value.status === 'error') out.add('parity error');
      for (const f of parity.value.findings) if (f.severity === 'blocker') out.add(f.check || 'parity');
    }
  }
  for (const u of unitsOf(spec)) {
    const rel = files.record(spec.name, u.state, u.viewport);
    const rec = readArtifact('record', abs(run, rel));
    if (rec.problem?.startsWith('unreadable')) out.add(`unreadable ${rel}`);
    else if (!rec.value || !rec.value.ok || !rec.value.screenshot) out.add('capture');
  }
  return [...out];
}

/** parity.json when it is one (the judge crops its changed clusters); null otherwise. */
export function readParity(run: RunContext, spec: SpecPlan): ParityResult | null {
  return readArtifact('parity', abs(run, files.parity(spec.name))).value;
}

// Reads a spec's capture records (and axe results) from the run folder. Every unit that cannot give
// trustworthy evidence becomes one blocker `capture` finding naming why.
import fs from 'node:fs';
import path from 'node:path';
import type { CaptureRecord, Finding } from '../core/artifacts.js';
import { readArtifact } from '../core/artifact-read.js';
import { abs, files, sweptStates, unitKey, unitsOf, type RunContext } from '../core/run.js';
import { readManifest } from '../parity/store/baselines.js';
import { readDebt, vouched } from '../parity/store/a11y-debt.js';
import type { SpecPlan } from '../spec/plan.js';
import type { SweepInput, UnitInput } from './types.js';

/** A capture finding cites only a file that exists: the failure screenshot when capture took one, else nothing. */
const captureFinding = (spec: SpecPlan, state: string, viewport: string, message: string, extra: Record<string, unknown> = {}, file: string | null = null): Finding => ({
  check: 'capture', severity: 'blocker', viewport, state, message,
  evidence: { file, ...extra },
});

/** The failure screenshot of a failed unit (what the page showed when a step or navigation failed), if it exists. */
export function failureShot(run: RunContext, spec: SpecPlan, r: CaptureRecord): string | null {
  const rel = r.failureScreenshot ? path.posix.join(spec.name, r.failureScreenshot) : null;
  return rel && fs.existsSync(abs(run, rel)) ? rel : null;
}

/** Says what went wrong in a failed capture, naming the step, selector and timeout if a step failed. */
export function describeCaptureError(r: CaptureRecord): string {
  const e = r.error;
  if (!e) return 'capture failed without a reason';
  const step = e.step
    ? ` at step ${e.step.index + 1} (${e.step.action}${e.step.selector ? ` ${JSON.stringify(e.step.selector)}` : ''}${e.step.timeout != null ? `, timeout ${e.step.timeout} ms` : ''})`
    : '';
  return `${e.reason}${step}: ${e.message}`;
}

/** Regions and masks inside frames the capture could not look into (missing, not a frame, another origin): never a silent pass. */
function unframed(r: CaptureRecord): { message: string; selector: string; frame: string[]; problem: NonNullable<CaptureRecord['masks'][number]['frameProblem']> }[] {
  const chain = (f: string[]) => f.map((s) => JSON.stringify(s)).join(' › ');
  const at = `at ${r.viewport.name} (${r.state})`;
  return [
    ...r.masks.flatMap((m) => m.frameProblem && m.frame ? [{ message: `mask ${JSON.stringify(m.selector)} inside the frame ${chain(m.frame)} cannot be applied ${at}: ${m.frameProblem.message}; the pixels it should hide are compared`, selector: m.selector, frame: m.frame, problem: m.frameProblem }] : []),
    ...Object.entries(r.regions).flatMap(([name, g]) => g.frameProblem && g.frame ? [{ message: `region "${name}" (${JSON.stringify(g.selector)} inside the frame ${chain(g.frame)}) cannot be measured ${at}: ${g.frameProblem.message}`, selector: g.selector, frame: g.frame, problem: g.frameProblem }] : []),
  ];
}

function loadAxe(run: RunContext, spec: SpecPlan, r: CaptureRecord, state: string, vp: string): Pick<UnitInput, 'axe' | 'axeProblem'> {
  const rel = r.axe ? path.posix.join(spec.name, r.axe) : files.axe(spec.name, state, vp);
  const axe = readArtifact('axe', abs(run, rel));
  if (axe.value) return { axe: axe.value };
  return { axe: null, axeProblem: axe.problem === 'missing' ? r.axeError ?? `${rel} is missing` : `${rel} is ${axe.problem}` };
}

/** The approved layout of each unit (read from the baseline manifest once per spec). */
function baselineLayouts(run: RunContext, spec: SpecPlan): (key: string) => Pick<UnitInput, 'baseline' | 'baselineProblem'> {
  const read = readManifest(run, spec.name);
  if (read.error) return () => ({ baseline: null, baselineProblem: read.error! });
  return (key) => ({ baseline: read.manifest?.images[key]?.layout ?? null });
}

export function loadUnits(run: RunContext, spec: SpecPlan, withAxe: boolean, withBaseline = false): { units: UnitInput[]; captureFindings: Finding[] } {
  const units: UnitInput[] = [];
  const captureFindings: Finding[] = [];
  const baselineOf = withBaseline ? baselineLayouts(run, spec) : null;
  // known accessibility debt: only entries an approve accepted (a hand-added one is not honoured; parity's guard reports it)
  const debt = withAxe ? readDebt(run, spec.name).file : null;
  const manifest = debt ? readManifest(run, spec.name).manifest : null;
  for (const { state, viewport } of unitsOf(spec)) {
    const rel = files.record(spec.name, state, viewport);
    const loaded = readArtifact('record', abs(run, rel));
    if (!loaded.value) {
      captureFindings.push(captureFinding(spec, state, viewport, loaded.problem === 'missing'
        ? `missing capture record ${rel}: the unit was never captured`
        : `unreadable capture record ${rel}: ${loaded.problem.replace(/^unreadable: /, '')}`));
      continue;
    }
    const record = loaded.value;
    const file = files.capture(spec.name, state, viewport);
    if (!record.ok) {
      captureFindings.push(captureFinding(spec, state, viewport, `capture failed at ${viewport} (${state}): ${describeCaptureError(record)}`,
        { reason: record.error?.reason ?? null, ...(record.error?.step?.selector ? { selector: record.error.step.selector } : {}), step: record.error?.step ?? null },
        failureShot(run, spec, record)));
    } else if (!fs.existsSync(abs(run, file))) {
      captureFindings.push(captureFinding(spec, state, viewport, `missing screenshot ${file}: the capture record exists but the image does not`));
    } else captureFindings.push(...unframed(record).map((u) => captureFinding(spec, state, viewport, u.message, { selector: u.selector, frame: u.frame, frameProblem: u.problem }, file)));
    units.push({
      record, file,
      ...(withAxe && record.ok ? { ...loadAxe(run, spec, record, state, viewport), debt: vouched(debt?.units[unitKey(state, viewport)] ?? [], manifest?.images[unitKey(state, viewport)]?.a11yDebt) } : {}),
      ...(baselineOf ? baselineOf(unitKey(state, viewport)) : {}),
    });
  }
  return { units, captureFindings };
}

/** The sweep result of every state the spec sweeps (none without `sweep:`); a missing or unreadable
 *  file comes with its problem, for the sweep check to fail closed on. */
export function loadSweeps(run: RunContext, spec: SpecPlan): SweepInput[] {
  return sweptStates(spec).map((st) => {
    const file = files.sweep(spec.name, st.name);
    const loaded = readArtifact('sweep', abs(run, file));
    return loaded.value ? { state: st.name, file, result: loaded.value } : { state: st.name, file, result: null, problem: loaded.problem };
  });
}

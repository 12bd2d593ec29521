// Reads one spec's artifacts from the run folder. Nothing here decides anything: a missing or
// unreadable file (bad JSON, or not the artifact its schema describes) is reported as such, and
// policy.ts turns it into a failing reason.
import fs from 'node:fs';
import type { CaptureRecord, CheckResult, JudgeResult, ParityResult } from '../core/artifacts.js';
import { readArtifact, type Loaded } from '../core/artifact-read.js';
import { abs, files, sweptStates, unitsOf, type RunContext } from '../core/run.js';
import type { SweepResult } from '../core/artifact-sweep.js';
import type { SpecPlan } from '../spec/plan.js';

export type { Loaded } from '../core/artifact-read.js';

export interface UnitArtifacts {
  state: string;
  viewport: string;
  record: Loaded<CaptureRecord>;
  captureExists: boolean;
  fileExists: (rel: string) => boolean;
}

export interface SpecArtifacts {
  checks: Loaded<CheckResult[]>;
  parity: Loaded<ParityResult>;
  judge: Loaded<JudgeResult>;
  units: UnitArtifacts[];
  /** one per swept state (none without sweep:): its unit in the report is <state>-sweep */
  sweeps: { state: string; file: string; result: Loaded<SweepResult> }[];
}

const isFile = (p: string) => { try { return fs.statSync(p).isFile(); } catch { return false; } };

export function readSpec(run: RunContext, spec: SpecPlan): SpecArtifacts {
  const checks = readArtifact('checks', abs(run, files.checks(spec.name)));
  const parity = readArtifact('parity', abs(run, files.parity(spec.name)));
  const judge = readArtifact('judge', abs(run, files.judge(spec.name)));
  const units = unitsOf(spec).map(({ state, viewport }) => {
    const record = readArtifact('record', abs(run, files.record(spec.name, state, viewport)));
    const shot = record.value?.screenshot ? `${spec.name}/${record.value.screenshot}` : files.capture(spec.name, state, viewport);
    return { state, viewport, record, captureExists: isFile(abs(run, shot)), fileExists: (rel: string) => isFile(abs(run, rel)) };
  });
  const sweeps = sweptStates(spec).map((st) => ({ state: st.name, file: files.sweep(spec.name, st.name), result: readArtifact('sweep', abs(run, files.sweep(spec.name, st.name))) }));
  return { checks, parity, judge, units, sweeps };
}

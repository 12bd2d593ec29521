// Reads one spec's artifacts from the run folder. Nothing here decides anything: a missing or
// unreadable file (bad JSON, or not the artifact its schema describes) is reported as such, and
// policy.ts turns it into a failing reason.
import fs from 'node:fs';
import type { CaptureRecord, CheckResult, JudgeResult, ParityResult } from '../core/artifacts.js';
import { readArtifact, type Loaded } from '../core/artifact-read.js';
import { abs, files, unitsOf, type RunContext } from '../core/run.js';
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
  return { checks, parity, judge, units };
}

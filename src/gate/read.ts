// Reads one spec's artifacts from the run folder. Nothing here decides anything: a missing or
// unreadable file is reported as such, and policy.ts turns it into a failing reason.
import fs from 'node:fs';
import type { CaptureRecord, CheckResult, Finding } from '../core/artifacts.js';
import { readJsonIfExists } from '../core/fsx.js';
import { abs, files, unitsOf, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';

export interface ParityFile {
  status: 'pass' | 'fail' | 'error' | 'skipped';
  findings: Finding[];
  units: { state?: string; viewport?: string; baseline?: string | null; diff?: string | null; [k: string]: unknown }[];
  notes: string[];
  ms: number;
  reason?: string;
  baselines?: unknown;            // BaselineDigest (src/parity/digest.ts); checked where used
}

export interface JudgeFile {
  status: 'pass' | 'fail' | 'FAIL_EVIDENCE' | 'error' | 'skipped';
  reason: string | null;
  findings: Finding[];
  model?: unknown;                // { requested, reported, mismatch }
  cache?: unknown;
  requests?: number;
  bytesSent?: number;
  tokens?: unknown;
  imagesSent?: unknown;           // names of the images sent
  calibration?: unknown;
  ms?: number;
}

/** A file's content, or why there is none: 'missing' or 'unreadable: …'. */
export type Loaded<T> = { value: T; problem: null } | { value: null; problem: string };

export interface UnitArtifacts {
  state: string;
  viewport: string;
  record: Loaded<CaptureRecord>;
  captureExists: boolean;
  fileExists: (rel: string) => boolean;
}

export interface SpecArtifacts {
  checks: Loaded<CheckResult[]>;
  parity: Loaded<ParityFile>;
  judge: Loaded<JudgeFile>;
  units: UnitArtifacts[];
}

export function load<T>(file: string, valid: (v: any) => boolean): Loaded<T> {
  try {
    const v = readJsonIfExists<T>(file);
    if (v === null) return { value: null, problem: 'missing' };
    if (!valid(v)) return { value: null, problem: 'unreadable: unexpected content' };
    return { value: v, problem: null };
  } catch (err: any) {
    return { value: null, problem: `unreadable: ${err?.message ?? String(err)}` };
  }
}

const isFindings = (v: any) => Array.isArray(v) && v.every((f) => f && typeof f.check === 'string' && typeof f.severity === 'string');
const validChecks = (v: any) => Array.isArray(v) && v.every((r) => r && typeof r.check === 'string' && typeof r.status === 'string' && isFindings(r.findings ?? []));
const validParity = (v: any) => v && typeof v.status === 'string' && isFindings(v.findings ?? []);
const validJudge = (v: any) => v && typeof v.status === 'string' && isFindings(v.findings ?? []);
const validRecord = (v: any) => v && typeof v.ok === 'boolean' && v.viewport && typeof v.viewport.width === 'number';

const isFile = (p: string) => { try { return fs.statSync(p).isFile(); } catch { return false; } };

export function readSpec(run: RunContext, spec: SpecPlan): SpecArtifacts {
  const checks = load<CheckResult[]>(abs(run, files.checks(spec.name)), validChecks);
  if (checks.value) for (const r of checks.value) r.findings ??= [];
  const parity = load<ParityFile>(abs(run, files.parity(spec.name)), validParity);
  if (parity.value) { parity.value.findings ??= []; parity.value.units ??= []; parity.value.notes ??= []; }
  const judge = load<JudgeFile>(abs(run, files.judge(spec.name)), validJudge);
  if (judge.value) judge.value.findings ??= [];
  const units = unitsOf(spec).map(({ state, viewport }) => {
    const record = load<CaptureRecord>(abs(run, files.record(spec.name, state, viewport)), validRecord);
    const shot = record.value?.screenshot ? `${spec.name}/${record.value.screenshot}` : files.capture(spec.name, state, viewport);
    return { state, viewport, record, captureExists: isFile(abs(run, shot)), fileExists: (rel: string) => isFile(abs(run, rel)) };
  });
  return { checks, parity, judge, units };
}

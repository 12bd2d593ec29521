// Reading an artifact another stage wrote: parsed and checked against its schema (core/artifacts.ts,
// precompiled into generated/artifact-validators.js) in one place, so every reader agrees on what a
// capture record, parity.json or judge.json is. What is missing, corrupt or foreign comes back as a
// problem the reader turns into its own fail-closed reason — never as a half-trusted value.
import type { ErrorObject } from 'ajv';
import type { AxeResultsLite, CaptureRecord, CheckResult, JudgeResult, LayoutDiff, ParityResult, RunInfo, DesignBoxes, StructureDiff, StructureSnapshot, CssRecord } from './artifacts.js';
import type { Report } from '../gate/report-schema.js';
import type { SweepResult } from './artifact-sweep.js';
import { readJsonIfExists } from './fsx.js';
import * as generated from './generated/artifact-validators.js';

interface ArtifactTypes {
  record: CaptureRecord;
  axe: AxeResultsLite;
  structure: StructureSnapshot;
  css: CssRecord;
  structureDiff: StructureDiff;
  checks: CheckResult[];
  parity: ParityResult;
  layoutDiff: LayoutDiff;
  judge: JudgeResult;
  run: RunInfo;
  report: Report;
  designBoxes: DesignBoxes;
  sweep: SweepResult;
}
export type ArtifactName = keyof ArtifactTypes;

/** How readers name each artifact in a reason: "not a capture record". */
export const ARTIFACT_WHAT: Record<ArtifactName, string> = {
  record: 'capture record', axe: 'axe result', structure: 'structure snapshot', css: 'CSS record', structureDiff: 'structure diff', checks: 'checks result', parity: 'parity result',
  layoutDiff: 'layout diff', judge: 'judge result', run: 'veval run.json', report: 'veval report', designBoxes: 'design region boxes file', sweep: 'sweep result',
};

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const validators = generated as unknown as Record<ArtifactName, Validator>;

/** The value at a JSON pointer (ajv's instancePath), for naming what was wrong. */
function at(value: unknown, pointer: string): unknown {
  let v: any = value;
  for (const key of pointer.split('/').slice(1)) v = v?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

/** The first schema error of `value` as `name` (null: valid; 'unknown': invalid without a reason). */
export function artifactError(name: ArtifactName, value: unknown): ErrorObject | 'unknown' | null {
  const v = validators[name];
  if (v(value)) return null;
  return v.errors?.[0] ?? 'unknown';
}

/** null when `value` is a valid `name`; else why not, e.g. 'not a capture record (/viewport/width must be number, not "wide")'. */
export function artifactProblem(name: ArtifactName, value: unknown): string | null {
  const e = artifactError(name, value);
  if (e === null) return null;
  if (e === 'unknown') return `not a ${ARTIFACT_WHAT[name]}`;
  const allowed = e.keyword === 'enum' ? `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(' | ')}` : e.message ?? 'is invalid';
  const got = e.keyword === 'required' || e.instancePath === '' ? '' : `, not ${(JSON.stringify(at(value, e.instancePath)) ?? 'undefined').slice(0, 60)}`;
  return `not a ${ARTIFACT_WHAT[name]} (${e.instancePath || '/'} ${allowed}${got})`;
}

/** A file's content, or why there is none: 'missing' or 'unreadable: …'. */
export type Loaded<T> = { value: T; problem: null } | { value: null; problem: string };

/** Reads and validates one artifact. Problems: 'missing', 'unreadable: <why>' (bad JSON, wrong shape). */
export function readArtifact<K extends ArtifactName>(name: K, file: string): Loaded<ArtifactTypes[K]> {
  let raw: unknown;
  try {
    raw = readJsonIfExists<unknown>(file);
  } catch (err: any) {
    return { value: null, problem: `unreadable: ${err?.message ?? String(err)}` };
  }
  if (raw === null) return { value: null, problem: 'missing' };
  const problem = artifactProblem(name, raw);
  return problem ? { value: null, problem: `unreadable: ${problem}` } : { value: raw as ArtifactTypes[K], problem: null };
}

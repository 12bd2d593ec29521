// The CSS record approved with a baseline (computed values and the rules that set them): the cause
// tracer reads it against the capture's, and capture reads it to look up the same rules again.
// Apart from baselines.ts: reading it needs the artifact schemas, which import the checks' types.
import fs from 'node:fs';
import type { CssRecord } from '../../core/artifacts.js';
import { artifactProblem } from '../../core/artifact-read.js';
import { sha256 } from '../../core/fsx.js';
import type { RunContext } from '../../core/run.js';
import { BASELINES, baselineAbs } from './baselines.js';
import type { BaselineEntry } from './types.js';

type Read = { rec: CssRecord | null; problem: string | null };

/** The approved CSS record: listed, on disk, with the sha256 recorded at approval. */
export function readBaselineCss(run: RunContext, spec: string, entry: BaselineEntry): Read {
  if (!entry.css) return { rec: null, problem: entry.css === null ? 'the baseline was approved without a CSS record' : 'the baseline was approved before veval recorded CSS; re-approve to trace changes to their rules' };
  const rel = `${BASELINES}/${spec}/${entry.css.file}`;
  let buf: Buffer;
  try { buf = fs.readFileSync(baselineAbs(run, rel)); } catch { return { rec: null, problem: `${rel} is listed in the manifest but cannot be read` }; }
  if (sha256(buf) !== entry.css.sha256) return { rec: null, problem: `${rel} differs from the one recorded at approval` };
  let v: unknown;
  try { v = JSON.parse(buf.toString('utf8')); } catch { return { rec: null, problem: `${rel} is not JSON` }; }
  const problem = artifactProblem('css', v);
  return problem ? { rec: null, problem: `${rel} is ${problem}` } : { rec: v as CssRecord, problem: null };
}

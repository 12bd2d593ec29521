// review.json, in the run folder beside report.json: what the reviewer decided about each unit of
// the run in `veval review` — the decision in force (approved or rejected, by whom — the git user —,
// when, the optional comment, the baselines an approval wrote) and every action in order, undo
// included. Rewritten atomically after each action; a run never reviewed has none.
import path from 'node:path';
import fs from 'node:fs';
import { writeJsonAtomic } from '../core/fsx.js';
import { InputError } from '../core/errors.js';
import { files } from '../core/run.js';

export type DecisionKind = 'approved' | 'rejected';
export interface Decision { decision: DecisionKind; by: string; at: string; comment: string | null; baselines: string[] }
export interface ReviewAction { unit: string; action: 'approve' | 'reject' | 'undo'; by: string; at: string; comment: string | null }
export interface ReviewFile { version: 1; runId: string; units: Record<string, Decision>; log: ReviewAction[] }

export const reviewFile = (runDir: string) => path.join(runDir, files.review);

/** The run's review so far: none yet is an empty one; an unreadable file is refused (never overwritten). */
export function readReview(runDir: string, runId: string): ReviewFile {
  const file = reviewFile(runDir);
  let text: string;
  try { text = fs.readFileSync(file, 'utf8'); } catch (err: any) {
    if (err?.code === 'ENOENT') return { version: 1, runId, units: {}, log: [] };
    throw new InputError([`${file}: cannot be read (${err?.message ?? err})`]);
  }
  let v: any;
  try { v = JSON.parse(text); } catch (err) { throw new InputError([`${file}: not JSON (${(err as Error).message}); move it aside to start the review afresh`]); }
  if (!v || v.version !== 1 || typeof v.units !== 'object' || v.units === null || !Array.isArray(v.log)) {
    throw new InputError([`${file}: not a veval review file (version 1 with units and log); move it aside to start the review afresh`]);
  }
  return v as ReviewFile;
}

export const writeReview = (runDir: string, r: ReviewFile) => writeJsonAtomic(reviewFile(runDir), r);

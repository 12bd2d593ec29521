// Loads one capture unit (record + PNG bytes) from the run folder. Anything short of a successful
// capture with its image on disk is a reason, used by comparison (fail closed) and approve (refuse).
import fs from 'node:fs';
import path from 'node:path';
import type { CaptureRecord } from '../../core/artifacts.js';
import { readArtifact } from '../../core/artifact-read.js';
import { abs, files, type RunContext } from '../../core/run.js';

export type LoadedCapture =
  | { ok: true; record: CaptureRecord; png: Buffer; file: string }
  | { ok: false; record: CaptureRecord | null; file: string; reason: string };

export function loadCapture(run: RunContext, spec: string, state: string, viewport: string): LoadedCapture {
  const recRel = files.record(spec, state, viewport);
  let file = files.capture(spec, state, viewport);
  const loaded = readArtifact('record', abs(run, recRel));
  if (!loaded.value) {
    return { ok: false, record: null, file, reason: loaded.problem === 'missing' ? `no capture record ${recRel} (the unit was not captured)` : `capture record ${recRel} is ${loaded.problem}` };
  }
  const record = loaded.value;
  if (record.screenshot) file = path.posix.join(path.posix.dirname(recRel), record.screenshot);
  if (!record.ok) {
    const why = record.error ? `${record.error.reason}: ${record.error.message}` : 'no reason recorded';
    return { ok: false, record, file, reason: `capture failed (${why}); no trustworthy image` };
  }
  if (!record.screenshot) return { ok: false, record, file, reason: `capture record ${recRel} names no screenshot` };
  try { return { ok: true, record, png: fs.readFileSync(abs(run, file)), file }; } catch (err: any) {
    return { ok: false, record, file, reason: err?.code === 'ENOENT' ? `screenshot ${file} is missing` : `screenshot ${file} cannot be read: ${err?.message ?? err}` };
  }
}

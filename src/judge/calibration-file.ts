// The last calibration result (judge.calibration.file, relative to the project root): which model
// was measured against the gold set, when, and how well. A different model is uncalibrated.
import path from 'node:path';
import { readJsonIfExists, writeJsonAtomic } from '../core/fsx.js';
import type { JudgePlan } from '../spec/plan.js';

export interface CalibrationRecord {
  version: 1;
  date: string;
  model: string;                  // requested (pinned) model
  reportedModels: string[];       // what the server said answered
  agreement: number;
  precision: number | null;
  recall: number | null;
  minAgreement: number;
  pass: boolean;
  cases: number;
}

export interface CalibrationStatus { status: 'calibrated' | 'uncalibrated' | 'none'; model: string | null; date: string | null; agreement: number | null }

export function readCalibration(root: string, judge: JudgePlan): CalibrationStatus {
  let rec: CalibrationRecord | null = null;
  try { rec = readJsonIfExists<CalibrationRecord>(path.resolve(root, judge.calibration.file)); } catch { rec = null; }
  if (!rec || typeof rec.model !== 'string') return { status: 'none', model: null, date: null, agreement: null };
  const ok = rec.model === judge.model && rec.pass === true;
  return { status: ok ? 'calibrated' : 'uncalibrated', model: rec.model, date: rec.date ?? null, agreement: rec.agreement ?? null };
}

export function writeCalibration(root: string, judge: JudgePlan, rec: CalibrationRecord): string {
  const file = path.resolve(root, judge.calibration.file);
  writeJsonAtomic(file, rec);
  return file;
}

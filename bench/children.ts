// Runs bench/scale-child.ts in a fresh Node process and returns its RESULT.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BENCH, resultOf } from './project.js';

export interface ChildResult { units: number; workers: number; ms: number; maxRssMB: number; rssBeforeMB: number; heapPeakMB: number }

export function runChild(units: number, workers: number): ChildResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH, 'scale-child.ts')], {
    cwd: path.resolve(BENCH, '..'), env: { ...process.env, UNITS: String(units), WORKERS: String(workers), OPENAI_API_KEY: '' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`scale-child UNITS=${units} WORKERS=${workers} failed (exit ${r.status}):\n${r.stderr.slice(-3000)}`);
  return resultOf(r.stdout);
}

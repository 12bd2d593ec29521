// Reporters read report.json only: never the capture records or a stage's own files.
import fs from 'node:fs';
import path from 'node:path';
import type { Report } from '../gate/report-schema.js';

export function readReport(runDir: string): Report {
  const file = path.join(runDir, 'report.json');
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
  if (!report || !Array.isArray(report.specs)) throw new Error(`${file} is not a veval report`);
  return report;
}

export const SEVERITY_ORDER = ['blocker', 'important', 'polish'] as const;

/** "state @ viewport", or "spec-wide" for findings about no single capture. */
export const unitLabel = (f: { state: string | null; viewport: string | null }) =>
  f.state || f.viewport ? `${f.state ?? '?'} @ ${f.viewport ?? '?'}` : 'spec-wide';

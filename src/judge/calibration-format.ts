// A calibration report: its shape (what calibrate.ts computes and records) and its plain-text
// rendering for the terminal (the CLI prints it).
import type { JudgeResult } from '../core/artifacts.js';

export interface CalibrationCase {
  name: string;
  spec: string;
  expected: { status: 'pass' | 'fail'; blockers: number };
  judge: { status: JudgeResult['status']; reason: string | null; blockers: number; cache: JudgeResult['cache'] };
  /** blocker | clean | undecided (error, FAIL_EVIDENCE: counts as disagreement) */
  predicted: 'blocker' | 'clean' | 'undecided';
  agree: boolean;
  matchedBlockers: number;
}

export interface CalibrationReport {
  pass: boolean;
  date: string;
  model: string;
  reportedModels: string[];
  minAgreement: number;
  agreement: number;              // share of cases where blocker / no blocker matches the label
  statusAgreement: number;        // share of cases where the judge status equals the labelled status
  precision: number | null;       // on "has a blocker"
  recall: number | null;
  confusion: { tp: number; fp: number; fn: number; tn: number; undecidedPositive: number; undecidedNegative: number };
  blockers: { expected: number; matched: number };
  requests: number;
  cases: CalibrationCase[];
  file: string;                   // where the result was recorded (absolute)
  text: string;                   // the report for a terminal (formatCalibration)
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

export function formatCalibration(r: CalibrationReport): string {
  const c = r.confusion;
  const lines = [
    `calibration of ${r.model}${r.reportedModels.length ? ` (server reported: ${r.reportedModels.join(', ')})` : ''} over ${r.cases.length} gold case(s)`,
    `agreement on blockers ${pct(r.agreement)} (minimum ${pct(r.minAgreement)}) — ${r.pass ? 'PASS' : 'FAIL'}`,
    `precision ${pct(r.precision)}  recall ${pct(r.recall)}  status agreement ${pct(r.statusAgreement)}  expected blockers matched ${r.blockers.matched}/${r.blockers.expected}`,
    '',
    '                    judge: blocker  judge: clean  judge: undecided',
    `label: blocker      ${String(c.tp).padStart(14)}  ${String(c.fn).padStart(12)}  ${String(c.undecidedPositive).padStart(16)}`,
    `label: no blocker   ${String(c.fp).padStart(14)}  ${String(c.tn).padStart(12)}  ${String(c.undecidedNegative).padStart(16)}`,
    '',
  ];
  for (const k of r.cases) {
    lines.push(`${k.agree ? 'agree   ' : 'DISAGREE'} ${k.name}: label ${k.expected.status} (${k.expected.blockers} blocker(s)), judge ${k.judge.status} (${k.judge.blockers} blocker(s))${k.judge.reason && !k.agree ? ` — ${k.judge.reason}` : ''}`);
  }
  lines.push('', `recorded in ${r.file}`);
  return lines.join('\n');
}

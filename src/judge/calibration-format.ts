// A plain-text rendering of a calibration report for the terminal (the CLI prints it).
import type { CalibrationReport } from './calibrate.js';

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

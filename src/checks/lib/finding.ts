// Building findings the same way in every check: evidence always names the capture file, the
// severity is the spec's override when given, else the check's published default.
import type { Box, CaptureRecord, Evidence, Finding, Severity } from '../../core/artifacts.js';
import type { CheckContext, UnitInput } from '../types.js';

export function severityOf(ctx: Pick<CheckContext, 'severity'>, fallback: Severity): Severity {
  return ctx.severity ?? fallback;
}

export function findingFor(
  check: string, unit: UnitInput, severity: Severity, message: string,
  evidence: Omit<Evidence, 'file'> = {},
): Finding {
  return {
    check, severity, viewport: unit.record.viewport.name, state: unit.record.state, message,
    evidence: { file: unit.file, ...evidence },
  };
}

/** Units whose capture produced its measurements. ok:false records are reported by the `capture`
 *  finding; reading their (incomplete) measurements would turn one fault into many. */
export const measured = (units: UnitInput[]) => units.filter((u) => u.record.ok);

export const unitLabel = (r: CaptureRecord) => `${r.state}-${r.viewport.name}`;

export const fmtBox = (b: Box | null | undefined) =>
  b ? `${Math.round(b.width)}×${Math.round(b.height)} at ${Math.round(b.x)},${Math.round(b.y)}` : 'no box';

/** A check that decided for some units but not for all: the runner keeps the findings it has and
 *  still marks the result `error` (fails closed) with this message. */
export class IncompleteCheckError extends Error {
  constructor(message: string, public readonly findings: Finding[]) {
    super(message);
    this.name = 'IncompleteCheckError';
  }
}

// Which region pairs the pairwise layout checks (overlap, min-gap) look at in one capture.
import type { CaptureRecord, Finding, Severity } from '../../core/artifacts.js';
import type { UnitInput } from '../types.js';
import { findingFor } from './finding.js';

export const hasBox = (r: CaptureRecord, name: string) => !!r.regions[name]?.box;

/** Listed pairs (both regions measured), or every pair of measured regions in name order. A
 *  region absent from a capture is not a layout fault: required-visible reports presence. */
export function pairsToCheck(r: CaptureRecord, pairs: 'all' | [string, string][] | undefined): [string, string][] {
  if (Array.isArray(pairs)) return pairs.filter(([a, b]) => a !== b && hasBox(r, a) && hasBox(r, b));
  const names = Object.keys(r.regions).filter((n) => hasBox(r, n)).sort();
  const out: [string, string][] = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) out.push([names[i]!, names[j]!]);
  return out;
}

/** A listed region that no capture of the spec ever found means its pairs were never checked —
 *  usually a wrong selector. Said once, so a passing result never hides an unchecked assertion. */
export function unseenRegionFindings(check: string, units: UnitInput[], pairs: [string, string][], severity: Severity): Finding[] {
  if (units.length === 0) return [];
  const names = [...new Set(pairs.flat())].sort();
  return names.filter((n) => !units.some((u) => hasBox(u.record, n))).map((n) => {
    const sel = units[0]!.record.regions[n]?.selector;
    return findingFor(check, units[0]!, severity,
      `region ${n}${sel ? ` (${sel})` : ''} was not found in any capture, so its listed pairs were never checked`,
      { selector: sel, box: null, regions: [n] });
  });
}

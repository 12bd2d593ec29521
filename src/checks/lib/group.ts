// The same problem seen by every capture of a spec (a console error, a 404 image, the route's
// status) is one finding, not one per state × viewport: the first unit that saw it carries it,
// and evidence.units lists every unit that did.
import type { Evidence, Finding, Severity } from '../../core/artifacts.js';
import type { UnitInput } from '../types.js';
import { findingFor, unitLabel } from './finding.js';

export interface Sighting { key: string; message: string; evidence?: Omit<Evidence, 'file'> }

export function groupedFindings(
  check: string, units: UnitInput[], severity: Severity, see: (u: UnitInput) => Sighting[],
): Finding[] {
  const groups = new Map<string, { first: Finding; units: string[] }>();
  for (const u of units) {
    for (const s of see(u)) {
      const g = groups.get(s.key);
      if (g) { if (!g.units.includes(unitLabel(u.record))) g.units.push(unitLabel(u.record)); continue; }
      groups.set(s.key, { first: findingFor(check, u, severity, s.message, s.evidence), units: [unitLabel(u.record)] });
    }
  }
  return [...groups.values()].map(({ first, units: seen }) => ({
    ...first,
    message: seen.length > 1 ? `${first.message} (in ${seen.length} captures: ${seen.join(', ')})` : first.message,
    evidence: { ...first.evidence, units: seen },
  }));
}

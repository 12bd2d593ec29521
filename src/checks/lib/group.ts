// The same problem seen by several captures of a spec (a console error, a 404 image, the route's
// status) is one finding per unit that saw it, so every unit carries the status of what concerns
// it (a mobile page answering 500 fails the mobile unit too). The findings of one problem share a
// `group` key — a stable hash of the check and what was seen — so reporters can show it once,
// with the units it affects, and a consumer can list one unit's findings without reading messages.
import type { Evidence, Finding, Severity } from '../../core/artifacts.js';
import { groupKey } from '../../core/group-key.js';
import type { UnitInput } from '../types.js';
import { findingFor } from './finding.js';

/** `key`: what was seen, free of anything that differs between captures or runs (no port, no viewport). */
export interface Sighting { key: string; message: string; evidence?: Omit<Evidence, 'file'>; /** this sighting's own severity (else the check's) */ severity?: Severity }

export { groupKey };

export function groupedFindings(
  check: string, units: UnitInput[], severity: Severity, see: (u: UnitInput) => Sighting[],
): Finding[] {
  return units.flatMap((u) => {
    const seen = new Set<string>();
    return see(u).filter((s) => !seen.has(s.key) && !!seen.add(s.key))
      .map((s) => ({ ...findingFor(check, u, s.severity ?? severity, s.message, s.evidence), group: groupKey(check, s.key) }));
  });
}

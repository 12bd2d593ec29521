// The `group` key of a finding: the same problem seen in several captures (a console error, a 404,
// a structure change, a changed header) is one finding per unit, each with this key, so reporters
// show it once with the units it affects. A stable hash of the check and what was seen.
import { createHash } from 'node:crypto';

/** `key`: what was seen, free of anything that differs between captures or runs (no port, no viewport, no unit name). */
export const groupKey = (check: string, key: string) => createHash('sha256').update(`${check}\u0000${key}`).digest('hex').slice(0, 16);

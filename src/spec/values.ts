// Values the schema can only shape-check but a browser refuses: dates that do not exist, time
// zones and locales Intl does not know, axe rule ids, scoring versions.
import { createRequire } from 'node:module';
import { SCORING_VERSIONS } from '../core/scoring.js';

/** "2025-02-30T10:00Z" passes the pattern but is not a day: Date would roll it over. */
export function timeProblem(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(iso);
  if (!m) return null;                     // the schema pattern reports it
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12) return `month ${mo} does not exist`;
  if (d < 1 || d > days) return `day ${d} does not exist in ${y}-${String(mo).padStart(2, '0')} (it has ${days} days)`;
  if (h > 23 || mi > 59 || s > 59) return `time ${iso.slice(11, 19).replace(/[Z+-].*$/, '')} does not exist`;
  if (!Number.isFinite(Date.parse(iso))) return 'is not a date and time';
  return null;
}

export function timeZoneProblem(tz: string): string | null {
  try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return null; } catch { return `unknown time zone "${tz}" (an IANA name, e.g. Europe/Berlin or UTC)`; }
}

export function localeProblem(locale: string): string | null {
  try { Intl.getCanonicalLocales(locale); return null; } catch { return `invalid locale "${locale}" (a BCP 47 tag, e.g. en-US)`; }
}

let axeRules: string[] | null = null;
/** axe-core's rule ids, read once and only when a spec disables a rule (axe is large). */
export function axeRuleIds(): string[] {
  if (!axeRules) {
    const axe = createRequire(import.meta.url)('axe-core') as { getRules(): { ruleId: string }[] };
    axeRules = axe.getRules().map((r) => r.ruleId);
  }
  return axeRules;
}

export const scoringVersions = () => Object.keys(SCORING_VERSIONS).map(Number);

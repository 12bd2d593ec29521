// Keeping the API key out of judge.json and the terminal. Local servers accept any key, so keys
// like "1", "x", "none" or "ollama" are common: replacing those everywhere would mangle ordinary
// words and numbers (and, done on serialised JSON, the JSON itself). So server-provided text is
// redacted where it enters (client.ts), a short key only where it stands as a whole token, and
// the result object is swept once more, string values only, for keys long enough to be a secret.
const MASK = '[redacted]';
/** Below this length a key is no secret worth a blanket replace (and would hit ordinary text). */
export const MIN_SWEEP_LENGTH = 8;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Server text with the key masked: everywhere when it is long, as a whole token when short. */
export function redactText(text: string, key: string | null | undefined): string {
  if (!key) return text;
  if (key.length >= MIN_SWEEP_LENGTH) return text.split(key).join(MASK);
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRe(key)}(?![\\p{L}\\p{N}_-])`, 'gu'), MASK);
}

/** A long key masked everywhere in `text`, also in its JSON-escaped form (the raw answer text
 *  the cache keeps is JSON); a short key is left alone (see above). For the answer's content and
 *  model id, which go to the cache, the calibration file and judge.json. */
export function maskSecret(text: string, key: string | null | undefined): string {
  if (!key || key.length < MIN_SWEEP_LENGTH) return text;
  const escaped = JSON.stringify(key).slice(1, -1);
  const out = text.split(key).join(MASK);
  return escaped === key ? out : out.split(escaped).join(MASK);
}

/** Every string value (not key) in a JSON-like value, with a long key masked; in place. */
export function sweepKey<T>(value: T, key: string | null | undefined): T {
  if (!key || key.length < MIN_SWEEP_LENGTH) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return maskSecret(v, key);
    if (Array.isArray(v)) { v.forEach((x, i) => { v[i] = walk(x); }); return v; }
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (v as Record<string, unknown>)[k] = walk(x);
    return v;
  };
  return walk(value) as T;
}

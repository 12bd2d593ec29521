// Strips from a report.json only what legitimately differs between two runs of the same specs on
// the same tree: timings, the argv that started it, the app server's port, given absolute paths.
const VOLATILE = new Set(['startedAt', 'finishedAt', 'durationMs', 'ms', 'argv']);

export function normaliseReport(value: unknown, roots: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => normaliseReport(v, roots));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!VOLATILE.has(k)) out[k] = normaliseReport(v, roots);
    return out;
  }
  if (typeof value === 'string') {
    let s = value.replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:PORT');
    for (const r of roots) s = s.split(r).join('<root>');
    return s;
  }
  return value;
}

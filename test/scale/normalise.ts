// Strips from a report.json only what legitimately differs between two runs of the same specs on
// the same tree: timings, the argv that started it, the app server's port, given absolute paths,
// and the run's own id (one folder per invocation: evals/runs/<timestamp>-<id>).
const VOLATILE = new Set(['startedAt', 'finishedAt', 'durationMs', 'ms', 'timings', 'argv', 'runId']);
const RUN_ID = /\d{8}-\d{9}Z-[0-9a-f]{6}/g;

export function normaliseReport(value: unknown, roots: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => normaliseReport(v, roots));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!VOLATILE.has(k)) out[k] = normaliseReport(v, roots);
    return out;
  }
  if (typeof value === 'string') {
    let s = value.replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:PORT').replace(RUN_ID, '<run>');
    for (const r of roots) s = s.split(r).join('<root>');
    return s;
  }
  return value;
}

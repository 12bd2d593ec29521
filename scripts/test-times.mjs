// A node --test reporter that prints, at the end, the slowest test files by wall time (first to
// last event of the file: module load, hooks and tests), so the suite's time can be seen where it
// goes and compared run to run. Used by scripts/test.sh beside the usual reporter.
import path from 'node:path';

export default async function* testTimes(source) {
  const spans = new Map();   // file → [first event ms, last event ms, tests]
  for await (const ev of source) {
    const file = ev.data?.file;
    if (!file) continue;
    const now = performance.now();
    const s = spans.get(file) ?? [now, now, 0];
    s[1] = now;
    if ((ev.type === 'test:pass' || ev.type === 'test:fail') && ev.data.nesting === 0) s[2]++;
    spans.set(file, s);
  }
  const rows = [...spans].map(([f, [a, b, n]]) => ({ f: path.relative(process.cwd(), f), s: (b - a) / 1000, n })).sort((x, y) => y.s - x.s);
  const total = rows.reduce((t, r) => t + r.s, 0);
  const top = Number(process.env.VEVAL_TEST_TIMES ?? 15);
  yield `\nslowest test files (wall s from first to last event; ${rows.length} files, ${total.toFixed(0)} s summed over files):\n`;
  for (const r of rows.slice(0, top)) yield `${r.s.toFixed(1).padStart(7)}  ${String(r.n).padStart(4)} tests  ${r.f}\n`;
}

// A node --test reporter that prints, at the end, the slowest test files by wall time (module
// load, hooks and tests: the runner's own `test:complete` for the file), so the suite's time can be
// seen where it goes and compared run to run. Used by scripts/test.sh beside the usual reporter.
import path from 'node:path';

export default async function* testTimes(source) {
  const files = new Map();   // file → { s, n }
  const row = (f) => files.get(f) ?? files.set(f, { s: 0, n: 0 }).get(f);
  for await (const ev of source) {
    const d = ev.data;
    if (!d?.file) continue;
    if (ev.type === 'test:complete' && d.name === d.file) row(d.file).s = (d.details?.duration_ms ?? 0) / 1000;
    else if ((ev.type === 'test:pass' || ev.type === 'test:fail') && d.nesting === 0) row(d.file).n++;
  }
  const rows = [...files].map(([f, r]) => ({ f: path.relative(process.cwd(), f), ...r })).sort((x, y) => y.s - x.s);
  const total = rows.reduce((t, r) => t + r.s, 0);
  const top = Number(process.env.VEVAL_TEST_TIMES ?? 15);
  yield `\nslowest test files (wall s each; ${rows.length} files, ${total.toFixed(0)} s summed over files):\n`;
  for (const r of rows.slice(0, top)) yield `${r.s.toFixed(1).padStart(7)}  ${String(r.n).padStart(4)} tests  ${r.f}\n`;
}

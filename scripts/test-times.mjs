// A node --test reporter that prints, at the end, the slowest test files by wall time (module
// load, hooks and tests: the runner's own `test:complete` for the file) and, where
// scripts/test-cpu.mjs logged it, the CPU each file cost with its browsers and subprocesses, so the
// suite's time can be seen where it goes and compared run to run. Used by scripts/test.sh beside
// the usual reporter.
import fs from 'node:fs';
import path from 'node:path';

/** file → CPU s, from the log the test processes appended to at exit (absent: no CPU column) */
function cpuByFile() {
  const log = process.env.VEVAL_TEST_CPU_LOG;
  const out = new Map();
  if (!log || !fs.existsSync(log)) return out;
  for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
    try { const r = JSON.parse(line); out.set(r.file, (out.get(r.file) ?? 0) + r.cpu); } catch { /* a blank or cut line */ }
  }
  return out;
}

export default async function* testTimes(source) {
  const files = new Map();   // file → { s, n }
  const row = (f) => files.get(f) ?? files.set(f, { s: 0, n: 0 }).get(f);
  for await (const ev of source) {
    const d = ev.data;
    if (!d?.file) continue;
    if (ev.type === 'test:complete' && d.name === d.file) row(d.file).s = (d.details?.duration_ms ?? 0) / 1000;
    else if ((ev.type === 'test:pass' || ev.type === 'test:fail') && d.nesting === 0) row(d.file).n++;
  }
  const cpu = cpuByFile();
  const rows = [...files].map(([f, r]) => ({ f: path.relative(process.cwd(), f), cpu: cpu.get(path.resolve(f)), ...r })).sort((x, y) => y.s - x.s);
  const total = rows.reduce((t, r) => t + r.s, 0);
  const cpuTotal = cpu.size ? ` and ${[...cpu.values()].reduce((t, c) => t + c, 0).toFixed(0)} s CPU` : '';
  const top = Number(process.env.VEVAL_TEST_TIMES ?? 15);
  yield `\nslowest test files (wall s, then CPU s with browsers and subprocesses where logged; ${rows.length} files, ${total.toFixed(0)} s wall${cpuTotal} summed over files):\n`;
  for (const r of rows.slice(0, top)) yield `${r.s.toFixed(1).padStart(7)} ${r.cpu === undefined ? '       ' : r.cpu.toFixed(1).padStart(7)}  ${String(r.n).padStart(4)} tests  ${r.f}\n`;
  if (cpu.size) {
    yield `\nmost CPU (s each, with browsers and subprocesses):\n`;
    for (const r of rows.filter((x) => x.cpu !== undefined).sort((x, y) => y.cpu - x.cpu).slice(0, top)) yield `${r.cpu.toFixed(1).padStart(7)}  ${r.f}\n`;
  }
}

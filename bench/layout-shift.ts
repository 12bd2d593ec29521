// The cost of the layout-shift check (issue 59, target ≤ 3 % of a unit): the 20 bench pages × 2
// viewports, each page twice in the same captureRun — one spec with layout-shift on, one with it
// off (default checks otherwise) — so each pair of units runs in the same run on the same machine
// a few seconds apart. The figure is the median over every pair and round of the unit's time on /
// off (record.timings.total), with the load average; never a timed test (bench/RESULTS.md).
// Run: ROUNDS=3 node --import tsx bench/layout-shift.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureRun } from '../src/capture/index.js';
import { serveStatic } from '../src/core/static-server.js';
import { files } from '../src/core/run.js';
import { makeRun, makeSpec, desktop, mobile } from '../test/capture/plan-fixture.js';
import { tmpDir } from '../test/helpers/tmp.js';

const PAGES = Array.from({ length: 20 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const srv = await serveStatic(path.join(import.meta.dirname, 'pages'));
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
const totalOf = (dir: string, spec: string, vp: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'run', files.record(spec, 'default', vp)), 'utf8')).timings.total as number;

const ratios: number[] = [], on: number[] = [], off: number[] = [], loads: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const dir = tmpDir('veval-bench-shift-');
  try {
    // the pair's order alternates by page and round, so a warming machine favours neither
    const specs = PAGES.flatMap((p, i) => ((i + r) % 2 ? [true, false] : [false, true]).map((isOn) =>
      makeSpec(`${p}-${isOn ? 'on' : 'off'}`, { route: `/${p}.html`, viewports: [desktop, mobile], checkOptions: { 'layout-shift': isOn ? {} : false } })));
    loads.push(os.loadavg()[0]!);
    await captureRun(makeRun(dir, specs, srv.url), { workers: 2 });
    loads.push(os.loadavg()[0]!);
    for (const p of PAGES) for (const vp of ['desktop', 'mobile']) {
      const a = totalOf(dir, `${p}-on`, vp), b = totalOf(dir, `${p}-off`, vp);
      on.push(a); off.push(b); ratios.push(a / b);
    }
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
}
await srv.close();
process.stdout.write(`layout-shift cost: ${PAGES.length * 2} unit pairs × ${ROUNDS} rounds, 2 workers, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`);
process.stdout.write(`  unit time, median: off ${Math.round(median(off))} ms, on ${Math.round(median(on))} ms\n`);
process.stdout.write(`  on / off per pair: median ${median(ratios).toFixed(3)} (quartiles ${median(ratios.filter((x) => x <= median(ratios))).toFixed(3)}–${median(ratios.filter((x) => x >= median(ratios))).toFixed(3)}; target ≤ 1.03)\n`);

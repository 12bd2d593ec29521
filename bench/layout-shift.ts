// The cost of the layout-shift check (issue 59, target ≤ 3 % of a unit): the 20 bench pages × 2
// viewports through captureRun with the default checks, once with layout-shift on and once off,
// alternated ROUNDS times in one process (so both see the same machine); best of each, and the
// ratio on / off. The ratio is the figure to publish (bench/RESULTS.md), never a timed test.
// Run: ROUNDS=3 node --import tsx bench/layout-shift.ts
import fs from 'node:fs';
import path from 'node:path';
import { captureRun } from '../src/capture/index.js';
import { serveStatic } from '../src/core/static-server.js';
import { makeRun, makeSpec, desktop, mobile } from '../test/capture/plan-fixture.js';
import { tmpDir } from '../test/helpers/tmp.js';

const PAGES = Array.from({ length: 20 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const srv = await serveStatic(path.join(import.meta.dirname, 'pages'));

async function once(on: boolean): Promise<number> {
  const dir = tmpDir('veval-bench-shift-');
  try {
    const specs = PAGES.map((p) => makeSpec(p, { route: `/${p}.html`, viewports: [desktop, mobile], checkOptions: on ? { 'layout-shift': {} } : { 'layout-shift': false } }));
    const run = makeRun(dir, specs, srv.url);
    const t0 = performance.now();
    await captureRun(run, { workers: 2 });
    return performance.now() - t0;
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
}

const times = { on: [] as number[], off: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  // alternate which goes first, so a warming machine favours neither
  for (const on of r % 2 ? [true, false] : [false, true]) times[on ? 'on' : 'off'].push(await once(on));
}
await srv.close();
const best = (xs: number[]) => Math.min(...xs);
const units = PAGES.length * 2;
process.stdout.write(`layout-shift cost: ${units} units, 2 workers, best of ${ROUNDS}\n`);
process.stdout.write(`  off: ${Math.round(best(times.off))} ms (${times.off.map(Math.round).join(', ')})\n`);
process.stdout.write(`  on:  ${Math.round(best(times.on))} ms (${times.on.map(Math.round).join(', ')})\n`);
process.stdout.write(`  on / off: ${(best(times.on) / best(times.off)).toFixed(3)} best of each (target ≤ 1.03)\n`);
// on a loaded machine the best of each can come from different moments: each round's own pair too
const pairs = times.on.map((t, i) => t / times.off[i]!).sort((a, b) => a - b);
process.stdout.write(`  on / off per round: ${pairs.map((r) => r.toFixed(3)).join(', ')} (median ${pairs[Math.floor(pairs.length / 2)]!.toFixed(3)})\n`);

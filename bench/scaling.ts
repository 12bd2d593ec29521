// Benchmark: the same 40 units (20 pages × desktop, mobile) with 1, 2 and 4 workers, each in a
// fresh process (bench/scale-child.ts). Speed-up is relative to 1 worker measured in this run.
// Run: node --import tsx bench/scaling.ts   (UNITS=n WORKER_COUNTS=1,2,4)
import { runChild } from './children.js';
import { emit } from './project.js';

const UNITS = Number(process.env.UNITS ?? 40);
const COUNTS = (process.env.WORKER_COUNTS ?? '1,2,4').split(',').map(Number);
const rows = COUNTS.map((w) => runChild(UNITS, w));
console.log(`scaling by workers (${UNITS} units):`);
for (const r of rows) console.log(`  ${r.workers} worker(s): ${(r.ms / 1000).toFixed(1)} s, speed-up ×${(rows[0].ms / r.ms).toFixed(2)} vs 1 worker, peak RSS ${r.maxRssMB.toFixed(0)} MB`);
emit({ units: UNITS, rows });

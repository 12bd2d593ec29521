// Benchmark: wall time and peak memory of veval's own process for 10 and 500 units (2 per
// spec: desktop + mobile), each in a fresh process (bench/scale-child.ts), same worker count.
// Captures are streamed to disk, so peak RSS should stay flat as units grow; the browser's own
// memory is per context and bounded by the worker count, not by the number of units.
// Run: node --import tsx bench/memory.ts   (SIZES=10,500 WORKERS=n)
import os from 'node:os';
import { runChild } from './children.js';
import { emit } from './project.js';

const SIZES = (process.env.SIZES ?? '10,500').split(',').map(Number);
const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const rows = SIZES.map((units) => runChild(units, WORKERS));
console.log(`memory/scale by units (${WORKERS} workers, one fresh process each):`);
for (const r of rows) console.log(`  ${String(r.units).padStart(4)} units: ${(r.ms / 1000).toFixed(1)} s, ${(r.ms / r.units).toFixed(0)} ms/unit, peak RSS ${r.maxRssMB.toFixed(0)} MB, peak heap ${r.heapPeakMB.toFixed(0)} MB`);
const [first, last] = [rows[0], rows[rows.length - 1]];
console.log(`  peak RSS ${last.units} vs ${first.units} units: ×${(last.maxRssMB / first.maxRssMB).toFixed(2)} for ×${(last.units / first.units).toFixed(0)} the units`);
emit({ workers: WORKERS, rows });

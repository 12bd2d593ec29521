// One veval run in a fresh process, for the scaling and memory benchmarks: UNITS units (bench
// project), WORKERS workers, the whole pipeline in-process (judge and parity off). Prints wall
// time, peak RSS of this (veval's) process from getrusage, and the largest sampled heap.
// Run: UNITS=50 WORKERS=2 node --import tsx bench/scale-child.ts
import fs from 'node:fs';
import path from 'node:path';
import { runPipeline } from '../src/index.js';
import { loadProject } from '../src/spec/project.js';
import { emit, makeBenchProject } from './project.js';

const UNITS = Number(process.env.UNITS ?? 10);
const WORKERS = Number(process.env.WORKERS ?? 2);
const dir = makeBenchProject({ units: UNITS });
const devNull = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
let heapPeak = 0;
const sampler = setInterval(() => { heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed); }, 50);
const rssBefore = process.resourceUsage().maxRSS;
const t0 = performance.now();
const plan = await loadProject({ cwd: dir });
const { report } = await runPipeline(plan, { out: path.join(dir, 'evals'), workers: WORKERS, reporters: ['json', 'markdown', 'junit', 'html'], argv: [], log: devNull });
const ms = performance.now() - t0;
clearInterval(sampler);
const units = report.specs.flatMap((s: any) => s.units);
const bad = units.filter((u: any) => u.status === 'error');
if (units.length !== UNITS || bad.length) throw new Error(`${units.length}/${UNITS} units reported, ${bad.length} not captured`);
fs.rmSync(dir, { recursive: true, force: true });
emit({ units: UNITS, workers: WORKERS, ms, maxRssMB: process.resourceUsage().maxRSS / 1024, rssBeforeMB: rssBefore / 1024, heapPeakMB: heapPeak / 1048576 });

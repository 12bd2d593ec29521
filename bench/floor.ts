// Benchmark: veval `run` against the bare floor, phase by phase, in one process at one concurrency.
// The floor is what any visual gate must pay on this machine: a fresh context, `goto` until
// `load`, a full-page screenshot and `axe.run` with the rules the spec's threshold (moderate) can
// report. veval runs every default check, two viewports and parity against approved baselines
// (written once, untimed, by --update-baselines --accept-a11y-debt: the pages' known heading-order
// debt is recorded, as a team adopting veval would). Both serve the same files from one static
// server, launch the same browser binary with the same flags and keep WORKERS units in flight.
// Rounds alternate; the best wall time of each side is kept, with the median of each phase of
// veval's units (from report.json's unit timings) and of the floor's.
// Run: node --import tsx bench/floor.ts   (WORKERS=n, ROUNDS=n)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { runPipeline } from '../src/index.js';
import { LAUNCH_FLAGS } from '../src/capture/browser.js';
import { injectAxe, unreportableRules } from '../src/capture/gatherers/axe-results.js';
import { inPageScript } from '../src/capture/in-page/script.js';
import { serveStatic } from '../src/core/static-server.js';
import { loadProject } from '../src/spec/project.js';
import { BROWSER, PAGES, PAGES_DIR, VIEWPORTS, emit, makeBenchProject, median } from './project.js';

const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const UNITS = PAGES.length * VIEWPORTS.length;
const devNull = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
const srv = await serveStatic(PAGES_DIR);

type Phases = Record<string, number[]>;
const push = (p: Phases, k: string, v: number) => { (p[k] ??= []).push(v); };

async function floor(): Promise<{ ms: number; phases: Phases }> {
  const phases: Phases = {};
  const t0 = performance.now();
  const browser = await chromium.launch({ executablePath: BROWSER, args: LAUNCH_FLAGS });
  const jobs = PAGES.flatMap((p) => VIEWPORTS.map((vp) => ({ p, vp })));
  let next = 0;
  let violations = 0;
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    while (next < jobs.length) {
      const { p, vp } = jobs[next++];
      let t = performance.now();
      const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, isMobile: vp.isMobile, hasTouch: vp.hasTouch, deviceScaleFactor: 1 });
      const page = await ctx.newPage();
      push(phases, 'context', performance.now() - t);
      t = performance.now();
      await page.goto(`${srv.url}/${p}`, { waitUntil: 'load' });
      push(phases, 'navigate', performance.now() - t);
      t = performance.now();
      await page.screenshot({ fullPage: true });
      push(phases, 'screenshot', performance.now() - t);
      t = performance.now();
      await injectAxe(page);
      const off = await page.evaluate(inPageScript([], unreportableRules, { min: 'moderate' })) as string[];
      violations += await page.evaluate(async (ids) => (await (window as any).axe.run(document, { rules: Object.fromEntries(ids.map((id) => [id, { enabled: false }])), resultTypes: ['violations'] })).violations.length, off);
      push(phases, 'axe', performance.now() - t);
      t = performance.now();
      await ctx.close();
      push(phases, 'close', performance.now() - t);
    }
  }));
  await browser.close();
  if (violations < 0) throw new Error('unreachable');
  return { ms: performance.now() - t0, phases };
}

const dir = makeBenchProject({ units: UNITS, baseURL: srv.url, parity: true });
const plan = await loadProject({ cwd: dir });
const out = path.join(dir, 'evals');
async function veval(updateBaselines = false): Promise<{ ms: number; phases: Phases; stillBy: Record<string, number> }> {
  const t0 = performance.now();
  const { report } = await runPipeline(plan, { out, workers: WORKERS, reporters: ['json', 'markdown', 'junit', 'html'], argv: [], log: devNull, updateBaselines, acceptA11yDebt: updateBaselines, keepRuns: 2 });
  const ms = performance.now() - t0;
  const units = report.specs.flatMap((s) => s.units);
  const failed = units.filter((u) => u.status === 'error');
  if (units.length !== UNITS || failed.length) throw new Error(`veval: ${units.length} units, ${failed.length} not captured`);
  if (!updateBaselines && units.some((u) => u.parity !== 'identical' && u.parity !== 'within-tolerance')) throw new Error(`veval: parity not identical: ${units.map((u) => u.parity).join(', ')}`);
  const phases: Phases = {};
  for (const u of units) for (const [k, v] of Object.entries(u.timings ?? {})) if (typeof v === 'number') push(phases, k, v);
  return { ms, phases, stillBy: stillByOf(out) };
}

/** How each unit of the newest run proved stillness (capture records' timings.stillBy), counted. */
function stillByOf(outDir: string): Record<string, number> {
  const runs = path.join(outDir, 'runs');
  const newest = fs.readdirSync(runs).map((d) => path.join(runs, d)).filter((d) => fs.statSync(d).isDirectory()).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  const n: Record<string, number> = {};
  for (const f of fs.readdirSync(newest, { recursive: true }) as string[]) {
    if (!f.endsWith('.json')) continue;
    let by: unknown;
    try { by = JSON.parse(fs.readFileSync(path.join(newest, f), 'utf8'))?.timings?.stillBy; } catch { continue; }
    if (typeof by === 'string') n[by] = (n[by] ?? 0) + 1;
  }
  return n;
}

await veval(true); // baselines (and a warm-up: disk and font caches, module loading)
await floor();
let best = { floor: { ms: Infinity, phases: {} as Phases }, veval: { ms: Infinity, phases: {} as Phases, stillBy: {} as Record<string, number> } };
for (let i = 0; i < ROUNDS; i++) {
  const f = await floor();
  if (f.ms < best.floor.ms) best.floor = f;
  const v = await veval();
  if (v.ms < best.veval.ms) best.veval = v;
}
await srv.close();
fs.rmSync(dir, { recursive: true, force: true });

const PHASES = ['context', 'navigate', 'settle', 'steps', 'measure', 'screenshot', 'stability', 'axe', 'aria', 'css', 'write', 'close', 'checks', 'parity'];
const med = (p: Phases, k: string) => (p[k]?.length ? median(p[k]) : null);
const rows = PHASES.map((k) => ({ phase: k, veval: med(best.veval.phases, k), floor: med(best.floor.phases, k) }));
const perUnit = (ms: number) => ms / UNITS;
const ratio = best.veval.ms / best.floor.ms;
const f1 = (n: number | null) => (n === null ? '—' : n.toFixed(0));
console.log(`floor: ${PAGES.length} pages × ${VIEWPORTS.length} viewports = ${UNITS} units, ${WORKERS} workers, best of ${ROUNDS}, same process`);
console.log(`  floor (context + goto load + full-page screenshot + axe.run, rules reportable at moderate): ${best.floor.ms.toFixed(0)} ms, ${perUnit(best.floor.ms).toFixed(0)} ms/unit`);
console.log(`  veval run (all default checks, 2 viewports, parity against baselines, reports): ${best.veval.ms.toFixed(0)} ms, ${perUnit(best.veval.ms).toFixed(0)} ms/unit`);
console.log(`  veval / floor: ${ratio.toFixed(2)} (target ≤ 1.25)`);
console.log('  median per unit and phase (ms; units run WORKERS at a time, so phases of one unit overlap others):');
console.log('  | phase | veval | floor |');
console.log('  |---|---:|---:|');
for (const r of rows) console.log(`  | ${r.phase} | ${f1(r.veval)} | ${f1(r.floor)} |`);
console.log(`  | capture (whole unit) | ${f1(med(best.veval.phases, 'capture'))} | — |`);
console.log(`  (css overlaps stability: the paint signals take the CSS record inside their calm window)`);
console.log(`  stillness proven by: ${Object.entries(best.veval.stillBy).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join('; ')}`);
emit({ units: UNITS, workers: WORKERS, rounds: ROUNDS, floorMs: best.floor.ms, vevalMs: best.veval.ms, ratio, phases: rows, stillBy: best.veval.stillBy });

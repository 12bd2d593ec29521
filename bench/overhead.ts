// Benchmark (a): veval `run` in-process (capture + every deterministic check + gate + reports;
// judge and parity off) over 20 pages × 2 viewports, next to a bare Playwright loop doing only
// navigation + full-page screenshot + axe (axe-core injected with page.evaluate(axe.source), then
// axe.run) on the same pages, same browser binary, same pool size, same process. Each side
// launches its own browser and serves the same files. Best of ROUNDS, alternating.
// Run: node --import tsx bench/overhead.ts   (WORKERS=n, ROUNDS=n)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { runPipeline } from '../src/index.js';
import { LAUNCH_FLAGS } from '../src/capture/browser.js';
import { serveStatic } from '../src/core/static-server.js';
import { loadProject } from '../src/spec/project.js';
import { BROWSER, PAGES, PAGES_DIR, VIEWPORTS, emit, makeBenchProject } from './project.js';

const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const UNITS = PAGES.length * VIEWPORTS.length;
const AXE_SOURCE: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const devNull = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;

/** tuned: axe.run with the result types veval asks for (violations, incomplete) — the fair reference. */
async function bare(tuned: boolean): Promise<number> {
  const t0 = performance.now();
  const srv = await serveStatic(PAGES_DIR);
  const browser = await chromium.launch({ executablePath: BROWSER, args: LAUNCH_FLAGS });
  const jobs = PAGES.flatMap((p) => VIEWPORTS.map((vp) => ({ p, vp })));
  let next = 0;
  let violations = 0;
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    while (next < jobs.length) {
      const { p, vp } = jobs[next++];
      const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, isMobile: vp.isMobile, hasTouch: vp.hasTouch, deviceScaleFactor: 1 });
      const page = await ctx.newPage();
      await page.goto(`${srv.url}/${p}`, { waitUntil: 'load' });
      await page.screenshot({ fullPage: true });
      await page.evaluate(AXE_SOURCE);
      violations += await page.evaluate(async (t) => (await (window as any).axe.run(document, t ? { resultTypes: ['violations', 'incomplete'] } : {})).violations.length, tuned);
      await ctx.close();
    }
  }));
  await browser.close();
  await srv.close();
  if (violations < 0) throw new Error('unreachable');
  return performance.now() - t0;
}

async function veval(): Promise<number> {
  const dir = makeBenchProject({ units: UNITS });
  const t0 = performance.now();
  const plan = await loadProject({ cwd: dir });
  const { report } = await runPipeline(plan, { out: path.join(dir, 'evals'), workers: WORKERS, reporters: ['json', 'markdown', 'junit', 'html'], argv: [], log: devNull });
  const ms = performance.now() - t0;
  const units = report.specs.flatMap((s: any) => s.units);
  const failed = units.filter((u: any) => u.status === 'error' || u.error);
  if (units.length !== UNITS || failed.length) throw new Error(`veval: ${units.length} units, ${failed.length} not captured`);
  fs.rmSync(dir, { recursive: true, force: true });
  return ms;
}

await bare(true); // warm-up: disk and font caches, module loading
await veval();
const best = { bare: Infinity, bareDefault: Infinity, veval: Infinity };
for (let i = 0; i < ROUNDS; i++) {
  best.bare = Math.min(best.bare, await bare(true));
  best.bareDefault = Math.min(best.bareDefault, await bare(false));
  best.veval = Math.min(best.veval, await veval());
}
console.log(`overhead: ${PAGES.length} pages × ${VIEWPORTS.length} viewports = ${UNITS} units, ${WORKERS} workers, best of ${ROUNDS}`);
console.log(`  bare Playwright (goto + screenshot + axe.run() defaults): ${best.bareDefault.toFixed(0)} ms`);
console.log(`  bare Playwright (goto + screenshot + axe.run, veval's result types): ${best.bare.toFixed(0)} ms`);
console.log(`  veval run (capture + all checks + gate + reports): ${best.veval.toFixed(0)} ms`);
console.log(`  overhead ratio veval / bare: ${(best.veval / best.bare).toFixed(2)} (target ≤ 1.3); against axe.run() defaults: ${(best.veval / best.bareDefault).toFixed(2)}`);
emit({ units: UNITS, workers: WORKERS, rounds: ROUNDS, bareMs: best.bare, bareDefaultMs: best.bareDefault, vevalMs: best.veval, ratio: best.veval / best.bare, ratioDefault: best.veval / best.bareDefault });

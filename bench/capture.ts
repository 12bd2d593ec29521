// Capture throughput: 20 small realistic pages × 2 viewports through captureRun (everything:
// settle, measurements, stability re-shoot, axe, ARIA snapshot, files) next to a bare Playwright
// loop that only navigates and screenshots the same pages, in the same process, with the same
// browser build and the same number of parallel contexts. The ratio is the figure to publish.
// Run: node --import tsx bench/capture.ts   (WORKERS=n to change the pool size)
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureRun } from '../src/capture/index.js';
import { launchBrowser } from '../src/capture/browser.js';
import { contextOptions } from '../src/capture/context.js';
import { serveStatic } from '../src/core/static-server.js';
import { makeRun, makeSpec, desktop, mobile } from '../test/capture/plan-fixture.js';
import { tmpDir } from '../test/helpers/tmp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = Array.from({ length: 20 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`);
const VIEWPORTS = [desktop, mobile];
const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const UNITS = PAGES.length * VIEWPORTS.length;

const srv = await serveStatic(path.join(here, 'pages'));

async function bare(): Promise<number> {
  const plan = makeRun(tmpDir(), [], srv.url).plan;
  const { browser } = await launchBrowser(plan);
  const spec = makeSpec('bare');
  const jobs = PAGES.flatMap((p) => VIEWPORTS.map((vp) => ({ p, vp })));
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    while (next < jobs.length) {
      const { p, vp } = jobs[next++];
      // same emulation (viewport, DPR, isMobile, touch, locale…) as veval's contexts, none of its work
      const ctx = await browser.newContext(contextOptions(spec, vp, here));
      const page = await ctx.newPage();
      await page.goto(`${srv.url}/${p}`, { waitUntil: 'load' });
      await page.screenshot({ fullPage: true });
      await ctx.close();
    }
  }));
  const ms = performance.now() - t0;
  await browser.close();
  return ms;
}

async function veval(checks: Record<string, false | Record<string, unknown>>): Promise<number> {
  const specs = PAGES.map((p) => makeSpec(p, { viewports: VIEWPORTS, regions: { header: 'header', main: 'main' }, checkOptions: checks }));
  for (const s of specs) s.states[0].required = [{ name: 'heading', selector: 'h1', text: null, within: null, visible: 'full', source: 'spec' }];
  const run = makeRun(tmpDir(), specs, srv.url);
  const t0 = performance.now();
  const res = await captureRun(run, { workers: WORKERS });
  if (res.failed) throw new Error(`${res.failed} units failed`);
  return performance.now() - t0;
}

const launchMs = await (async () => {
  const t = performance.now();
  const { browser } = await launchBrowser(makeRun(tmpDir(), [], null).plan);
  const ms = performance.now() - t;
  await browser.close();
  return ms;
})();

await bare(); // warm-up: disk cache, font cache
const rounds = Number(process.env.ROUNDS ?? 2);
const best = async (f: () => Promise<number>) => { let m = Infinity; for (let i = 0; i < rounds; i++) m = Math.min(m, await f()); return m; };
const bareMs = await best(bare);
const fullMs = (await best(() => veval({ axe: {} }))) - launchMs;
const leanMs = (await best(() => veval({ axe: false, stability: false }))) - launchMs;

const rate = (ms: number) => (UNITS / (ms / 1000)).toFixed(2);
console.log(`capture: ${PAGES.length} pages × ${VIEWPORTS.length} viewports = ${UNITS} units, ${WORKERS} workers, best of ${rounds}`);
console.log(`  bare Playwright (goto + full-page screenshot): ${rate(bareMs)} captures/s (${bareMs.toFixed(0)} ms)`);
console.log(`  veval captureRun, all evidence (axe on):       ${rate(fullMs)} captures/s (${fullMs.toFixed(0)} ms)  ratio ${(bareMs / fullMs).toFixed(2)}`);
console.log(`  veval captureRun, no axe, no stability:        ${rate(leanMs)} captures/s (${leanMs.toFixed(0)} ms)  ratio ${(bareMs / leanMs).toFixed(2)}`);
await srv.close();

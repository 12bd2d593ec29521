// Cost per unit in each engine: the same 20 pages × 2 viewports through captureRun (everything:
// settle, measurements, stability re-shoot, axe, ARIA snapshot, files), once with the viewports in
// Chromium and once in Firefox (firefox-esr over WebDriver BiDi), in the same process, with the
// same `workers` (Firefox captures one unit at a time whatever it says: core/engines.ts
// SHARED_FOCUS, so its figure is a one-worker one). Each engine's launch is timed apart and left out of the
// per-unit figure. The Firefox / Chromium ratio is the figure to publish (docs/engines.md).
// Run: node --import tsx bench/engines.ts   (WORKERS=n, ROUNDS=n)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureRun } from '../src/capture/index.js';
import { FIREFOX_BROWSERS, launchBrowser } from '../src/capture/browser.js';
import { engineViewport, SHARED_FOCUS, type Engine } from '../src/core/engines.js';
import { serveStatic } from '../src/core/static-server.js';
import { makeRun, makeSpec, desktop, mobile } from '../test/capture/plan-fixture.js';
import { tmpDir } from '../test/helpers/tmp.js';

if (!FIREFOX_BROWSERS.some((p) => fs.existsSync(p))) { console.log('engines: skipped, firefox-esr is not installed (apt-get install -y firefox-esr)'); process.exit(0); }
const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = Array.from({ length: 20 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`);
const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const srv = await serveStatic(path.join(here, 'pages'));

const viewports = (engine: Engine) => [desktop, mobile].map((vp) => engine === 'chromium' ? vp : { ...vp, name: engineViewport(vp.name, engine), engine });
const planFor = (engine: Engine, specs = [] as ReturnType<typeof makeSpec>[]) => {
  const run = makeRun(tmpDir(), specs, srv.url);
  run.plan.browser.engines = [engine];
  return run;
};

async function launchMs(engine: Engine): Promise<number> {
  const t = performance.now();
  const { browser } = await launchBrowser(planFor(engine).plan, engine);
  const ms = performance.now() - t;
  await browser.close();
  return ms;
}

async function units(engine: Engine): Promise<{ ms: number; n: number }> {
  const specs = PAGES.map((p) => makeSpec(p, { viewports: viewports(engine), regions: { header: 'header', main: 'main' }, checkOptions: { axe: {} } }));
  const run = planFor(engine, specs);
  const t0 = performance.now();
  const res = await captureRun(run, { workers: WORKERS });
  if (res.failed) throw new Error(`${engine}: ${res.failed} units failed`);
  return { ms: performance.now() - t0, n: res.units };
}

const rounds = Number(process.env.ROUNDS ?? 1);
const out: Record<Engine, { launch: number; perUnit: number }> = {} as never;
for (const engine of ['chromium', 'firefox'] as Engine[]) {
  const launch = await launchMs(engine);
  let best = Infinity, n = 0;
  for (let i = 0; i < rounds; i++) { const r = await units(engine); n = r.n; best = Math.min(best, r.ms - launch); }
  out[engine] = { launch, perUnit: best / n };
}
console.log(`engines: ${PAGES.length} pages × 2 viewports, ${WORKERS} workers, best of ${rounds}`);
for (const [e, r] of Object.entries(out)) console.log(`  ${e.padEnd(8)}${SHARED_FOCUS[e as Engine] ? ' (one unit at a time)' : ''} launch ${(r.launch / 1000).toFixed(1)} s, ${(r.perUnit / 1000).toFixed(2)} s per unit (wall time / units)`);
console.log(`  Firefox / Chromium per unit: ${(out.firefox.perUnit / out.chromium.perUnit).toFixed(2)}`);
await srv.close();

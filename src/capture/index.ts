// The capture stage: one browser, a bounded pool of units in flight, one record per
// spec × state × viewport written to the run folder whatever happens to the unit.
import fs from 'node:fs';
import { defaultWorkers } from '../core/defaults.js';
import type { CaptureRecord, EnvFingerprint } from '../core/artifacts.js';
import { FatalError } from '../core/errors.js';
import { writeJsonAtomic } from '../core/fsx.js';
import { abs, files, type RunContext } from '../core/run.js';
import type { ProjectPlan } from '../spec/plan.js';
import { stateAt } from '../core/run.js';
import { launchBrowser, requireFirefox, type Launched } from './browser.js';
import { SHARED_FOCUS, type Engine } from '../core/engines.js';
import { DRIVERS } from './engine.js';
import { failedRecord } from './record-skeleton.js';
import { captureUnit, type UnitJob } from './unit-runner.js';
import { collectGarbage, GC_EVERY } from './gc.js';
import { prepareStorybooks } from './storybook-plan.js';

export { launchBrowser } from './browser.js';
export { startAppServer } from './app-server.js';

export interface CaptureOptions {
  baseURL?: string | null;
  workers?: number;
  grep?: RegExp | null;
  trace?: 'off' | 'on-failure';
  signal?: AbortSignal;
  onUnit?: (u: { spec: string; state: string; viewport: string; ok: boolean; ms: number; reason?: string }) => void;
}

/** The URL a spec is captured at: its route joined to the base URL known now, else its absolute url. */
export function unitUrl(spec: { route: string | null; url: string | null }, baseURL: string | null): string | null {
  if (spec.route && baseURL) return new URL(spec.route, baseURL).toString();
  return spec.url;
}

/** Units in plan order, filtered by grep ("<spec>/<state>" or "<spec>"). */
export function planUnits(plan: ProjectPlan, baseURL: string | null, grep?: RegExp | null): UnitJob[] {
  const jobs: UnitJob[] = [];
  for (const spec of plan.specs) {
    const url = unitUrl(spec, baseURL);
    for (const state of spec.states) {
      if (grep && !grep.test(`${spec.name}/${state.name}`) && !grep.test(spec.name)) continue;
      // a story renders at its own URL (spec/storybook.ts)
      for (const viewport of spec.viewports) if (stateAt(state, viewport.name)) jobs.push({ spec, state, viewport, url: state.story?.url ?? url });
    }
  }
  return jobs;
}

export async function captureRun(run: RunContext, opts: CaptureOptions = {}): Promise<{ units: number; failed: number; environment: EnvFingerprint | null }> {
  try {
    fs.mkdirSync(run.runDir, { recursive: true });
  } catch (err) {
    throw new FatalError(`the artifacts folder is unusable: ${run.runDir}: ${(err as Error).message}`);
  }
  const baseURL = opts.baseURL !== undefined && opts.baseURL !== null ? opts.baseURL : run.plan.baseURL;
  // Storybook specs have their states (the stories) made now, from the Storybook itself
  const early = run.plan.specs.some((s) => s.storybook && !s.storybook.read) ? await launchBrowser(run.plan) : null;
  let storybooks: { stop: () => Promise<void> } = { stop: async () => {} };
  if (early) {
    try { storybooks = await prepareStorybooks(run, early.browser); } catch (err) { await early.browser.close().catch(() => {}); throw err; }
  }
  try {
    return await captureJobs(run, opts, planUnits(run.plan, baseURL, opts.grep), early);
  } finally {
    await storybooks.stop();
  }
}

/** Each engine's units with a browser of its own, one engine after the other (the early browser is Chromium's). */
async function captureJobs(run: RunContext, opts: CaptureOptions, jobs: UnitJob[], early: Launched | null): Promise<{ units: number; failed: number; environment: EnvFingerprint | null }> {
  if (!jobs.length) { await early?.browser.close().catch(() => {}); return { units: 0, failed: 0, environment: null }; }
  const engines = [...new Set(jobs.map((j) => j.viewport.engine ?? 'chromium'))];
  // a missing Firefox stops the run before any engine captured: exit 3 naming how to install it
  if (engines.includes('firefox')) {
    try { requireFirefox(run.plan); } catch (err) { await early?.browser.close().catch(() => {}); throw err; }
  }
  if (!engines.includes('chromium')) await early?.browser.close().catch(() => {});
  const out = { units: 0, failed: 0, environment: null as EnvFingerprint | null };
  for (const engine of engines) {
    const r = await captureEngine(run, opts, jobs.filter((j) => (j.viewport.engine ?? 'chromium') === engine), engine === 'chromium' ? early : null, engine);
    out.units += r.units;
    out.failed += r.failed;
    out.environment ??= r.environment;
  }
  return out;
}

async function captureEngine(run: RunContext, opts: CaptureOptions, jobs: UnitJob[], early: Launched | null, engine: Engine): Promise<{ units: number; failed: number; environment: EnvFingerprint }> {
  const workers = Math.max(1, Math.min(jobs.length, opts.workers ?? run.plan.workers ?? defaultWorkers()));
  // an engine whose pages share one focus gets a browser per worker: two of its processes do not
  // blur each other, the pages of one do (SHARED_FOCUS)
  // (launched side by side: a Firefox takes 6–20 s to start)
  const starts = await Promise.allSettled([early ?? DRIVERS[engine].launch(run.plan), ...Array.from({ length: SHARED_FOCUS[engine] ? workers - 1 : 0 }, () => DRIVERS[engine].launch(run.plan))]);
  const launched = starts.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = starts.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refused) {
    await Promise.all(launched.map((l) => l.browser.close().catch(() => {})));
    throw refused.reason;
  }
  const first = launched[0]!;
  const { environment } = first;
  const envs = launched.map((l) => browserEnv(run, opts, l));
  const onAbort = () => { for (const l of launched) l.browser.close().catch(() => {}); };
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  let next = 0;
  let failed = 0;
  let finished = 0;
  const unreachable: string[] = [];      // URLs whose navigation found nothing listening
  const one = async (job: UnitJob, env: (typeof envs)[number]) => {
    const t0 = Date.now();
    let record: CaptureRecord;
    if (opts.signal?.aborted) record = failedRecord(job.spec.name, job.state.name, job.viewport, job.url ?? '', environment, { reason: 'interrupted', message: 'interrupted before this unit started' });
    else if (env.disconnected()) record = failedRecord(job.spec.name, job.state.name, job.viewport, job.url ?? '', environment, { reason: 'browser-closed', message: 'the browser closed before this unit started' });
    else record = await captureUnit(job, env);
    try {
      writeJsonAtomic(abs(run, files.record(job.spec.name, job.state.name, job.viewport.name)), record);
    } catch (err) {
      // nothing on disk for this unit: the gate sees a unit without a record and fails closed
      if (record.ok || !record.error) record = { ...record, ok: false, error: { reason: 'write-failed', message: (err as Error).message } };
    }
    if (!record.ok) failed++;
    if (++finished % GC_EVERY === 0) collectGarbage();
    if (record.error && UNREACHABLE.has(record.error.reason)) unreachable.push(job.url ?? '');
    try {
      opts.onUnit?.({ spec: job.spec.name, state: job.state.name, viewport: job.viewport.name, ok: record.ok, ms: Date.now() - t0, ...(record.error ? { reason: record.error.reason } : {}) });
    } catch { /* a broken progress printer must not lose a unit */ }
  };
  try {
    await Promise.all(Array.from({ length: workers }, async (_, w) => {
      const env = envs[w % envs.length]!;
      while (next < jobs.length) await one(jobs[next++]!, env);
    }));
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    await Promise.all(launched.map(async (l) => { if (l.browser.isConnected()) await l.browser.close().catch(() => {}); }));
  }
  if (unreachable.length === jobs.length && !opts.signal?.aborted) throw nothingAnswers(unreachable, run.plan);
  return { units: jobs.length, failed, environment };
}

/** What a unit needs of its browser: the browser, whether it has gone, and a wait for that. */
function browserEnv(run: RunContext, opts: CaptureOptions, { browser, environment }: Launched) {
  let disconnected = false;
  const gone = new Promise<true>((resolve) => browser.on('disconnected', () => { disconnected = true; resolve(true); }));
  const waitDisconnected = async (ms: number) => {
    if (disconnected || !browser.isConnected()) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
    try { return await Promise.race([gone, late]); } finally { clearTimeout(timer); }
  };
  return { run, browser, environment, trace: opts.trace ?? 'off', signal: opts.signal, disconnected: () => disconnected, waitDisconnected };
}

/** Navigation found no server: refused, or the host name does not resolve. */
const UNREACHABLE = new Set(['connection-refused', 'dns-failure']);

/** Every unit found nothing at its URL: not a verdict on the app, veval could not run at all. */
function nothingAnswers(urls: string[], plan: ProjectPlan): FatalError {
  const origins = [...new Set(urls.map((u) => { try { return new URL(u).origin; } catch { return u; } }))];
  const where = origins.length > 3 ? `${origins.slice(0, 3).join(', ')} (+${origins.length - 3} more)` : origins.join(', ');
  const how = plan.server
    ? 'check server.url and the port the server command listens on'
    : 'start the app first, or set `server:` in visual-eval.config.yaml (`server: { command: "npm run dev", url: http://localhost:5173 }` starts it, `server: { static: dist }` serves a folder), or pass the right --base-url';
  return new FatalError(`nothing answers at ${where}: all ${urls.length} page load(s) were refused; ${how}`);
}

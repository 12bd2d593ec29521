// The width sweep: after the spec's captures, each swept state is opened once in its own page and
// resized on purpose (a capture never resizes), measured at the page's breakpoints ±1 and every
// `step` px, then bisected to the exact first and last width of every failure. One file per state
// (<spec>/<state>-sweep.json) and one screenshot per worst width; every fault ends in the file.
import type { Browser, Page } from 'playwright-core';
import type { SweepResult } from '../../core/artifact-sweep.js';
import { writeFileAtomic, writeJsonAtomic } from '../../core/fsx.js';
import { abs, files, sweptStates, type RunContext } from '../../core/run.js';
import type { SpecPlan, StatePlan } from '../../spec/plan.js';
import { runStep } from '../../steps/registry.js';
import { launchBrowser } from '../browser.js';
import { openContext } from '../context.js';
import { inPageScript } from '../in-page/script.js';
import { queryBreakpoints } from '../in-page/responsive.js';
import { settle, trackRequests } from '../still/settle.js';
import { screenshot } from '../still/shots.js';
import { unitUrl } from '../index.js';
import { applyStress } from '../gatherers/stress-variant.js';
import { failedWidths, firstWidths, nextWidths, rangesOf, type WidthResult } from './ranges.js';
import { measureWidth, sweepViewport } from './width.js';

export interface SweepJob { spec: SpecPlan; state: StatePlan; url: string | null }

/** Every swept state of the plan, in plan order. */
export function sweepJobs(plan: { specs: SpecPlan[] }, baseURL: string | null): SweepJob[] {
  return plan.specs.flatMap((spec) => sweptStates(spec).map((state) => ({ spec, state, url: unitUrl(spec, baseURL) })));
}

/** Sweeps every swept state of the run (one browser, one state at a time: resizing is the work). */
export async function sweepRun(run: RunContext, opts: { baseURL: string | null; signal?: AbortSignal; onState?: (s: { spec: string; state: string; ms: number; ok: boolean }) => void }): Promise<number> {
  const jobs = sweepJobs(run.plan, opts.baseURL);
  if (!jobs.length) return 0;
  const { browser } = await launchBrowser(run.plan);
  try {
    for (const job of jobs) {
      const result = opts.signal?.aborted ? failed(job, 'interrupted before the sweep started') : await sweepState(run, browser, job);
      try { writeJsonAtomic(abs(run, files.sweep(job.spec.name, job.state.name)), result); } catch { /* no file: the sweep check fails closed on it */ }
      try { opts.onState?.({ spec: job.spec.name, state: job.state.name, ms: result.timings.total, ok: result.ok }); } catch { /* a broken printer loses nothing */ }
    }
  } finally {
    if (browser.isConnected()) await browser.close().catch(() => {});
  }
  return jobs.length;
}

function failed(job: SweepJob, error: string): SweepResult {
  const s = job.spec.sweep!;
  return {
    version: 1, spec: job.spec.name, state: job.state.name, url: job.url ?? '', from: s.from, to: s.to, step: s.step, height: s.height,
    ok: false, error, breakpoints: [], unreadSheets: 0, measured: [], failedWidths: [], ranges: [], timings: { total: 0, open: 0, measure: 0, screenshots: 0 },
  };
}

/** Opens the state (navigate, wait, settle, its steps) at the sweep's first width. */
async function openState(browser: Browser, job: SweepJob, root: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { spec, state } = job;
  const s = spec.sweep!;
  if (!job.url) throw new Error(`no URL for route ${spec.route}: set baseURL or server in the config, or pass --base-url`);
  const uc = await openContext(browser, spec, sweepViewport(s.from, s.height), root);
  const close = () => uc.context.close().catch(() => {});
  try {
    const page = await uc.context.newPage();
    page.setDefaultTimeout(spec.timeout);
    const requests = trackRequests(page);
    const res = await page.goto(job.url, { waitUntil: spec.wait.for === 'networkidle' ? 'networkidle' : 'load', timeout: spec.wait.timeout });
    if (res && res.status() >= 400) throw new Error(`${job.url} answered HTTP ${res.status()}`);
    if (spec.wait.for === 'selector' && spec.wait.selector) await page.waitForSelector(spec.wait.selector, { state: 'visible', timeout: spec.wait.timeout });
    await settle(page, spec.wait.timeout, false, requests);
    for (const [i, step] of state.steps.entries()) {
      try { await runStep(page, step); } catch (err) { throw new Error(`step ${i + 1} (${step.action}) at ${step.source} failed: ${String((err as Error)?.message ?? err).split('\n')[0]}`); }
    }
    // a stress state is swept stressed: `expand` at every width (capture/gatherers/stress-variant.ts)
    if (state.stress) await applyStress(page, state.stress);
    if (state.steps.length || state.stress) await settle(page, spec.wait.timeout, false, requests);
    return { page, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export async function sweepState(run: RunContext, browser: Browser, job: SweepJob): Promise<SweepResult> {
  const t0 = Date.now();
  const out = failed(job, '');
  const s = job.spec.sweep!;
  // a sweep that runs past twice the unit timeout stops, and says so (its ranges are incomplete)
  const deadline = t0 + Math.max(2 * job.spec.timeout, 60_000);
  let opened: Awaited<ReturnType<typeof openState>> | null = null;
  try {
    opened = await openState(browser, job, run.root);
    const { page } = opened;
    out.url = page.url();
    out.timings.open = Date.now() - t0;
    const bp = await page.evaluate(inPageScript([queryBreakpoints], queryBreakpoints, null)) as ReturnType<typeof queryBreakpoints>;
    out.breakpoints = bp.widths.filter((w) => w > s.from && w <= s.to);
    out.unreadSheets = bp.unread;
    const tm = Date.now();
    const results = new Map<number, WidthResult>();
    let todo = firstWidths(s.from, s.to, s.step, out.breakpoints);
    while (todo.length) {
      for (const w of todo) {
        if (Date.now() > deadline) throw new Error(`the sweep did not finish within ${Math.round((deadline - t0) / 1000)} s (${results.size} widths measured)`);
        results.set(w, await measureWidth(page, job.spec, job.state, w, s.height));
      }
      todo = nextWidths(results);
    }
    out.timings.measure = Date.now() - tm;
    out.measured = [...results.keys()].sort((a, b) => a - b);
    out.failedWidths = failedWidths(results);
    const ranges = rangesOf(results);
    // one screenshot per failure at its worst width: the page's full width, one viewport height
    // around the failing element (a full-page shot of a long page at every worst width cost more
    // than the measuring); failures at the same width and place share it
    const ts = Date.now();
    const shots = new Map<string, string | null>();
    const shotOf: (string | null)[] = [];
    for (const r of ranges) {
      let y = 0;
      try {
        await page.setViewportSize({ width: r.worst, height: s.height });
        const at = await page.evaluate(inPageScript([], shotArea, { selector: r.elements[0] ?? null, box: r.box, height: s.height })) as { y: number; width: number; height: number };
        y = at.y;
        const key = `${r.worst}:${y}`;
        if (!shots.has(key)) {
          const rel = files.sweepShot(job.spec.name, job.state.name, r.worst, y);
          writeFileAtomic(abs(run, rel), await screenshot(page, { fullPage: true, clip: { x: 0, y, width: at.width, height: at.height } }));
          shots.set(key, rel.split('/').pop()!);
        }
        shotOf.push(shots.get(key)!);
      } catch { shotOf.push(null); }
    }
    out.timings.screenshots = Date.now() - ts;
    out.ranges = ranges.map((r, i) => ({ ...r, screenshot: shotOf[i] ?? null }));
    out.ok = true;
    out.error = null;
  } catch (err) {
    out.ok = false;
    out.error = String((err as Error)?.message ?? err).split('\n')[0];
  } finally {
    await opened?.close();
    out.timings.total = Date.now() - t0;
  }
  return out;
}

/** In-page: where to shoot a failure — the page's full width, one viewport height starting a
 *  little above the failing element (its box, else the first match of its selector), after two
 *  frames so the resize has laid out. */
function shotArea(a: { selector: string | null; box: { y: number } | null; height: number }): Promise<{ y: number; width: number; height: number }> {
  return new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const se = document.scrollingElement || document.documentElement;
    let top = a.box ? a.box.y : 0;
    if (!a.box && a.selector) { try { const el = document.querySelector(a.selector); if (el) top = el.getBoundingClientRect().top + window.scrollY; } catch { /* no element: the top */ } }
    const y = Math.max(0, Math.min(Math.round(top - 100), se.scrollHeight - a.height));
    res({ y, width: Math.max(se.scrollWidth, window.innerWidth), height: Math.min(a.height, se.scrollHeight - y) });
  })));
}

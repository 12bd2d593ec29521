// One capture unit (spec × state × viewport, in one engine): its named phases (PHASES) — fresh
// context and page, navigate, ready, steps, measure, stable screenshot with axe and the ARIA
// snapshot in its gaps, re-measure — then its files. Every fault ends as a record with a named reason.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { CaptureRecord, EnvFingerprint, StructureSnapshot, ViewportSpec } from '../core/artifacts.js';
import { writeFileAtomic, writeJsonAtomic } from '../core/fsx.js';
import { abs, files, type RunContext } from '../core/run.js';
import { requiredAt, type SpecPlan, type StatePlan } from '../spec/plan.js';
import { axeResults, type AxeOptions } from './axe.js';
import { clockReads, openContext, randomDraws, type UnitContext } from './context.js';
import { classify, progressingFault, UnitFault, watched, type FaultState, type WatchedFault } from './faults.js';
import { measurePage, selectorAt, signatureOf } from './measure.js';
import { measurePaint } from './paint.js';
import { emptyRecord, pngSize } from './record.js';
import { settle, trackRequests } from './settle.js';
import { regionOf, stableShot } from './stability.js';
import { watchEarly } from './motion-watch.js';
import { runSpecStep } from './step-run.js';
import { structureJson, structureSnapshot } from './structure.js';
import { cssPhase } from './css-record.js';
import { watchPage } from './collect.js';
import { fontFallbacks, mayHaveFallenBack } from './font-fallbacks.js';
import { gatherFor } from '../checks/registry.js';
import { storyReady } from './storybook.js';
import { DRIVERS, type EngineDriver } from './engine.js';
import { unitGaps } from '../core/engines.js';
import { servedDocument } from './served-html.js';
import { installShiftWatch, markStep, readShifts, watchesShifts } from './layout-shift.js';
import { applyStress, stressKeep } from './stress.js';
import { stressSpec } from '../spec/stress.js';

export interface UnitJob { spec: SpecPlan; state: StatePlan; viewport: ViewportSpec; url: string | null }

export interface UnitEnv {
  run: RunContext;
  browser: Browser;
  environment: EnvFingerprint;
  trace: 'off' | 'on-failure';
  signal?: AbortSignal;
  disconnected(): boolean;
  /** Resolves true once the browser is gone, false after `ms` (a dying browser fails calls before it disconnects). */
  waitDisconnected(ms: number): Promise<boolean>;
}

// an unexplained failure waits this long to learn whether the browser was going away
const DISCONNECT_GRACE_MS = 1500;

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];


/** One unit in flight: what its phases share. */
interface UnitRun {
  job: UnitJob;
  env: UnitEnv;
  driver: EngineDriver;
  /** the job's spec with the state's own masks */
  spec: SpecPlan;
  record: CaptureRecord;
  fault: WatchedFault;
  uc: UnitContext | null;
  page: Page | null;
  requests: ReturnType<typeof trackRequests> | null;
  cancelled: boolean;
  axeJson: unknown;
  structure: StructureSnapshot | null;
  /** the document as served (the CSS record checks inline places against it) */
  served: (() => Promise<string | null>) | null;
  png: Buffer | null;
  flake: Buffer | null;
  /** where measure left the page, and its fingerprint then (see remeasure) */
  scrollY: number;
  signature: string | null;
  /** when waiting for readiness began (settle time = since then, less the steps) */
  readyAt: number;
  /** the layout-shift watch is installed (capture/layout-shift.ts) */
  shifts: boolean;
}

/**
 * The phases of a unit, in order. Each engine runs these same phases through its driver
 * (capture/engine.ts); only launching the browser and what an engine cannot gather differ.
 */
const PHASES = [openPage, navigate, ready, runSteps, measure, shoot, remeasure] as const;

export async function captureUnit(job: UnitJob, env: UnitEnv): Promise<CaptureRecord> {
  const { state, viewport: vp } = job;
  const engine = vp.engine ?? 'chromium';
  // a state's own masks (a story's parameters.veval.masks) hide pixels with the spec's
  const masked = state.masks?.length ? { ...job.spec, masks: [...job.spec.masks, ...state.masks] } : job.spec;
  const spec = state.stress ? stressSpec(masked, state.stress) : masked;
  const t0 = Date.now();
  const record = emptyRecord(spec.name, state.name, vp, job.url ?? '', env.environment);
  const driver = DRIVERS[engine];
  if (engine !== 'chromium') record.engine = engine;
  const gaps = unitGaps(engine, vp);
  if (gaps.length) record.skipped = gaps;
  const u: UnitRun = {
    job, env, driver, spec, record, uc: null, page: null, requests: null, cancelled: false,
    fault: progressingFault(),
    axeJson: null, structure: null, served: null, png: null, flake: null, scrollY: 0, signature: null, readyAt: 0, shifts: false,
  };
  const { fault } = u;
  const work = async () => { for (const phase of PHASES) await phase(u); };

  const onAbort = () => { fault.aborted = true; };
  env.signal?.addEventListener('abort', onAbort, { once: true });
  const running = work();
  running.catch(() => {});
  const watch = watched(running, fault, spec.timeout, t0);
  try {
    await watch.done;
    writeUnit(u);
    record.ok = true;
  } catch (err) {
    u.cancelled = true;
    if (env.signal?.aborted) fault.aborted = true;
    if (env.disconnected() || !env.browser.isConnected()) fault.disconnected = true;
    record.ok = false;
    record.error = classify(err, fault);
    if (record.error.reason === 'internal' && await env.waitDisconnected(DISCONNECT_GRACE_MS)) {
      fault.disconnected = true;
      record.error = classify(err, fault);
    }
    record.screenshot = null;
    record.failureScreenshot = await failureScreenshot(u.page, record, env, fault);
  } finally {
    watch.stop();
    env.signal?.removeEventListener('abort', onAbort);
    const tf = Date.now();
    await finishContext(u.uc, record, env, u.cancelled);
    if (u.uc) record.timings.close = Date.now() - tf;
  }
  record.timings.total = Date.now() - t0;
  return record;
}

/** A fresh context (viewport, clock, network rules, init scripts) and its page, watched. */
async function openPage(u: UnitRun): Promise<void> {
  const { job, env, spec, record, fault } = u;
  if (!job.url) throw new UnitFault('navigation-failed', `no URL for route ${spec.route}: set baseURL or server in the config, or pass --base-url`);
  const tc = Date.now();
  const uc = await openContext(env.browser, spec, job.viewport, env.run.root);
  u.uc = uc;
  // the unit may have timed out while the context was opening: nobody else will close it
  if (u.cancelled) { await uc.context.close().catch(() => {}); throw new Error('cancelled'); }
  if (env.trace === 'on-failure') await uc.context.tracing.start({ screenshots: true, snapshots: true });
  u.shifts = watchesShifts(spec, u.driver.engine);
  if (u.shifts) await installShiftWatch(uc.context, spec, requiredAt(job.state, job.viewport.name));
  const page: Page = await uc.context.newPage();
  u.page = page;
  record.timings.context = Date.now() - tc;
  page.setDefaultTimeout(spec.timeout);
  page.on('crash', () => { fault.crashed = true; });
  watchPage(page, record, uc.blocked, spec.context.reducedMotion);
  u.requests = trackRequests(page);
}

async function navigate(u: UnitRun): Promise<void> {
  const { job, spec, record } = u;
  const page = u.page!;
  u.fault.stage = 'navigate';
  const t = Date.now();
  const crash = new Promise<void>((r) => page.once('crash', () => r()));
  const res = await page.goto(job.url!, { waitUntil: spec.wait.for === 'networkidle' ? 'networkidle' : 'load', timeout: spec.wait.timeout })
    .catch(async (err) => {
      // a renderer crash surfaces first as an aborted navigation; give the crash event a moment
      if (/ERR_ABORTED|crashed/i.test(String(err))) await Promise.race([crash, new Promise((r) => setTimeout(r, 1000))]);
      // say what the page was being waited for, not Playwright's "page.goto: Timeout … exceeded"
      if ((err as Error)?.name === 'TimeoutError' && !u.fault.timedOut) throw new UnitFault('navigation-timeout', notReady(spec, `the page did not finish loading (${spec.wait.for === 'networkidle' ? 'network idle' : 'its load event'})`));
      throw err;
    });
  u.served = servedDocument(page, res);
  record.httpStatus = res ? res.status() : null;
  record.finalUrl = page.url();
  record.timings.navigate = Date.now() - t;
}

/** "the page was not ready: <what> within <wait.timeout> ms", naming the selector still to come. */
function notReady(spec: UnitRun['spec'], what: string): string {
  const then = spec.wait.for === 'selector' && spec.wait.selector && !what.includes(spec.wait.selector) ? `, before wait.selector "${spec.wait.selector}" was looked for` : '';
  return `the page was not ready: ${what} within ${spec.wait.timeout} ms (wait.timeout)${then}`;
}

/** The page is ready: the story rendered, wait.selector visible, the page settled. */
async function ready(u: UnitRun): Promise<void> {
  const { job: { state }, spec, record } = u;
  const page = u.page!;
  u.fault.stage = 'ready';
  u.readyAt = Date.now();
  if (state.story) await storyReady(page, state.story, spec.wait.timeout);
  if (spec.wait.for === 'selector' && spec.wait.selector) {
    try {
      await page.waitForSelector(spec.wait.selector, { state: 'visible', timeout: spec.wait.timeout });
    } catch (err) {
      if ((err as Error).name !== 'TimeoutError') throw err;
      throw new UnitFault('navigation-timeout', notReady(spec, `wait.selector "${spec.wait.selector}" did not appear`));
    }
  }
  await settle(page, spec.wait.timeout, spec.fullPage, u.requests!);
}

async function runSteps(u: UnitRun): Promise<void> {
  const { job: { state }, env, spec, record, fault } = u;
  const page = u.page!;
  const t = u.readyAt;
  fault.stage = 'steps';
  for (const [index, step] of state.steps.entries()) {
    const ts = Date.now();
    if (u.shifts) await markStep(page, index, step.frame?.length ? null : step.selector, true);
    await runSpecStep(page, step, index, state.name, () => fault.crashed || fault.aborted || !env.browser.isConnected());
    if (u.shifts) await markStep(page, index, null, false);
    record.timings.steps.push({ action: step.action, ms: Date.now() - ts });
  }
  // a stress unit's variant, after the steps (capture/stress.ts); the page then settles like after steps
  if (state.stress) record.stress = { variant: state.stress.variant, of: state.stress.of, ...await applyStress(page, state.stress) };
  if (state.steps.length || state.stress) await settle(page, spec.wait.timeout, false, u.requests!);
  // the URL of what is captured: a step may have navigated (a link, a client-side router)
  record.finalUrl = page.url();
  record.timings.settle = Date.now() - t - record.timings.steps.reduce((s, x) => s + x.ms, 0);
}

/** The in-page measurements: boxes, visibility, covers, overflow, overlap, clipping. */
async function measure(u: UnitRun): Promise<void> {
  const { job: { state, viewport: vp }, spec, record } = u;
  const page = u.page!;
  u.fault.stage = 'measure';
  // measuring is veval's first own action it does not mark: layout shifts are read up to it
  if (u.shifts) record.layoutShift = await readShifts(page);
  // the stability watch sees what the page paints by itself from now on (see watchEarly)
  if (gatherFor(spec, 'shots')) await watchEarly(page, spec.fullPage, spec.masks);
  const t = Date.now();
  const { measured, scrollY, signature } = await measurePage(page, spec, requiredAt(state, vp.name));
  Object.assign(record, measured);
  u.scrollY = scrollY;
  u.signature = signature;
  record.timings.measure = Date.now() - t;
}

// parity compares the ARIA structure with the baseline's (parity.structure: false switches it off)
const wantsStructure = (spec: SpecPlan) => !!spec.parity && spec.parity.structure !== false;

/**
 * axe and the ARIA snapshot are evidence for other checks; their failure is recorded, not fatal.
 * They run in the gaps between the stability shots (read-only: measured to change neither pixels
 * nor scroll): the snapshots in the first (100 ms by default), axe, the longer task, in the second
 * (170 ms); after the only shot when stability is off.
 */
function evidenceTasks(u: UnitRun): (() => Promise<void>)[] {
  const { env, spec, record } = u;
  const page = u.page!;
  const snapshots = async () => {
    const ta = Date.now();
    try { record.aria = await page.locator('body').ariaSnapshot({ timeout: 10_000 }); } catch { record.aria = null; }
    if (wantsStructure(spec)) u.structure = await structureSnapshot(page, spec, record.required).catch((err) => failedStructure(err));
    record.timings.aria = Date.now() - ta;
  };
  // the CSS record paints nothing: the paint signals take it inside their calm window (stability.ts)
  // a stress unit's findings name the rule behind what broke: its record is taken with or without parity
  const css = () => cssPhase(page, spec, record, env.run, u.served, u.job.state.stress ? stressKeep(record) : null);
  const audit = async () => {
    const te = Date.now();
    // what the planned checks declare they need gathered (checks/registry.ts), never a check id
    const axe = gatherFor<AxeOptions>(spec, 'axe');
    if (axe) {
      const y = await page.evaluate(() => [window.scrollX, window.scrollY] as const);
      try { u.axeJson = await axeResults(page, axe, spec.masks); } catch (err) { record.axeError = firstLine(err); }
      await page.evaluate(([x, yy]) => window.scrollTo({ left: x, top: yy, behavior: 'instant' as ScrollBehavior }), y);
    }
    record.timings.axe = Date.now() - te;
  };
  return [snapshots, audit, css];
}

/** The stable screenshot (the stability watch re-shooting), the evidence in its gaps, paint. */
async function shoot(u: UnitRun): Promise<void> {
  const { job: { viewport: vp }, spec, record, scrollY } = u;
  const page = u.page!;
  let evidenceMs = 0;
  // each task runs once: in a gap of stableShot, or after the shots (what the gaps left)
  const ran = new Set<number>();
  const evidence = evidenceTasks(u).map((task, i) => async () => {
    if (ran.has(i)) return;
    ran.add(i);
    const te = Date.now();
    await task();
    evidenceMs += Date.now() - te;
  });

  u.fault.stage = 'screenshot';
  const t = Date.now();
  // the shots' interval, timeout and count are the stability check's options, its defaults filled
  const stab = gatherFor<{ interval: number; timeout: number; shots: number }>(spec, 'shots');
  const shot = await stableShot(page, {
    fullPage: spec.fullPage, check: !!stab, interval: stab?.interval ?? 0, timeout: stab?.timeout ?? 0, shots: stab?.shots ?? 1,
    // mask boxes are document coordinates; a viewport screenshot starts at scrollY
    masks: record.masks.flatMap((m) => m.boxes.map((b) => ({ ...b, y: b.y - scrollY }))), dpr: vp.deviceScaleFactor,
    maskSelectors: record.masks.map((m) => m.selector),
    onShot: () => { u.fault.stage = 'screenshot'; },
    between: evidence.slice(0, 2), during: evidence[2],
  });
  u.png = shot.png;
  u.flake = shot.flake ?? null;
  record.stability = shot.stability;
  if (shot.stability.changedBox) {
    const b = shot.stability.changedBox;
    b.y += scrollY; // back to document coordinates
    for (const c of shot.stability.changes ?? []) if (c.box !== b) c.box.y += scrollY;
    for (const h of shot.stability.hot ?? []) { h.box.y += scrollY; if (h.elementBox) h.elementBox.y += scrollY; }
    record.stability.changedRegion = regionOf(b, record.regions);
    record.stability.changedSelector ??= await selectorAt(page, { x: b.x + b.width / 2, y: b.y + b.height / 2 }).catch(() => null);
  }
  record.image = pngSize(u.png);
  record.paint = await measurePaint(page, u.png, vp);
  const shotsMs = Date.now() - t - evidenceMs;
  record.timings.screenshot = shot.firstShotMs;
  record.timings.stability = shotsMs - shot.firstShotMs;
  record.timings.stillBy = shot.stillBy;
  for (const task of evidence) await task();
}

/**
 * The page may have changed between measuring and the final screenshot: an app that renders after
 * load (fetch, then content), or a full-page screenshot that re-picks srcset candidates. When its
 * fingerprint moved, measure again so the record describes the pixels.
 */
async function remeasure(u: UnitRun): Promise<void> {
  const { job: { state, viewport: vp }, spec, record, fault } = u;
  const page = u.page!;
  // a failed font or stylesheet: which families fell back to what (explains a parity diff); CDP only
  if (u.driver.cdp && mayHaveFallenBack(record)) record.fontFallbacks = await fontFallbacks(page).catch(() => undefined);
  record.random = await randomDraws(page);
  record.clock = await clockReads(page);
  if (await signatureOf(page) !== u.signature) {
    fault.stage = 'measure';
    const t = Date.now();
    Object.assign(record, (await measurePage(page, spec, requiredAt(state, vp.name))).measured);
    record.timings.measure += Date.now() - t;
    if (wantsStructure(spec)) u.structure = await structureSnapshot(page, spec, record.required).catch((err) => failedStructure(err));
  }
  if (fault.crashed) throw new Error('Target crashed');
}

/** The unit's files, each written atomically beside its record. */
function writeUnit(u: UnitRun): void {
  const { job: { state, viewport: vp }, env, spec, record } = u;
  u.fault.stage = 'write';
  const tw = Date.now();
  const pngRel = files.capture(spec.name, state.name, vp.name);
  writeFileAtomic(abs(env.run, pngRel), u.png!);
  record.screenshot = pngRel.split('/').pop()!;
  if (u.flake) {
    // the flake map of a capture that never settled, beside it (the report lays it over the capture)
    const flakeRel = files.flake(spec.name, state.name, vp.name);
    writeFileAtomic(abs(env.run, flakeRel), u.flake);
    record.stability.map = flakeRel.split('/').pop()!;
  }
  if (u.axeJson) {
    const axeRel = files.axe(spec.name, state.name, vp.name);
    writeJsonAtomic(abs(env.run, axeRel), u.axeJson);
    record.axe = axeRel.split('/').pop()!;
  }
  record.timings.write = Date.now() - tw;
  if (u.structure) {
    const rel = files.structure(spec.name, state.name, vp.name);
    writeFileAtomic(abs(env.run, rel), structureJson(u.structure));
    record.structure = rel.split('/').pop()!;
  }
}

/** A snapshot that could not be taken at all: written anyway, so parity names why (fail closed). */
const failedStructure = (err: unknown): StructureSnapshot => ({ version: 1, page: null, regions: {}, required: [], masks: [], error: firstLine(err) });

// a failed unit's last look at the page; its timeout was already spent, so this one is short
const FAILURE_SHOT_MS = 3000;
const SHOT_AFTER: ReadonlySet<string> = new Set(['step-failed', 'navigation-timeout', 'navigation-failed', 'connection-refused', 'dns-failure', 'measure-failed', 'story-error']);

/** What the page showed when a step or navigation failed (viewport screenshot, written atomically); null when there is no page to ask. */
async function failureScreenshot(page: Page | null, record: CaptureRecord, env: UnitEnv, fault: FaultState): Promise<string | null> {
  if (!page || !record.error || !SHOT_AFTER.has(record.error.reason) || fault.crashed || fault.aborted || !env.browser.isConnected() || page.isClosed()) return null;
  try {
    const shot = await page.screenshot({ timeout: FAILURE_SHOT_MS, caret: 'hide' });
    const rel = files.failure(record.spec, record.state, record.viewport.name);
    writeFileAtomic(abs(env.run, rel), shot);
    return rel.split('/').pop()!;
  } catch {
    return null; // the finding still names the failure; it just has no picture
  }
}

/** Keeps the trace of a failed unit (written beside the record, atomically), closes the context. */
async function finishContext(uc: UnitContext | null, record: CaptureRecord, env: UnitEnv, failed: boolean): Promise<void> {
  if (!uc) return;
  const { context } = uc as UnitContext;
  if (env.trace === 'on-failure') {
    try {
      if (failed && env.browser.isConnected()) {
        const rel = files.trace(record.spec, record.state, record.viewport.name);
        const target = abs(env.run, rel);
        const tmp = `${target}.${process.pid}.tmp`;
        fs.mkdirSync(abs(env.run, record.spec), { recursive: true });
        await context.tracing.stop({ path: tmp });
        fs.renameSync(tmp, target);
        record.trace = rel.split('/').pop()!;
      } else await context.tracing.stop();
    } catch { /* no trace is better than a failed unit report */ }
  }
  await context.close().catch(() => {});
}

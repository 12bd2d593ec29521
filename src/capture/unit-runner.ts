// One capture unit (spec × state × viewport, in one engine): the runner over its phases — fresh
// context and page, navigate, ready, steps, measure, the stillness proof and its image, re-measure —
// and over the gatherers' slots between them (gatherer.ts SLOTS; README.md has the picture). Each
// gatherer answers with what it gathered; the runner alone applies it to the record and writes the
// unit's files. Every fault ends as a record with a named reason.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { CaptureRecord, EnvFingerprint, ViewportSpec } from '../core/artifacts.js';
import { writeFileAtomic, writeJsonAtomic } from '../core/fsx.js';
import { abs, files, type RunContext } from '../core/run.js';
import { requiredAt, type SpecPlan, type StatePlan } from '../spec/plan.js';
import { openContext, type UnitContext } from './context.js';
import { classify, progressingFault, UnitFault, watched, type FaultState, type WatchedFault } from './faults.js';
import { measurePage, selectorAt, signatureOf } from './measure-page.js';
import { emptyRecord, pngSize } from './record-skeleton.js';
import { proveStill, regionOf, settle, trackRequests, watchEarly } from './still/index.js';
import { runSpecStep } from './step-run.js';
import { watchPage } from './collect.js';
import { gatherFor } from '../checks/registry.js';
import { storyReady } from './storybook-plan.js';
import { DRIVERS, type EngineDriver } from './engine.js';
import { unitGaps } from '../core/engines.js';
import { servedDocument } from './served-html.js';
import { stressSpec } from '../spec/stress.js';
import { CALM_SLOTS, type CalmSlot, type Gathered, type Slot, type UnitView } from './gatherer.js';
import { gatherersAt } from './gatherer-registry.js';

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

/** The unit's page once open: what the failure path needs to look at it and close it. */
interface Opened { uc: UnitContext | null; page: Page | null; cancelled: boolean }

/** What the phases hand on: each sets its own part once, in order. */
interface Unit {
  job: UnitJob;
  env: UnitEnv;
  driver: EngineDriver;
  /** the job's spec with the state's own masks (and a stress unit's) */
  spec: SpecPlan;
  record: CaptureRecord;
  fault: WatchedFault;
  opened: Opened;
  /** the files the unit writes when it succeeds, by path (a later one replaces an earlier) */
  pending: Map<string, NonNullable<Gathered['files']>[number]>;
  view(png?: Buffer | null, step?: UnitView['step']): Omit<UnitView, 'options'>;
}

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
  const fault = progressingFault();
  const opened: Opened = { uc: null, page: null, cancelled: false };
  const required = requiredAt(state, vp.name);
  let served: UnitView['served'] = null;
  const u: Unit = {
    job, env, driver, spec, record, fault, opened, pending: new Map(),
    view: (png = null, step) => ({
      page: opened.page!, context: opened.uc!.context, spec, state, viewport: vp, engine, run: env.run, record, required, served, png, step,
    }),
  };
  let kept: Kept | null = null;
  const work = async () => {
    const requests = await openPage(u);
    served = await navigate(u);
    const readySince = await ready(u, requests);
    await runSteps(u, requests, readySince);
    const at = await measure(u);
    kept = await shoot(u, at);
    await remeasure(u, at, kept.png);
  };

  const onAbort = () => { fault.aborted = true; };
  env.signal?.addEventListener('abort', onAbort, { once: true });
  const running = work();
  running.catch(() => {});
  const watch = watched(running, fault, spec.timeout, t0);
  try {
    await watch.done;
    writeUnit(u, kept!);
    record.ok = true;
  } catch (err) {
    opened.cancelled = true;
    if (env.signal?.aborted) fault.aborted = true;
    if (env.disconnected() || !env.browser.isConnected()) fault.disconnected = true;
    record.ok = false;
    record.error = classify(err, fault);
    if (record.error.reason === 'internal' && await env.waitDisconnected(DISCONNECT_GRACE_MS)) {
      fault.disconnected = true;
      record.error = classify(err, fault);
    }
    record.screenshot = null;
    record.failureScreenshot = await failureScreenshot(opened.page, record, env, fault);
  } finally {
    watch.stop();
    env.signal?.removeEventListener('abort', onAbort);
    const tf = Date.now();
    await finishContext(opened.uc, record, env, opened.cancelled);
    if (opened.uc) record.timings.close = Date.now() - tf;
  }
  record.timings.total = Date.now() - t0;
  return record;
}

/** Runs the wanted gatherers of one slot and applies what each gathered: its record fields, its
 *  evidence (record.evidence[id]), its files (written by writeUnit), its time (calm slots). */
async function gather(u: Unit, slot: Slot, png: Buffer | null = null, step?: UnitView['step']): Promise<void> {
  for (const { g, view } of gatherersAt(slot, u.driver.engine, u.view(png, step))) {
    const t = Date.now();
    const got = await g.slots[slot]!(view);
    if (g.meta.timing && (CALM_SLOTS as readonly Slot[]).includes(slot)) {
      u.record.timings[g.meta.timing] = (u.record.timings[g.meta.timing] ?? 0) + Date.now() - t;
    }
    if (!got) continue;
    if (got.record) Object.assign(u.record, got.record);
    if (got.evidence !== undefined) u.record.evidence = { ...u.record.evidence, [g.meta.id]: got.evidence };
    for (const f of got.files ?? []) u.pending.set(f.rel, f);
  }
}

/** A fresh context (viewport, clock, network rules, init scripts) and its page, watched. */
async function openPage(u: Unit): Promise<Requests> {
  const { job, env, spec, record, fault, opened } = u;
  if (!job.url) throw new UnitFault('navigation-failed', `no URL for route ${spec.route}: set baseURL or server in the config, or pass --base-url`);
  const tc = Date.now();
  const uc = await openContext(env.browser, spec, job.viewport, env.run.root);
  opened.uc = uc;
  // the unit may have timed out while the context was opening: nobody else will close it
  if (opened.cancelled) { await uc.context.close().catch(() => {}); throw new Error('cancelled'); }
  if (env.trace === 'on-failure') await uc.context.tracing.start({ screenshots: true, snapshots: true });
  await gather(u, 'before-navigation');
  const page: Page = await uc.context.newPage();
  opened.page = page;
  record.timings.context = Date.now() - tc;
  page.setDefaultTimeout(spec.timeout);
  page.on('crash', () => { fault.crashed = true; });
  watchPage(page, record, uc.blocked, spec.context.reducedMotion);
  return trackRequests(page);
}

/** The page's requests, tracked from its first (settle waits for them to be answered). */
type Requests = ReturnType<typeof trackRequests>;

/** Loads the URL; answers the document as served (the CSS record checks inline places against it). */
async function navigate(u: Unit): Promise<UnitView['served']> {
  const { job, spec, record, fault } = u;
  const page = u.opened.page!;
  fault.stage = 'navigate';
  const t = Date.now();
  const crash = new Promise<void>((r) => page.once('crash', () => r()));
  const res = await page.goto(job.url!, { waitUntil: spec.wait.for === 'networkidle' ? 'networkidle' : 'load', timeout: spec.wait.timeout })
    .catch(async (err) => {
      // a renderer crash surfaces first as an aborted navigation; give the crash event a moment
      if (/ERR_ABORTED|crashed/i.test(String(err))) await Promise.race([crash, new Promise((r) => setTimeout(r, 1000))]);
      // say what the page was being waited for, not Playwright's "page.goto: Timeout … exceeded"
      if ((err as Error)?.name === 'TimeoutError' && !fault.timedOut) throw new UnitFault('navigation-timeout', notReady(spec, `the page did not finish loading (${spec.wait.for === 'networkidle' ? 'network idle' : 'its load event'})`));
      throw err;
    });
  record.httpStatus = res ? res.status() : null;
  record.finalUrl = page.url();
  record.timings.navigate = Date.now() - t;
  return servedDocument(page, res);
}

/** "the page was not ready: <what> within <wait.timeout> ms", naming the selector still to come. */
function notReady(spec: SpecPlan, what: string): string {
  const then = spec.wait.for === 'selector' && spec.wait.selector && !what.includes(spec.wait.selector) ? `, before wait.selector "${spec.wait.selector}" was looked for` : '';
  return `the page was not ready: ${what} within ${spec.wait.timeout} ms (wait.timeout)${then}`;
}

/** The page is ready: the story rendered, wait.selector visible, the page settled. Answers when
 *  waiting began (settle time = since then, less the steps). */
async function ready(u: Unit, requests: Requests): Promise<number> {
  const { job: { state }, spec } = u;
  const page = u.opened.page!;
  u.fault.stage = 'ready';
  const since = Date.now();
  if (state.story) await storyReady(page, state.story, spec.wait.timeout);
  if (spec.wait.for === 'selector' && spec.wait.selector) {
    try {
      await page.waitForSelector(spec.wait.selector, { state: 'visible', timeout: spec.wait.timeout });
    } catch (err) {
      if ((err as Error).name !== 'TimeoutError') throw err;
      throw new UnitFault('navigation-timeout', notReady(spec, `wait.selector "${spec.wait.selector}" did not appear`));
    }
  }
  await settle(page, spec.wait.timeout, spec.fullPage, requests);
  await gather(u, 'after-ready');
  return since;
}

async function runSteps(u: Unit, requests: Requests, t: number): Promise<void> {
  const { job: { state }, env, spec, record, fault } = u;
  const page = u.opened.page!;
  fault.stage = 'steps';
  for (const [index, step] of state.steps.entries()) {
    const ts = Date.now();
    await gather(u, 'before-each-step', null, { index, plan: step });
    await runSpecStep(page, step, index, state.name, () => fault.crashed || fault.aborted || !env.browser.isConnected());
    await gather(u, 'after-each-step', null, { index, plan: step });
    record.timings.steps.push({ action: step.action, ms: Date.now() - ts });
  }
  // a stress unit's variant applies here (gatherers/stress-variant.ts); the page then settles like after steps
  await gather(u, 'after-steps');
  if (state.steps.length || state.stress) await settle(page, spec.wait.timeout, false, requests);
  // the URL of what is captured: a step may have navigated (a link, a client-side router)
  record.finalUrl = page.url();
  record.timings.settle = Date.now() - t - record.timings.steps.reduce((s, x) => s + x.ms, 0);
}

/** Where measuring left the page and its fingerprint then (see remeasure). */
interface MeasuredAt { scrollY: number; signature: string }

/** The in-page measurements: boxes, visibility, covers, overflow, overlap, clipping. */
async function measure(u: Unit): Promise<MeasuredAt> {
  const { job: { state, viewport: vp }, spec, record } = u;
  const page = u.opened.page!;
  u.fault.stage = 'measure';
  await gather(u, 'before-measure');
  // the stability watch sees what the page paints by itself from now on (see watchEarly)
  if (gatherFor(spec, 'shots')) await watchEarly(page, spec.fullPage, spec.masks);
  const t = Date.now();
  const { measured, scrollY, signature } = await measurePage(page, spec, requiredAt(state, vp.name));
  Object.assign(record, measured);
  record.timings.measure = Date.now() - t;
  return { scrollY, signature };
}

/** The image, proven still (the stillness proof, offering its calm slots to the gatherers), then
 *  the calm slots it did not offer and the after-shot slot. */
/** The kept image, and the flake map of one that never settled. */
interface Kept { png: Buffer; flake: Buffer | null }

async function shoot(u: Unit, { scrollY }: MeasuredAt): Promise<Kept> {
  const { job: { viewport: vp }, spec, record, fault } = u;
  const page = u.opened.page!;
  let gatherMs = 0;
  const offer = async (slot: CalmSlot) => {
    const te = Date.now();
    await gather(u, slot);
    gatherMs += Date.now() - te;
  };

  fault.stage = 'screenshot';
  const t = Date.now();
  // the shots' interval, timeout and count are the stability check's options, its defaults filled
  const stab = gatherFor<{ interval: number; timeout: number; shots: number }>(spec, 'shots');
  const shot = await proveStill(page, {
    fullPage: spec.fullPage, check: !!stab, interval: stab?.interval ?? 0, timeout: stab?.timeout ?? 0, shots: stab?.shots ?? 1,
    // mask boxes are document coordinates; a viewport screenshot starts at scrollY
    masks: record.masks.flatMap((m) => m.boxes.map((b) => ({ ...b, y: b.y - scrollY }))), dpr: vp.deviceScaleFactor,
    maskSelectors: record.masks.map((m) => m.selector),
    onShot: () => { fault.stage = 'screenshot'; },
  }, offer);
  record.stability = shot.stability;
  if (shot.stability.changedBox) {
    const b = shot.stability.changedBox;
    b.y += scrollY; // back to document coordinates
    for (const c of shot.stability.changes ?? []) if (c.box !== b) c.box.y += scrollY;
    for (const h of shot.stability.hot ?? []) { h.box.y += scrollY; if (h.elementBox) h.elementBox.y += scrollY; }
    record.stability.changedRegion = regionOf(b, record.regions);
    record.stability.changedSelector ??= await selectorAt(page, { x: b.x + b.width / 2, y: b.y + b.height / 2 }).catch(() => null);
  }
  record.image = pngSize(shot.png);
  const shotsMs = Date.now() - t - gatherMs;
  record.timings.screenshot = shot.firstShotMs;
  record.timings.stability = shotsMs - shot.firstShotMs;
  record.timings.stillBy = shot.stillBy;
  // what the proof did not offer (stability off, a short proof) runs after it, in slot order
  for (const slot of CALM_SLOTS) if (!shot.offered.includes(slot)) await gather(u, slot);
  await gather(u, 'after-shot', shot.png);
  return { png: shot.png, flake: shot.flake ?? null };
}

/**
 * The page may have changed between measuring and the final screenshot: an app that renders after
 * load (fetch, then content), or a full-page screenshot that re-picks srcset candidates. When its
 * fingerprint moved, measure again so the record describes the pixels.
 */
async function remeasure(u: Unit, { signature }: MeasuredAt, png: Buffer): Promise<void> {
  const { job: { state, viewport: vp }, spec, record, fault } = u;
  const page = u.opened.page!;
  if (await signatureOf(page) !== signature) {
    fault.stage = 'measure';
    const t = Date.now();
    Object.assign(record, (await measurePage(page, spec, requiredAt(state, vp.name))).measured);
    record.timings.measure += Date.now() - t;
    await gather(u, 'after-remeasure', png);
  }
  if (fault.crashed) throw new Error('Target crashed');
}

/** The unit's files, each written atomically beside its record, from here alone; a file a
 *  gatherer gathered is named in its record field. */
function writeUnit(u: Unit, kept: Kept): void {
  const { job: { state, viewport: vp }, env, spec, record } = u;
  u.fault.stage = 'write';
  const tw = Date.now();
  const pngRel = files.capture(spec.name, state.name, vp.name);
  writeFileAtomic(abs(env.run, pngRel), kept.png);
  record.screenshot = pngRel.split('/').pop()!;
  if (kept.flake) {
    // the flake map of a capture that never settled, beside it (the report lays it over the capture)
    const flakeRel = files.flake(spec.name, state.name, vp.name);
    writeFileAtomic(abs(env.run, flakeRel), kept.flake);
    record.stability.map = flakeRel.split('/').pop()!;
  }
  for (const f of u.pending.values()) {
    if ('data' in f) writeFileAtomic(abs(env.run, f.rel), f.data);
    else writeJsonAtomic(abs(env.run, f.rel), f.json);
    if (f.field) record[f.field] = f.rel.split('/').pop()!;
  }
  record.timings.write = Date.now() - tw;
}

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

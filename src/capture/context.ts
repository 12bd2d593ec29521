// One fresh browser context per unit: viewport, locale, clock, network rules and the
// determinism init scripts. A fresh context per unit (not per spec × viewport) keeps states from
// leaking cookies/storage into each other and gives each unit its own trace.
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Request } from 'playwright-core';
import type { ViewportSpec } from '../core/artifacts.js';
import type { SpecPlan } from '../spec/plan.js';
import { inPageScript } from './in-page/script.js';
import { quietInit, viewportSeen } from './still/in-page/quiet.js';

/**
 * Stops what moves: animations jump to their end, transitions take 1 ms, scrolling is instant (a
 * smooth scroll would be caught mid-way), no caret, no scrollbars.
 * Not 0 s: a transition of 0 s never runs, so its transitionend never fires, and pages that finish
 * closing a modal or menu on that event would be captured half-closed.
 */
export const FREEZE_CSS = `
*, *::before, *::after {
  animation-delay: 0s !important; animation-duration: 0s !important;
  transition-delay: 0s !important; transition-duration: 1ms !important;
  caret-color: transparent !important; scrollbar-width: none !important;
  scroll-behavior: auto !important;
}
::-webkit-scrollbar { display: none !important; }
`;

// Runs before any page script. adoptedStyleSheets can be set before <html> exists.
function freezeInit(css: string) {
  // count observed elements, so settle knows whether scrolling would reveal anything
  try {
    const IO = window.IntersectionObserver;
    if (IO) {
      const observe = IO.prototype.observe;
      IO.prototype.observe = function (this: IntersectionObserver, target: Element) {
        (window as any).__vevalObserved = ((window as any).__vevalObserved || 0) + 1;
        return observe.call(this, target);
      };
    }
  } catch { /* nothing to count */ }
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch { /* very old engines: the screenshot's animations: 'disabled' still applies */ }
}

/**
 * Tracks the page's short timers (≤ 1 s) still to fire, so settle can wait for what they show: a
 * button a poller reveals on its next tick, content a script puts in place "soon" after load. An
 * interval counts until its first tick. veval's own waits use the originals. Not with a frozen
 * clock: Playwright's clock owns the timers then.
 */
function trackTimers() {
  try {
    const w = window as any, SHORT = 1000;
    const pending = new Map<unknown, number>();
    const st = window.setTimeout, si = window.setInterval, ct = window.clearTimeout, ci = window.clearInterval;
    w.__vevalTimers = pending;
    w.__vevalSetTimeout = st;
    const wrap = (orig: Function) => function (this: unknown, fn: unknown, ms?: number, ...rest: unknown[]) {
      if (typeof fn !== 'function') return orig.call(window, fn, ms, ...rest);
      const d = Math.max(0, Number(ms) || 0);
      const id = orig.call(window, function (this: unknown, ...a: unknown[]) { pending.delete(id); return (fn as Function).apply(this, a); }, ms, ...rest);
      if (d <= SHORT) pending.set(id, performance.now() + d);
      return id;
    };
    window.setTimeout = wrap(st) as typeof setTimeout;
    window.setInterval = wrap(si) as typeof setInterval;
    window.clearTimeout = function (id?: number) { pending.delete(id); return ct.call(window, id); } as typeof clearTimeout;
    window.clearInterval = function (id?: number) { pending.delete(id); return ci.call(window, id); } as typeof clearInterval;
  } catch { /* timers untracked: settle does not wait for them */ }
}

// mulberry32: small, seeded, good enough to make "random" content repeat.
function seedRandom(seed: number) {
  let a = seed >>> 0;
  Math.random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Counts the page's draws from each random source (after seedRandom: Math.random is the seeded
 *  one then), so a capture says what could make it differ from the next (crypto is never seeded:
 *  ids and keys drawn from it must stay unique). */
function countRandom(seeded: boolean) {
  try {
    const n = { mathRandom: 0, seeded, getRandomValues: 0, randomUUID: 0 };
    (window as any).__vevalRandom = n;
    const random = Math.random;
    Math.random = function () { n.mathRandom++; return random(); };
    const c = window.crypto as any;
    if (c?.getRandomValues) { const g = c.getRandomValues; c.getRandomValues = function (a: any) { n.getRandomValues++; return g.call(c, a); }; }
    if (c?.randomUUID) { const u = c.randomUUID; c.randomUUID = function () { n.randomUUID++; return u.call(c); }; }
  } catch { /* uncounted */ }
}

/** Counts the page's reads of the clock (not under context.freezeTime: Playwright's clock replaces
 *  Date then): what a page draws from it (a date, "5 minutes ago", a chart's time axis) differs
 *  from run to run. `new Date()` and `Date()` without arguments read it; a Proxy keeps Date's
 *  statics, prototype and instanceof. performance.now is counted, never named alone: schedulers
 *  (React's) read it every frame. */
function countClock() {
  try {
    const n = { dateNow: 0, newDate: 0, performanceNow: 0 };
    (window as any).__vevalClock = n;
    const D = Date, now = D.now;
    D.now = function () { n.dateNow++; return now.call(D); };
    (window as any).Date = new Proxy(D, {
      construct(t, args, nt) { if (!args.length) n.newDate++; return Reflect.construct(t, args, nt); },
      apply(t, self, args) { n.newDate++; return Reflect.apply(t, self, args); },
    });
    const p = performance, pnow = p.now;
    p.now = function () { n.performanceNow++; return pnow.call(p); };
  } catch { /* uncounted */ }
}

export function contextOptions(spec: SpecPlan, vp: ViewportSpec, root: string): BrowserContextOptions {
  const c = spec.context;
  return {
    viewport: { width: vp.width, height: vp.height },
    deviceScaleFactor: vp.deviceScaleFactor,
    isMobile: vp.isMobile,
    hasTouch: vp.hasTouch,
    colorScheme: vp.colorScheme ?? c.colorScheme ?? 'light',
    locale: c.locale || 'en-US',
    timezoneId: c.timezoneId || 'UTC',
    reducedMotion: c.reducedMotion,
    extraHTTPHeaders: c.extraHTTPHeaders,
    storageState: c.storageState ? path.resolve(root, c.storageState) : undefined,
    // a service worker would answer requests past route() and the HAR
    serviceWorkers: 'block',
  };
}

export interface UnitContext { context: BrowserContext; blocked: WeakSet<Request> }

export async function openContext(browser: Browser, spec: SpecPlan, vp: ViewportSpec, root: string): Promise<UnitContext> {
  const context = await browser.newContext(contextOptions(spec, vp, root));
  const blocked = new WeakSet<Request>();
  try {
    await context.addInitScript({ content: inPageScript([], freezeInit, FREEZE_CSS) });
    // first of the page's listeners: veval's full-page shots send no resize (still/in-page/quiet.ts)
    await context.addInitScript({ content: inPageScript([viewportSeen], quietInit, null) });
    if (!spec.context.freezeTime) await context.addInitScript({ content: inPageScript([], trackTimers, null) });
    if (!spec.context.freezeTime) await context.addInitScript({ content: inPageScript([], countClock, null) });
    const seeded = spec.context.randomSeed !== null && spec.context.randomSeed !== undefined;
    if (seeded) await context.addInitScript({ content: inPageScript([], seedRandom, spec.context.randomSeed) });
    await context.addInitScript({ content: inPageScript([], countRandom, seeded) });
    if (spec.context.freezeTime) await context.clock.setFixedTime(new Date(spec.context.freezeTime));
    if (spec.network.har) {
      await context.routeFromHAR(path.resolve(root, spec.network.har), { url: spec.network.harUrl ?? undefined, notFound: spec.network.harNotFound });
    }
    for (const glob of spec.network.block) {
      // blocked on purpose: not a failed request worth reporting
      await context.route(glob, (route) => { blocked.add(route.request()); return route.abort('blockedbyclient'); });
    }
  } catch (err) {
    await context.close().catch(() => {});
    throw err;
  }
  return { context, blocked };
}

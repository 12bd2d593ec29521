// Readiness after navigation and after steps: the page's requests answered (content a script
// fetches after load), fonts loaded, images decoded (lazy ones forced eager and
// content-visibility: auto rendered, since a full-page screenshot does not scroll), two frames
// rendered.
import { isSpeculative } from '../collect.js';
import type { Page, Request } from 'playwright-core';
import { inPageScript } from '../in-page/script.js';
import { STILL_BUDGETS } from './budgets.js';

async function settleInPage(arg: { prescroll: boolean }) {
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // veval's own waits use the page's original setTimeout (the tracked one would count them)
  const sleep = (ms: number) => new Promise((r) => ((window as any).__vevalSetTimeout ?? setTimeout).call(window, r, ms));
  // what follows shifts layout as veval's doing, not the page's (capture/gatherers/layout-shifts.ts)
  const shifts = (window as any).__vevalShift;
  shifts?.mark?.(true);
  // Content revealed by IntersectionObserver (fade-in sections, lazy images set on scroll) appears
  // only once scrolled to, which a full-page screenshot never does: when the page observes
  // anything, scroll through it once, a frame at a time, so the observers fire, then go back.
  if (arg.prescroll && (window as any).__vevalObserved > 0) {
    const se = document.scrollingElement || document.documentElement;
    const start = window.scrollY, end = se.scrollHeight - window.innerHeight;
    for (let y = 0, i = 0; y < end && i < 30; i++) {
      y = Math.min(end, y + window.innerHeight * 0.9);
      window.scrollTo({ top: y, behavior: 'instant' as ScrollBehavior });
      await frames();
    }
    window.scrollTo({ top: start, behavior: 'instant' as ScrollBehavior });
    await frames();
  }
  for (const el of Array.from(document.querySelectorAll('img[loading="lazy"], iframe[loading="lazy"]'))) {
    (el as HTMLImageElement).loading = 'eager';
    shifts?.eager?.add(el);
  }
  // content-visibility: auto skips rendering off-screen sections until they are scrolled to: the
  // full-page screenshot would show them blank and hit testing would miss what a user scrolls to
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (getComputedStyle(el).contentVisibility === 'auto') (el as HTMLElement).style.setProperty('content-visibility', 'visible', 'important');
  }
  // SVG (SMIL) animations, like CSS ones, are stopped at their start: loaders would never settle
  for (const svg of Array.from(document.querySelectorAll('svg'))) {
    if (svg.ownerSVGElement) continue;
    svg.pauseAnimations();
    svg.setCurrentTime(0);
  }
  shifts?.mark?.(false);
  const pending = Array.from(document.images).filter((i) => !i.complete)
    .map((i) => new Promise((r) => { i.addEventListener('load', r, { once: true }); i.addEventListener('error', r, { once: true }); }));
  // transitions run for 1 ms (see FREEZE_CSS) but start a frame or two after a click's handlers:
  // wait until none is running, a few rounds at most (infinite animations never end)
  const transitions = async () => {
    for (let round = 0; round < 5; round++) {
      await frames();
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (!running.length) return;
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => null))), sleep(300)]);
    }
  };
  // the page's short timers due now (see freezeInit in context.ts): their first firing shows what
  // the page puts in place soon after load (a poller revealing a button); 1 s at most, so a page
  // polling forever costs a second, not a timeout
  const timers = async () => {
    const map = (window as any).__vevalTimers as Map<unknown, number> | undefined;
    const until = performance.now() + 1000;
    for (let round = 0; map && map.size && round < 10; round++) {
      const due = Math.min(until, Math.max(...map.values()));
      if (due <= performance.now() && round > 0) break;
      await sleep(Math.max(0, due - performance.now()) + 10);
      await frames();
      if (performance.now() >= until) break;
    }
  };
  await Promise.all([document.fonts.ready, ...pending]);
  await timers();
  await transitions();
}

/** How long settling waits at most for the page's requests to be answered (still/budgets.ts). */
export const REQUESTS_MAX_MS = STILL_BUDGETS.requestsMaxMs;
/** Requests that stay open by design: never waited for. */
const STREAMS: ReadonlySet<string> = new Set(['eventsource', 'websocket', 'media', 'ping']);

/** The page's requests still in flight, counted from before navigation. */
export interface Requests { pending(): number; idle(until: number): Promise<void> }

export function trackRequests(page: Page): Requests {
  const open = new Set<Request>();
  let wake: (() => void) | null = null;
  const done = (r: Request) => { if (open.delete(r) && !open.size) wake?.(); };
  // a speculative load (prefetch, prerender) shows nothing on this page: not waited for
  page.on('request', (r) => { if (!STREAMS.has(r.resourceType()) && !isSpeculative(r.headers())) open.add(r); });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    pending: () => open.size,
    idle: (until) => new Promise<void>((resolve) => {
      if (!open.size || Date.now() >= until) return resolve();
      const timer = setTimeout(() => { wake = null; resolve(); }, until - Date.now());
      wake = () => { clearTimeout(timer); wake = null; resolve(); };
    }),
  };
}

/**
 * Waits up to `timeoutMs`; a page that never settles is caught later by the stability check.
 * `prescroll` (after navigation, for full-page captures) scrolls a page that observes
 * intersections through once. With `requests`, the page's requests in flight are waited for first
 * (up to REQUESTS_MAX_MS), and again while settling set off new ones (a list fetched, then its
 * images): a page that builds its content from fetched data is captured once it has.
 */
export async function settle(page: Page, timeoutMs: number, prescroll = false, requests?: Requests): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const start = Date.now();
  const work = async () => {
    for (let round = 0; round < 4; round++) {
      await requests?.idle(start + Math.min(timeoutMs, REQUESTS_MAX_MS));
      await page.evaluate(inPageScript([], settleInPage, { prescroll: prescroll && round === 0 }));
      if (!requests?.pending() || Date.now() - start >= Math.min(timeoutMs, REQUESTS_MAX_MS)) return;
    }
  };
  await Promise.race([
    work(),
    new Promise((r) => { timer = setTimeout(r, timeoutMs); }),
  ]).finally(() => clearTimeout(timer));
}

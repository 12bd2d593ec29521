// Readiness after navigation and after steps: fonts loaded, images decoded (lazy ones forced
// eager and content-visibility: auto rendered, since a full-page screenshot does not scroll), two
// frames rendered.
import type { Page } from 'playwright-core';
import { inPageScript } from './in-page/script.js';

function settleInPage() {
  for (const el of Array.from(document.querySelectorAll('img[loading="lazy"], iframe[loading="lazy"]'))) (el as HTMLImageElement).loading = 'eager';
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
  const pending = Array.from(document.images).filter((i) => !i.complete)
    .map((i) => new Promise((r) => { i.addEventListener('load', r, { once: true }); i.addEventListener('error', r, { once: true }); }));
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // transitions run for 1 ms (see FREEZE_CSS) but start a frame or two after a click's handlers:
  // wait until none is running, a few rounds at most (infinite animations never end)
  const transitions = async () => {
    for (let round = 0; round < 5; round++) {
      await frames();
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (!running.length) return;
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => null))), new Promise((r) => setTimeout(r, 300))]);
    }
  };
  return Promise.all([document.fonts.ready, ...pending]).then(transitions);
}

/** Waits up to `timeoutMs`; a page that never settles is caught later by the stability check. */
export async function settle(page: Page, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    page.evaluate(inPageScript([], settleInPage, null)),
    new Promise((r) => { timer = setTimeout(r, timeoutMs); }),
  ]).finally(() => clearTimeout(timer));
}

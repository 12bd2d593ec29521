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
  return Promise.all([document.fonts.ready, ...pending])
    .then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Waits up to `timeoutMs`; a page that never settles is caught later by the stability check. */
export async function settle(page: Page, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    page.evaluate(inPageScript([], settleInPage, null)),
    new Promise((r) => { timer = setTimeout(r, timeoutMs); }),
  ]).finally(() => clearTimeout(timer));
}

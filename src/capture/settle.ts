// Readiness after navigation and after steps: fonts loaded, images decoded (lazy ones forced
// eager, since a full-page screenshot does not scroll), two frames rendered.
import type { Page } from 'playwright-core';
import { inPageScript } from './in-page/script.js';

function settleInPage() {
  for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) (img as HTMLImageElement).loading = 'eager';
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

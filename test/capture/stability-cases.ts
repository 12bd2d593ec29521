// The pages of issues 16 and 36 that stability must judge right every time (test/fixtures/stability):
// shared by the suite (one run each, stability-interval.test.ts) and the 20-run loops
// (bench/stability-loops.ts).
import path from 'node:path';
import { makeSpec } from './plan-fixture.js';

export const STABILITY_PAGES = path.resolve(import.meta.dirname, '..', 'fixtures', 'stability');

/** `aliases`: a change only pixels show, outside the viewport (where no paint signal reaches), that
 *  the shots can miss when their gaps fall on its period: measured in the 20-run loops, not asserted
 *  once per suite run (docs/checks/stability.md). */
export const STABILITY_CASES: { page: string; stable: boolean; what: string; aliases?: true }[] = [
  { page: 'flip', stable: false, what: 'a box flipping black/white every 100 ms' },
  { page: 'toggle-cta', stable: false, what: 'a CTA whose visibility toggles every 100 ms' },
  { page: 'cover', stable: false, what: 'a promo covering the CTA every other 100 ms' },
  { page: 'idle', stable: true, what: 'an idle page' },
  { page: 'css-animation', stable: true, what: 'a page whose only motion is CSS animations (veval stops them)' },
  { page: 'hidden-change', stable: true, what: 'a page whose only changes are to hidden nodes (attributes, text)' },
  { page: 'carousel-settled', stable: true, what: 'a carousel that turned twice after load and rests' },
  // the motion classes of issue 36, each one the paint signals must see (or give way to the shots on)
  { page: 'canvas', stable: false, what: 'a canvas redrawn every 100 ms' },
  { page: 'canvas-settled', stable: true, what: 'a canvas drawn twice after load, then left' },
  { page: 'caret', stable: true, what: 'a focused text field (its caret blinks; veval hides carets and stops the blink)' },
  { page: 'field-value', stable: false, what: 'a script setting a field\'s value every 100 ms' },
  { page: 'inner-scroll', stable: false, what: 'an inner scroller whose scrollTop changes every 100 ms' },
  { page: 'frame-content', stable: false, what: 'content changing inside a same-origin frame' },
  { page: 'focus-ring', stable: false, what: 'focus moving between two buttons every 100 ms (focus rings)' },
  { page: 'cssom', stable: false, what: 'a CSSOM rule edited every 100 ms' },
  { page: 'transform', stable: false, what: 'a script moving a box by transform every 100 ms (compositor only)' },
  { page: 'video', stable: false, what: 'a playing video (a canvas stream)' },
  { page: 'gif', stable: false, what: 'an animated GIF' },
  { page: 'below-fold', stable: false, what: 'a box flipping every 100 ms 3000 px below the fold' },
  { page: 'gif-below-fold', stable: false, what: 'an animated GIF 3000 px below the fold', aliases: true },
  { page: 'frame-below-fold', stable: false, what: 'a same-origin frame counting 3000 px below the fold' },
  { page: 'worker-canvas-below-fold', stable: false, what: 'a canvas a worker draws (OffscreenCanvas) 3000 px below the fold', aliases: true },
  { page: 'images-below-fold', stable: true, what: 'still PNG images (an <img>, a CSS background) 3000 px below the fold' },
];

/** The cases judged right on every single run (the suite asserts these once each). */
export const SUITE_CASES = STABILITY_CASES.filter((c) => !c.aliases);

/** The flake-map page (issue 16 B): a clock ticking each second and a carousel turning every
 *  700 ms. Unmasked it must fail naming both with the masks to add; with those masks it passes. */
export const FLAKE_PAGE = 'clock-carousel';
export const FLAKE_MASKS = ['.promos', 'time.updated'];

/** One spec per case; `timeout` is the stability timeout (ms). */
export const stabilitySpecs = (timeout: number, extra: Record<string, unknown> = {}) =>
  SUITE_CASES.map((c) => makeSpec(c.page, { checkOptions: { stability: { timeout, ...extra } } }));

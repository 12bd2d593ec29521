// The pages of issue 16 that stability must judge right every time (test/fixtures/stability):
// shared by the suite (one run each, stability-interval.test.ts) and the 20-run loops
// (bench/stability-loops.ts).
import path from 'node:path';
import { makeSpec } from './plan-fixture.js';

export const STABILITY_PAGES = path.resolve(import.meta.dirname, '..', 'fixtures', 'stability');

export const STABILITY_CASES: { page: string; stable: boolean; what: string }[] = [
  { page: 'flip', stable: false, what: 'a box flipping black/white every 100 ms' },
  { page: 'toggle-cta', stable: false, what: 'a CTA whose visibility toggles every 100 ms' },
  { page: 'cover', stable: false, what: 'a promo covering the CTA every other 100 ms' },
  { page: 'idle', stable: true, what: 'an idle page' },
  { page: 'css-animation', stable: true, what: 'a page whose only motion is CSS animations (veval stops them)' },
  { page: 'hidden-change', stable: true, what: 'a page whose only changes are to hidden nodes (attributes, text)' },
  { page: 'carousel-settled', stable: true, what: 'a carousel that turned twice after load and rests' },
];

/** The flake-map page (issue 16 B): a clock ticking each second and a carousel turning every
 *  700 ms. Unmasked it must fail naming both with the masks to add; with those masks it passes. */
export const FLAKE_PAGE = 'clock-carousel';
export const FLAKE_MASKS = ['.promos', 'time.updated'];

/** One spec per case; `timeout` is the stability timeout (ms). */
export const stabilitySpecs = (timeout: number, extra: Record<string, unknown> = {}) =>
  STABILITY_CASES.map((c) => makeSpec(c.page, { checkOptions: { stability: { timeout, ...extra } } }));

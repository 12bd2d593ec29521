// The random sources the page drew from up to its capture (counted by the context's init script,
// capture/context.ts): what makes a chart or a canvas differ between runs.
import type { CaptureRecord } from '../../core/artifacts.js';
import type { Gatherer } from '../gatherer.js';

/** What countRandom counted, or undefined (a page that replaced its document, another engine). */
export const randomDraws = (page: { evaluate(f: () => unknown): Promise<unknown> }) =>
  page.evaluate(() => (window as any).__vevalRandom ? { ...(window as any).__vevalRandom } : undefined).catch(() => undefined) as Promise<CaptureRecord['random']>;

export const gatherer: Gatherer = {
  meta: { id: 'random-draws', version: 1, what: 'calls of Math.random, crypto.getRandomValues and randomUUID up to the image (record.random)', paints: false, fields: ['random'] },
  slots: { 'after-shot': async ({ page }) => ({ record: { random: await randomDraws(page) } }) },
};

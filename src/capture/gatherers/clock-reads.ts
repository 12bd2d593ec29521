// The page's reads of the clock up to its image (counted by the context's init script when the
// clock is not frozen, capture/context.ts countClock): what a page draws from it (a date, "5
// minutes ago", a chart's time axis) differs from run to run; parity names it as a cause.
import type { CaptureRecord } from '../../core/artifacts.js';
import type { Gatherer } from '../gatherer.js';

/** What countClock counted, or undefined (a frozen clock, a replaced document, another engine). */
export const clockReads = (page: { evaluate(f: () => unknown): Promise<unknown> }) =>
  page.evaluate(() => (window as any).__vevalClock ? { ...(window as any).__vevalClock } : undefined).catch(() => undefined) as Promise<CaptureRecord['clock']>;

export const gatherer: Gatherer = {
  meta: { id: 'clock-reads', version: 1, what: 'calls of Date.now, new Date() and performance.now up to the image (record.clock)', paints: false, fields: ['clock'] },
  slots: { 'after-shot': async ({ page }) => ({ record: { clock: await clockReads(page) } }) },
};

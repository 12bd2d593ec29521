// The in-page motion watch (in-page/motion.ts) as the stability proofs use it: started for a
// window, collected at its end. Both answer null when the document is gone or was replaced.
import type { Page } from 'playwright-core';
import type { Box } from '../../core/artifacts.js';
import { inPageScript } from '../in-page/script.js';
import { generatedName, isOwn, selectorOf } from '../in-page/dom.js';
import { motionCollect, motionStart, noteMotion, type MotionReport } from './in-page/motion.js';

const MOTION_HELPERS: Function[] = [generatedName, selectorOf, isOwn, noteMotion];
export const motionStartIn = (page: Page, masks: Box[], full: boolean, maskSelectors: string[]) =>
  (page.evaluate(inPageScript(MOTION_HELPERS, motionStart, { masks, full, maskSelectors })) as Promise<number>).catch(() => null);

/** Starts the in-page watch early (before measuring): what the page paints by itself before the
 *  shots (a clock's tick, a carousel's turn) asks for the longer calm from the first window on,
 *  so a first window that falls between two of its changes does not pass it. */
export async function watchEarly(page: Page, full: boolean, maskSelectors: string[]): Promise<void> {
  await motionStartIn(page, [], full, maskSelectors);
}
export const motionCollectIn = (page: Page) =>
  (page.evaluate(inPageScript(MOTION_HELPERS, motionCollect, null)) as Promise<MotionReport | null>).catch(() => null);


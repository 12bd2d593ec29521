// The layout-shift evidence (record.layoutShift) as capture gathers it: the in-page watch
// (in-page/layout-shift.ts) installed before navigation, veval's own actions and the steps marked
// in it, and its entries read once measuring begins — the first of veval's own actions it does not
// mark one by one (measuring scrolls, the full-page image's resize, axe), so nothing after it counts.
import type { BrowserContext, Page } from 'playwright-core';
import { sessionScore, type LayoutShift, type ShiftEntry } from '../../core/artifact-shift.js';
import type { RequiredPlan, SpecPlan } from '../../spec/plan.js';
import type { Gatherer } from '../gatherer.js';
import { inPageScript } from '../in-page/script.js';
import { generatedName, isOwn, selectorOf } from '../in-page/dom.js';
import { collectShifts, ownShifts, shiftInit, stepShifts, type ShiftArg } from '../in-page/layout-shift.js';

/** Installs the watch in a fresh context, before its page navigates. */
export async function installShiftWatch(context: BrowserContext, spec: SpecPlan, required: RequiredPlan[]): Promise<void> {
  const arg: ShiftArg = {
    required: required.filter((r) => r.selector && !r.frame?.length).map((r) => ({ name: r.name, selector: r.selector! })),
    regions: Object.entries(spec.regions).map(([name, selector]) => ({ name, selector })),
  };
  await context.addInitScript({ content: inPageScript([generatedName, selectorOf, isOwn], shiftInit, arg) });
}

/** Marks one of veval's own actions in the page (a no-op where the watch is not installed). */
export const markOwn = (page: Page, on: boolean) => page.evaluate(inPageScript([], ownShifts, on)).catch(() => {});

/** Marks a step beginning (its target) and having acted. */
export const markStep = (page: Page, index: number, target: string | null, begin: boolean) =>
  page.evaluate(inPageScript([], stepShifts, { index, target, begin })).catch(() => {});

/** Closes observation and reads it; undefined when the watch is absent (another engine, a page
 *  that replaced its document: the watch then restarted with it and saw only the new one). */
export async function readShifts(page: Page): Promise<LayoutShift | undefined> {
  const got = await page.evaluate(inPageScript([], collectShifts, null)).catch(() => null) as
    { entries: ShiftEntry[]; dropped: number; observedUntil: number } | null;
  if (!got) return undefined;
  const entries = got.entries.sort((a, b) => a.t - b.t);
  return {
    score: sessionScore(entries.filter((e) => !e.excluded)), entries, observedUntil: got.observedUntil,
    ...(got.dropped ? { dropped: got.dropped } : {}),
  };
}

/** Gathered while the layout-shift check is on, in Chromium (the API): installed before the page
 *  navigates, each step marked around its action, read once measuring begins. */
export const gatherer: Gatherer = {
  meta: {
    id: 'layout-shifts', version: 1, what: 'the page\'s layout shifts up to measuring, veval\'s own and the steps\' marked (record.layoutShift)',
    paints: false, asks: 'shifts', engines: ['chromium'], fields: ['layoutShift'],
  },
  slots: {
    'before-navigation': async ({ context, spec, required }) => { await installShiftWatch(context, spec, required); },
    'before-each-step': async ({ page, step }) => { await markStep(page, step!.index, step!.plan.frame?.length ? null : step!.plan.selector, true); },
    'after-each-step': async ({ page, step }) => { await markStep(page, step!.index, null, false); },
    // measuring is veval's first own action it does not mark: layout shifts are read up to it
    'before-measure': async ({ page }) => ({ record: { layoutShift: await readShifts(page) } }),
  },
};

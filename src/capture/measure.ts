// Node side of the in-page measurement: one evaluate per state, merged into record fields.
import type { Page } from 'playwright-core';
import type { CaptureRecord, RequiredCheckResult } from '../core/artifacts.js';
import type { RequiredPlan, SpecPlan } from '../spec/plan.js';
import { inPageScript } from './in-page/script.js';
import * as dom from './in-page/dom.js';
import * as visibility from './in-page/visibility.js';
import * as layout from './in-page/layout.js';
import * as ghosts from './in-page/ghosts.js';
import * as inPage from './in-page/measure.js';
import * as interactive from './in-page/interactive.js';
import { measure, pageSignature, selectorAtPoint, type MeasureArg } from './in-page/measure.js';
import { confirmCovers } from './cover-pixels.js';
import { gatherFor } from '../checks/registry.js';

// every function of the in-page modules goes into the page, so a new helper cannot be forgotten
const HELPERS: Function[] = [dom, visibility, layout, ghosts, inPage, interactive].flatMap((m) => Object.values(m).filter((v): v is Function => typeof v === 'function'));

export type Measured = Pick<CaptureRecord, 'document' | 'overflow' | 'regions' | 'masks' | 'clippedText' | 'text' | 'required' | 'interactive'>;

/** How many interactive elements one state measures at most (each is a visibility verdict). */
export const INTERACTIVE_LIMIT = 150;

/** Measures the page; `scrollY` is where the screenshot will be taken (0 for full-page captures). */
export async function measurePage(page: Page, spec: SpecPlan, required: RequiredPlan[]): Promise<{ measured: Measured; scrollY: number; signature: string }> {
  const run = (fn: Function, a: unknown) => page.evaluate(inPageScript(HELPERS, fn, a));
  // the interactive elements (veval look) are measured as extra required entries, after the spec's
  const found = gatherFor(spec, 'interactive')
    ? (await run(interactive.markInteractive, { limit: INTERACTIVE_LIMIT })) as { total: number; items: { role: string; name: string; action: boolean }[]; landmarks: { role: string; selector: string }[] }
    : null;
  const arg: MeasureArg = {
    regions: spec.regions,
    masks: spec.masks,
    required: [
      ...required.map((r) => ({ selector: r.selector, text: r.text, within: r.within })),
      ...(found?.items ?? []).map((_, i) => ({ selector: `[data-veval-look="${i}"]`, text: null, within: null })),
    ],
    keepScroll: !spec.fullPage,
  };
  let m: any;
  try {
    m = await run(measure, arg);
    await confirmCovers(page, run, arg, m.required, m.base);
  } finally {
    if (found) await run(interactive.unmarkInteractive, null);
  }
  const looked = found ? m.required.slice(required.length) : [];
  const interactiveResult = found ? {
    checked: found.items.length, total: found.total, limit: INTERACTIVE_LIMIT,
    hidden: found.items.flatMap((it, i) => looked[i].verdict.level === 'full' ? [] : [{ selector: looked[i].matchedSelector ?? `[data-veval-look="${i}"]`, role: it.role, name: it.name, verdict: looked[i].verdict }]),
    actions: found.items.flatMap((it, i) => it.action && it.name && looked[i].verdict.level === 'full' && looked[i].matchedSelector ? [{ selector: looked[i].matchedSelector, name: it.name }] : []).slice(0, 5),
    landmarks: found.landmarks,
  } : undefined;
  const req: RequiredCheckResult[] = required.map((r, i) => ({
    name: r.name, selector: r.selector, text: r.text, within: r.within, visible: r.visible, source: r.source,
    matchedSelector: m.required[i].matchedSelector, matchedText: m.required[i].matchedText, verdict: m.required[i].verdict,
  }));
  const title = await page.title();
  return { measured: { document: { ...m.document, title }, overflow: m.overflow, regions: m.regions, masks: m.masks, clippedText: m.clippedText, text: m.text, required: req, ...(interactiveResult ? { interactive: interactiveResult } : {}) }, scrollY: m.scrollY, signature: m.signature };
}

/** The page's current fingerprint (elements, rendered text, size), to tell whether it changed since measured. */
export async function signatureOf(page: Page): Promise<string> {
  return (await page.evaluate(inPageScript(HELPERS, pageSignature, null))) as string;
}

export async function selectorAt(page: Page, p: { x: number; y: number }): Promise<string | null> {
  return (await page.evaluate(inPageScript(HELPERS, selectorAtPoint, p))) as string | null;
}


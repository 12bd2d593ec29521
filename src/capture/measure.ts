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
import { measure, pageSignature, selectorAtPoint, type MeasureArg } from './in-page/measure.js';
import { confirmCovers } from './cover-pixels.js';

// every function of the in-page modules goes into the page, so a new helper cannot be forgotten
const HELPERS: Function[] = [dom, visibility, layout, ghosts, inPage].flatMap((m) => Object.values(m).filter((v): v is Function => typeof v === 'function'));

export type Measured = Pick<CaptureRecord, 'document' | 'overflow' | 'regions' | 'masks' | 'clippedText' | 'text' | 'required'>;

/** Measures the page; `scrollY` is where the screenshot will be taken (0 for full-page captures). */
export async function measurePage(page: Page, spec: SpecPlan, required: RequiredPlan[]): Promise<{ measured: Measured; scrollY: number; signature: string }> {
  const arg: MeasureArg = {
    regions: spec.regions,
    masks: spec.masks,
    required: required.map((r) => ({ selector: r.selector, text: r.text, within: r.within })),
    keepScroll: !spec.fullPage,
  };
  const m = (await page.evaluate(inPageScript(HELPERS, measure, arg))) as any;
  await confirmCovers(page, (fn, a) => page.evaluate(inPageScript(HELPERS, fn, a)), arg, m.required, m.base);
  const req: RequiredCheckResult[] = required.map((r, i) => ({
    name: r.name, selector: r.selector, text: r.text, within: r.within, visible: r.visible, source: r.source,
    matchedSelector: m.required[i].matchedSelector, matchedText: m.required[i].matchedText, verdict: m.required[i].verdict,
  }));
  return { measured: { document: m.document, overflow: m.overflow, regions: m.regions, masks: m.masks, clippedText: m.clippedText, text: m.text, required: req }, scrollY: m.scrollY, signature: m.signature };
}

/** The page's current fingerprint (elements, rendered text, size), to tell whether it changed since measured. */
export async function signatureOf(page: Page): Promise<string> {
  return (await page.evaluate(inPageScript(HELPERS, pageSignature, null))) as string;
}

export async function selectorAt(page: Page, p: { x: number; y: number }): Promise<string | null> {
  return (await page.evaluate(inPageScript(HELPERS, selectorAtPoint, p))) as string | null;
}


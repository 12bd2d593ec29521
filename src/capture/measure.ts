// Node side of the in-page measurement: one evaluate per state, merged into record fields.
import type { Page } from 'playwright-core';
import type { CaptureRecord, RequiredCheckResult } from '../core/artifacts.js';
import type { RequiredPlan, SpecPlan } from '../spec/plan.js';
import { inPageScript } from './in-page/script.js';
import { composedContains, composedParent, cssPx, deepAll, deepElementFromPoint, docBox, queryAll, r2, scrollPage, selectorOf, shadowRootsIn } from './in-page/dom.js';
import { clipChain, covererOf, pageEnv, paddingBox, revealInScrollers, sampleVisibility, visibilityOf } from './in-page/visibility.js';
import { clippedTexts, overflowOffenders } from './in-page/layout.js';
import { findByText, findRequired, horizontalOverflow, measure, selectorAtPoint, type MeasureArg } from './in-page/measure.js';

const HELPERS: Function[] = [
  selectorOf, r2, docBox, shadowRootsIn, queryAll, deepAll, composedParent, composedContains, deepElementFromPoint, scrollPage, cssPx, pageEnv, clipChain, paddingBox, revealInScrollers, covererOf,
  visibilityOf, sampleVisibility, overflowOffenders, clippedTexts, findByText, findRequired, horizontalOverflow,
];

export type Measured = Pick<CaptureRecord, 'document' | 'overflow' | 'regions' | 'masks' | 'clippedText' | 'text' | 'required'>;

/** Measures the page; `scrollY` is where the screenshot will be taken (0 for full-page captures). */
export async function measurePage(page: Page, spec: SpecPlan, required: RequiredPlan[]): Promise<{ measured: Measured; scrollY: number }> {
  const arg: MeasureArg = {
    regions: spec.regions,
    masks: spec.masks,
    required: required.map((r) => ({ selector: r.selector, text: r.text, within: r.within })),
    keepScroll: !spec.fullPage,
  };
  const m = (await page.evaluate(inPageScript(HELPERS, measure, arg))) as any;
  const req: RequiredCheckResult[] = required.map((r, i) => ({
    name: r.name, selector: r.selector, text: r.text, within: r.within, visible: r.visible, source: r.source,
    matchedSelector: m.required[i].matchedSelector, matchedText: m.required[i].matchedText, verdict: m.required[i].verdict,
  }));
  return { measured: { document: m.document, overflow: m.overflow, regions: m.regions, masks: m.masks, clippedText: m.clippedText, text: m.text, required: req }, scrollY: m.scrollY };
}

export async function selectorAt(page: Page, p: { x: number; y: number }): Promise<string | null> {
  return (await page.evaluate(inPageScript(HELPERS, selectorAtPoint, p))) as string | null;
}

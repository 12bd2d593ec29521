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
import * as framesInPage from './in-page/iframes.js';
import * as blocksInPage from './in-page/blocks.js';
import * as reach from './in-page/reach.js';
import { DESIGN_BLOCK_SHARE } from '../core/limits.js';
import { measure, pageSignature, selectorAtPoint, type MeasureArg } from './in-page/measure.js';
import { confirmCovers } from './cover-pixels.js';
import { gatherFor } from '../checks/registry.js';
import { frameCache, framedBoxes, measureFramedRequired, type RunIn } from './iframes.js';

/** In-page helpers run in one frame's document (the top page's: page.mainFrame()). */
export const runIn: RunIn = (frame) => (fn, a) => frame.evaluate(inPageScript(HELPERS, fn, a));

// every function of the in-page modules goes into the page, so a new helper cannot be forgotten
export const HELPERS: Function[] = [dom, visibility, layout, ghosts, inPage, interactive, framesInPage, blocksInPage, reach].flatMap((m) => Object.values(m).filter((v): v is Function => typeof v === 'function'));

export type Measured = Pick<CaptureRecord, 'document' | 'overflow' | 'regions' | 'masks' | 'clippedText' | 'text' | 'required' | 'interactive' | 'blocks'>;

/** How many interactive elements one state measures at most (each is a visibility verdict). */
export const INTERACTIVE_LIMIT = 150;

/** Measures the page; `scrollY` is where the screenshot will be taken (0 for full-page captures). */
export async function measurePage(page: Page, spec: SpecPlan, required: RequiredPlan[]): Promise<{ measured: Measured; scrollY: number; signature: string }> {
  const run = runIn(page.mainFrame());
  // entries inside frames are measured in their frame, after the top page's
  const top = required.filter((r) => !r.frame?.length);
  // the interactive elements (veval look) are measured as extra required entries, after the spec's
  const found = gatherFor(spec, 'interactive')
    ? (await run(interactive.markInteractive, { limit: INTERACTIVE_LIMIT })) as ReturnType<typeof interactive.markInteractive>
    : null;
  const arg: MeasureArg = {
    regions: spec.regions,
    masks: spec.masks,
    required: [
      ...top.map((r) => ({ selector: r.selector, text: r.text, within: r.within })),
      ...(found?.items ?? []).map((_, i) => ({ selector: `[data-veval-look="${i}"]`, text: null, within: null })),
      ...(found?.headings ?? []).map((_, i) => ({ selector: `[data-veval-look-h="${i}"]`, text: null, within: null })),
    ],
    keepScroll: !spec.fullPage,
    // without declared regions a design export is compared block by block (parity/design-unit.ts)
    blocks: Object.keys(spec.regions).length || Object.keys(spec.framed?.regions ?? {}).length ? null : DESIGN_BLOCK_SHARE,
  };
  let m: any;
  try {
    m = await run(measure, arg);
    await confirmCovers(page, run, arg, m.required, m.base);
  } finally {
    if (found) await run(interactive.unmarkInteractive, null);
  }
  const looked = found ? m.required.slice(top.length, top.length + found.items.length) : [];
  const lookedHeadings = found ? m.required.slice(top.length + found.items.length, top.length + found.items.length + found.headings.length) : [];
  const interactiveResult = found ? {
    checked: found.items.length, total: found.total, limit: INTERACTIVE_LIMIT,
    hidden: found.items.flatMap((it, i) => looked[i].verdict.level === 'full' ? [] : [{ selector: looked[i].matchedSelector ?? `[data-veval-look="${i}"]`, role: it.role, name: it.name, verdict: looked[i].verdict }]),
    // a starting spec's entries: fully visible here, each by a selector that survives re-renders
    actions: found.items.flatMap((it, i) => it.action && it.name && it.stable && looked[i].verdict.level === 'full' ? [{ selector: it.stable, name: it.name }] : []).slice(0, 8),
    headings: found.headings.flatMap((h, i) => lookedHeadings[i]?.verdict.level === 'full' ? [{ selector: h.stable, name: h.name }] : []),
    landmarks: found.landmarks,
  } : undefined;
  const framed = await measureFrames(page, spec, required, m.base, m.scrollY);
  const req = requiredResults(required, m.required, framed.required);
  const title = await page.title();
  return {
    measured: {
      document: { ...m.document, title }, overflow: m.overflow, regions: { ...m.regions, ...framed.regions }, masks: [...m.masks, ...framed.masks],
      clippedText: m.clippedText, text: m.text, required: req, ...(interactiveResult ? { interactive: interactiveResult } : {}), ...(m.blocks ? { blocks: m.blocks } : {}),
    },
    scrollY: m.scrollY, signature: m.signature,
  };
}

/** The spec's required entries with their verdicts: the top page's in order, those in frames from `framed`. */
export function requiredResults(required: RequiredPlan[], top: any[], framed: Map<number, any> = new Map()): RequiredCheckResult[] {
  let t = 0;
  return required.map((r, i) => {
    const got = r.frame?.length ? framed.get(i)! : top[t++];
    return {
      name: r.name, selector: r.selector, text: r.text, within: r.within, visible: r.visible, source: r.source,
      matchedSelector: got.matchedSelector, matchedText: got.matchedText,
      ...(r.frame?.length ? { frame: r.frame } : {}), ...(got.frameProblem ? { frameProblem: got.frameProblem } : {}),
      verdict: got.verdict,
    };
  });
}

/** Whether the spec measures anything inside frames (its own pass per frame). */
export const measuresFrames = (spec: SpecPlan, required: RequiredPlan[]) =>
  required.some((r) => r.frame?.length) || !!Object.keys(spec.framed?.regions ?? {}).length || !!spec.framed?.masks.length;

/** Regions, masks and required entries inside frames (spec `frame:`), in top-page coordinates; the page is left at `scrollY`. */
async function measureFrames(page: Page, spec: SpecPlan, required: RequiredPlan[], base: number, scrollY: number) {
  const out = { regions: {} as Measured['regions'], masks: [] as Measured['masks'], required: new Map<number, Awaited<ReturnType<typeof measureFramedRequired>>>() };
  if (!measuresFrames(spec, required)) return out;
  const frames = frameCache(page, runIn);
  for (const [name, t] of Object.entries(spec.framed?.regions ?? {})) {
    const b = await framedBoxes(frames, runIn, t, true);
    out.regions[name] = { selector: t.selector, count: b.count, box: b.boxes[0] ?? null, ink: b.ink, frame: t.frame, ...(b.frameProblem ? { frameProblem: b.frameProblem } : {}) };
  }
  for (const t of spec.framed?.masks ?? []) {
    const b = await framedBoxes(frames, runIn, t, false);
    out.masks.push({ selector: t.selector, boxes: b.boxes, frame: t.frame, ...(b.frameProblem ? { frameProblem: b.frameProblem } : {}) });
  }
  try {
    for (const [i, r] of required.entries()) if (r.frame?.length) out.required.set(i, await measureFramedRequired(page, runIn, frames, r, base));
  } finally {
    await runIn(page.mainFrame())(framesInPage.scrollBack, { x: 0, y: scrollY });
  }
  return out;
}

/** The page's current fingerprint (elements, rendered text, size), to tell whether it changed since measured. */
export async function signatureOf(page: Page): Promise<string> {
  return (await runIn(page.mainFrame())(pageSignature, null)) as string;
}

export async function selectorAt(page: Page, p: { x: number; y: number }): Promise<string | null> {
  return (await runIn(page.mainFrame())(selectorAtPoint, p)) as string | null;
}


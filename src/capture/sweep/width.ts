// One width of the sweep: resize the sweep's page, measure it with the capture's own in-page code
// (measurePage: overflow, regions, clipped text, required elements) plus the sweep's layout faults
// (in-page/responsive.ts), and say what fails there through the registered checks themselves, so a
// check's options, severity and on/off apply to the sweep as they do to a capture.
import type { Page } from 'playwright-core';
import type { CaptureRecord, Finding, Severity, ViewportSpec } from '../../core/artifacts.js';
import { requiredAt, type RequiredPlan, type SpecPlan, type StatePlan } from '../../spec/plan.js';
import { getCheck, mobileMaxWidthIn } from '../../checks/registry.js';
import { runOne } from '../../checks/runner.js';
import { HELPERS, measurePage, measuresFrames, requiredResults, runIn, type Measured } from '../measure-page.js';
import { confirmCovers } from '../cover-pixels.js';
import { inPageCall, inPageLibrary, inPageScript } from '../in-page/script.js';
import type { MeasureArg } from '../in-page/measure.js';
import * as responsive from '../in-page/responsive.js';
import { emptyRecord } from '../record-skeleton.js';
import type { Seen, SweepKind, WidthResult } from './ranges.js';
import { quote } from '../../checks/lib/text.js';

const FNS: Function[] = [...HELPERS, ...(Object.values(responsive) as unknown[]).filter((v): v is Function => typeof v === 'function')];
/** Elements the layout walk visits at most per width (a page past it is measured in part). */
const LAYOUT_LIMIT = 6000;
/** The capture checks whose findings a width can have. */
const CHECKED: SweepKind[] = ['overflow', 'overlap', 'text-clipped', 'required-visible'];

export const sweepViewport = (width: number, height: number): ViewportSpec =>
  ({ name: `${width}px`, width, height, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' });

/** The width's failures, or why it could not be measured (never an empty pass then). */
export async function measureWidth(page: Page, spec: SpecPlan, state: StatePlan, width: number, height: number): Promise<WidthResult> {
  try {
    await page.setViewportSize({ width, height });
    const vp = sweepViewport(width, height);
    const { measured, faults } = await measureAt(page, spec, requiredAt(state, vp.name));
    const record: CaptureRecord = { ...emptyRecord(spec.name, state.name, vp, page.url(), null), ...measured, ok: true };
    const unit = { record, file: '' };
    const seen: Seen[] = [];
    for (const kind of CHECKED) {
      const check = getCheck(kind);
      if (!check) continue;
      const result = runOne(check, spec, [unit]);
      if (result.error) return { seen: null, error: result.error };
      for (const f of result.findings) seen.push(...fromFinding(kind, f, vp.name, state.name));
    }
    seen.push(...fromFaults(faults, width < mobileMaxWidthIn(spec) ? 'blocker' : 'important'));
    return { seen, error: null };
  } catch (err) {
    return { seen: null, error: `measuring at ${width} px failed: ${String((err as Error)?.message ?? err).split('\n')[0]}` };
  }
}

/** Where the sweep's helpers live in its page (installed on the first width, again if the page navigated). */
const LIB = '__vevalSweep';
const MISSING = '\u0000veval: sweep helpers missing';

/**
 * The page as the checks need it at this width, and its layout faults: one evaluate (two frames
 * for resize handlers, then everything read from one layout). Entries inside frames need their own
 * passes: then the capture's measurePage, as before.
 */
async function measureAt(page: Page, spec: SpecPlan, required: RequiredPlan[]): Promise<{ measured: Measured; faults: Faults }> {
  if (measuresFrames(spec, required)) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { measured } = await measurePage(page, spec, required);
    return { measured, faults: await page.evaluate(inPageScript(FNS, responsive.layoutFaults, { limit: LAYOUT_LIMIT })) as Faults };
  }
  const arg: MeasureArg = { regions: spec.regions, masks: [], required: required.map((r) => ({ selector: r.selector, text: r.text, within: r.within })), keepScroll: false, lean: true, blocks: null };
  const call = inPageCall(LIB, responsive.atWidth, { measure: arg, limit: LAYOUT_LIMIT }, MISSING);
  let got = await page.evaluate(call) as Awaited<ReturnType<typeof responsive.atWidth>> | string;
  if (got === MISSING) {
    await page.evaluate(inPageLibrary(FNS, LIB, [responsive.atWidth]));
    got = await page.evaluate(call) as Awaited<ReturnType<typeof responsive.atWidth>> | string;
  }
  if (typeof got === 'string') throw new Error('the sweep\'s in-page helpers could not be installed');
  const { m, faults } = got;
  if (arg.required.length) await confirmCovers(page, runIn(page.mainFrame()), arg, m.required, m.base);
  return {
    measured: { document: { ...(m.document as Measured['document']), title: '' }, overflow: m.overflow, regions: m.regions, masks: [], clippedText: m.clippedText, text: '', required: requiredResults(required, m.required) },
    faults,
  };
}

/** A check's finding at one width as the sweep's failures: overflow one per element sticking out. */
function fromFinding(kind: SweepKind, f: Finding, vpName: string, state: string): Seen[] {
  const ev = f.evidence as Record<string, any>;
  const { file: _file, ...evidence } = ev;
  if (kind === 'overflow') {
    const offenders: { selector: string; box: any; overflowPx: number; edge?: string }[] = ev.offenders ?? [];
    if (!offenders.length) return [{ key: 'overflow', kind, severity: f.severity, detail: `the page is ${Math.round(ev.overflowPx)} px wider than the viewport (no single element named)`, elements: [], box: null, size: ev.overflowPx, evidence: { overflowPx: ev.overflowPx } }];
    return offenders.map((o) => ({
      key: `overflow\u0000${o.selector}`, kind, severity: f.severity,
      detail: `${quote(o.selector)} sticks out ${Math.round(o.overflowPx)} px past the ${o.edge ?? 'right'} edge`,
      elements: [o.selector], box: o.box, size: o.overflowPx, evidence: { selector: o.selector, box: o.box, overflowPx: o.overflowPx },
    }));
  }
  const what = kind === 'overlap' ? (ev.regions ?? []).join('\u0000') : kind === 'required-visible' ? ev.required?.entry ?? ev.selector : ev.selector;
  // the check's words without the width: "… at 612px (default)" → "…"
  const detail = f.message.split(` at ${vpName} (${state})`).join('').split(` at ${vpName}`).join('');
  const size = kind === 'overlap' && ev.box ? ev.box.width * ev.box.height
    : kind === 'required-visible' ? 1 - (Number(ev.required?.visibleFraction) || 0) : Number(ev.hiddenPx) || 1;
  return [{ key: `${kind}\u0000${what}`, kind, severity: f.severity, detail, elements: [ev.selector].filter(Boolean), box: ev.box ?? null, size, evidence }];
}

/** The sweep-only faults, at their checks' default severities (the sweep check applies the spec's:
 *  collisions follow overlap, protrusions text-clipped, offscreen content overflow, which is
 *  `byWidth` here). */
type Faults = ReturnType<typeof responsive.layoutFaults>;

function fromFaults(faults: Faults, byWidth: Severity): Seen[] {
  return [
    ...faults.offscreen.map((o): Seen => ({
      key: `offscreen\u0000${o.selector}`, kind: 'offscreen', severity: byWidth,
      detail: `${quote(o.selector)} is cut off ${Math.round(o.px)} px past the ${o.side} edge of the viewport, where the page does not scroll`,
      elements: [o.selector], box: null, size: o.px, evidence: { selector: o.selector, offscreenPx: o.px, side: o.side },
    })),
    ...faults.collisions.map((c): Seen => ({
      key: `collision\u0000${c.a}\u0000${c.b}`, kind: 'collision', severity: 'blocker',
      detail: `${quote(c.a)} and ${quote(c.b)} collide over ${Math.round(c.w)}×${Math.round(c.h)} px`,
      elements: [c.a, c.b], box: null, size: c.w * c.h, evidence: { selector: c.b, elements: [c.a, c.b], overlapPx: { width: c.w, height: c.h } },
    })),
    ...faults.protrusions.map((p): Seen => ({
      key: `protrusion\u0000${p.selector}\u0000${p.parent}`, kind: 'protrusion', severity: 'important',
      detail: `${quote(p.selector)} sticks out ${Math.round(p.px)} px past the ${p.side} edge of its container ${quote(p.parent)}`,
      elements: [p.selector, p.parent], box: null, size: p.px, evidence: { selector: p.selector, container: p.parent, protrudesPx: p.px, side: p.side },
    })),
  ];
}

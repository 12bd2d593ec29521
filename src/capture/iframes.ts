// Content inside same-origin frames (spec `frame:` on required entries, regions and masks).
// A frame is entered as Playwright's page.locator(selector).first().contentFrame() enters it; the
// in-page measuring code runs unchanged in the frame's document. A required element inside a frame
// is held to the rules twice over: inside its frame (covers, clipping, scrolling of the frame's own
// document), and in each document around it, where the frame element shows it (covers from the
// parent page over the frame, the frame scrolled out of view, clipped, faded). Boxes are moved into
// top-page coordinates so masks, regions, parity and report boxes line up with the screenshot.
// A frame of another origin (or a sandboxed one) cannot be looked into: the entry fails, named.
import type { Frame, Page } from 'playwright-core';
import type { Box, FrameProblem, VisibilityVerdict } from '../core/artifacts.js';
import type { FramedTarget, RequiredPlan } from '../spec/plan.js';
import { confirmCovers, type InPage, type Place } from './cover-pixels.js';
import { boxesOf, frameAt, placeThrough, scrollBack, showIn, type FrameProbe } from './in-page/iframes.js';
import { remeasureRequired } from './in-page/measure.js';

/** Runs in-page helpers in one frame's document. */
export type RunIn = (frame: Frame) => InPage;

/** A frame chain entered: docs[0] is the top page, docs[k+1] the document of frame chain[k] (inside docs[k]). */
export interface Entered {
  chain: string[];
  docs: Frame[];
  probes: Extract<FrameProbe, { problem: null }>[];
  /** per document: add to its document coordinates to get top-page ones */
  offsets: { x: number; y: number }[];
  /** per document: where it shows on the top page (top-page document coordinates); null for the top page */
  views: (Box | null)[];
}

const quote = (s: string) => JSON.stringify(s);
/** `#outer › #inner` for messages. */
export const frameLabel = (chain: string[]) => chain.map(quote).join(' › ');

function problemOf(selector: string, p: Exclude<FrameProbe, { problem: null }>): FrameProblem {
  const message = p.problem === 'missing' ? `the frame ${quote(selector)} is not on the page (no element matches it)`
    : p.problem === 'not-a-frame' ? `${quote(selector)} matches a <${p.tag}>, not an iframe or frame`
    : p.origin && p.origin !== p.page
      ? `the frame ${quote(selector)} is cross-origin (${p.origin}; the page is ${p.page}): veval cannot look inside a frame of another origin`
      : `the frame ${quote(selector)} cannot be looked into (cross-origin, or sandboxed without allow-same-origin; the page is ${p.page}): veval cannot measure inside it`;
  return { frame: selector, reason: p.problem, message };
}

export function intersect(a: Box, b: Box | null): Box | null {
  if (!b) return a;
  const x0 = Math.max(a.x, b.x), y0 = Math.max(a.y, b.y), x1 = Math.min(a.x + a.width, b.x + b.width), y1 = Math.min(a.y + a.height, b.y + b.height);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

const moved = (b: Box, o: { x: number; y: number }): Box => ({ x: Math.round((b.x + o.x) * 100) / 100, y: Math.round((b.y + o.y) * 100) / 100, width: b.width, height: b.height });

/** Enters the chain, one document at a time; a frame that is missing, not a frame, or of another origin answers its problem. */
export async function enterFrames(page: Page, runIn: RunIn, chain: string[]): Promise<Entered | { problem: FrameProblem }> {
  const e: Entered = { chain, docs: [page.mainFrame()], probes: [], offsets: [{ x: 0, y: 0 }], views: [null] };
  for (const [k, selector] of chain.entries()) {
    const doc = e.docs[k];
    const probe = (await runIn(doc)(frameAt, { selector })) as FrameProbe;
    if (probe.problem) return { problem: problemOf(selector, probe) };
    const handle = await doc.locator(selector).first().elementHandle({ timeout: 2000 }).catch(() => null);
    const inner = handle ? await handle.contentFrame().catch(() => null) : null;
    await handle?.dispose().catch(() => {});
    if (!inner) return { problem: problemOf(selector, { problem: 'missing' }) };
    const off = e.offsets[k];
    e.docs.push(inner);
    e.probes.push(probe);
    e.offsets.push({ x: off.x + probe.content.x - probe.scroll.x, y: off.y + probe.content.y - probe.scroll.y });
    e.views.push(intersect(moved(probe.content, off), e.views[k]));
  }
  return e;
}

/** The frame chains the plan names, entered once per measurement. */
export function frameCache(page: Page, runIn: RunIn) {
  const seen = new Map<string, Promise<Entered | { problem: FrameProblem }>>();
  return (chain: string[]) => {
    const key = JSON.stringify(chain);
    if (!seen.has(key)) seen.set(key, enterFrames(page, runIn, chain));
    return seen.get(key)!;
  };
}
export type Frames = ReturnType<typeof frameCache>;

/** A region or mask inside a frame: its boxes in top-page coordinates, cut to where the frame shows. */
export async function framedBoxes(frames: Frames, runIn: RunIn, t: FramedTarget, ink: boolean): Promise<{ count: number; boxes: Box[]; ink: Box | null; frameProblem?: FrameProblem }> {
  const e = await frames(t.frame);
  if ('problem' in e) return { count: 0, boxes: [], ink: null, frameProblem: e.problem };
  const n = e.docs.length - 1;
  const got = (await runIn(e.docs[n])(boxesOf, { selector: t.selector, ink })) as { count: number; boxes: Box[]; ink: Box | null };
  const place = (b: Box) => intersect(moved(b, e.offsets[n]), e.views[n]);
  return { count: got.count, boxes: got.boxes.map(place).filter((b): b is Box => !!b), ink: got.ink ? place(got.ink) : null };
}

/** How a pixel comparison inside document `j` of the chain is placed on the page's viewport (the documents around it scrolled to show it). */
function placer(e: Entered, runIn: RunIn, j: number): Place | undefined {
  if (j === 0) return undefined;
  return async (clip) => {
    let at: Box | null = clip;
    for (let k = j - 1; k >= 0 && at; k--) at = (await runIn(e.docs[k])(placeThrough, { selector: e.chain[k], clip: at })) as Box | null;
    return at;
  };
}

type Measured = { matchedSelector: string | null; matchedText: string | null; verdict: VisibilityVerdict; probe?: unknown };

/** One required entry measured in document `j` of the chain (the pixel confirmation of its covers included). */
async function measureIn(page: Page, runIn: RunIn, e: Entered, j: number, req: RequiredPlan | { selector: string; text: null; within: null; part: Box & { clicks: boolean } }, base: number): Promise<Measured> {
  const entry = { selector: req.selector, text: req.text, within: req.within, ...('part' in req ? { part: req.part } : {}) };
  const r = [(await runIn(e.docs[j])(remeasureRequired, { req: entry, i: 0, base })) as Measured];
  // (only a doubtful cover leaves marks and needs its pixels compared)
  if (r[0].probe) await confirmCovers(page, runIn(e.docs[j]), { required: [entry] }, r as any, base, placer(e, runIn, j));
  return r[0];
}

const RANK = { none: 0, partial: 1, full: 2 } as const;

/**
 * One verdict for an element inside a frame: what hid it inside its frame, and where each frame
 * around it shows it (outers[k]: the frame element chain[k] in document k, measured only where the
 * element shows through it). Boxes move into top-page coordinates.
 */
export function frameVerdict(inner: VisibilityVerdict, outers: (VisibilityVerdict | null)[], e: Pick<Entered, 'chain' | 'offsets'>, notShown = false): VisibilityVerdict {
  const n = e.chain.length;
  const at = (b: Box | null, k: number) => (b ? moved(b, e.offsets[k]) : null);
  const inFrame = (k: number) => (k > 0 ? { frame: e.chain.slice(0, k) } : {});
  const v: VisibilityVerdict = {
    ...inner, box: at(inner.box, n),
    clippedBy: inner.clippedBy ? { ...inner.clippedBy, box: at(inner.clippedBy.box, n), ...inFrame(n) } : null,
    coveredBy: inner.coveredBy ? { ...inner.coveredBy, box: at(inner.coveredBy.box, n), coveredBox: at(inner.coveredBy.coveredBox, n), ...inFrame(n) } : null,
  };
  const reasons = inner.level === 'full' ? [] : [`inside the frame ${frameLabel(e.chain)}: ${inner.reason || 'partly hidden'}`];
  let level = inner.level;
  for (let k = n - 1; k >= 0; k--) {
    const o = outers[k];
    if (!o) continue;
    v.opacity = Math.round(v.opacity * o.opacity * 100) / 100;
    if (o.level === 'full') continue;
    v.visibleFraction = Math.round(v.visibleFraction * o.visibleFraction * 100) / 100;
    v.displayed &&= o.displayed;
    v.nonZeroSize &&= o.nonZeroSize;
    v.reachable &&= o.reachable;
    if (!v.offscreenX) v.offscreenX = o.offscreenX;
    if (!v.clippedBy && o.clippedBy) v.clippedBy = { ...o.clippedBy, box: at(o.clippedBy.box, k), ...inFrame(k) };
    if (!v.coveredBy && o.coveredBy) v.coveredBy = { ...o.coveredBy, box: at(o.coveredBy.box, k), coveredBox: at(o.coveredBy.coveredBox, k), ...inFrame(k) };
    if (RANK[o.level] < RANK[level]) level = o.level;
    reasons.push(`where the frame ${quote(e.chain[k])} shows it${k > 0 ? ` (inside ${frameLabel(e.chain.slice(0, k))})` : ''}: ${o.reason || 'partly hidden'}`);
  }
  if (notShown && level !== 'none') {
    level = 'none';
    v.visibleFraction = 0;
    reasons.push(`it does not show in the viewport of the frame ${frameLabel(e.chain)}`);
  }
  v.level = level;
  v.reason = level === 'full' ? '' : reasons.join('; ');
  return v;
}

/** A verdict for an element that could not be looked for: its frame is missing or cannot be looked into. */
export function unreachableVerdict(p: FrameProblem): VisibilityVerdict {
  return { present: false, count: 0, displayed: false, nonZeroSize: false, opacity: 0, box: null, offscreenX: 0, reachable: false, clippedBy: null, coveredBy: null, visibleFraction: 0, level: 'none', reason: p.message };
}

/**
 * A required element inside a frame: measured in its frame's document, then — wherever any of it
 * shows in the frame's viewport — the frame element in each document around it, only where the
 * element shows through it. Every document scrolled on the way is put back.
 */
export async function measureFramedRequired(page: Page, runIn: RunIn, frames: Frames, req: RequiredPlan, topBase: number): Promise<Measured & { frameProblem?: FrameProblem }> {
  const e = await frames(req.frame!);
  if ('problem' in e) return { matchedSelector: null, matchedText: null, verdict: unreachableVerdict(e.problem), frameProblem: e.problem };
  const n = e.chain.length;
  const scrollOf = (k: number) => (k === 0 ? { x: 0, y: topBase } : e.probes[k - 1].scroll);
  const inner = await measureIn(page, runIn, e, n, req, scrollOf(n).y);
  const outers: (VisibilityVerdict | null)[] = e.chain.map(() => null);
  let notShown = false;
  const back: { k: number; was: { x: number; y: number } }[] = [];
  try {
    if (inner.verdict.level !== 'none' && inner.matchedSelector) {
      let shown = (await runIn(e.docs[n])(showIn, { selector: inner.matchedSelector, part: null })) as { area: Box | null; was: { x: number; y: number }; clicks: boolean };
      // a cover over the frame takes the clicks meant for a control inside it
      const clicks = shown.clicks;
      back.push({ k: n, was: shown.was });
      for (let k = n - 1; k >= 0; k--) {
        if (!shown.area) { notShown = true; break; }
        const inset = e.probes[k].inset;
        const part = { x: inset.x + shown.area.x, y: inset.y + shown.area.y, width: shown.area.width, height: shown.area.height, clicks };
        outers[k] = (await measureIn(page, runIn, e, k, { selector: e.chain[k], text: null, within: null, part }, scrollOf(k).y)).verdict;
        if (k > 0) {
          shown = (await runIn(e.docs[k])(showIn, { selector: e.chain[k], part })) as typeof shown;
          back.push({ k, was: shown.was });
        }
      }
    }
  } finally {
    for (const { k, was } of back.reverse()) await runIn(e.docs[k])(scrollBack, was).catch(() => {});
    // the pixel confirmation may have scrolled the frames around the frame (the top page is put back by the caller)
    for (let k = 1; k < n; k++) await runIn(e.docs[k])(scrollBack, scrollOf(k)).catch(() => {});
  }
  return { matchedSelector: inner.matchedSelector, matchedText: inner.matchedText, verdict: frameVerdict(inner.verdict, outers, e, notShown) };
}

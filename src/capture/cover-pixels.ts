// Confirms suspected covers by pixels (contract "Visible": no other element covers any part of
// it — a cover a user can see). Hit testing names whatever box is on top, also a transparent list
// or footer lying over text, a pseudo-element that draws only a shadow around itself, a faint
// tint. Where the geometry is not conclusive the in-page measurement marks the cover and the
// element; here the covered area is shot four times — as is, without the cover, without the
// element, without both — and the cover counts only when it hides what the element paints there.
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { screenshot } from './still/shots.js';
import { coverMarks, hideForPixels, otherOnTop, remeasureRequired, type CoverProbe, type MeasureArg } from './in-page/measure.js';

/** The share of the element's own paint a cover must take away to count as hiding it. */
export const HIDDEN_SHARE = 0.5;

/** How a cover that paints nothing over the element but takes its clicks is named (the screenshot will not show it). */
export const NOTHING_PAINTED = '(it paints nothing there, but it takes the clicks)';

/** Runs an in-page function (bundled with the other in-page helpers) with one argument. */
export type InPage = (fn: Function, arg: unknown) => Promise<unknown>;

/** Where a frame's viewport area shows in the page's viewport (the pages around it scrolled to show it), or null when it cannot be shown. */
export type Place = (clip: { x: number; y: number; width: number; height: number }) => Promise<{ x: number; y: number; width: number; height: number } | null>;

type Shot = { data: Buffer; width: number; height: number };

/** How many of a text's pixels a cover must hide wholly to count (a glyph's stroke crossed by an
 *  icon's; one pixel can be an anti-aliased edge shared by both). */
export const HIDDEN_GLYPH_PX = 3;

/** A pixel differs visibly between two shots (summed channel difference). */
const VISIBLE_DIFF = 48;

/** Pixels where the element paints visibly (shown vs hidden, the cover away) and the cover takes
 *  away at least 3/4 of that (shown vs hidden, the cover there): an opaque stroke, its
 *  anti-aliased edge included; a translucent tint or a shadow lets more through. */
function whollyHidden(noCover: Shot, neither: Shot, asIs: Shot, noTarget: Shot): number {
  let n = 0;
  for (let i = 0; i < noCover.data.length; i += 4) {
    const d = (a: Shot, b: Shot) => Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
    const own = d(noCover, neither);
    if (own >= VISIBLE_DIFF && d(asIs, noTarget) <= own / 4) n++;
  }
  return n;
}

/** Sum of per-channel differences of two equally sized shots. */
function diff(a: Shot, b: Shot): number {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let d = 0;
  for (let i = 0; i < a.data.length; i += 4) d += Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
  return d;
}

/** What a cover does to the element's pixels in the covered area. */
export interface CoverEffect {
  /** the area looks different without the cover */
  coverPaints: boolean;
  /** the element paints something there (hiding it changes the area, the cover removed) */
  elementPaints: boolean;
  /** the cover takes away at least HIDDEN_SHARE of what the element paints there */
  hides: boolean;
}

/**
 * Shoots the covered area as is, without the cover, without the element and without both. A
 * shot that cannot prove anything (a style that did not take, the area off the screen) throws or
 * answers hides, so the cover stays.
 */
export async function coverEffect(page: Page, inPage: InPage, i: number, probe: CoverProbe, place?: Place): Promise<CoverEffect> {
  const certain = { coverPaints: true, elementPaints: true, hides: true };
  const vp = page.viewportSize();
  // inside a frame the area is in the frame's viewport: placed in the page's
  const at = place ? await place(probe.clip) : probe.clip;
  if (!at) return certain;
  const x0 = Math.max(0, Math.floor(at.x)), y0 = Math.max(0, Math.floor(at.y));
  const x1 = Math.min(vp?.width ?? Infinity, Math.ceil(at.x + at.width)), y1 = Math.min(vp?.height ?? Infinity, Math.ceil(at.y + at.height));
  if (x1 - x0 < 1 || y1 - y0 < 1) return certain;
  const clip = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  let hidden = true;
  const shot = async (cover: boolean, target: boolean): Promise<Shot> => {
    hidden = hidden && (await inPage(hideForPixels, { i, probe, cover, target })) === true;
    const png = PNG.sync.read(await screenshot(page, { clip, scale: 'css' }));
    return { data: png.data, width: png.width, height: png.height };
  };
  try {
    // asked before anything is hidden: opacity below 1 makes a stacking context, which reorders hit tests
    const third = (await inPage(otherOnTop, { i, probe })) === true;
    const asIs = await shot(false, false), noCover = await shot(true, false), noTarget = await shot(false, true), neither = await shot(true, true);
    if (!hidden) return certain;
    // the element's own paint in the area, without and with the cover
    const own = diff(noCover, neither), through = diff(asIs, noTarget);
    // nothing of the element shows even without the cover, and another element lies over it here:
    // that one hides it at this scroll too, so the shots prove nothing and the cover stays
    if (own === 0 && third) return certain;
    // text is read glyph by glyph: an opaque icon over a few of its pixels hides it, however
    // little of the covered area that is
    const glyphs = !!probe.text && own > 0 && whollyHidden(noCover, neither, asIs, noTarget) >= HIDDEN_GLYPH_PX;
    return { coverPaints: diff(asIs, noCover) > 0, elementPaints: own > 0, hides: own > 0 && (through / own < 1 - HIDDEN_SHARE || glyphs) };
  } finally {
    await inPage(hideForPixels, { i, probe, cover: false, target: false, done: true });
  }
}

/**
 * Whether a suspected cover counts: it hides what the element paints, or it takes the clicks meant
 * for it — where the element paints (a transparent overlay over a link's text), or anywhere in a
 * box a user may click (a field's empty interior), not in the line gap of a run of link text.
 * `invisible` when it counts although it paints nothing there.
 */
export function coverCounts(e: CoverEffect, probe: CoverProbe): { counts: boolean; invisible: boolean } {
  if (e.hides) return { counts: true, invisible: false };
  const clicks = probe.clicks && (e.elementPaints || probe.box);
  return { counts: clicks, invisible: clicks && !e.coverPaints };
}

/**
 * Pixel confirmation of the covers the page could not judge from geometry: a cover that does not
 * hide what the element paints is looked under (the element measured again as if it were not
 * there), unless it takes the clicks meant for the element — then it stays a cover, named as one
 * that paints nothing when its pixels do not show at all. At most a few rounds per element (a
 * stack of transparent layers).
 */
export async function confirmCovers(page: Page, inPage: InPage, arg: Pick<MeasureArg, 'required'>, required: { verdict: any; probe?: CoverProbe }[], base: number, place?: Place): Promise<void> {
  try {
    for (let i = 0; i < required.length; i++) {
      for (let round = 0; round < 4 && required[i].probe; round++) {
        const probe = required[i].probe!;
        // a shot that fails (the area outside what the screen shows) proves nothing: the cover stays
        const effect = await coverEffect(page, inPage, i, probe, place).catch(() => null);
        const verdict = effect ? coverCounts(effect, probe) : { counts: true, invisible: false };
        if (verdict.counts) {
          const v = required[i].verdict;
          if (verdict.invisible) {
            v.coveredBy.invisible = true;
            v.reason = v.reason.replace('covered by ' + v.coveredBy.selector + ' ', 'covered by ' + v.coveredBy.selector + ' ' + NOTHING_PAINTED + ' ');
          }
          break;
        }
        // looked under from now on, for this element (a second round may find what lies beneath)
        await inPage(coverMarks, { i });
        required[i] = (await inPage(remeasureRequired, { req: arg.required[i], i, base })) as typeof required[number];
      }
      await inPage(coverMarks, { i: -1 });
      delete required[i].probe;
    }
  } finally {
    await inPage(coverMarks, { i: -2, top: base });
  }
}

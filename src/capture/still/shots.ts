// The shots' primitives, shared by both proofs of stillness (by-shots.ts, by-signals.ts): one
// screenshot, the comparison of two, the unequal gaps between them and the calm a page must hold.
import type { Page } from 'playwright-core';
import { decodePng } from '../../parity/store/png.js';
import type { Box } from '../../core/artifacts.js';
import type { Heat } from './flake-map.js';
import type { CalmSlot } from '../gatherer.js';
import { hideCarets, ownStyle } from '../in-page/dom.js';
import { inPageScript } from '../in-page/script.js';
import { STILL_BUDGETS } from './budgets.js';
import { quietMoved } from './in-page/quiet.js';

export interface ShotOptions {
  /** interval, timeout and shots (that must agree, with no painted change between them) are the stability check's options, its defaults filled (checks/stability.ts; docs/checks/stability.md has the measurements behind them) */
  fullPage: boolean; check: boolean; interval: number; shots: number; timeout: number; masks: Box[]; dpr: number;
  /** the spec's mask selectors (a change inside a masked element is not motion, wherever its box lies) */
  maskSelectors?: string[];
  /** called after each shot (the unit's watchdog counts a shot as progress) */
  onShot?: () => void;
  /** 'shots' skips the paint signals (tests of the shots themselves; the signals' own fallback) */
  proof?: 'signals' | 'shots';
}

/** The proof offers its caller a moment to gather evidence in (capture/gatherer.ts CALM_SLOTS):
 *  before its calm window, inside it (what paints nothing), in the gap after its image. A gap only
 *  ever gets longer for it, so the stability check is not weakened. */
export type Offer = (slot: CalmSlot) => Promise<void>;

/** A screenshot with the page's carets hidden by a stylesheet of veval's own (marked so: the
 *  stability watch knows it), not by Playwright's `caret: 'hide'`, which writes `caret-color` into
 *  the style attribute of every field and then restores it re-serialised (`width:auto` comes back
 *  `width: auto;`, a field without one gets `style=""`): each shot changed the page's own DOM, an
 *  app's MutationObserver saw it, and the stability watch saw a field's style change (measured: 8
 *  of 40 bench units, every page with a styled checkbox, lost their one-image proof to it). */
export async function screenshot(page: Page, o: { fullPage?: boolean; clip?: Box; scale?: 'css' | 'device' }): Promise<Buffer> {
  await hidePageCarets(page).catch(() => { /* a closing page: the shot fails on its own */ });
  return askedTwiceIfRefused(() => page.screenshot({ ...o, animations: 'disabled', caret: 'initial', type: 'png', scale: o.scale ?? 'device' }));
}

/** Chromium now and then refuses one capture outright ("Unable to capture screenshot") and takes
 *  the very same picture when asked again a moment later (seen in this project's CI on a loaded
 *  2-core machine; reported in robotframework-browser#5237). Asked once more, after 250 ms, on that
 *  refusal only; a second refusal, or any other error, is the caller's (the unit fails, named). */
export async function askedTwiceIfRefused<T>(take: () => Promise<T>): Promise<T> {
  try { return await take(); } catch (e) {
    if (!REFUSED.test((e as Error)?.message ?? '')) throw e;
    await new Promise((r) => setTimeout(r, 250));
    return take();
  }
}
const REFUSED = /Unable to capture screenshot/;

/** Carets hidden in `page` by veval's one caret style (the shots and the paint watch share it; it
 *  stays for the page's life, so each caller only makes sure it is there: a step may have navigated). */
export async function hidePageCarets(page: Page): Promise<void> {
  await page.evaluate(CARET_SCRIPT);
}
const CARET_SCRIPT = inPageScript([ownStyle], hideCarets, 'veval-caret');

/** One screenshot. A full-page one starts at the top: Chromium's full-page screenshot of a
 *  zoomed-out mobile layout (a page wider than the device) leaves the page scrolled (measured on
 *  the real corpus, APG pages at 390 px: scrollY 0 → 3472 after one shot, then +2 px per shot),
 *  and a position: fixed element is painted where the scroll puts it, so each shot drew it
 *  elsewhere (the flake map showed the skip-to button 175×28 at six different heights) although
 *  the page did not change. Full-page captures are measured at the top too. */
export async function takeShot(page: Page, fullPage: boolean): Promise<Buffer> {
  if (!fullPage) return screenshot(page, { fullPage });
  await page.evaluate(() => { if (window.scrollX || window.scrollY) window.scrollTo({ left: 0, top: 0, behavior: 'instant' as ScrollBehavior }); }).catch(() => {});
  // the shot's own layouts can clamp an inner scroller (in-page/quiet.ts): one still away from
  // its offset after the shot may be so in the image. Put back and shot again; a shot that moved
  // one every time is kept with the reason (movedInShot), which neither proof takes for still
  let moved: string | null = null, png: Buffer;
  for (let tries = 0; ; tries++) {
    png = await screenshot(page, { fullPage });
    moved = await page.evaluate(MOVED_SCRIPT).catch(() => null) as string | null;
    if (!moved || tries + 1 >= SHOT_TRIES) break;
    await page.evaluate(TWO_FRAMES).catch(() => {});
  }
  if (moved) shotMoved.set(page, `veval's full-page screenshot moved a scroller in ${SHOT_TRIES} shots: ${moved}`);
  else shotMoved.delete(page);
  return png;
}

/** Why the last full-page shot of `page` may not show the page as it is (it moved a scroller), or null. */
export const movedInShot = (page: Page): string | null => shotMoved.get(page) ?? null;
const shotMoved = new WeakMap<Page, string>();
const SHOT_TRIES = STILL_BUDGETS.shotTries;
const TWO_FRAMES = `new Promise((r) => { requestAnimationFrame(() => requestAnimationFrame(r)); (window.__vevalSetTimeout || setTimeout).call(window, r, 200); })`;
const MOVED_SCRIPT = inPageScript([], quietMoved, null);

/** Noise and floor of a comparison (still/budgets.ts says why). */
export const RASTER_NOISE_PX = STILL_BUDGETS.rasterNoisePx;
export const PIXEL_FLOOR = STILL_BUDGETS.pixelFloor;

/** Bounding box (device px) of pixels that differ (by more than PIXEL_FLOOR) outside the masks; null when equal or when no
 *  more than RASTER_NOISE_PX pixels differ. `heat` counts each differing pixel (the flake map). */
export function diffBox(a: Buffer, b: Buffer, masks: Box[], dpr: number, heat?: Heat): Box | null {
  if (a.equals(b)) return null;
  // a page can make its screenshot enormous: its size is checked (by decodePng) before anything is decoded
  const pa = decodePng(a), pb = decodePng(b);
  if (pa.width !== pb.width || pa.height !== pb.height) {
    return { x: 0, y: 0, width: Math.max(pa.width, pb.width), height: Math.max(pa.height, pb.height) };
  }
  const { width, height } = pa;
  const masked = new Uint8Array(width * height);
  for (const m of masks) {
    const x0 = Math.max(0, Math.floor(m.x * dpr)), y0 = Math.max(0, Math.floor(m.y * dpr));
    const x1 = Math.min(width, Math.ceil((m.x + m.width) * dpr)), y1 = Math.min(height, Math.ceil((m.y + m.height) * dpr));
    for (let y = y0; y < y1; y++) masked.fill(1, y * width + x0, y * width + Math.max(x0, x1));
  }
  let minX = Infinity, minY = Infinity, maxX = -1, maxY = -1, changed = 0;
  const da = pa.data, db = pb.data;
  const counts = heat?.frame(width, height);
  for (let i = 0, p = 0; p < width * height; p++, i += 4) {
    if (masked[p]) continue;
    if (Math.abs(da[i] - db[i]) > PIXEL_FLOOR || Math.abs(da[i + 1] - db[i + 1]) > PIXEL_FLOOR || Math.abs(da[i + 2] - db[i + 2]) > PIXEL_FLOOR || Math.abs(da[i + 3] - db[i + 3]) > PIXEL_FLOOR) {
      changed++;
      if (counts && counts[p] < 255) counts[p]++;
      const x = p % width, y = (p - x) / width;
      if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
    }
  }
  return changed <= RASTER_NOISE_PX ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** The gaps between shots: `interval` scaled by ratios with no common period a page could keep (still/budgets.ts). */
export const GAP_RATIOS = STILL_BUDGETS.gapRatios;
export const gapAt = (interval: number, k: number) => Math.round(interval * GAP_RATIOS[k % GAP_RATIOS.length]);

/** Calm asked for after the page itself painted a change, in intervals (still/budgets.ts). */
export const CALM_AFTER_SCRIPT = STILL_BUDGETS.calmAfterScript;

/**
 * How long a page must hold still (ms) after what it did so far (`ms`), and how much of that
 * holds at the timeout too (`strict`). Once it changed three times or more: longer than the
 * longest gap between its changes (× 1.25), strict (a page still inside that calm at the timeout
 * did not show that it settled). After a change the page painted itself: `interval` ×
 * CALM_AFTER_SCRIPT, not strict (at the timeout a full window of agreeing shots is enough: a page
 * that settles late is not failed for it). Nothing before, or pixels alone: the window.
 */
export function calmNeeded(breaks: number[], interval = 100, painted = false): { ms: number; strict: number } {
  let gap = 0;
  for (let i = 1; i < breaks.length; i++) gap = Math.max(gap, breaks[i] - breaks[i - 1]);
  const periodic = breaks.length >= 3 ? gap * 1.25 : 0, after = painted ? interval * CALM_AFTER_SCRIPT : 0;
  return { ms: Math.max(periodic, after), strict: periodic };
}


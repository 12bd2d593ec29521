// Re-shoots until `shots` consecutive screenshots, at unequal gaps, match after blanking masks
// (compared as pixels, masks blanked for the comparison only) and the page reported no painted
// change in between. A page that never settles keeps its last image and says where, in which
// element and what kind of change kept happening; the `stability` check turns that into a finding.
import type { Page } from 'playwright-core';
import { decodePng } from '../parity/png.js';
import type { Box, StabilityResult } from '../core/artifacts.js';
import { flakeMap, Heat } from './flake.js';
import { inPageScript } from './in-page/script.js';
import { isOwn, selectorOf } from './in-page/dom.js';
import { motionCollect, motionStart, noteMotion, type MotionReport } from './in-page/motion.js';
import { quietHold, quietRelease, quietReset, viewportSeen } from './in-page/quiet.js';

type StabilityKind = NonNullable<StabilityResult['kind']>;
export interface ShotOptions {
  /** interval, timeout and shots (that must agree, with no painted change between them) are the stability check's options, its defaults filled (checks/stability.ts; docs/checks/stability.md has the measurements behind them) */
  fullPage: boolean; check: boolean; interval: number; shots: number; timeout: number; masks: Box[]; dpr: number;
  /** the spec's mask selectors (a change inside a masked element is not motion, wherever its box lies) */
  maskSelectors?: string[];
  /** read-only evidence gathering (the ARIA snapshot, axe) run in the gaps instead of idling, one
   *  task per gap from the first (what is left when the shots end is the caller's to run); a gap
   *  only ever gets longer, so the stability check is not weakened */
  between?: (() => Promise<void>)[];
  /** called after each shot (the unit's watchdog counts a shot as progress) */
  onShot?: () => void;
}

/** One screenshot. A full-page one starts at the top: Chromium's full-page screenshot of a
 *  zoomed-out mobile layout (a page wider than the device) leaves the page scrolled (measured on
 *  the real corpus, APG pages at 390 px: scrollY 0 → 3472 after one shot, then +2 px per shot),
 *  and a position: fixed element is painted where the scroll puts it, so each shot drew it
 *  elsewhere (the flake map showed the skip-to button 175×28 at six different heights) although
 *  the page did not change. Full-page captures are measured at the top too. */
export async function takeShot(page: Page, fullPage: boolean): Promise<Buffer> {
  if (fullPage) {
    await page.evaluate(() => { if (window.scrollX || window.scrollY) window.scrollTo({ left: 0, top: 0, behavior: 'instant' as ScrollBehavior }); }).catch(() => {});
  }
  return page.screenshot({ fullPage, animations: 'disabled', caret: 'hide', type: 'png', scale: 'device' });
}

/** Pixels that may flip between two screenshots of a page that did not change: Chromium re-rasters
 *  a scaled image or a text line under load (measured on the real corpus: 1 px of a Semantic UI
 *  homepage image flipped in 4 of 6 consecutive full-page shots of the static page). A page that
 *  changes (a clock, a counter, a spinner) changes far more. */
export const RASTER_NOISE_PX = 4;

/** A pixel whose every channel differs by at most this much (of 255) between two shots did not
 *  change: no one can see it. Measured on a published theme: two shots of an unchanged page
 *  differed in 19 pixels of a tag pill by 1/255 and the page was "never settled" in 2 of 4 runs.
 *  The motion of the loop pages (bench/stability-loops.ts) changes pixels by far more: black and
 *  white, a carousel's slides, a clock's digits. */
export const PIXEL_FLOOR = 2;

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

/** The gaps between shots: `interval` scaled by ratios with no common period a page could keep
 *  (100, 170, 230, 290 … ms for interval 100: any two share at most a 10 ms period, under a frame). */
export const GAP_RATIOS = [1, 1.7, 2.3, 2.9, 3.7, 4.3, 5.3, 5.9, 6.1, 6.7, 7.1, 7.3];
export const gapAt = (interval: number, k: number) => Math.round(interval * GAP_RATIOS[k % GAP_RATIOS.length]);

const MOTION_HELPERS: Function[] = [selectorOf, isOwn, noteMotion];
const motionStartIn = (page: Page, masks: Box[], full: boolean, maskSelectors: string[]) =>
  (page.evaluate(inPageScript(MOTION_HELPERS, motionStart, { masks, full, maskSelectors })) as Promise<number>).catch(() => null);

/** Starts the in-page watch early (before measuring): what the page paints by itself before the
 *  shots (a clock's tick, a carousel's turn) asks for the longer calm from the first window on,
 *  so a first window that falls between two of its changes does not pass it. */
export async function watchEarly(page: Page, full: boolean, maskSelectors: string[]): Promise<void> {
  await motionStartIn(page, [], full, maskSelectors);
}
const motionCollectIn = (page: Page) =>
  (page.evaluate(inPageScript(MOTION_HELPERS, motionCollect, null)) as Promise<MotionReport | null>).catch(() => null);

const union = (a: Box | null, b: Box): Box => {
  if (!a) return { ...b };
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/** Calm asked for after the page itself painted a change (a script or an animation, not pixels
 *  alone), in intervals: a clock ticking each second or a carousel turning every 700 ms otherwise
 *  passes whenever its one change fell inside the first window and the next window fell between
 *  two changes (seen in 1 of 6 test runs under load before this). */
export const CALM_AFTER_SCRIPT = 10;

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

/**
 * Stable means: `shots` consecutive shots (taken at the unequal gaps of gapAt) are equal outside
 * the masks AND the page reported no painted change between the first and the last of them
 * (mutations of rendered content, running animations or transitions, canvas drawing, playing
 * video). Any change starts a new window from the latest shot, until the timeout; a page still
 * changing then is unstable, with the last change's box, element and kind.
 */
export async function stableShot(page: Page, o: ShotOptions): Promise<ShotResult> {
  // a full-page shot's resize is held back from the page's scripts for as long as veval shoots
  // (in-page/quiet.ts); a viewport shot sends none
  if (!o.fullPage) return shootUntilStable(page, o);
  await page.evaluate(inPageScript([viewportSeen], quietHold, null)).catch(() => {});
  try {
    return await shootUntilStable(page, o);
  } finally {
    // a release that cannot run (the page busy past its frames, a context torn down) still ends the hold
    await page.evaluate(inPageScript([viewportSeen], quietRelease, null))
      .catch(() => page.evaluate(inPageScript([], quietReset, null)).catch(() => { /* the document is gone: nothing held */ }));
  }
}

type ShotResult = { png: Buffer; stability: StabilityResult; shots: number; flake?: Buffer };

async function shootUntilStable(page: Page, o: ShotOptions): Promise<ShotResult> {
  let png = await takeShot(page, o.fullPage);
  o.onShot?.();
  const shots = Math.max(2, o.shots);
  const none: StabilityResult = { checked: o.check, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null };
  if (!o.check) return { png, stability: none, shots: 1 };
  let deadline = Date.now() + o.timeout;
  let attempts = 1;
  let inWindow = 1; // shots in the current window (all equal so far)
  let calmSince = Date.now(); // when the current window started
  const breaks: number[] = []; // when each window broke (a change was seen)
  let painted = false; // the page reported a painted change of its own (not pixels alone)
  let last: { box: Box; kind: StabilityKind; selector: string | null; changes: NonNullable<StabilityResult['changes']> } | null = null;
  let watching = false;
  const heat = new Heat();
  for (;;) {
    const t = Date.now();
    const task = o.between?.[attempts - 1];
    if (task) {
      await task();
      // evidence gathering (axe on a long page under load takes seconds) is not the page's time to
      // settle: without this a page still finishing its first paint got one comparison, and a
      // verdict of "never settled" (real corpus: the W3C APG pages)
      deadline += Date.now() - t;
    }
    // the in-page watch starts after the first gap's evidence gathering; later tasks run inside a
    // window (they only read the page: measured to change neither its DOM, pixels nor scroll)
    if (!watching) {
      const before = await motionStartIn(page, o.masks, o.fullPage, o.maskSelectors ?? []);
      watching = typeof before === 'number';
      // the page painted changes of its own before this window (while it was measured, or before the first shot)
      if (before && attempts === 1) painted = true;
    }
    const rest = gapAt(o.interval, inWindow - 1) - (Date.now() - t);
    if (rest > 0) await page.waitForTimeout(rest);
    const next = await takeShot(page, o.fullPage);
    o.onShot?.();
    attempts++;
    heat.pairs++;
    const box = diffBox(png, next, o.masks, o.dpr, heat);
    const report = watching ? await motionCollectIn(page) : null;
    // a watch that vanished means the document was replaced inside the window
    const events = report ? report.events : watching ? [{ kind: 'mutation' as const, selector: 'html', box: { x: 0, y: 0, width: 0, height: 0 }, detail: 'document replaced' }] : [];
    png = next;
    if (!box && !events.length) {
      // a page that already changed again and again must hold still longer than it took between
      // those changes: a clock ticking each second or a carousel turning every few seconds
      // otherwise falls between the shots of a short window by luck
      const need = calmNeeded(breaks, o.interval, painted);
      const calm = Date.now() - calmSince;
      if (++inWindow >= shots && (calm >= need.ms || (Date.now() >= deadline && calm >= need.strict))) {
        // a page that settled after changing says what changed last (evidence for a flake under load)
        return { png, stability: { ...none, attempts, shots: inWindow, ...(last ? { changes: last.changes } : {}) }, shots: attempts };
      }
    } else {
      const d = o.dpr || 1;
      let where: Box | null = box ? { x: box.x / d, y: box.y / d, width: box.width / d, height: box.height / d } : null;
      for (const e of events) if (e.box.width > 0) where = union(where, e.box);
      last = {
        box: where ?? { x: 0, y: 0, width: 0, height: 0 },
        kind: events[0]?.kind ?? 'pixels',
        selector: events[0]?.selector ?? null,
        changes: events.length ? events.slice(0, 10) : [{ kind: 'pixels' as const, selector: '', box: where!, detail: 'pixels differ between shots' }],
      };
      inWindow = 1;
      calmSince = Date.now();
      breaks.push(calmSince);
      painted ||= events.length > 0;
      watching = false; // a new window from this shot
    }
    // "never settled" rests on two comparisons at least: a long page's screenshot under load can
    // take the whole timeout, and one late change (a template fetched after load) is not unrest
    // (fail closed: a page that kept changing and was still inside its longer calm at the timeout
    // did not show that it settled)
    if (Date.now() >= deadline && attempts >= 3 && last && (inWindow === 1 || (inWindow >= shots && Date.now() - calmSince < calmNeeded(breaks, o.interval, painted).strict))) break;
  }
  // where and what: the flake map over every shot, its hot areas named by the elements that paint them
  const map = await flakeMap(page, heat, { dpr: o.dpr, full: o.fullPage, noise: RASTER_NOISE_PX, recent: last!.changes.map((c) => c.selector) });
  return {
    png, shots: attempts, ...(map.png ? { flake: map.png } : {}),
    stability: {
      checked: true, stable: false, attempts, changedBox: last!.box, changedRegion: null, changedSelector: last!.selector, kind: last!.kind, changes: last!.changes,
      pairs: map.pairs, hot: map.hot,
    },
  };
}

/** The declared region that contains most of the changed box (or any that overlaps it). */
export function regionOf(box: Box, regions: Record<string, { box: Box | null }>): string | null {
  let best: string | null = null, bestArea = 0;
  for (const [name, r] of Object.entries(regions)) {
    if (!r.box) continue;
    const w = Math.min(box.x + box.width, r.box.x + r.box.width) - Math.max(box.x, r.box.x);
    const h = Math.min(box.y + box.height, r.box.y + r.box.height) - Math.max(box.y, r.box.y);
    const area = w > 0 && h > 0 ? w * h : 0;
    if (area > bestArea) { bestArea = area; best = name; }
  }
  return best;
}

// Stillness proven from the browser's own signals, with one full-page image (issue 36): for the
// calm window the compositor produced no changed frame (the paint watch, the viewport) and the
// in-page motion watch saw no painted change anywhere in the document (mutations, animations,
// canvas drawing, video); what can change pixels unseen by both outside the viewport (in-page/
// unwatched.ts) is confirmed by four shots of its own box. Anything seen → the reason, and the
// caller proves stillness as before, by shots (a stability guarantee is never traded for speed:
// every change the shots would see makes this path give up).
import type { Page } from 'playwright-core';
import type { Box, StabilityResult } from '../core/artifacts.js';
import { inPageScript } from './in-page/script.js';
import { unwatchedOutside } from './in-page/unwatched.js';
import { motionCollectIn, motionStartIn } from './motion-watch.js';
import { openPaintWatch } from './paint-watch.js';
import { signatureOf } from './measure.js';
import { calmNeeded, diffBox, gapAt, movedInShot, screenshot, takeShot, type ShotOptions } from './shots.js';

/** Stillness proven (one image), or why not; `painted`: the page painted or changed by itself in a
 *  window where veval did nothing (the shots then ask for the longer calm from their first window). */
export type Proof = { png: Buffer; stability: StabilityResult; shotMs: number } | { why: string; painted?: boolean; frames?: boolean };

/** Boxes of unwatched elements outside the viewport, beyond which the shots are cheaper. */
const MAX_UNWATCHED = 24;
/** Gaps between the shots of the unwatched boxes (one more shot than gaps). */
const UNWATCHED_GAPS = 3;
/** … and their union's area, in viewports. */
const MAX_UNWATCHED_SCREENS = 2;

export async function stillBySignals(page: Page, o: ShotOptions): Promise<Proof> {
  const watch = await openPaintWatch(page);
  if (typeof watch === 'string') return { why: watch };
  try {
    // the calm the shots would ask for: their window, or the longer one after the page painted a
    // change of its own since the early watch (a clock's tick, a carousel's turn)
    const before = await motionStartIn(page, o.masks, o.fullPage, o.maskSelectors ?? []);
    if (typeof before !== 'number') return { why: 'the motion watch could not start' };
    let window = 0;
    for (let k = 0; k < Math.max(2, o.shots) - 1; k++) window += gapAt(o.interval, k);
    window = Math.max(window, calmNeeded([], o.interval, before > 0).ms);
    // a window the page painted in starts a longer one, as a change between shots does (one late
    // frame of veval's own measuring, a late image); painting again in that one gives way to the shots
    // (frames in either window ask the browser once more should the shots then agree)
    let sawFrames = false;
    for (let tries = 0; ; tries++) {
      await watch.reset();
      const t = Date.now();
      // evidence that paints nothing is gathered inside the first window (it lasts as long as that takes)
      await Promise.all([page.waitForTimeout(window), tries === 0 ? o.during?.() : null]);
      const report = await motionCollectIn(page);
      if (!report) return { why: 'the document was replaced' };
      const frames = watch.frames;
      if (!frames && !report.events.length) break;
      sawFrames ||= frames > 0;
      const what = frames ? `painted ${frames} frame${frames > 1 ? 's' : ''} in ${Date.now() - t} ms` : `changed (${report.events[0].kind} ${report.events[0].selector})`;
      if (tries > 0) return { why: `the page ${what}`, painted: true, frames: sawFrames };
      window = calmNeeded([], o.interval, true).ms;
      if (await motionStartIn(page, o.masks, o.fullPage, o.maskSelectors ?? []) === null) return { why: 'the document was replaced' };
    }
    const unwatched = o.fullPage ? await unwatchedBox(page) : null;
    if (typeof unwatched === 'string') return { why: unwatched };
    const sig = await signatureOf(page).catch(() => null);
    // the unwatched boxes are shot before and after the full-page image, at least a gap apart
    const first = unwatched ? { png: await clipShot(page, unwatched), at: Date.now() } : null;
    const ts = Date.now();
    const png = await takeShot(page, o.fullPage);
    const shotMs = Date.now() - ts;
    o.onShot?.();
    const moved = movedInShot(page);
    if (moved) return { why: moved };
    if (unwatched && first) {
      // four shots of the unwatched box at unequal gaps (a GIF or a worker's canvas flipping at a
      // period one gap matches cannot match them all), the full-page image inside the first gap
      const masks = o.masks.map((m) => ({ ...m, x: m.x - unwatched.x, y: m.y - unwatched.y }));
      let prev = first;
      for (let k = 1; k <= UNWATCHED_GAPS; k++) {
        const rest = gapAt(o.interval, k) - (Date.now() - prev.at);
        if (rest > 0) await page.waitForTimeout(rest);
        const next = { png: await clipShot(page, unwatched), at: Date.now() };
        if (diffBox(prev.png, next.png, masks, o.dpr)) return { why: 'an image, frame or canvas outside the viewport changed', painted: true };
        prev = next;
      }
    }
    // the shots themselves can change the page (a full-page shot re-picks a srcset candidate,
    // which loads and re-lays the page out; a resize reaches the page late): one more interval
    // after them, as the shots' next gap, before the page is let go. Frames are no evidence here:
    // a shot's own repaints reach the screencast for ~400 ms after it (measured).
    // the evidence left (axe) runs in that gap, as long as it takes, at least the gap (before the
    // window it painted nothing, but the ARIA and CSS snapshots inside it painted frames: measured)
    const tg = Date.now();
    for (const task of o.between ?? []) await task();
    const restGap = gapAt(o.interval, 0) - (Date.now() - tg);
    if (restGap > 0) await page.waitForTimeout(restGap);
    const after = await motionCollectIn(page);
    if (!after) return { why: 'the page changed while it was shot (the document was replaced)' };
    // what changed, named: the unit's record then says how its stillness was proven and why not by the signals
    if (after.events.length) return { why: `the page changed while it was shot (${after.events[0].kind} ${after.events[0].selector}${after.events[0].detail ? `: ${after.events[0].detail}` : ''})` };
    if (sig === null || sig !== await signatureOf(page).catch(() => null)) return { why: 'the screenshot changed the layout' };
    return { png, shotMs, stability: { checked: true, stable: true, attempts: 1, shots: 1, changedBox: null, changedRegion: null, changedSelector: null } };
  } finally {
    await watch.close();
  }
}

/** The union of the unwatched boxes outside the viewport; null when none; why not, when too many or too large. */
async function unwatchedBox(page: Page): Promise<Box | null | string> {
  const found = await (page.evaluate(inPageScript([], unwatchedOutside, MAX_UNWATCHED)) as Promise<Box[]>).catch(() => null);
  if (!found) return 'the page could not be read for images and frames outside the viewport';
  if (!found.length) return null;
  if (found.length > MAX_UNWATCHED) return `more than ${MAX_UNWATCHED} images, frames or canvases outside the viewport`;
  const x = Math.min(...found.map((b) => b.x)), y = Math.min(...found.map((b) => b.y));
  const box = { x, y, width: Math.max(...found.map((b) => b.x + b.width)) - x, height: Math.max(...found.map((b) => b.y + b.height)) - y };
  const screen = page.viewportSize();
  if (screen && box.width * box.height > MAX_UNWATCHED_SCREENS * screen.width * screen.height) return `images, frames or canvases outside the viewport span more than ${MAX_UNWATCHED_SCREENS} screens`;
  return box;
}

const clipShot = (page: Page, clip: Box) => screenshot(page, { clip, fullPage: true });

/**
 * After shots that agreed on a page the browser saw paint by itself: a calm window of `ms` with no
 * shot in it. Frames then mean the page keeps painting (a scroller, a field's value, a GIF, a
 * frame's content, focus moving: what only pixels show, which shots at unlucky gaps can all miss).
 * Answers the frames and the window, or null when it stayed still (or there is no signal).
 */
export async function paintsWhileIdle(page: Page, ms: number): Promise<{ frames: number; ms: number } | null> {
  const watch = await openPaintWatch(page);
  if (typeof watch === 'string') return null;
  try {
    await watch.reset();
    const t = Date.now();
    await page.waitForTimeout(ms);
    return watch.frames > 0 ? { frames: watch.frames, ms: Date.now() - t } : null;
  } finally {
    await watch.close();
  }
}

// Proves the page still before its image is kept. First from the browser's own paint signals
// (still-signals.ts: one full-page image when nothing painted for the calm window); where they saw
// anything, or there are none (Firefox), by re-shooting until `shots` consecutive screenshots, at
// unequal gaps, match after blanking masks and the page reported no painted change in between. A
// page that never settles keeps its last image and says where, in which element and what kind of
// change kept happening; the `stability` check turns that into a finding.
import type { Page } from 'playwright-core';
import type { Box, StabilityResult } from '../core/artifacts.js';
import { flakeMap, Heat } from './flake.js';
import { calmNeeded, diffBox, gapAt, movedInShot, RASTER_NOISE_PX, takeShot, type ShotOptions } from './shots.js';
import { inPageScript } from './in-page/script.js';
import { motionCollectIn, motionStartIn } from './motion-watch.js';
import { paintsWhileIdle, stillBySignals } from './still-signals.js';
import { quietHold, quietRelease, quietReset, viewportSeen } from './in-page/quiet.js';

export { calmNeeded, diffBox, gapAt, PIXEL_FLOOR, RASTER_NOISE_PX, takeShot, type ShotOptions } from './shots.js';

type StabilityKind = NonNullable<StabilityResult['kind']>;
const union = (a: Box | null, b: Box): Box => {
  if (!a) return { ...b };
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/**
 * Stable means: `shots` consecutive shots (taken at the unequal gaps of gapAt) are equal outside
 * the masks AND the page reported no painted change between the first and the last of them
 * (mutations of rendered content, running animations or transitions, canvas drawing, playing
 * video). Any change starts a new window from the latest shot, until the timeout; a page still
 * changing then is unstable, with the last change's box, element and kind.
 */
export async function stableShot(page: Page, o: ShotOptions): Promise<ShotResult> {
  // each evidence task runs once, whichever proof runs it
  const done = new Set<number>();
  const once = (task: () => Promise<void>, i: number) => async () => { if (!done.has(i)) { done.add(i); await task(); } };
  const between = o.between?.map(once);
  const during = o.during && once(o.during, -1);
  o = { ...o, between, during };
  // a full-page shot's resize is held back from the page's scripts for as long as veval shoots
  // (in-page/quiet.ts); a viewport shot sends none
  if (!o.fullPage) return prove(page, o);
  await page.evaluate(inPageScript([viewportSeen], quietHold, null)).catch(() => {});
  try {
    return await prove(page, o);
  } finally {
    // a release that cannot run (the page busy past its frames, a context torn down) still ends the hold
    await page.evaluate(inPageScript([viewportSeen], quietRelease, null))
      .catch(() => page.evaluate(inPageScript([], quietReset, null)).catch(() => { /* the document is gone: nothing held */ }));
  }
}

/** The browser's paint signals first (one full-page image); where they saw anything, or there are
 *  none, the shots as before, saying why in `stillBy`. */
async function prove(page: Page, o: ShotOptions): Promise<ShotResult> {
  if (!o.check) {
    const t = Date.now();
    const png = await takeShot(page, o.fullPage);
    o.onShot?.();
    return { png, stability: { checked: false, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null }, shots: 1, firstShotMs: Date.now() - t, stillBy: 'not checked' };
  }
  const signals = o.proof === 'shots' ? { why: 'asked for' } : await withEvidence(page, o);
  if ('png' in signals) return { png: signals.png, stability: signals.stability, shots: 1, firstShotMs: signals.shotMs, stillBy: 'paint signals' };
  // the shots: what runs inside the signals' window runs after the first gap's task (if not run yet)
  const [first, ...rest] = o.between ?? [];
  const chained = o.during ? [async () => { await first?.(); await o.during!(); }, ...rest] : o.between;
  const shot = await shootUntilStable(page, { ...o, between: chained }, 'painted' in signals && !!signals.painted);
  const stillBy = `shots: ${signals.why}`;
  // the browser saw the viewport paint while veval did nothing, yet the shots agreed: they may
  // have fallen on the same phase of a change only pixels show. The browser is asked once more,
  // for the longer calm; a page still painting then is not still. (Masks in view: frames cannot
  // tell a masked clock from the page, so the shots decide.)
  if (shot.stability.stable && 'frames' in signals && signals.frames && !o.masks.length && !o.maskSelectors?.length) {
    const again = await paintsWhileIdle(page, calmNeeded([], o.interval, true).ms);
    if (again) return { ...shot, stillBy, stability: paintedVerdict(page, shot.stability, again) };
  }
  return { ...shot, stillBy };
}

/** The first evidence task (ARIA and structure snapshots, the CSS record) before the signals'
 *  calm window: inside it, it painted frames (measured on the bench pages: every unit then waited
 *  out the longer window); the rest (axe) runs in the gap after the one image. */
async function withEvidence(page: Page, o: ShotOptions) {
  await o.between?.[0]?.();
  return stillBySignals(page, o);
}

/** Unstable on the browser's word: where is the viewport (the signal sees the viewport, not where in it). */
function paintedVerdict(page: Page, agreed: StabilityResult, seen: { frames: number; ms: number }): StabilityResult {
  const vp = page.viewportSize() ?? { width: 0, height: 0 };
  const box = { x: 0, y: 0, width: vp.width, height: vp.height };
  const detail = `the browser painted ${seen.frames} frame${seen.frames > 1 ? 's' : ''} in ${seen.ms} ms with nothing shot, though ${agreed.shots ?? agreed.attempts} shots agreed`;
  return { ...agreed, stable: false, changedBox: box, changedSelector: null, kind: 'pixels', changes: [{ kind: 'pixels', selector: '', box, detail }] };
}

export type ShotResult = {
  png: Buffer; stability: StabilityResult; shots: number; flake?: Buffer;
  /** the first (or only) full-page screenshot's ms */
  firstShotMs: number;
  /** how stillness was proven: "paint signals", or "shots: <why the signals could not>", or "not checked" */
  stillBy: string;
};

async function shootUntilStable(page: Page, o: ShotOptions, paintedBefore = false): Promise<Omit<ShotResult, 'stillBy'>> {
  const t0 = Date.now();
  let png = await takeShot(page, o.fullPage);
  const firstShotMs = Date.now() - t0;
  o.onShot?.();
  const shots = Math.max(2, o.shots);
  const none: StabilityResult = { checked: true, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null };
  let deadline = Date.now() + o.timeout;
  let attempts = 1;
  let inWindow = 1; // shots in the current window (all equal so far)
  let calmSince = Date.now(); // when the current window started
  const breaks: number[] = []; // when each window broke (a change was seen)
  // the page reported a painted change of its own (not pixels alone), or the browser saw it paint
  // while veval did nothing (the paint signals' window)
  let painted = paintedBefore;
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
    const moved = movedInShot(page);
    // (named as a change of the page's: the offset the page had is not the one shot)
    if (moved) events.push({ kind: 'mutation' as const, selector: 'html', box: { x: 0, y: 0, width: 0, height: 0 }, detail: moved });
    png = next;
    if (!box && !events.length) {
      // a page that already changed again and again must hold still longer than it took between
      // those changes: a clock ticking each second or a carousel turning every few seconds
      // otherwise falls between the shots of a short window by luck
      const need = calmNeeded(breaks, o.interval, painted);
      const calm = Date.now() - calmSince;
      if (++inWindow >= shots && (calm >= need.ms || (Date.now() >= deadline && calm >= need.strict))) {
        // a page that settled after changing says what changed last (evidence for a flake under load)
        return { png, firstShotMs, stability: { ...none, attempts, shots: inWindow, ...(last ? { changes: last.changes } : {}) }, shots: attempts };
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
    png, firstShotMs, shots: attempts, ...(map.png ? { flake: map.png } : {}),
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

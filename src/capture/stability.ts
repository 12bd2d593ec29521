// Re-shoots until two consecutive screenshots match after blanking masks (compared as pixels,
// masks blanked for the comparison only). A page that never settles keeps its last image and
// says which area kept changing; the `stability` check turns that into a finding.
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { checkPixels } from '../parity/png.js';
import type { Box, StabilityResult } from '../core/artifacts.js';

export interface ShotOptions {
  fullPage: boolean; check: boolean; interval: number; timeout: number; masks: Box[]; dpr: number;
  /** read-only evidence gathering (axe, ARIA snapshot) run in the first interval instead of idling;
   *  the interval only ever gets longer, so the stability check is not weakened */
  between?: () => Promise<void>;
}

export const takeShot = (page: Page, fullPage: boolean) =>
  page.screenshot({ fullPage, animations: 'disabled', caret: 'hide', type: 'png', scale: 'device' });

/** Pixels that may flip between two screenshots of a page that did not change: Chromium re-rasters
 *  a scaled image or a text line under load (measured on the real corpus: 1 px of a Semantic UI
 *  homepage image flipped in 4 of 6 consecutive full-page shots of the static page). A page that
 *  changes (a clock, a counter, a spinner) changes far more. */
export const RASTER_NOISE_PX = 4;

/** Bounding box (device px) of pixels that differ outside the masks; null when equal or when no
 *  more than RASTER_NOISE_PX pixels differ. */
export function diffBox(a: Buffer, b: Buffer, masks: Box[], dpr: number): Box | null {
  if (a.equals(b)) return null;
  // a page can make its screenshot enormous: its size is checked before anything is decoded
  checkPixels(a); checkPixels(b);
  const pa = PNG.sync.read(a), pb = PNG.sync.read(b);
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
  for (let i = 0, p = 0; p < width * height; p++, i += 4) {
    if (masked[p]) continue;
    if (da[i] !== db[i] || da[i + 1] !== db[i + 1] || da[i + 2] !== db[i + 2] || da[i + 3] !== db[i + 3]) {
      changed++;
      const x = p % width, y = (p - x) / width;
      if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
    }
  }
  return changed <= RASTER_NOISE_PX ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

export async function stableShot(page: Page, o: ShotOptions): Promise<{ png: Buffer; stability: StabilityResult; shots: number }> {
  let png = await takeShot(page, o.fullPage);
  const none: StabilityResult = { checked: o.check, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null };
  if (!o.check) return { png, stability: none, shots: 1 };
  let deadline = Date.now() + o.timeout;
  let attempts = 1;
  let last: ReturnType<typeof diffBox> = null;
  for (;;) {
    const t = Date.now();
    if (o.between && attempts === 1) {
      await o.between();
      // evidence gathering (axe on a long page under load takes seconds) is not the page's time to
      // settle: without this a page still finishing its first paint got one comparison, and a
      // verdict of "never settled" (real corpus: the W3C APG pages)
      deadline += Date.now() - t;
    }
    const rest = o.interval - (Date.now() - t);
    if (rest > 0) await page.waitForTimeout(rest);
    const next = await takeShot(page, o.fullPage);
    attempts++;
    last = diffBox(png, next, o.masks, o.dpr);
    png = next;
    if (!last) return { png, stability: { ...none, attempts }, shots: attempts };
    // "never settled" rests on two comparisons at least: a long page's screenshot under load can
    // take the whole timeout, and one late change (a template fetched after load) is not unrest
    if (Date.now() >= deadline && attempts >= 3) break;
  }
  const d = o.dpr || 1;
  const changedBox = { x: last.x / d, y: last.y / d, width: last.width / d, height: last.height / d };
  return { png, shots: attempts, stability: { checked: true, stable: false, attempts, changedBox, changedRegion: null, changedSelector: null } };
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

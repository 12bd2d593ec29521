// The flake map of a capture that never settled: how often each pixel changed over the shots (a
// heat count per device pixel, filled while stableShot compares its shots), the hot areas (grid
// clusters of changed pixels), each mapped in the page to the element that paints it with the
// mask to add or the cause recognised (in-page/flake.ts), and the map itself as a small palette
// PNG laid over the capture in the HTML report.
import type { Page } from 'playwright-core';
import type { Box, StabilityResult } from '../../core/artifacts.js';
import { ClusterGrid } from '../../parity/store/clusters.js';
import { encodePalette } from '../../parity/store/png.js';
import * as dom from '../in-page/dom.js';
import * as inPageFlake from './in-page/flake.js';
import { inPageScript } from '../in-page/script.js';
import { STILL_BUDGETS } from './budgets.js';

export type Hot = NonNullable<StabilityResult['hot']>[number];

/** How often each device pixel changed between consecutive shots. */
export class Heat {
  width = 0;
  height = 0;
  /** shot pairs compared since the map (re)started */
  pairs = 0;
  counts = new Uint8Array(0);
  /** The counts for a differing pair of this size; a page that changed size starts a new map. */
  frame(width: number, height: number): Uint8Array {
    if (width !== this.width || height !== this.height) {
      this.width = width; this.height = height; this.counts = new Uint8Array(width * height); this.pairs = 1;
    }
    return this.counts;
  }
}

/** Hot areas kept (still/budgets.ts). */
export const MAX_HOT = STILL_BUDGETS.maxHot;

interface Area { box: Box; device: [number, number, number, number]; pixels: number; changes: number; samples: [number, number][] }

/** Clusters of changed pixels (largest first), each with its hottest pixels spread over a 3×3
 *  grid of its box as sample points for finding the painting element. `noise`: clusters of at
 *  most this many pixels are raster noise. */
export function hotAreas(h: Heat, dpr: number, noise: number): Area[] {
  const { width: w, height: ht, counts } = h;
  if (!w || !ht) return [];
  const grid = new ClusterGrid(w, ht);
  for (let p = 0; p < counts.length; p++) if (counts[p]) grid.add(p % w, (p / w) | 0);
  const d = dpr || 1;
  return grid.clusters().filter((c) => c.pixels > noise).slice(0, MAX_HOT).map((c) => {
    const [x0, y0, x1, y1] = c.device;
    let changes = 0;
    const found: [number, number, number][] = [];
    for (let gy = 0; gy < 3; gy++) for (let gx = 0; gx < 3; gx++) {
      const sx0 = x0 + Math.floor(((x1 - x0) * gx) / 3), sx1 = x0 + Math.floor(((x1 - x0) * (gx + 1)) / 3);
      const sy0 = y0 + Math.floor(((y1 - y0) * gy) / 3), sy1 = y0 + Math.floor(((y1 - y0) * (gy + 1)) / 3);
      let best = 0, bx = 0, by = 0;
      for (let y = sy0; y < sy1; y++) for (let x = sx0; x < sx1; x++) {
        const v = counts[y * w + x];
        if (v > best) { best = v; bx = x; by = y; }
      }
      if (best) { found.push([(bx + 0.5) / d, (by + 0.5) / d, best]); if (best > changes) changes = best; }
    }
    // the hottest first: the element there is the one named when the others disagree
    const samples = found.sort((a, b) => b[2] - a[2]).map(([sx, sy]) => [sx, sy] as [number, number]);
    const x = Math.floor(x0 / d), y = Math.floor(y0 / d);
    return { box: { x, y, width: Math.ceil(x1 / d) - x, height: Math.ceil(y1 / d) - y }, device: c.device, pixels: c.pixels, changes, samples };
  });
}

/** The map as a 4-bit palette PNG of the capture's size: transparent where nothing changed,
 *  yellow (changed once) to red (changed in every pair), the hot areas outlined in blue. */
export function heatPng(h: Heat, areas: Area[]): Buffer {
  const { width: w, height: ht, counts } = h;
  const stride = Math.ceil(w / 2) + 1;
  const raw = Buffer.alloc(stride * ht);
  const set = (x: number, y: number, code: number) => {
    const i = y * stride + 1 + (x >> 1), shift = x & 1 ? 0 : 4;
    raw[i] = (raw[i] & ~(15 << shift)) | (code << shift);
  };
  let max = 1;
  for (let p = 0; p < counts.length; p++) if (counts[p] > max) max = counts[p];
  for (let p = 0; p < counts.length; p++) {
    const c = counts[p];
    if (c) set(p % w, (p / w) | 0, max <= 1 ? 7 : 1 + Math.round((13 * (c - 1)) / (max - 1)));
  }
  for (const { device: [x0, y0, x1, y1] } of areas) {
    for (let x = x0; x < x1; x++) { set(x, y0, 15); set(x, y1 - 1, 15); }
    for (let y = y0; y < y1; y++) { set(x0, y, 15); set(x1 - 1, y, 15); }
  }
  const colors: [number, number, number, number][] = [[0, 0, 0, 0]];
  for (let i = 0; i < 14; i++) {
    const t = i / 13;
    colors.push([255 - Math.round(35 * t), Math.round(210 * (1 - t)), 0, 120 + Math.round(110 * t)]);
  }
  colors.push([21, 101, 192, 255]);
  return encodePalette(w, ht, 4, raw, colors);
}

const HELPERS: Function[] = ([...Object.values(dom), ...Object.values(inPageFlake)] as unknown[]).filter((v): v is Function => typeof v === 'function');
const union = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/**
 * The flake map of an unsettled page: its hot areas mapped to elements (one entry per element:
 * clusters painted by the same element are one area), then the painted changes of the last
 * window no shot pair showed; and the PNG (null when no two shots of one size differed).
 * `recent`: the elements the watch saw painting in the last window.
 */
export async function flakeMap(page: Page, heat: Heat, o: { dpr: number; full: boolean; noise: number; recent: string[] }): Promise<{ png: Buffer | null; pairs: number; hot: Hot[] }> {
  const areas = hotAreas(heat, o.dpr, o.noise);
  const els = (await page.evaluate(inPageScript(HELPERS, inPageFlake.flakeElements, { areas: areas.map((a) => ({ box: a.box, samples: a.samples })), full: o.full }))
    .catch(() => []) as inPageFlake.FlakeElement[]);
  const round = (b: Box): Box => ({ x: Math.round(b.x * 100) / 100, y: Math.round(b.y * 100) / 100, width: Math.round(b.width * 100) / 100, height: Math.round(b.height * 100) / 100 });
  const hot: Hot[] = [];
  const mapped = new Set<number>();
  for (const e of els) {
    const a = e.index >= 0 ? areas[e.index] : null;
    if (a) mapped.add(e.index);
    const entry: Hot = {
      box: round(a?.box ?? e.box), element: e.selector, elementBox: round(e.box), mask: e.mask, cause: e.cause,
      pixels: a?.pixels ?? 0, changes: a?.changes ?? 0, detail: e.detail,
      repeated: !a || a.changes >= 2 || o.recent.includes(e.selector) || e.cause !== null,
    };
    const same = hot.find((h) => h.element === entry.element);
    if (same) {
      same.box = union(same.box, entry.box); same.pixels += entry.pixels; same.changes = Math.max(same.changes, entry.changes);
      same.repeated ||= entry.repeated; same.cause ??= entry.cause;
    } else hot.push(entry);
  }
  // an area the page could not name (it was gone, or the page did not answer) is still shown
  areas.forEach((a, i) => {
    if (!mapped.has(i)) hot.push({ box: a.box, element: '', elementBox: null, mask: null, cause: null, pixels: a.pixels, changes: a.changes, detail: 'pixels changed', repeated: a.changes >= 2 });
  });
  hot.sort((a, b) => Number(b.repeated) - Number(a.repeated) || b.pixels - a.pixels);
  return { png: areas.length ? heatPng(heat, areas) : null, pairs: heat.pairs, hot: hot.slice(0, MAX_HOT) };
}

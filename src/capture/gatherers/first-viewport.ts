// What the first viewport of a capture paints: the evidence of the `renders` check. The DOM says
// whether any text, image or control is visible in it; only when none is are the pixels read,
// for the share that differs from the most common colour (the page background). A page whose
// bundle never ran has neither; a page drawn in a canvas or with CSS backgrounds has pixels.
import type { Page } from 'playwright-core';
import type { CaptureRecord } from '../../core/artifacts.js';
import { decodePng } from '../../parity/store/png.js';
import { inPageScript } from '../in-page/script.js';
import type { Gatherer } from '../gatherer.js';

type Paint = NonNullable<CaptureRecord['paint']>;

/** Counting stops here: the check needs "none" or "some". */
const ENOUGH = 20;
/** A pixel differs from the background when a channel differs by more than this (JPEG-like noise and anti-aliasing stay under). */
const CHANNEL_TOLERANCE = 16;

/** In the page: visible texts, loaded images/media and controls inside the viewport (at most `enough`). */
function viewportContent(enough: number): { content: number; examples: string[] } {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const inView = (r: DOMRect) => r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < vw && r.top < vh;
  const shown = (el: Element) => typeof (el as any).checkVisibility !== 'function' || (el as any).checkVisibility({ checkVisibilityCSS: true, checkOpacity: true });
  const examples: string[] = [];
  let content = 0;
  const walker = document.createTreeWalker(document.body ?? document.documentElement, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n && content < enough; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent?.trim() || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(el.tagName)) continue;
    range.selectNodeContents(n);
    if (![...range.getClientRects()].some(inView) || !shown(el)) continue;
    content++;
    if (examples.length < 3) examples.push(`text "${n.textContent.trim().slice(0, 40)}"`);
  }
  for (const el of document.querySelectorAll('img, svg, canvas, video, iframe, embed, object, input:not([type=hidden]), button, select, textarea')) {
    if (content >= enough) break;
    if (el instanceof HTMLImageElement && !(el.complete && el.naturalWidth > 0)) continue;
    if (!inView(el.getBoundingClientRect()) || !shown(el)) continue;
    content++;
    if (examples.length < 3) examples.push(el.tagName.toLowerCase());
  }
  return { content, examples };
}

/** The first viewport's paint: call after the screenshot (`png`), with the page where it was taken. */
export async function measurePaint(page: Page, png: Buffer, viewport: { height: number; deviceScaleFactor?: number }): Promise<Paint> {
  const dom = await page.evaluate(inPageScript([], viewportContent, ENOUGH)) as { content: number; examples: string[] };
  if (dom.content > 0) return { ...dom, ink: null, background: null };
  const img = decodePng(png);
  const rows = Math.min(img.height, Math.round(viewport.height * (viewport.deviceScaleFactor ?? 1)));
  const ch = img.data.length / (img.width * img.height);
  const n = img.width * rows;
  // the most common colour of the first viewport is its background
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const o = i * ch;
    const key = (img.data[o] << 16) | (img.data[o + 1] << 8) | img.data[o + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let bg = 0, most = -1;
  for (const [k, c] of counts) if (c > most) { most = c; bg = k; }
  const [r, g, b] = [bg >> 16, (bg >> 8) & 255, bg & 255];
  let differ = 0;
  for (let i = 0; i < n; i++) {
    const o = i * ch;
    if (Math.abs(img.data[o] - r) > CHANNEL_TOLERANCE || Math.abs(img.data[o + 1] - g) > CHANNEL_TOLERANCE || Math.abs(img.data[o + 2] - b) > CHANNEL_TOLERANCE) differ++;
  }
  return { ...dom, ink: n ? differ / n : 0, background: `#${bg.toString(16).padStart(6, '0')}` };
}

export const gatherer: Gatherer = {
  meta: { id: 'first-viewport', version: 1, what: 'what the first viewport of the kept image paints (record.paint, the renders check)', paints: false, fields: ['paint'] },
  slots: { 'after-shot': async ({ page, png, viewport }) => ({ record: { paint: await measurePaint(page, png!, viewport) } }) },
};

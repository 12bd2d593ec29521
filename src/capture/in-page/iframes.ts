// In-page: frames (iframe / frame elements) as seen from the document that holds them. Plain
// functions, bundled by inPageScript with the other in-page helpers; each runs in one document.
import type { Box } from '../../core/artifacts.js';
import { docBox, queryAll, r2, scrollPage } from './dom.js';
import { inkBox } from './layout.js';
import { clickHost } from './ghosts.js';

/** A frame element as its parent document sees it: where its content shows, or why it cannot be looked into. */
export type FrameProbe =
  | { problem: null; content: Box; inset: { x: number; y: number }; scroll: { x: number; y: number } }
  | { problem: 'missing' | 'not-a-frame' | 'cross-origin'; tag?: string; origin?: string | null; page?: string };

/**
 * Whether this document may look into the frame (same origin: its contentDocument is readable;
 * a cross-origin or sandboxed one answers null), and where its content box lies: in document
 * coordinates, and its offset inside the element's border box (border and padding).
 */
export function frameAt(arg: { selector: string }): FrameProbe {
  const el = queryAll(document, arg.selector)[0];
  if (!el) return { problem: 'missing' };
  if (!(el instanceof HTMLIFrameElement || el instanceof HTMLFrameElement)) return { problem: 'not-a-frame', tag: el.tagName.toLowerCase() };
  let inner: Document | null = null;
  try { inner = el.contentDocument; } catch { inner = null; }
  if (!inner || !inner.defaultView) {
    let origin: string | null = null;
    try { const src = el.getAttribute('src'); origin = src ? new URL(src, document.baseURI).origin : null; } catch { origin = null; }
    return { problem: 'cross-origin', origin: origin && origin !== 'null' ? origin : null, page: location.origin };
  }
  const b = docBox(el);
  const cs = getComputedStyle(el);
  const pl = parseFloat(cs.paddingLeft) || 0, pt = parseFloat(cs.paddingTop) || 0, pr = parseFloat(cs.paddingRight) || 0, pb = parseFloat(cs.paddingBottom) || 0;
  const inset = { x: r2(el.clientLeft + pl), y: r2(el.clientTop + pt) };
  return {
    problem: null,
    content: { x: r2(b.x + inset.x), y: r2(b.y + inset.y), width: r2(Math.max(0, el.clientWidth - pl - pr)), height: r2(Math.max(0, el.clientHeight - pt - pb)) },
    inset, scroll: { x: inner.defaultView.scrollX, y: inner.defaultView.scrollY },
  };
}

/** Boxes (document coordinates of this frame's document) of the elements a region or mask selector matches. */
export function boxesOf(arg: { selector: string; ink: boolean }): { count: number; boxes: Box[]; ink: Box | null } {
  const els = queryAll(document, arg.selector);
  return { count: els.length, boxes: els.map(docBox), ink: arg.ink && els[0] ? inkBox(els[0]) : null };
}

/**
 * Scrolls this document (a frame's) so the element — or the part of it, element-local — lies in
 * its viewport as far as it can, and answers that area in viewport coordinates, cut to the
 * viewport (null when none of it shows), the scroll position to go back to, and whether the
 * element is something to click.
 */
export function showIn(arg: { selector: string; part: Box | null }): { area: Box | null; was: { x: number; y: number }; clicks: boolean } {
  const was = { x: window.scrollX, y: window.scrollY };
  const el = queryAll(document, arg.selector)[0];
  if (!el) return { area: null, was, clicks: false };
  const clicks = !!clickHost(el);
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const rect = () => {
    const r = el.getBoundingClientRect();
    return arg.part ? { left: r.left + arg.part.x, top: r.top + arg.part.y, width: arg.part.width, height: arg.part.height } : r;
  };
  let r = rect();
  const into = (start: number, size: number, view: number, at: number) => start >= 0 && start + size <= view ? at : at + start - Math.max(0, (view - size) / 2);
  if (r.top < 0 || r.top + r.height > vh || r.left < 0 || r.left + r.width > vw) {
    scrollPage(Math.max(0, into(r.top, r.height, vh, window.scrollY)), Math.max(0, into(r.left, r.width, vw, window.scrollX)));
    r = rect();
  }
  const x0 = Math.max(0, r.left), y0 = Math.max(0, r.top), x1 = Math.min(vw, r.left + r.width), y1 = Math.min(vh, r.top + r.height);
  return { area: x1 - x0 > 0 && y1 - y0 > 0 ? { x: r2(x0), y: r2(y0), width: r2(x1 - x0), height: r2(y1 - y0) } : null, was, clicks };
}

/**
 * For a pixel comparison inside a frame: scrolls this document so the area (viewport coordinates of
 * the frame `selector` names) shows in this document's viewport, and answers it in this document's
 * viewport coordinates.
 */
export function placeThrough(arg: { selector: string; clip: Box }): Box | null {
  const el = queryAll(document, arg.selector)[0];
  const probe = frameAt(arg);
  if (!el || probe.problem) return null;
  const vh = document.documentElement.clientHeight;
  const top = probe.content.y + arg.clip.y; // document coordinates
  if (top - window.scrollY < 0 || top + arg.clip.height - window.scrollY > vh) scrollPage(Math.max(0, top - Math.max(0, (vh - arg.clip.height) / 2)), window.scrollX);
  return { x: probe.content.x + arg.clip.x - window.scrollX, y: probe.content.y + arg.clip.y - window.scrollY, width: arg.clip.width, height: arg.clip.height };
}

/** Scrolls this document back to where it was. */
export function scrollBack(arg: { x: number; y: number }): void {
  scrollPage(arg.y, arg.x);
}

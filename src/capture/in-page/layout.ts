// In-page: horizontal overflow offenders and clipped text (plain functions, run in the browser).
import { docBox, r2, selectorOf } from './dom.js';

/**
 * Elements whose right edge passes the viewport width: the outermost ones only, and none inside
 * an ancestor that contains its overflow (hidden/clip/auto/scroll) — that ancestor is the one to
 * name if it sticks out itself. Fixed boxes do not widen the page and are skipped.
 */
export function overflowOffenders(vw: number): { selector: string; box: ReturnType<typeof docBox>; overflowPx: number }[] {
  const out: { selector: string; box: ReturnType<typeof docBox>; overflowPx: number }[] = [];
  const visit = (el: Element) => {
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE)$/.test(el.tagName) || out.length >= 50) return;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.position === 'fixed') return;
    const r = el.getBoundingClientRect();
    const right = r.right + window.scrollX;
    if (r.width > 0 && r.height > 0 && right > vw + 0.5 && s.visibility !== 'hidden') {
      out.push({ selector: selectorOf(el), box: docBox(el), overflowPx: r2(right - vw) });
      return;
    }
    if (s.overflowX !== 'visible') return;
    for (const c of Array.from(el.children)) visit(c);
  };
  for (const c of Array.from(document.body.children)) visit(c);
  return out;
}

/**
 * Text cut off by its box: an element with overflow hidden/clip (or text-overflow: ellipsis, or
 * -webkit-line-clamp) whose text runs past its padding box. Measured on the text itself (Range
 * rects), so a clipped image is not reported as clipped text.
 */
export function clippedTexts(): { selector: string; box: ReturnType<typeof docBox>; text: string; axis: 'x' | 'y'; hiddenPx: number; ellipsis: boolean }[] {
  const out: { selector: string; box: ReturnType<typeof docBox>; text: string; axis: 'x' | 'y'; hiddenPx: number; ellipsis: boolean }[] = [];
  const all = document.body.querySelectorAll('*');
  for (const el of Array.from(all)) {
    if (out.length >= 100) break;
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE)$/.test(el.tagName)) continue;
    const s = getComputedStyle(el);
    const clipX = s.overflowX === 'hidden' || s.overflowX === 'clip';
    const clipY = s.overflowY === 'hidden' || s.overflowY === 'clip';
    const ellipsis = s.textOverflow === 'ellipsis' || (s as any).webkitLineClamp !== 'none' && !!(s as any).webkitLineClamp;
    if (!clipX && !clipY) continue;
    if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    if (!text || el.clientWidth === 0 || el.clientHeight === 0) continue;
    const r = el.getBoundingClientRect();
    const pad = { left: r.left + el.clientLeft, top: r.top + el.clientTop, right: r.left + el.clientLeft + el.clientWidth, bottom: r.top + el.clientTop + el.clientHeight };
    let hx = 0, hy = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent || !n.textContent.trim()) continue;
      range.selectNodeContents(n);
      for (const tr of Array.from(range.getClientRects())) {
        if (tr.width === 0 || tr.height === 0) continue;
        if (clipX) hx = Math.max(hx, tr.right - pad.right, pad.left - tr.left);
        if (clipY) hy = Math.max(hy, tr.bottom - pad.bottom, pad.top - tr.top);
      }
    }
    if (hx <= 1 && hy <= 1) continue;
    const axis = hx >= hy ? 'x' : 'y';
    out.push({ selector: selectorOf(el), box: docBox(el), text: text.slice(0, 500), axis, hiddenPx: Math.round(Math.max(hx, hy)), ellipsis });
  }
  return out;
}

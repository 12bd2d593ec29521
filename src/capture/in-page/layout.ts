// In-page: horizontal overflow offenders and clipped text (plain functions, run in the browser).
import type { Box } from '../../core/artifacts.js';
import { docBox, r2, selectorOf } from './dom.js';
import { closedPanel, scrollOnHoverRules, scrollsWhenPointed } from './reach.js';

/**
 * Elements whose right edge passes the viewport width: the outermost ones only, and none inside
 * an ancestor that contains its overflow (hidden/clip/auto/scroll) — that ancestor is the one to
 * name if it sticks out itself. Fixed boxes do not widen the page and are skipped.
 */
export function overflowOffenders(vw: number): { selector: string; box: ReturnType<typeof docBox>; overflowPx: number; edge?: 'left' }[] {
  const out: { selector: string; box: ReturnType<typeof docBox>; overflowPx: number; edge?: 'left' }[] = [];
  // a right-to-left page scrolls, and so overflows, to the left
  const rtl = getComputedStyle(document.scrollingElement || document.documentElement).direction === 'rtl';
  const visit = (el: Element) => {
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE)$/.test(el.tagName) || out.length >= 50) return;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.position === 'fixed') return;
    const r = el.getBoundingClientRect();
    const right = r.right + window.scrollX, left = r.left + window.scrollX;
    const past = rtl ? -left : right - vw;
    if (r.width > 0 && r.height > 0 && past > 0.5 && s.visibility !== 'hidden') {
      out.push({ selector: selectorOf(el), box: docBox(el), overflowPx: r2(past), ...(rtl ? { edge: 'left' as const } : {}) });
      return;
    }
    if (s.overflowX !== 'visible') return;
    for (const c of Array.from(el.children)) visit(c);
  };
  for (const c of Array.from(document.body.children)) visit(c);
  // no box sticks out, yet the page is wider: then text does (an unbreakable word running out of
  // its card); name the element holding it
  if (!out.length) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const named = new Set<Element>();
    for (let n = walker.nextNode(); n && out.length < 50; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || named.has(el) || !(n.textContent || '').trim() || getComputedStyle(el).position === 'fixed') continue;
      range.selectNodeContents(n);
      let past = 0;
      for (const tr of Array.from(range.getClientRects())) past = Math.max(past, rtl ? -(tr.left + window.scrollX) : tr.right + window.scrollX - vw);
      if (past > 0.5) { named.add(el); out.push({ selector: selectorOf(el), box: docBox(el), overflowPx: r2(past), ...(rtl ? { edge: 'left' as const } : {}) }); }
    }
  }
  return out;
}

/** A text run cut off by a box (see clippedTexts). `clippedBy`: the ancestor whose edge cuts it
 *  when that is not the element holding it (a toolbar cutting its last button's label). */
export type CutText = { selector: string; box: ReturnType<typeof docBox>; text: string; axis: 'x' | 'y'; hiddenPx: number; ellipsis: boolean; spill?: boolean; clippedBy?: string };

/**
 * Text cut off by its box: an element with overflow hidden/clip (or text-overflow: ellipsis, or
 * -webkit-line-clamp) whose text runs past its padding box. Measured on the text itself (Range
 * rects), so a clipped image is not reported as clipped text. Not cut off: a box a user can
 * scroll once pointing at it (reach.ts), and one inside a closed off-canvas panel (not shown).
 * The label of a control the box cuts (a button in a one-line toolbar) is reported on its own,
 * naming the box.
 */
export function clippedTexts(page: { left: number; right: number }): CutText[] {
  const out: CutText[] = [];
  const pointScroll = scrollOnHoverRules();
  const all = document.body.querySelectorAll('*');
  for (const el of Array.from(all)) {
    if (out.length >= 100) break;
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE)$/.test(el.tagName)) continue;
    const s = getComputedStyle(el);
    // buttons clip their content whatever overflow says (Chromium's control clip)
    const control = el.tagName === 'BUTTON';
    const cuts = (v: string, axis: 'x' | 'y') => v === 'clip' || (v === 'hidden' && !scrollsWhenPointed(el, axis, pointScroll));
    const clipX = control || cuts(s.overflowX, 'x');
    const clipY = control || cuts(s.overflowY, 'y');
    const ellipsis = s.textOverflow === 'ellipsis' || (s as any).webkitLineClamp !== 'none' && !!(s as any).webkitLineClamp;
    if (!clipX && !clipY) continue;
    if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    // 1 px boxes and rect(0 0 0 0) clips are the visually-hidden idiom (skip links, screen-reader labels)
    if (!text || el.clientWidth <= 1 || el.clientHeight <= 1 || visuallyHidden(s) || closedPanel(el, page)) continue;
    const r = el.getBoundingClientRect();
    const pad = { left: r.left + el.clientLeft, top: r.top + el.clientTop, right: r.left + el.clientLeft + el.clientWidth, bottom: r.top + el.clientTop + el.clientHeight };
    let hx = 0, hy = 0;
    const cut: string[] = [];
    // labels of the controls inside the box that its edge runs through: one entry per control
    const controls = new Map<Element, { hx: number; hy: number; text: string[] }>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const here = n.textContent && n.textContent.trim() ? clippedHere(n, el) : false;
      if (!here) continue;
      range.selectNodeContents(n);
      // text lying wholly outside the box is kept out of view (a carousel's other slides, a
      // collapsed panel); text the edge runs through is what reads as cut off
      const rects = Array.from(range.getClientRects()).filter((tr) => tr.width > 0 && tr.height > 0);
      const seen = rects.some((tr) => tr.right > pad.left + 1 && tr.left < pad.right - 1 && tr.bottom > pad.top + 1 && tr.top < pad.bottom - 1);
      if (!seen) continue;
      let px = 0, py = 0;
      for (const tr of rects) {
        if (clipX) px = Math.max(px, tr.right - pad.right, pad.left - tr.left);
        if (clipY) py = Math.max(py, tr.bottom - pad.bottom, pad.top - tr.top);
      }
      const t = n.textContent!.replace(/\s+/g, ' ').trim();
      if (here !== true) {
        if (Math.max(px, py) <= 1) continue;
        const c = controls.get(here) ?? { hx: 0, hy: 0, text: [] };
        controls.set(here, { hx: Math.max(c.hx, px), hy: Math.max(c.hy, py), text: c.text.concat(t) });
        continue;
      }
      hx = Math.max(hx, px); hy = Math.max(hy, py);
      if (Math.max(px, py) > 1) cut.push(t);
    }
    for (const [c, f] of controls) {
      out.push({ selector: selectorOf(c), box: docBox(c), text: f.text.join(' ').slice(0, 500), axis: f.hx >= f.hy ? 'x' : 'y', hiddenPx: Math.round(Math.max(f.hx, f.hy)), ellipsis, clippedBy: selectorOf(el) });
    }
    if (hx <= 1 && hy <= 1) continue;
    const axis = hx >= hy ? 'x' : 'y';
    // the text that is cut, not everything the clipping box holds
    out.push({ selector: selectorOf(el), box: docBox(el), text: (cut.length ? cut.join(' ') : text).slice(0, 500), axis, hiddenPx: Math.round(Math.max(hx, hy)), ellipsis });
  }
  return out.concat(spilledTexts(100 - out.length, page));
}

/** Paints a box a reader sees text against: an opaque-enough background, a background image or a
 *  visible border — drawn as a border, or as a box-shadow ring (no offset, no blur, a spread of
 *  1 px or more: Semantic UI's basic and inverted buttons draw their border so). */
export function paintsBox(s: CSSStyleDeclaration): boolean {
  if (colourAlpha(s.backgroundColor) >= 0.5 || s.backgroundImage !== 'none') return true;
  const ring = s.boxShadow !== 'none' && s.boxShadow.split(/,(?![^(]*\))/).some((layer) => {
    const colour = /(rgba?|hsla?)\([^)]*\)/.exec(layer)?.[0] ?? 'rgb(0, 0, 0)';
    const [x, y, blur, spread] = layer.replace(colour, '').match(/-?[\d.]+px/g)?.map(parseFloat) ?? [];
    return x === 0 && y === 0 && blur === 0 && (spread ?? 0) >= 1 && colourAlpha(colour) > 0;
  });
  return ring || ['top', 'right', 'bottom', 'left'].some((d) => parseFloat(s.getPropertyValue('border-' + d + '-width')) >= 1
    && !/^(none|hidden)$/.test(s.getPropertyValue('border-' + d + '-style')) && colourAlpha(s.getPropertyValue('border-' + d + '-color')) > 0);
}

/**
 * The box an element's text is seen against: the nearest ancestor-or-self that paints one (see
 * paintsBox), or null when the text is not this check's to judge on the way there — hidden (or
 * faded out), inside
 * a box that clips or scrolls it (measured as clipped text, or reachable by scrolling), inside a
 * button (browsers clip its content), or positioned or transformed partly outside it on purpose (a
 * badge on a card's corner; one positioned wholly inside it is judged against it). Body and html are the page, whose overflow is the overflow check's.
 */
export function paintedBoxOf(el: Element, memo: Map<Element, Element | null>): Element | null {
  if (memo.has(el)) return memo.get(el)!;
  let res: Element | null = null;
  const s = getComputedStyle(el);
  const inline = s.display === 'inline' || s.display === 'contents';
  if (el !== document.body && el !== document.documentElement && s.visibility === 'visible' && parseFloat(s.opacity) > 0 && !visuallyHidden(s) && s.overflowX === 'visible' && el.tagName !== 'BUTTON'
    && !el.matches('[aria-hidden="true"], [inert]')) {
    const up = () => (el.parentElement ? paintedBoxOf(el.parentElement, memo) : null);
    if (paintsBox(s) && !inline) res = el;
    else if ((s.position !== 'absolute' && s.position !== 'fixed' && s.transform === 'none') || inline) res = up();
    else {
      // positioned inside the box it is seen against (a caption laid over its card: mdn-can-store's
      // product names) is judged against it; one set partly outside (a badge on a corner) is not
      const box = up(), r = el.getBoundingClientRect(), b = box?.getBoundingClientRect();
      if (b && r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1) res = box;
    }
  }
  memo.set(el, res);
  return res;
}

/**
 * Text running out of the box it is seen against although nothing clips it: a label leaving its
 * link-styled button, an unbreakable promo code pushed out of its cart row into the next column.
 * Per element holding the text, sideways, only text that starts inside the box (text lying wholly
 * outside it was put there); named with the box it leaves when that is an ancestor. Only what lies
 * within `page` counts (viewport x range a user can reach at scroll 0): past it, a viewport locked
 * with overflow-x: hidden cuts the text, which is what required-visible and overflow judge.
 */
export function spilledTexts(limit: number, page: { left: number; right: number }): { selector: string; box: ReturnType<typeof docBox>; text: string; axis: 'x'; hiddenPx: number; ellipsis: false; spill: true; within?: string }[] {
  const found = new Map<Element, { box: Element; past: number; text: string[] }>();
  const memo = new Map<Element, Element | null>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n && found.size < limit; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || !(n.textContent || '').trim() || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TITLE)$/.test(p.tagName)) continue;
    const box = paintedBoxOf(p, memo);
    if (!box) continue;
    const b = box.getBoundingClientRect();
    if (!(b.width > 1 && b.height > 1)) continue;
    range.selectNodeContents(n);
    const rects = Array.from(range.getClientRects()).filter((tr) => tr.width > 0 && tr.height > 0 && tr.bottom > b.top + 1 && tr.top < b.bottom - 1);
    if (!rects.some((tr) => tr.right > b.left + 1 && tr.left < b.right - 1)) continue;
    const past = Math.max(0, ...rects.map((tr) => Math.max(Math.min(tr.right, page.right) - b.right, b.left - Math.max(tr.left, page.left))));
    if (past <= 1) continue;
    const f = found.get(p) ?? { box, past: 0, text: [] };
    f.past = Math.max(f.past, past);
    f.text.push((n.textContent || '').replace(/\s+/g, ' ').trim());
    found.set(p, f);
  }
  return [...found].map(([el, f]) => ({
    selector: selectorOf(el), box: docBox(el), text: f.text.join(' ').slice(0, 500), axis: 'x' as const, hiddenPx: Math.round(f.past), ellipsis: false as const, spill: true as const,
    ...(f.box !== el ? { within: selectorOf(f.box) } : {}),
  }));
}

/**
 * Whether a text node's overflow is this clipper's business: not when it is hidden anyway
 * (visibility, aria-hidden/inert, a carousel's other slides, the visually-hidden idiom) or sits
 * inside a nearer container that scrolls or clips
 * it (a table in a scrolling wrapper inside a card; that container is measured on its own).
 * Inside a button whose label fits it: that button (the label is reported as the button's).
 */
export function clippedHere(text: Node, clipper: Element): boolean | Element {
  const parent = text.parentElement;
  if (!parent || getComputedStyle(parent).visibility !== 'visible') return false;
  // slides a carousel keeps out of view on purpose (marked hidden from assistive tech, or inside a
  // declared carousel) are not cut-off text
  if (parent.closest('[aria-hidden="true"], [inert]') || clipper.closest('[aria-roledescription*="carousel" i], [aria-roledescription*="slide" i]')) return false;
  let control: Element | null = null;
  for (let a: Element | null = parent; a && a !== clipper; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (visuallyHidden(s) || s.overflowX !== 'visible' || s.overflowY !== 'visible') return false;
    // a button clips its own content (measured as its own clipper); a label that fits in its
    // button is this box's to cut, named by the button
    if (a.tagName === 'BUTTON') {
      if (a.scrollWidth > a.clientWidth + 1 || a.scrollHeight > a.clientHeight + 1) return false;
      control = a;
    }
  }
  return control ?? true;
}

/** The screen-reader-only idiom: clipped to nothing with clip or clip-path. */
export function visuallyHidden(s: CSSStyleDeclaration): boolean {
  if (/^rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)$/.test(s.clip)) return true;
  return /^inset\(\s*(50|100)%/.test(s.clipPath);
}

/** Alpha of a computed CSS colour (rgb/rgba/color() forms); 'transparent' is 0. */
export function colourAlpha(c: string): number {
  if (c === 'transparent') return 0;
  const m = /\(([^)]*)\)/.exec(c);
  if (!m) return 1;
  const slash = m[1].split('/');
  if (slash.length > 1) return parseFloat(slash[1]);
  const parts = m[1].split(',');
  return parts.length > 3 ? parseFloat(parts[3]) : 1;
}

/** Whether an element draws something of its own: a background, border, shadow, or replaced content. */
export function paintsItself(el: Element, cs: CSSStyleDeclaration): boolean {
  if (/^(img|svg|video|canvas|iframe|input|select|textarea|button|hr|progress|meter|object|embed|picture)$/i.test(el.tagName)) return true;
  if (colourAlpha(cs.backgroundColor) > 0 || cs.backgroundImage !== 'none' || cs.boxShadow !== 'none') return true;
  for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
    const st = cs.getPropertyValue('border-' + side.toLowerCase() + '-style');
    if (parseFloat(cs.getPropertyValue('border-' + side.toLowerCase() + '-width')) > 0 && st !== 'none' && st !== 'hidden' && colourAlpha(cs.getPropertyValue('border-' + side.toLowerCase() + '-color')) > 0) return true;
  }
  return false;
}

/**
 * What a region visibly occupies, in document coordinates: its own box when it paints one
 * (a card), else the union of its visible text and of the descendants that paint. Spacing is seen
 * between these, not between invisible boxes (full-width sections with inner padding touch as
 * boxes yet sit far apart on screen). Null when nothing paints; the box itself when the subtree is
 * too large to walk.
 */
export function inkBox(root: Element): Box | null {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, budget = 5000;
  const add = (r: DOMRect) => {
    if (!(r.width > 0 && r.height > 0)) return;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
  };
  const walk = (el: Element): boolean => {
    if (--budget < 0) return false;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || parseFloat(cs.opacity) === 0) return true;
    if (cs.visibility === 'visible' && paintsItself(el, cs)) add(el.getBoundingClientRect());
    const kids = el.shadowRoot ? [...Array.from(el.shadowRoot.childNodes), ...Array.from(el.childNodes)] : Array.from(el.childNodes);
    for (const n of kids) {
      if (n.nodeType === Node.TEXT_NODE) {
        if (cs.visibility !== 'visible' || !(n.textContent || '').trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        add(range.getBoundingClientRect());
      } else if (n.nodeType === Node.ELEMENT_NODE && !walk(n as Element)) return false;
    }
    return true;
  };
  if (!walk(root)) return docBox(root);
  if (x0 === Infinity) return null;
  // what the region clips away is not seen
  const rs = getComputedStyle(root), rb = root.getBoundingClientRect();
  if (rs.overflowX !== 'visible') { x0 = Math.max(x0, rb.left); x1 = Math.min(x1, rb.right); }
  if (rs.overflowY !== 'visible') { y0 = Math.max(y0, rb.top); y1 = Math.min(y1, rb.bottom); }
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: r2(x0 + window.scrollX), y: r2(y0 + window.scrollY), width: r2(x1 - x0), height: r2(y1 - y0) };
}

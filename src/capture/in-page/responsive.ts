// In-page, for the width sweep (capture/sweep/): where the layout can change (the widths the
// page's own media and container queries name) and the geometric faults a responsive layout shows
// at one width: siblings that collide and elements that stick out of their container. Plain
// functions, run in the browser with dom.ts and layout.ts.
import { r2, selectorOf } from './dom.js';
import { inkBox, paintsBox } from './layout.js';
import { measure, type MeasureArg } from './measure.js';

/**
 * The widths at which a width query of the page's style sheets flips: `min-width: 768px` flips
 * between 767 and 768, `max-width: 767.98px` between 767 and 768, range syntax (`width >= 40em`)
 * alike; `@container` queries too (their container is narrower than the viewport, so they are
 * a hint, not a width). Sheets veval cannot read (another origin) are counted in `unread`.
 */
export function queryBreakpoints(): { widths: number[]; unread: number } {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const px = (n: number, unit: string) => (unit === 'em' || unit === 'rem' ? n * rem : n);
  const out = new Set<number>();
  let unread = 0;
  const fromText = (text: string) => {
    // min-width: a → flips at a; max-width: b → last width b (flips at b+1)
    for (const m of text.matchAll(/(min|max)-width\s*:\s*([\d.]+)(px|em|rem)/g)) {
      const v = px(parseFloat(m[2]), m[3]);
      out.add(m[1] === 'min' ? Math.ceil(v) : Math.floor(v) + 1);
    }
    // range syntax: width >= a and a <= width flip at a; width > a flips at a+1; width < b at b
    for (const m of text.matchAll(/width\s*(>=|>|<=|<)\s*([\d.]+)(px|em|rem)/g)) {
      const v = px(parseFloat(m[2]), m[3]);
      out.add(m[1] === '>=' || m[1] === '<' ? Math.ceil(v) : Math.floor(v) + 1);
    }
    for (const m of text.matchAll(/([\d.]+)(px|em|rem)\s*(>=|>|<=|<)\s*width/g)) {
      const v = px(parseFloat(m[1]), m[2]);
      out.add(m[3] === '<=' || m[3] === '>' ? Math.ceil(v) : Math.floor(v) + 1);
    }
  };
  const walk = (rules: CSSRuleList) => {
    for (const r of Array.from(rules)) {
      if (r instanceof CSSMediaRule) fromText(r.conditionText ?? r.media.mediaText);
      else if (typeof CSSContainerRule !== 'undefined' && r instanceof CSSContainerRule) fromText((r as any).containerQuery ?? r.conditionText);
      else if (r instanceof CSSImportRule && r.media?.mediaText) fromText(r.media.mediaText);
      if (r instanceof CSSImportRule) { try { if (r.styleSheet) walk(r.styleSheet.cssRules); } catch { unread++; } }
      else if ('cssRules' in r && (r as CSSGroupingRule).cssRules) walk((r as CSSGroupingRule).cssRules);
    }
  };
  const sheets = [...Array.from(document.styleSheets), ...(document.adoptedStyleSheets ?? [])];
  for (const s of sheets) {
    if (s.media?.mediaText) fromText(s.media.mediaText);
    try { walk(s.cssRules); } catch { unread++; }
  }
  for (const el of Array.from(document.querySelectorAll('link[media], style[media], source[media]'))) fromText(el.getAttribute('media') || '');
  return { widths: [...out].filter((w) => w > 0 && Number.isFinite(w)).sort((a, b) => a - b), unread };
}

/** Whether an element is laid out and seen: displayed, visible, not faded out, with a size. */
export function shown(el: Element, s: CSSStyleDeclaration, r: DOMRect): boolean {
  return s.display !== 'none' && s.display !== 'contents' && s.visibility === 'visible' && parseFloat(s.opacity) > 0 && r.width >= 1 && r.height >= 1;
}

/**
 * The responsive layout faults at the current width, between elements of the flow:
 * collisions — two elements of sibling subtrees whose boxes intersect by more than 1 px each way
 * and whose ink (what they visibly paint: text, images, backgrounds; a block beside a float spans
 * under it without painting there) intersects too: siblings, and where two siblings' boxes do not
 * meet but what overflows one of them reaches the other (a form's button pushed out of its column
 * into the next; a float out of a zero-height bar onto the logo below), the outermost pair of their
 * descendants that collide (cousins); protrusions — an element sticking out by more than 1 px of
 * the nearest ancestor that paints a box (background or border: the container a user sees), where
 * no ancestor clips it; only the outermost element out of that container is named; offscreen — an
 * element partly past a viewport edge no scrolling reaches: the left edge (the right on a
 * right-to-left page), or the right edge when the page hides its horizontal overflow (overflow-x:
 * hidden on html or body: the page never scrolls, the content is simply lost).
 * Positioned-out (absolute, fixed, sticky) and transformed elements are placed on purpose and
 * skipped, as are invisible ones and what a clipping or scrolling ancestor cuts. Whether a pair is
 * a fault at all is decided over the sweep (capture/sweep/ranges.ts): one that holds at every width
 * is the design.
 */
export function layoutFaults(arg: { limit: number }) {
  type Rect = { left: number; right: number; top: number; bottom: number };
  const collisions: { a: string; b: string; w: number; h: number }[] = [];
  const protrusions: { selector: string; parent: string; px: number; side: string }[] = [];
  const offscreen: { selector: string; px: number; side: string }[] = [];
  const SKIP = /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE|BR|WBR|OPTION|svg|path|g)$/;
  const info = new Map<Element, { s: CSSStyleDeclaration; r: DOMRect; ok: boolean; flow: boolean }>();
  const of = (el: Element) => {
    let v = info.get(el);
    if (!v) {
      const s = getComputedStyle(el), r = el.getBoundingClientRect();
      // transformed boxes are moved on purpose (carousels, off-canvas menus); positioned ones are
      // compared with their siblings (a fixed bar that grows over the content at one width) but are
      // never "out of" a container they were placed against
      v = { s, r, ok: shown(el, s, r) && s.transform === 'none', flow: s.position !== 'absolute' && s.position !== 'fixed' && s.position !== 'sticky' };
      info.set(el, v);
    }
    return v;
  };
  const cut = (a: Rect, b: Rect) => ({ w: Math.min(a.right, b.right) - Math.max(a.left, b.left), h: Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) });
  const meet = (a: Rect | null, b: Rect | null) => { if (!a || !b) return false; const c = cut(a, b); return c.w > 1 && c.h > 1; };
  const inks = new Map<Element, Rect | null>();
  const ink = (el: Element) => {
    if (!inks.has(el)) { const b = inkBox(el); inks.set(el, b ? { left: b.x - window.scrollX, top: b.y - window.scrollY, right: b.x - window.scrollX + b.width, bottom: b.y - window.scrollY + b.height } : null); }
    return inks.get(el)!;
  };
  const shapes = (el: Element) => {
    if (of(el).s.display === 'inline') return Array.from(el.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    const i = ink(el);
    return i ? [i] : [];
  };
  // children that can take part in a collision: displayed, not moved on purpose. Positioned ones
  // (a fixed bar, an absolute overlay) are compared with their siblings only: below that, what
  // was placed over something (a card's caption over its cover image, a close button in a panel's
  // corner) is the design, and what lies under a fixed box depends on the scroll, not the width
  const parts = (el: Element, siblings = false) => Array.from(el.children).filter((c) => !SKIP.test(c.tagName) && of(c).s.display !== 'none' && of(c).s.transform === 'none' && (siblings || of(c).flow)).slice(0, 60);
  // an element whose subtree is compared with another's: in the flow and not faded out (a hidden
  // fixed video player's content is not over anything)
  const opens = (el: Element) => of(el).flow && parseFloat(of(el).s.opacity) > 0 && of(el).s.visibility !== 'hidden';
  // what an element and its subtree cover (its own box where it clips: nothing shows past it)
  const extents = new Map<Element, Rect | null>();
  let extentBudget = arg.limit;
  const extent = (el: Element): Rect | null => {
    if (extents.has(el)) return extents.get(el)!;
    const v = of(el);
    let e: Rect | null = v.ok ? { left: v.r.left, right: v.r.right, top: v.r.top, bottom: v.r.bottom } : null;
    if (opens(el) && ((v.s.overflowX === 'visible' && v.s.overflowY === 'visible') || !v.ok)) {
      for (const c of parts(el)) {
        if (--extentBudget < 0) break;
        const x = extent(c);
        if (x) e = e ? { left: Math.min(e.left, x.left), right: Math.max(e.right, x.right), top: Math.min(e.top, x.top), bottom: Math.max(e.bottom, x.bottom) } : x;
      }
    }
    extents.set(el, e);
    return e;
  };
  const named = new Set<string>();
  let pairBudget = 4 * arg.limit;
  // cousins: a line's content area running a px or two past its block is the font's metrics
  const pair = (a: Element, b: Element, min = 1) => {
    if (--pairBudget < 0 || collisions.length >= 200) return;
    const A = of(a), B = of(b);
    if (A.ok && B.ok && meet(A.r, B.r)) {
      // an inline element that wraps is its line fragments, not the box around them
      const ia = shapes(a), ib = shapes(b);
      let seen = { w: 0, h: 0 };
      for (const x of ia) for (const y of ib) { const c = cut(x, y); if (c.w > min && c.h > min && c.w * c.h > seen.w * seen.h) seen = c; }
      if (seen.w > min && seen.h > min) {
        const sa = selectorOf(a), sb = selectorOf(b);
        if (!named.has(sa + '\u0000' + sb)) { named.add(sa + '\u0000' + sb); collisions.push({ a: sa, b: sb, w: r2(seen.w), h: r2(seen.h) }); }
      }
      return;
    }
    // the boxes do not meet: what overflows one of them may reach the other
    const ea = extent(a), eb = extent(b);
    if (!meet(ea, eb)) return;
    let splitA = A.ok && B.ok ? meet(B.r, ea) : !A.ok;
    let splitB = A.ok && B.ok ? meet(A.r, eb) : !B.ok;
    if (!splitA && !splitB) splitA = true;
    if (splitA && opens(a)) for (const c of parts(a)) pair(c, b, 2);
    if (splitB && opens(b)) for (const d of parts(b)) pair(a, d, 2);
  };
  const se = document.scrollingElement || document.documentElement;
  const vw = document.documentElement.clientWidth;
  const rtl = getComputedStyle(se).direction === 'rtl';
  // the page scrolls sideways only when it is wider than the viewport and html/body do not hide it
  const scrolls = se.scrollWidth > vw;
  let budget = arg.limit;
  // box: the nearest painted ancestor (null: none yet); out: it already has an element out of it;
  // clipped: an ancestor below body clips or scrolls; gone: an ancestor is already offscreen
  const visit = (parent: Element, box: Element | null, out: boolean, clipped: boolean, gone: boolean) => {
    if (--budget < 0) return;
    const p = of(parent);
    const clips = p.s.overflowX !== 'visible' || p.s.overflowY !== 'visible';
    if (parent !== document.body && p.ok && paintsBox(p.s)) { box = parent; out = false; }
    // what sticks out of a clipping box is cut, not out (clipped text is text-clipped's)
    if (clips && parent !== document.body && parent !== document.documentElement) { box = parent; out = true; clipped = true; }
    // inside a positioned-out or faded-out box (a hidden fixed player, a dropdown) nothing is lost off an edge
    if (parent !== document.body && !opens(parent)) gone = true;
    const kids = Array.from(parent.children).filter((c) => !SKIP.test(c.tagName) && of(c).ok);
    const outside = new Set<Element>();
    const lost = new Set<Element>();
    if (box && !out) {
      const b = of(box).r;
      for (const c of kids) {
        if (!of(c).flow) continue;
        const r = of(c).r;
        const sides = { left: b.left - r.left, right: r.right - b.right, top: b.top - r.top, bottom: r.bottom - b.bottom };
        const [side, px] = Object.entries(sides).sort((x, y) => y[1] - x[1])[0]!;
        if (px > 1 && protrusions.length < 200) { protrusions.push({ selector: selectorOf(c), parent: selectorOf(box), px: r2(px), side }); outside.add(c); }
      }
    }
    if (!clipped && !gone) {
      for (const c of kids) {
        if (!of(c).flow) continue;
        const r = of(c).r;
        const left = -(r.left + window.scrollX), right = r.right + window.scrollX - vw;
        const past = rtl ? { right, left: scrolls ? 0 : left } : { left, right: scrolls ? 0 : right };
        const [side, px] = past.left >= past.right ? ['left', past.left] : ['right', past.right];
        if (px > 1 && offscreen.length < 100) { offscreen.push({ selector: selectorOf(c), px: r2(px), side }); lost.add(c); }
      }
    }
    const all = parts(parent, true);
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) pair(all[i]!, all[j]!);
    for (const c of Array.from(parent.children)) if (!SKIP.test(c.tagName) && of(c).s.display !== 'none') visit(c, box, out || outside.has(c), clipped, gone || lost.has(c));
  };
  visit(document.body, null, false, false, false);
  return { collisions, protrusions, offscreen };
}

/**
 * One width of the sweep in one call: after two frames (the resize handlers and the layout they
 * trigger have run), the capture's measurement (lean: no page text) and the layout faults, read
 * from the same layout without anything written in between.
 */
export function atWidth(a: { measure: MeasureArg; limit: number }): Promise<{ m: ReturnType<typeof measure>; faults: ReturnType<typeof layoutFaults> }> {
  return new Promise((res, rej) => requestAnimationFrame(() => requestAnimationFrame(() => {
    try { res({ m: measure(a.measure), faults: layoutFaults({ limit: a.limit }) }); } catch (err) { rej(err); }
  })));
}

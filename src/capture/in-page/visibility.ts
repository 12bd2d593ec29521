// In-page: the contract's "Visible" verdict for one element. Runs inside the browser (bundled by
// inPageScript with dom.ts); plain functions only.
import type { Box, VisibilityVerdict } from '../../core/artifacts.js';
import { colourAlpha, paintsItself } from './layout.js';
import { clickHost, fieldDecoration, ghosted, ghostName, hairline, hittableGhosts, inBarePadding, labelOrControl, shownParts } from './ghosts.js';
import { composedContains, composedParent, cssPx, deepElementFromPoint, docBox, nearFragmentEdge, onShape, queryAll, r2, scrollPage, selectorOf } from './dom.js';
import { closedPanel, scrollOnHoverRules, scrollsWhenPointed } from './reach.js';

export interface PageEnv {
  vw: number; vh: number; bandTop: number; bandBottom: number; sMin: number; sMax: number;
  /** the horizontal scroll range a user can reach (0…0 unless the page is wider than the viewport and may be scrolled sideways) */
  sxMin: number; sxMax: number;
  /** boxes that may paint over others with pointer-events: none, found once per measurement */
  ghosts?: Element[];
  /** the rules that let a clipping box scroll once a user points at it (reach.ts) */
  pointScroll: ReturnType<typeof scrollOnHoverRules>;
  /** boxes positioned out of the flow that are shown (absolute, fixed, sticky), found once per measurement */
  positioned?: Element[];
}

/** Viewport, the usable band (scroll-padding of the scrolling element) and the page scroll range. */
export function pageEnv(): PageEnv {
  const se = (document.scrollingElement || document.documentElement) as HTMLElement;
  // a phone zooms a page wider than the screen out to fit: innerWidth/innerHeight then give the
  // widened layout viewport, in CSS px, that fixed boxes sit in and the screen shows whole
  const vw = Math.max(document.documentElement.clientWidth, window.innerWidth);
  const vh = Math.max(document.documentElement.clientHeight, window.innerHeight);
  const cs = getComputedStyle(se);
  const locked = (v: string) => v === 'hidden' || v === 'clip';
  const hs = getComputedStyle(document.documentElement);
  const bs = getComputedStyle(document.body);
  // a frame's document (measured for content inside frames) cannot be scrolled by a user when its
  // frame element says scrolling="no"; a script still can, so it is read from the element
  let frozen = false;
  try { frozen = (window.frameElement?.getAttribute('scrolling') ?? '').toLowerCase() === 'no'; } catch { frozen = false; }
  // overflow on body propagates to the viewport when html leaves it visible
  const scrollable = !frozen && !(locked(hs.overflowY) || (hs.overflowY === 'visible' && locked(bs.overflowY)));
  const sideways = !frozen && !(locked(hs.overflowX) || (hs.overflowX === 'visible' && locked(bs.overflowX)));
  const wide = sideways ? Math.max(0, se.scrollWidth - vw) : 0;
  const rtl = getComputedStyle(se).direction === 'rtl';
  const now = window.scrollY;
  return {
    vw, vh,
    bandTop: cssPx(cs.scrollPaddingTop, vh),
    bandBottom: vh - cssPx(cs.scrollPaddingBottom, vh),
    sMin: scrollable ? 0 : now,
    sMax: scrollable ? Math.max(0, se.scrollHeight - vh) : now,
    // a right-to-left page scrolls sideways into negative scrollX
    sxMin: rtl ? -wide : 0, sxMax: rtl ? 0 : wide,
    pointScroll: scrollOnHoverRules(),
  };
}

/**
 * Ancestors in the element's containing-block chain that clip it (overflow hidden/clip) or that
 * a user can scroll (auto/scroll, or hidden until pointed at: `pointScroll`), per axis. Absolute
 * and fixed boxes escape the overflow of ancestors that are not their containing block, so those
 * are skipped.
 */
export function clipChain(el: Element, pointScroll: PageEnv['pointScroll'] = []): { el: Element; x: string; y: string }[] {
  const out: { el: Element; x: string; y: string }[] = [];
  let pos = getComputedStyle(el).position;
  for (let a = composedParent(el); a && a !== document.body && a !== document.documentElement; a = composedParent(a)) {
    const s = getComputedStyle(a);
    const fixedCB = s.transform !== 'none' || s.perspective !== 'none' || s.filter !== 'none' || /paint|layout|strict|content/.test(s.contain);
    if (pos === 'fixed' && !fixedCB) continue;
    if (pos === 'absolute' && !(fixedCB || s.position !== 'static')) continue;
    const kind = (v: string, axis: 'x' | 'y') => (v === 'hidden' ? (scrollsWhenPointed(a!, axis, pointScroll) ? 'scroll' : 'clip') : v === 'clip' ? 'clip' : v === 'auto' || v === 'scroll' ? 'scroll' : '');
    const x = kind(s.overflowX, 'x'), y = kind(s.overflowY, 'y');
    if (x || y) out.push({ el: a, x, y });
    pos = s.position;
  }
  return out;
}

/** Padding box in viewport coordinates: where overflow is clipped. */
export function paddingBox(a: Element): { left: number; top: number; right: number; bottom: number } {
  const r = a.getBoundingClientRect();
  const left = r.left + a.clientLeft;
  const top = r.top + a.clientTop;
  return { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight };
}

/**
 * A part of an element's box (element-local CSS px): a frame element measured only where the
 * framed element shows through it. `clicks`: what shows there is something to click (a cover over
 * it takes clicks meant for it, as one over the element itself would).
 */
export type Part = Box & { clicks?: boolean };

/** The box measured for an element: its border box, or the given part of it, in viewport coordinates. */
export function partRect(el: Element, part?: Part | null): DOMRect {
  const r = el.getBoundingClientRect();
  return part ? new DOMRect(r.left + part.x, r.top + part.y, part.width, part.height) : r;
}

/** A viewport rectangle in document coordinates. */
export function rectDocBox(r: DOMRect): Box {
  return { x: r2(r.left + window.scrollX), y: r2(r.top + window.scrollY), width: r2(r.width), height: r2(r.height) };
}

/** Scrolls user-scrollable containers so the element (or its measured part) is inside them; returns how to undo it. */
export function revealInScrollers(el: Element, chain: { el: Element; x: string; y: string }[], part?: Part | null): () => void {
  const undo: (() => void)[] = [];
  for (const c of chain) {
    if (c.x !== 'scroll' && c.y !== 'scroll') continue;
    const a = c.el as HTMLElement;
    const before = { top: a.scrollTop, left: a.scrollLeft, snap: a.style.getPropertyValue('scroll-snap-type'), prio: a.style.getPropertyPriority('scroll-snap-type') };
    // snapping would pull a carousel back to the previous card mid-measurement; a user swipes on to it
    a.style.setProperty('scroll-snap-type', 'none', 'important');
    undo.push(() => {
      a.scrollTo({ top: before.top, left: before.left, behavior: 'instant' as ScrollBehavior });
      if (before.snap) a.style.setProperty('scroll-snap-type', before.snap, before.prio); else a.style.removeProperty('scroll-snap-type');
    });
    // a fixed scroller reaching past the window (Materialize's side navigation is 60 px taller)
    // shows only its part inside the window: that is where the element is scrolled to
    const pb0 = paddingBox(a), fixed = pinned(a);
    const pb = fixed ? { left: Math.max(pb0.left, 0), top: Math.max(pb0.top, 0), right: Math.min(pb0.right, document.documentElement.clientWidth), bottom: Math.min(pb0.bottom, document.documentElement.clientHeight) } : pb0;
    const r = partRect(el, part);
    let top = a.scrollTop, left = a.scrollLeft;
    if (c.y === 'scroll') {
      if (r.top < pb.top) top -= pb.top - r.top;
      else if (r.bottom > pb.bottom) top += Math.min(r.bottom - pb.bottom, r.top - pb.top);
    }
    if (c.x === 'scroll') {
      if (r.left < pb.left) left -= pb.left - r.left;
      else if (r.right > pb.right) left += Math.min(r.right - pb.right, r.left - pb.left);
    }
    // instant: a smooth-scrolling container would still be on its way when the points are sampled
    a.scrollTo({ top, left, behavior: 'instant' as ScrollBehavior });
  }
  return () => { for (const u of undo.reverse()) u(); };
}

/** Whether the element or an ancestor is position fixed or sticky (it does not scroll away under a bar). */
export function pinned(el: Element): boolean {
  for (let a: Element | null = el; a && a !== document.documentElement; a = composedParent(a)) {
    const p = getComputedStyle(a).position;
    if (p === 'fixed' || p === 'sticky') return true;
  }
  return false;
}

/**
 * Whether what an element shows is only its text and the controls and media it holds (the ink of
 * shownParts): neither it nor a descendant paints a box (a background, a border, a shadow).
 * Large subtrees (a whole page region) are not looked through: false.
 */
export function paintsOnlyText(el: Element): boolean {
  if (paintsItself(el, getComputedStyle(el))) return false;
  const inner = el.getElementsByTagName('*');
  if (inner.length > 200) return false;
  // (the controls and media shownParts counts as what the element shows)
  const ink = 'a[href], button, input, select, textarea, [role=button], [role=link], img, svg, video, canvas, picture';
  for (const d of Array.from(inner)) {
    if (d.matches(ink) || d.closest('svg') !== null) continue;
    if (paintsItself(d, getComputedStyle(d))) return false;
  }
  return true;
}

/**
 * Element-local points where positioned boxes (`positioned`, see positionedBoxes) meet the
 * element's ink (element-local boxes): the middle of each meeting, at most 100.
 */
export function inkMeetings(el: Element, at: DOMRect, ink: { x0: number; y0: number; x1: number; y1: number }[], positioned: Element[]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of positioned) {
    if (out.length >= 100) break;
    if (p === el || composedContains(p, el) || composedContains(el, p)) continue;
    const r = p.getBoundingClientRect();
    for (const k of ink) {
      const x0 = Math.max(k.x0, r.left - at.left), x1 = Math.min(k.x1, r.right - at.left);
      const y0 = Math.max(k.y0, r.top - at.top), y1 = Math.min(k.y1, r.bottom - at.top);
      if (x1 > x0 && y1 > y0) out.push([(x0 + x1) / 2, (y0 + y1) / 2]);
    }
  }
  return out.slice(0, 100);
}

/** The element to name as the coverer: the nearest positioned box around the hit (the overlay). */
export function covererOf(hit: Element, target: Element): Element {
  let painted: Element | null = null;
  for (let a: Element | null = hit; a && a !== document.body && !composedContains(a, target); a = composedParent(a)) {
    const s = getComputedStyle(a);
    // a wrapper that takes no hits (a toast container) is not what covers: the box inside it is
    if (s.position !== 'static') return s.pointerEvents === 'none' && painted ? painted : a;
    if (!painted && colourAlpha(s.backgroundColor) >= 0.5) painted = a;
  }
  return hit;
}

/** `part`: only that part of the element's box is held to the rules (element-local CSS px; see partRect). */
export function visibilityOf(el: Element, count: number, env: PageEnv, isText = false, part: Part | null = null): VisibilityVerdict {
  const v: VisibilityVerdict = {
    present: true, count, displayed: true, nonZeroSize: true, opacity: 1, box: rectDocBox(partRect(el, part)),
    offscreenX: 0, reachable: false, clippedBy: null, coveredBy: null, visibleFraction: 0, level: 'none', reason: '',
  };
  const shown = typeof (el as any).checkVisibility === 'function' ? (el as any).checkVisibility() : el.getClientRects().length > 0;
  if (!shown) {
    v.displayed = false;
    let a: Element | null = el;
    while (a && getComputedStyle(a).display !== 'none') a = composedParent(a);
    const closed = el.closest('details:not([open])');
    v.reason = a ? (a === el ? 'display: none' : 'display: none on ' + selectorOf(a))
      : closed ? 'inside the closed ' + selectorOf(closed) + ' (a user must open it)' : 'not rendered (content-visibility)';
    return v;
  }
  const cs = getComputedStyle(el);
  const page = { left: env.sxMin, right: env.sxMax + env.vw };
  if (cs.visibility !== 'visible') {
    v.displayed = false;
    const shut = closedPanel(el, page);
    if (shut?.how === 'hidden') v.closed = shut;
    v.reason = shut?.how === 'hidden' ? 'closed: ' + shut.selector + ' is visibility: hidden until it is opened' : 'visibility: ' + cs.visibility;
    return v;
  }
  // opacity multiplies down the tree; filter: opacity(…) fades the same way
  let op = 1;
  for (let a: Element | null = el; a; a = composedParent(a)) {
    const s = getComputedStyle(a);
    op *= parseFloat(s.opacity) || 0;
    for (const f of s.filter.matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/g)) op *= parseFloat(f[1]!) / (f[2] ? 100 : 1);
  }
  v.opacity = r2(op);
  if (isText && op > 0 && colourAlpha(cs.color) === 0 && colourAlpha(cs.getPropertyValue('-webkit-text-fill-color')) === 0) {
    v.reason = 'its text colour is transparent';
    return v;
  }
  // an off-canvas panel moved out of the window until its toggle opens it is closed, not cut off
  const shut = closedPanel(el, page);
  if (shut) { v.closed = shut; v.reason = 'closed: ' + shut.selector + ' is moved out of the window until it is opened'; return v; }
  const chain = clipChain(el, env.pointScroll);
  const undo = revealInScrollers(el, chain, part);
  const unghost = hittableGhosts(el, env.ghosts);
  try {
    const rect = partRect(el, part);
    v.box = rectDocBox(rect);
    if (!(rect.width > 0 && rect.height > 0)) { v.nonZeroSize = false; v.reason = 'zero size'; return v; }
    if (op <= 0) { v.reason = 'opacity 0'; return v; }
    const left = rect.left + window.scrollX;
    const right = left + rect.width;
    // a page wider than the viewport is scrolled sideways to what lies past its edge (the
    // contract's "some scroll position a user can reach"); that the page is too wide is the
    // `overflow` check's finding, not this one's. Only what lies beyond the reachable range is off-screen.
    const reachL = env.sxMin, reachR = env.sxMax + env.vw;
    v.offscreenX = left < reachL - 0.5 ? Math.round(left - reachL) : right > reachR + 0.5 ? Math.round(right - reachR) : 0;
    // the part of the box left inside every clipping ancestor, in element-local coordinates
    const L = { x0: 0, y0: 0, x1: rect.width, y1: rect.height };
    let clipper: Element | null = null;
    for (const c of chain) {
      const pb = paddingBox(c.el);
      const before = (L.x1 - L.x0) * (L.y1 - L.y0);
      if (c.x === 'clip') { L.x0 = Math.max(L.x0, pb.left - rect.left); L.x1 = Math.min(L.x1, pb.right - rect.left); }
      if (c.y === 'clip') { L.y0 = Math.max(L.y0, pb.top - rect.top); L.y1 = Math.min(L.y1, pb.bottom - rect.top); }
      if (!clipper && (L.x1 - L.x0) * (L.y1 - L.y0) < before - 0.5) clipper = c.el;
    }
    // a clip under 1 CSS px (a link overhanging its menu by 0.25 px) is layout rounding, not a
    // clip: the threshold checks/lib/geometry.ts SUBPIXEL_PX applies to overlap (in-page code is
    // sent as text, so the number is repeated here)
    const hidden = Math.max(rect.width - Math.max(0, L.x1 - L.x0), rect.height - Math.max(0, L.y1 - L.y0));
    if (clipper && hidden >= 1) v.clippedBy = { selector: selectorOf(clipper), box: docBox(clipper), hiddenPx: Math.round(hidden) };
    // scroll-padding marks where fixed and sticky bars hide scrolled content; a box inside such a
    // bar is not hidden by it, so the whole viewport is its band
    const res = sampleVisibility(el, rect, L, pinned(el) ? { ...env, bandTop: 0, bandBottom: env.vh } : env, v, part);
    // not brought whole into view although it lies in a box a user scrolls: say that it scrolls
    const scroller = res.level !== 'full' && !res.reachable ? chain.find((c) => c.x === 'scroll' || c.y === 'scroll') : undefined;
    if (scroller) res.scrolls = { selector: selectorOf(scroller.el) };
    return res;
  } finally {
    unghost();
    undo();
  }
}

/**
 * Occlusion: scroll the page so the element sits in the usable band (several positions when it is
 * taller than the band), sample a grid with elementFromPoint. A point counts as seen when the hit
 * is the target or inside it (pointer-events are forced on for the target subtree by the caller,
 * so an ancestor or stranger being hit means something paints over it).
 */
export function sampleVisibility(el: Element, rect: DOMRect, L: { x0: number; y0: number; x1: number; y1: number }, env: PageEnv, v: VisibilityVerdict, part: Part | null = null): VisibilityVerdict {
  const w = rect.width, h = rect.height;
  const nx = Math.min(40, Math.max(5, Math.ceil(w / 4) + 1));
  const ny = Math.min(40, Math.max(5, Math.ceil(h / 4) + 1));
  // elementFromPoint rounds to whole pixels and hit testing snaps edges (up to ~1 px inwards):
  // sample 2 px inside the box
  const inset = Math.min(2, w / 2, h / 2);
  const pts: [number, number][] = [];
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) pts.push([inset + (i * (w - 2 * inset)) / (nx - 1), inset + (j * (h - 2 * inset)) / (ny - 1)]);
  const host = part?.clicks ? el : clickHost(el);
  // what the element shows of its own (element-local): its text's boxes, controls and media
  const shown = shownParts(el, rect);
  // an element that paints nothing of its own but text (a heading, a paragraph; not a control) is
  // seen where its text is: judged on its text's boxes (and the media and controls it holds), so
  // a close button beside a short title's full-width block box does not cover it
  const textual = !host && !!el.textContent?.trim() && shown.ink.length > 0 && paintsOnlyText(el);
  const onInk = (x: number, y: number) => shown.ink.some((r) => x >= r.x0 - 1 && x <= r.x1 + 1 && y >= r.y0 - 1 && y <= r.y1 + 1);
  // however small a positioned box over the text is (an icon between two grid points), it is
  // hit-tested where it meets the text
  if (textual) pts.push(...inkMeetings(el, rect, shown.ink, env.positioned ?? []));
  const inClip = pts.map(([x, y]) => x >= L.x0 && x <= L.x1 && y >= L.y0 && y <= L.y1);
  const T = rect.top + window.scrollY + Math.max(0, L.y0);
  const B = rect.top + window.scrollY + Math.min(h, L.y1);
  const bandH = env.bandBottom - env.bandTop;
  const clamp = (s: number) => Math.min(env.sMax, Math.max(env.sMin, Math.round(s)));
  const tall = B - T > bandH;
  let positions: number[] = [];
  if (!tall) positions = [clamp(T - env.bandTop), clamp(B - env.bandBottom), clamp((T + B) / 2 - (env.bandTop + env.bandBottom) / 2)];
  else {
    for (let s = T - env.bandTop; positions.length < 12 && s + env.bandTop < B; s += bandH * 0.9) positions.push(clamp(s));
    positions.push(clamp(B - env.bandBottom));
  }
  positions = positions.filter((s, i) => positions.indexOf(s) === i);
  // sideways: the page scrolled so the element is inside the viewport horizontally, as far as it can
  const dl = rect.left + window.scrollX, dr = dl + w;
  const sx = Math.round(Math.min(env.sxMax, Math.max(env.sxMin, dr > env.vw ? Math.min(dr - env.vw, dl) : dl < 0 ? Math.max(dl, dr - env.vw) : 0)));
  const seen = pts.map(() => false);
  // sample points of the bounding box that are not on the element's shape (rounded corners, rotation, wrapped lines)
  const offShape = pts.map(() => false);
  // an inert element (behind an open modal, or under [inert]) is left out of hit testing
  // altogether: every point is hidden, none is off its shape
  const decor = new Map<Element, boolean>();
  const modal = document.querySelector(':modal');
  const inert = !!el.closest('[inert]') || (!!modal && !composedContains(modal, el));
  const banded = pts.map(() => false);
  // covers a pixel comparison showed to paint nothing over the element (marked by the Node side): looked under
  const seeThrough = queryAll(document, '[data-veval-seethrough]');
  const faded = new Map<Element, boolean>();
  // what the element shows of its own (taken once, element-local): a cover lying only in its bare
  // padding is part of the design (see shownParts) unless it takes clicks meant for a link or
  // button, whose whole box is the thing to click
  const paddingMayHold = !part && (!host || (/^(INPUT|TEXTAREA|SELECT)$/.test(host.tagName) && !/^(button|submit|reset|image|checkbox|radio|file|color|range)$/i.test((host as HTMLInputElement).type || '')));
  // per coverer: how many sample points it hid (which ones), their box (viewport coordinates),
  // whether any took the user's clicks and whether any lay over what the element shows
  type Cover = { n: number; x0: number; y0: number; x1: number; y1: number; clicks: boolean; shows: boolean; ks: number[] };
  let best = { s: positions[0], n: -1, pinnedHits: 0, coverers: new Map<Element, Cover>(), inBand: false };
  // the most points any position can see: at a position in the band that sees them all, no other
  // can see more or fewer pinned covers, so the rest are not hit-tested (most elements; 3× fewer hits)
  const most = pts.filter(([lx, ly], k) => inClip[k] && (!textual || onInk(lx, ly))).length;
  for (const s of positions) {
    scrollPage(s, sx);
    const rr = partRect(el, part);
    const coverers: typeof best.coverers = new Map();
    const ownHit = new Map<Element, boolean>();
    let n = 0;
    pts.forEach(([lx, ly], k) => {
      if (!inClip[k]) return;
      if (textual && !onInk(lx, ly)) { offShape[k] = true; return; }
      const x = Math.round(rr.left + lx), y = Math.round(rr.top + ly);
      if (x < 0 || x >= env.vw || y < env.bandTop || y >= env.bandBottom) return;
      banded[k] = true;
      let hit = deepElementFromPoint(x, y);
      // (an ancestor found see-through stands for its ::before/::after: only its own hit is skipped)
      const through = (h: Element) => seeThrough.some((t) => composedContains(t, el) ? h === t : composedContains(t, h));
      if (hit && through(hit)) hit = document.elementsFromPoint(x, y).find((h) => !through(h)) ?? null;
      if (hit && (hit === el || composedContains(el, hit))) { n++; seen[k] = true; return; }
      if (hit && !inert && (!onShape(el, x, y) || nearFragmentEdge(el, x, y))) { offShape[k] = true; return; }
      if (hit) {
        const c = covererOf(hit, el);
        // the field's own label, icon or reveal button is part of the field
        let own = decor.get(c);
        if (own === undefined) decor.set(c, own = fieldDecoration(el, c));
        // whether the hit takes a click meant for the element: the element is something to click,
        // the hit was not only forced hittable (pointer-events: none), and it lies outside the
        // control the user means (a ripple or icon inside the same button works that button)
        const clicks = !!host && !ghosted(hit, el) && !composedContains(host, hit);
        let mine = ownHit.get(hit);
        if (mine === undefined) {
          let fade = faded.get(c);
          if (fade === undefined) { let o = 1; for (let a: Element | null = c; a; a = composedParent(a)) o *= parseFloat(getComputedStyle(a).opacity) || 0; faded.set(c, fade = o <= 0); }
          // its own label or control; a neighbour sharing one border; something painting nothing that takes no click meant for it
          ownHit.set(hit, mine = labelOrControl(el, hit) || hairline(hit, rr) || (fade && !clicks));
        }
        if (own || mine) { n++; seen[k] = true; return; }
        const p = coverers.get(c) ?? { n: 0, x0: x, y0: y, x1: x, y1: y, clicks: false, shows: false, ks: [] };
        const shows = !inBarePadding(shown, lx, ly) || (clicks && !paddingMayHold);
        coverers.set(c, { n: p.n + 1, x0: Math.min(p.x0, x), y0: Math.min(p.y0, y), x1: Math.max(p.x1, x), y1: Math.max(p.y1, y), clicks: p.clicks || clicks, shows: p.shows || shows, ks: p.ks.concat(k) });
      }
    });
    // a cover confined to the element's bare padding hides nothing the element shows: seen
    for (const [c, p] of coverers) if (!p.shows) { n += p.n; for (const k of p.ks) seen[k] = true; coverers.delete(c); }
    const inBand = rr.top + L.y0 >= env.bandTop - 0.5 && rr.top + Math.min(h, L.y1) <= env.bandBottom + 0.5;
    // of equally hidden positions, the one where less is hidden by fixed or sticky bars: a user
    // scrolls away from those, and what covers it there (a transparent overlay lying over it at
    // every position) is what the pixel comparison must judge
    const pinnedHits = [...coverers].reduce((t, [c, p]) => t + (pinned(c) ? p.n : 0), 0);
    if (n > best.n || (n === best.n && pinnedHits < best.pinnedHits)) best = { s, n, pinnedHits, coverers, inBand };
    if (inBand) v.reachable = true;
    if (!tall && inBand && n === most) break;
  }
  const off = pts.filter((_, k) => offShape[k] && !seen[k]).length;
  const total = pts.length - off > 0 ? pts.length - off : pts.length;
  const frac = Math.min(1, (tall ? seen.filter(Boolean).length : best.n) / total);
  // text is read glyph by glyph: one sample point of its text hidden is a suspected cover (the
  // pixels decide), not a rounding error a share of 0.999 forgives
  v.visibleFraction = textual && frac < 1 ? Math.min(r2(frac), 0.99) : r2(frac);
  if (tall) v.reachable = pts.every((_, k) => !inClip[k] || banded[k] || rect.left - sx + pts[k][0] < 0 || rect.left - sx + pts[k][0] >= env.vw);
  const reasons: string[] = [];
  if (v.offscreenX < 0) reasons.push(-v.offscreenX + ' px left of the viewport');
  if (v.offscreenX > 0) reasons.push(v.offscreenX + ' px right of the viewport');
  if (v.clippedBy) reasons.push('clipped by ' + v.clippedBy.selector + ' (' + v.clippedBy.hiddenPx + ' px hidden)');
  const top = [...best.coverers.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  if (top && v.visibleFraction < 0.999) {
    scrollPage(best.s, sx);
    const a0 = partRect(el, part), c = top[0].getBoundingClientRect();
    // a text's area is where its text is (the union of its text's boxes)
    const ink = textual ? shown.ink.reduce((u, r) => ({ x0: Math.min(u.x0, r.x0), y0: Math.min(u.y0, r.y0), x1: Math.max(u.x1, r.x1), y1: Math.max(u.y1, r.y1) })) : null;
    const a = ink ? new DOMRect(a0.left + Math.max(0, ink.x0), a0.top + Math.max(0, ink.y0), Math.min(a0.width, ink.x1) - Math.max(0, ink.x0), Math.min(a0.height, ink.y1) - Math.max(0, ink.y0)) : a0;
    let ix0 = Math.max(a.left, c.left), iy0 = Math.max(a.top, c.top), ix1 = Math.min(a.right, c.right), iy1 = Math.min(a.bottom, c.bottom);
    // what hides it may paint outside its own box (a modal's ::backdrop, an overlay pseudo-element):
    // then the hidden area is where the sample points hit it, widened to the grid cells
    const outside = ix1 - ix0 < 0.5 || iy1 - iy0 < 0.5;
    if (outside) {
      const p = top[1], cw = (w - 2 * inset) / (nx - 1), ch = (h - 2 * inset) / (ny - 1);
      // a hidden edge sample hides the strip up to the element's edge
      ix0 = p.x0 <= Math.round(a.left + inset) ? a.left : p.x0 - cw / 2;
      iy0 = p.y0 <= Math.round(a.top + inset) ? a.top : p.y0 - ch / 2;
      ix1 = p.x1 >= Math.round(a.right - inset) ? a.right : p.x1 + cw / 2;
      iy1 = p.y1 >= Math.round(a.bottom - inset) ? a.bottom : p.y1 + ch / 2;
    }
    const iw = Math.max(0, ix1 - ix0), ih = Math.max(0, iy1 - iy0);
    const coveredBox = { x: r2(ix0 + window.scrollX), y: r2(iy0 + window.scrollY), width: r2(iw), height: r2(ih) };
    const backdrop = outside && top[0].matches(':modal');
    // a cover nobody sees (opacity 0) still takes the clicks: say so, the screenshot will not show it
    let coverOpacity = 1;
    for (let c: Element | null = top[0]; c; c = composedParent(c)) coverOpacity *= parseFloat(getComputedStyle(c).opacity) || 0;
    const invisible = coverOpacity <= 0;
    // whether it hides what the element paints there (not only a transparent box, a shadow or a
    // faint tint, or an opaque box over the element's empty margin of line height) is not known
    // from geometry: the Node side compares pixels with and without it (capture/cover-pixels.ts)
    // (not for an inert element behind an open modal or under [inert]: it takes no click whatever paints over it)
    // an ancestor hit over its own descendant is compared without its ::before/::after; one that
    // has none paints over it with its own background (a child at negative z-index): a cover
    const pseudo = composedContains(top[0], el);
    const overlay = (p: string) => { const ps = getComputedStyle(top[0], p); return ps.content !== 'none' && ps.content !== 'normal' && ps.position !== 'static'; };
    if (!invisible && !inert && (!pseudo || overlay('::before') || overlay('::after'))) (v as any)._probe = { cover: top[0], pseudo, clicks: top[1].clicks, box: getComputedStyle(el).display !== 'inline' || /^(INPUT|SELECT|TEXTAREA|BUTTON|IMG)$/.test(el.tagName), text: textual, sx, sy: best.s, clip: { x: ix0, y: iy0, width: iw, height: ih } };
    v.coveredBy = {
      selector: ghostName(top[0], el, selectorOf(top[0])), box: docBox(top[0]), coveredPx: Math.round(ih), coveredBox,
      ...(backdrop ? { backdrop } : {}), ...(invisible ? { invisible } : {}),
    };
    const area = iw >= a.width - 1 ? 'over ' + Math.round(ih) + ' px of its height' : 'over a ' + Math.round(iw) + '×' + Math.round(ih) + ' px area';
    const by = (backdrop ? 'the backdrop of the modal ' : '') + v.coveredBy.selector + (invisible ? ' (it paints nothing there, but it takes the clicks)' : '');
    reasons.push('covered by ' + by + ' ' + area + ' at every reachable scroll position');
  }
  if (!v.reachable && !reasons.length) {
    const below = Math.round(B - env.bandBottom - env.sMax);
    reasons.push(below > 0 ? 'not reachable by scrolling the page (' + below + ' px below the last scroll position)' : 'not reachable by scrolling the page');
  }
  v.level = v.visibleFraction >= 0.999 && !v.offscreenX && !v.clippedBy ? 'full' : v.visibleFraction > 0 ? 'partial' : 'none';
  if (v.level !== 'full') v.reason = reasons.join('; ') || 'partly hidden';
  return v;
}

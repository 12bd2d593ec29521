// In-page entry: every measurement of one state in one evaluate (plain function, run in the
// browser together with dom.ts, visibility.ts and layout.ts).
import { mainBlocks } from './blocks.js';
import { composedContains, composedParent, deepAll, docBox, ownStyle, queryAll, scrollPage, selectorOf } from './dom.js';
import { pageEnv, visibilityOf, type PageEnv, type Part } from './visibility.js';
import { clippedTexts, inkBox, overflowOffenders } from './layout.js';
import { ghostCandidates, positionedBoxes } from './ghosts.js';

export interface MeasureArg {
  regions: Record<string, string>;
  masks: string[];
  /** part: only that part of the first match is measured (element-local CSS px), as a frame element is where its framed element shows */
  required: { selector: string | null; text: string | null; within: string | null; part?: Part | null }[];
  /** viewport-only screenshots keep the scroll position the steps left; full-page ones start at the top */
  keepScroll: boolean;
  /** the width sweep's measurement at one of many widths: no page text, no signature */
  lean?: boolean;
  /** without declared regions: the page's main blocks covering at least this share of the capture (mainBlocks); null: not wanted */
  blocks: number | null;
}

/** Elements whose own text matches: the smallest ones (no child element matches as well). */
export function findByText(roots: Element[], pattern: string): { el: Element; text: string }[] {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  let re: RegExp | null = null;
  if (m) { try { re = new RegExp(m[1], m[2].replace('g', '')); } catch { return []; } }
  // a stress unit's rewritten text is matched as it was written (in-page/stress.ts __vevalUnstress)
  const unstress: (t: string) => string = (globalThis as any).__vevalUnstress ?? ((t: string) => t);
  const clean = (t: string) => unstress(t).replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '').replace(/\s+/g, ' ').trim();
  // the text as rendered: innerText breaks lines at <br> and between block and flex items (where
  // textContent runs "Free<br>shipping" together) and applies text-transform; a form field shows
  // its value or placeholder; SVG text has no innerText
  const texts = (el: Element): string[] => {
    const out = [clean(el instanceof HTMLElement ? el.innerText : el.textContent || '')];
    if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !/^(hidden|password|checkbox|radio|file|range|color)$/.test(el.type))) {
      out.push(clean(el.value), clean(el.placeholder));
    }
    return out.filter(Boolean);
  };
  const match = (el: Element): string | null => {
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(el.tagName)) return null;
    for (const t of texts(el)) {
      if (re) { const r = re.exec(t); if (r) return r[0]; } else if (t.includes(pattern)) return pattern;
    }
    return null;
  };
  // every element is tested (an anchored regex can match a child and not its parent); the
  // smallest are those with no matching descendant
  const hits = new Map<Element, string>();
  for (const r of roots) for (const el of [r, ...deepAll(r)]) {
    const t = match(el);
    if (t !== null) hits.set(el, t);
  }
  const outer = new Set<Element>();
  for (const el of hits.keys()) for (let a = composedParent(el); a && !outer.has(a); a = composedParent(a)) outer.add(a);
  return [...hits].filter(([el]) => !outer.has(el)).map(([el, text]) => ({ el, text }));
}

/**
 * How much wider than the viewport the page is for a user. A mobile browser widens its layout
 * viewport to fit wide content (the page is shown zoomed out) whatever overflow-x says; a desktop
 * viewport whose overflow-x is hidden/clip (on html, or on body propagated) cannot be scrolled
 * sideways by a user, so content past its edge is clipped rather than overflowing.
 */
export function horizontalOverflow(scrollWidth: number, vw: number): number {
  const zoomedOut = window.innerWidth > vw + 0.5;
  const html = getComputedStyle(document.documentElement).overflowX;
  const viewportX = html !== 'visible' ? html : getComputedStyle(document.body).overflowX;
  const locked = viewportX === 'hidden' || viewportX === 'clip';
  if (locked && !zoomedOut) return 0;
  return Math.max(0, scrollWidth - vw);
}

export function findRequired(req: MeasureArg['required'][number], env: PageEnv) {
  const absent = (reason: string) => ({
    matchedSelector: null, matchedText: null, el: null as Element | null,
    verdict: { present: false, count: 0, displayed: false, nonZeroSize: false, opacity: 0, box: null, offscreenX: 0, reachable: false, clippedBy: null, coveredBy: null, visibleFraction: 0, level: 'none', reason },
  });
  const roots = req.within ? queryAll(document, req.within) : [document.body];
  if (!roots.length) return absent('not present (container ' + req.within + ' not found)');
  let cands: { el: Element; text: string | null }[];
  if (req.selector) {
    const seen = new Set<Element>();
    cands = [];
    for (const r of roots) for (const el of queryAll(r, req.selector)) if (!seen.has(el)) { seen.add(el); cands.push({ el, text: null }); }
  } else cands = findByText(roots, req.text || '');
  if (!cands.length) {
    // Plain text matches case-sensitively; say so when only the case differs.
    const plain = !req.selector && req.text && !/^\/.+\/[a-z]*$/s.test(req.text);
    const other = plain ? findByText(roots, '/' + req.text!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') + '/i')[0] : undefined;
    return absent(other ? 'not present (text matches are case-sensitive; the page has "' + other.text + '" — write /' + req.text + '/i to ignore case)' : 'not present');
  }
  if (req.part) cands = cands.slice(0, 1);
  const rank = { full: 2, partial: 1, none: 0 } as Record<string, number>;
  let best: { el: Element; text: string | null; verdict: ReturnType<typeof visibilityOf> } | null = null;
  for (const c of cands.slice(0, 5)) {
    c.el.setAttribute('data-veval-probe', '');
    let verdict;
    try { verdict = visibilityOf(c.el, cands.length, env, c.text !== null, req.part ?? null); } finally { c.el.removeAttribute('data-veval-probe'); }
    if (!best || rank[verdict.level] > rank[best.verdict.level] || (verdict.level === best.verdict.level && verdict.visibleFraction > best.verdict.visibleFraction)) best = { ...c, verdict };
    if (verdict.level === 'full') break;
  }
  return { matchedSelector: selectorOf(best!.el), matchedText: best!.text, verdict: best!.verdict, el: best!.el };
}

/** A suspected cover the Node side confirms by pixels: where to scroll, the area (viewport px) and how to hide it. */
export interface CoverProbe {
  pseudo: boolean; clicks: boolean; sx: number; sy: number; clip: { x: number; y: number; width: number; height: number };
  /** a box a user may click anywhere in (a field, a button, a block), not a run of inline text aimed at by its glyphs */
  box: boolean;
  /** the element paints nothing of its own but text: any of its glyphs hidden is a cover, however few */
  text?: boolean;
}

/**
 * Required entry `i`, measured at the screenshot's scroll position. When its cover is not beyond
 * doubt, the cover and the element are marked (data-veval-suspect / data-veval-target = i) for
 * the pixel comparison, and `probe` says where.
 */
export function requiredAt(req: MeasureArg['required'][number], i: number, env: PageEnv, base: number) {
  scrollPage(base);
  const { el, ...r } = findRequired(req, env);
  const p = (r.verdict as any)._probe as (CoverProbe & { cover: Element }) | undefined;
  delete (r.verdict as any)._probe;
  if (!p || !el) return r;
  const { cover, ...probe } = p;
  const mark = (e: Element, a: string) => e.setAttribute(a, ((e.getAttribute(a) ?? '') + ' ' + i).trim());
  mark(cover, 'data-veval-suspect');
  mark(el, 'data-veval-target');
  return { ...r, probe };
}

/**
 * For the pixel comparison of required entry `i`: scrolls to where its cover was seen and hides
 * (opacity 0) the cover, the element, both or neither; an ancestor hit over its own descendant is
 * its ::before/::after overlay, so only those are hidden. A style goes into each tree (document or
 * shadow root) that holds one of them; `done` removes them. Answers whether every requested hide
 * took effect (the caller keeps the cover when not).
 */
export function hideForPixels(arg: { i: number; probe: CoverProbe; cover: boolean; target: boolean; done?: boolean }): boolean {
  const find = (a: string) => queryAll(document, '[' + a + '~="' + arg.i + '"]');
  const covers = find('data-veval-suspect'), targets = find('data-veval-target');
  const roots = new Set<Document | ShadowRoot>([document, ...[...covers, ...targets].map((e) => e.getRootNode() as Document | ShadowRoot)]);
  const suspect = '[data-veval-suspect~="' + arg.i + '"]', target = '[data-veval-target~="' + arg.i + '"]';
  // a modal's ::backdrop and an element's overlays are not inside it for opacity: hidden with it
  const cover = arg.probe.pseudo ? [suspect + '::before', suspect + '::after'] : [suspect, suspect + '::before', suspect + '::after', suspect + '::backdrop'];
  // no transition while opacity goes to 0 and back (capture makes every transition 1 ms, which
  // would still show the old value to the next measurement)
  const still = [...cover, target].join(', ') + ' { transition: none !important; }';
  const hide = '{ opacity: 0 !important; transition: none !important; }';
  const css = arg.done ? still : [still, arg.cover ? cover.join(', ') + ' ' + hide : '', arg.target ? target + ' ' + hide : ''].join('\n');
  const styles: Element[] = [];
  for (const r of roots) {
    const st = ownStyle(css);
    st.className = 'veval-cover-pixels-next';
    (r instanceof ShadowRoot ? r : document.documentElement).appendChild(st);
    styles.push(st);
  }
  for (const r of roots) r.querySelectorAll('style.veval-cover-pixels').forEach((st) => st.remove());
  const gone = (e: Element, pseudo?: string) => getComputedStyle(e, pseudo).opacity === '0';
  const effective = (!arg.cover || covers.every((e) => arg.probe.pseudo ? gone(e, '::before') && gone(e, '::after') : gone(e)))
    && (!arg.target || (targets.length > 0 && targets.every((e) => gone(e))));
  for (const e of [...covers, ...targets]) for (const a of e.getAnimations({ subtree: true })) if (a instanceof CSSTransition) a.finish();
  if (arg.done) { for (const st of styles) st.remove(); return true; }
  for (const st of styles) st.className = 'veval-cover-pixels';
  scrollPage(arg.probe.sy, arg.probe.sx);
  return effective;
}

/**
 * Whether, at the place the cover of required entry `i` was seen (the probe's scroll), another
 * element than the cover lies over the entry at every sample point with a hit: then that element
 * hides the entry's paint there too, so the pixels cannot tell whether the cover hides it (a fixed
 * banner over a heading that a sticky header also lies over at that scroll). Not for a cover that
 * is an ancestor's ::before/::after overlay (hit tests name the ancestor itself).
 */
export function otherOnTop(arg: { i: number; probe: CoverProbe }): boolean {
  if (arg.probe.pseudo) return false;
  const covers = queryAll(document, '[data-veval-suspect~="' + arg.i + '"]'), targets = queryAll(document, '[data-veval-target~="' + arg.i + '"]');
  if (!targets.length) return false;
  scrollPage(arg.probe.sy, arg.probe.sx);
  const root = targets[0].getRootNode() as Document | ShadowRoot;
  const at = typeof root.elementsFromPoint === 'function' ? root : document;
  const { x, y, width, height } = arg.probe.clip;
  let other = 0, self = 0;
  for (const fx of [0.2, 0.5, 0.8]) for (const fy of [0.2, 0.5, 0.8]) {
    const hit = at.elementsFromPoint(x + width * fx, y + height * fy).find((h) => !covers.some((c) => c === h || composedContains(c, h)));
    if (!hit) continue;
    if (targets.some((t) => t === hit || composedContains(t, hit) || composedContains(hit, t))) self++; else other++;
  }
  return other > 0 && self === 0;
}

/**
 * The marks of the pixel confirmation, in every open tree: `i` ≥ 0 makes the covers of entry i
 * see-through (looked under when it is measured again); -1 removes the see-through marks; -2
 * removes every mark and scrolls back to `top`.
 */
export function coverMarks(arg: { i: number; top?: number }): void {
  const all = (a: string) => queryAll(document, '[' + a + ']');
  if (arg.i >= 0) { for (const e of queryAll(document, '[data-veval-suspect~="' + arg.i + '"]')) e.setAttribute('data-veval-seethrough', ''); return; }
  for (const a of arg.i === -1 ? ['data-veval-seethrough'] : ['data-veval-suspect', 'data-veval-target', 'data-veval-seethrough']) for (const e of all(a)) e.removeAttribute(a);
  if (arg.i === -2) scrollPage(arg.top ?? 0);
}

/** Lets the hit test reach the element being probed (and what it holds) whatever its pointer-events. */
export function probeStyle(): HTMLStyleElement {
  return ownStyle('[data-veval-probe], [data-veval-probe] * { pointer-events: auto !important; }');
}

/** Measures required entry `i` again after its cover was found to paint nothing (marked data-veval-seethrough). */
export function remeasureRequired(arg: { req: MeasureArg['required'][number]; i: number; base: number }) {
  const probe = document.documentElement.appendChild(probeStyle());
  const startX = window.scrollX, startY = window.scrollY;
  try {
    for (const e of queryAll(document, '[data-veval-suspect], [data-veval-target]')) {
      for (const a of ['data-veval-suspect', 'data-veval-target']) {
        const rest = (e.getAttribute(a) ?? '').split(' ').filter((x) => x && x !== String(arg.i));
        if (rest.length) e.setAttribute(a, rest.join(' ')); else e.removeAttribute(a);
      }
    }
    return requiredAt(arg.req, arg.i, { ...pageEnv(), ghosts: ghostCandidates(), positioned: positionedBoxes() }, arg.base);
  } finally {
    probe.remove();
    scrollPage(startY, startX);
  }
}

export function measure(arg: MeasureArg) {
  // only hit tests need it; adding a style sheet makes the page restyle (per width, in the sweep)
  const probe = arg.required.length ? document.documentElement.appendChild(probeStyle()) : null;
  const startY = window.scrollY;
  try {
    // boxes are taken at the top, where the full-page screenshot is taken (sticky boxes move)
    scrollPage(0);
    const se = (document.scrollingElement || document.documentElement) as HTMLElement;
    const vw = document.documentElement.clientWidth;
    const doc = { scrollWidth: se.scrollWidth, scrollHeight: se.scrollHeight, clientWidth: vw, clientHeight: document.documentElement.clientHeight, direction: getComputedStyle(se).direction === 'rtl' ? 'rtl' : 'ltr' };
    const regions: Record<string, { selector: string; count: number; box: ReturnType<typeof docBox> | null; ink: ReturnType<typeof docBox> | null }> = {};
    for (const [name, sel] of Object.entries(arg.regions)) {
      const els = queryAll(document, sel);
      regions[name] = { selector: sel, count: els.length, box: els[0] ? docBox(els[0]) : null, ink: els[0] ? inkBox(els[0]) : null };
    }
    const masks = arg.masks.map((sel) => ({ selector: sel, boxes: queryAll(document, sel).map(docBox) }));
    const overflow = { overflowPx: horizontalOverflow(se.scrollWidth, vw), offenders: overflowOffenders(vw) };
    // at scroll 0 the page reaches from 0 to its right overflow (right to left: from its left overflow)
    const clippedText = clippedTexts(doc.direction === 'rtl' ? { left: -overflow.overflowPx, right: vw } : { left: 0, right: vw + overflow.overflowPx });
    const text = arg.lean ? '' : (document.body.innerText || '').slice(0, 200000);
    // what hit testing needs, only when something is hit-tested (a walk over every element)
    const env = arg.required.length ? { ...pageEnv(), ghosts: ghostCandidates(), positioned: positionedBoxes() } : null;
    // each element's box is taken at the screenshot's scroll position, not where the previous
    // element's sampling left the page (a sticky box moves with the scroll)
    const base = arg.keepScroll ? startY : 0;
    const required = arg.required.map((r, i) => requiredAt(r, i, env!, base));
    const shot = arg.keepScroll ? { x: window.scrollX, y: startY, width: vw, height: doc.clientHeight } : { x: 0, y: 0, width: se.scrollWidth, height: se.scrollHeight };
    const blocks = arg.blocks === null ? undefined : mainBlocks(shot, arg.blocks);
    return { document: doc, overflow, regions, masks, clippedText, text, required, ...(blocks ? { blocks } : {}), scrollY: arg.keepScroll ? startY : 0, base, signature: arg.lean ? '' : pageSignature() };
  } finally {
    probe?.remove();
    scrollPage(arg.keepScroll ? startY : 0);
  }
}

/** A cheap fingerprint of what the page shows: elements, rendered text, size. */
export function pageSignature(): string {
  const se = document.scrollingElement || document.documentElement;
  // veval's own nodes (a caret style its shots add) are not the page's
  const own = document.querySelectorAll('[data-veval-own]').length;
  return [document.getElementsByTagName('*').length - own, (document.body.innerText || '').length, se.scrollWidth, se.scrollHeight].join(':');
}

/** The element at a document point (for naming what kept changing). */
export function selectorAtPoint(p: { x: number; y: number }): string | null {
  scrollPage(Math.max(0, p.y - document.documentElement.clientHeight / 2));
  const el = document.elementFromPoint(p.x - window.scrollX, p.y - window.scrollY);
  const sel = el ? selectorOf(el) : null;
  scrollPage(0);
  return sel;
}

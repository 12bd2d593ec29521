// In-page entry: every measurement of one state in one evaluate (plain function, run in the
// browser together with dom.ts, visibility.ts and layout.ts).
import { composedParent, deepAll, docBox, queryAll, scrollPage, selectorOf } from './dom.js';
import { pageEnv, visibilityOf, type PageEnv } from './visibility.js';
import { clippedTexts, inkBox, overflowOffenders } from './layout.js';
import { ghostCandidates } from './ghosts.js';

export interface MeasureArg {
  regions: Record<string, string>;
  masks: string[];
  required: { selector: string | null; text: string | null; within: string | null }[];
  /** viewport-only screenshots keep the scroll position the steps left; full-page ones start at the top */
  keepScroll: boolean;
}

/** Elements whose own text matches: the smallest ones (no child element matches as well). */
export function findByText(roots: Element[], pattern: string): { el: Element; text: string }[] {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  let re: RegExp | null = null;
  if (m) { try { re = new RegExp(m[1], m[2].replace('g', '')); } catch { return []; } }
  const clean = (t: string) => t.replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '').replace(/\s+/g, ' ').trim();
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
    matchedSelector: null, matchedText: null,
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
  const rank = { full: 2, partial: 1, none: 0 } as Record<string, number>;
  let best: { el: Element; text: string | null; verdict: ReturnType<typeof visibilityOf> } | null = null;
  for (const c of cands.slice(0, 5)) {
    c.el.setAttribute('data-veval-probe', '');
    let verdict;
    try { verdict = visibilityOf(c.el, cands.length, env, c.text !== null); } finally { c.el.removeAttribute('data-veval-probe'); }
    if (!best || rank[verdict.level] > rank[best.verdict.level] || (verdict.level === best.verdict.level && verdict.visibleFraction > best.verdict.visibleFraction)) best = { ...c, verdict };
    if (verdict.level === 'full') break;
  }
  return { matchedSelector: selectorOf(best!.el), matchedText: best!.text, verdict: best!.verdict };
}

export function measure(arg: MeasureArg) {
  const probe = document.createElement('style');
  probe.textContent = '[data-veval-probe], [data-veval-probe] * { pointer-events: auto !important; }';
  document.documentElement.appendChild(probe);
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
    const clippedText = clippedTexts();
    const text = (document.body.innerText || '').slice(0, 200000);
    const env = { ...pageEnv(), ghosts: ghostCandidates() };
    // each element's box is taken at the screenshot's scroll position, not where the previous
    // element's sampling left the page (a sticky box moves with the scroll)
    const base = arg.keepScroll ? startY : 0;
    const required = arg.required.map((r) => { scrollPage(base); return findRequired(r, env); });
    return { document: doc, overflow, regions, masks, clippedText, text, required, scrollY: arg.keepScroll ? startY : 0, signature: pageSignature() };
  } finally {
    probe.remove();
    scrollPage(arg.keepScroll ? startY : 0);
  }
}

/** A cheap fingerprint of what the page shows: elements, rendered text, size. */
export function pageSignature(): string {
  const se = document.scrollingElement || document.documentElement;
  return [document.getElementsByTagName('*').length, (document.body.innerText || '').length, se.scrollWidth, se.scrollHeight].join(':');
}

/** The element at a document point (for naming what kept changing). */
export function selectorAtPoint(p: { x: number; y: number }): string | null {
  scrollPage(Math.max(0, p.y - document.documentElement.clientHeight / 2));
  const el = document.elementFromPoint(p.x - window.scrollX, p.y - window.scrollY);
  const sel = el ? selectorOf(el) : null;
  scrollPage(0);
  return sel;
}

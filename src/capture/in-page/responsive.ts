// In-page, for the width sweep (capture/sweep/): where the layout can change (the widths the
// page's own media and container queries name) and the geometric faults a responsive layout shows
// at one width: siblings that collide and elements that stick out of their container. Plain
// functions, run in the browser with dom.ts and layout.ts.
import { r2, selectorOf } from './dom.js';

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
    for (const m of text.matchAll(/width\s*(>=|>|<=|<)\s*([\d.]+)(px|em|rem)/g)) {
      const v = px(parseFloat(m[2]), m[3]);
      out.add(m[1] === '>=' ? Math.ceil(v) : m[1] === '<' ? Math.ceil(v) : Math.floor(v) + 1);
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
 * collisions — two siblings whose boxes intersect by more than 1 px each way; protrusions — an
 * element sticking out of its parent's box by more than 1 px where the parent does not clip.
 * Positioned-out (absolute, fixed, sticky) and transformed elements are placed on purpose and
 * skipped, as are invisible ones and what a clipping or scrolling ancestor cuts. Whether a pair is
 * a fault at all is decided over the sweep (capture/sweep/ranges.ts): one that holds at every width
 * is the design.
 */
export function layoutFaults(arg: { limit: number }) {
  const collisions: { a: string; b: string; w: number; h: number }[] = [];
  const protrusions: { selector: string; parent: string; px: number; side: string }[] = [];
  const SKIP = /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE|BR|WBR|OPTION|svg|path|g)$/;
  const placed = (s: CSSStyleDeclaration) => s.position === 'absolute' || s.position === 'fixed' || s.position === 'sticky' || s.transform !== 'none';
  const info = new Map<Element, { s: CSSStyleDeclaration; r: DOMRect; ok: boolean }>();
  const of = (el: Element) => {
    let v = info.get(el);
    if (!v) { const s = getComputedStyle(el); const r = el.getBoundingClientRect(); v = { s, r, ok: shown(el, s, r) && !placed(s) }; info.set(el, v); }
    return v;
  };
  let budget = arg.limit;
  const visit = (parent: Element) => {
    if (--budget < 0) return;
    const p = of(parent);
    const clips = p.s.overflowX !== 'visible' || p.s.overflowY !== 'visible';
    const kids = Array.from(parent.children).filter((c) => !SKIP.test(c.tagName) && of(c).ok);
    // protrusion: out of a parent that paints nothing is not seen as out; the parent must be a box on screen
    if (parent !== document.body && parent !== document.documentElement && p.ok && !clips) {
      for (const c of kids) {
        const r = of(c).r;
        const sides = { left: p.r.left - r.left, right: r.right - p.r.right, top: p.r.top - r.top, bottom: r.bottom - p.r.bottom };
        const [side, px] = Object.entries(sides).sort((a, b) => b[1] - a[1])[0];
        if (px > 1 && protrusions.length < 200) protrusions.push({ selector: selectorOf(c), parent: selectorOf(parent), px: r2(px), side });
      }
    }
    const few = kids.slice(0, 60);
    for (let i = 0; i < few.length; i++) for (let j = i + 1; j < few.length; j++) {
      const a = of(few[i]).r, b = of(few[j]).r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1 && collisions.length < 200) collisions.push({ a: selectorOf(few[i]), b: selectorOf(few[j]), w: r2(w), h: r2(h) });
    }
    if (clips) return;
    for (const c of Array.from(parent.children)) if (!SKIP.test(c.tagName) && of(c).s.display !== 'none') visit(c);
  };
  visit(document.body);
  return { collisions, protrusions };
}

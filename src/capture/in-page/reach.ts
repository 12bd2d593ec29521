// In-page: boxes whose hidden text a user can still reach, and panels that are closed rather than
// cut off (issue 56). Materialize's documentation side navigation clips its list (overflow:
// hidden) and scrolls it under the pointer (:hover { overflow-y: auto }); at phone widths the same
// panel is translated out of the window until its menu button opens it.
import { composedParent, selectorOf } from './dom.js';

/**
 * The selectors (user-state pseudo-classes taken out) of the style rules that let a box scroll on
 * an axis once a user points at it or tabs into it, with the axes they open. Rules inside media
 * queries that do not apply now, and sheets the page cannot read (another origin), are left out.
 */
export function scrollOnHoverRules(): { sel: string; x: boolean; y: boolean }[] {
  const out: { sel: string; x: boolean; y: boolean }[] = [];
  // pseudo-classes a user puts a box into by pointing at it, touching it or tabbing into it
  // (in-page code is sent as function text: no module constants)
  const state = /:(hover|focus-within|focus-visible|focus|active)\b/, states = /:(hover|focus-within|focus-visible|focus|active)\b/g;
  const opens = (v: string) => /^(auto|scroll|overlay)$/.test(v.trim());
  const visit = (rules: CSSRuleList, depth: number) => {
    for (const r of Array.from(rules)) {
      if (out.length >= 200 || depth > 4) return;
      if (r instanceof CSSMediaRule && !window.matchMedia(r.media.mediaText).matches) continue;
      if (r instanceof CSSStyleRule) {
        const s = r.style;
        const both = s.getPropertyValue('overflow').split(/\s+/).filter(Boolean);
        const x = opens(s.getPropertyValue('overflow-x') || both[0] || ''), y = opens(s.getPropertyValue('overflow-y') || both[1] || both[0] || '');
        if ((x || y) && state.test(r.selectorText)) {
          for (const part of r.selectorText.split(',')) {
            if (!state.test(part)) continue;
            out.push({ sel: part.replace(states, '').trim() || '*', x, y });
          }
        }
      }
      const inner = (r as CSSGroupingRule).cssRules;
      if (inner && !(r instanceof CSSStyleRule && !inner.length)) visit(inner, depth + 1);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList | null = null;
    try { rules = sheet.cssRules; } catch { rules = null; }
    if (rules) visit(rules, 0);
  }
  return out;
}

/** Whether a box that clips on `axis` scrolls there once a user points at it (see scrollOnHoverRules). */
export function scrollsWhenPointed(el: Element, axis: 'x' | 'y', rules: ReturnType<typeof scrollOnHoverRules>): boolean {
  return rules.some((r) => r[axis] && (() => { try { return el.matches(r.sel); } catch { return false; } })());
}

/**
 * The panel that keeps `el` out of sight because it is closed, or null: an ancestor-or-self,
 * fixed or absolutely positioned (off-canvas navigation, drawers), that is transformed so that it
 * lies wholly outside the area a user can scroll to (`page`: the reachable document x range), or
 * that is visibility: hidden while what it holds is not made visible again.
 */
export function closedPanel(el: Element, page: { left: number; right: number }): { selector: string; how: 'translated' | 'hidden' } | null {
  for (let a: Element | null = el; a && a !== document.body && a !== document.documentElement; a = composedParent(a)) {
    const s = getComputedStyle(a);
    if (s.position !== 'fixed' && s.position !== 'absolute') continue;
    if (s.visibility === 'hidden' && getComputedStyle(el).visibility === 'hidden') return { selector: selectorOf(a), how: 'hidden' };
    if (s.transform === 'none' && s.translate === 'none') continue;
    const r = a.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) continue;
    const fixed = s.position === 'fixed';
    const left = r.left + (fixed ? 0 : window.scrollX), right = r.right + (fixed ? 0 : window.scrollX);
    const bottom = r.bottom + (fixed ? 0 : window.scrollY);
    const lo = fixed ? 0 : page.left, hi = fixed ? document.documentElement.clientWidth : page.right;
    const vh = document.documentElement.clientHeight;
    if (right <= lo + 0.5 || left >= hi - 0.5 || bottom <= 0.5 || (fixed && r.top >= vh - 0.5)) return { selector: selectorOf(a), how: 'translated' };
  }
  return null;
}

// In-page half of the CSS record (capture/gatherers/css-record.ts): the page's largest visible elements,
// each with its key (the spec's selector for a region or required element it alone matches, else
// the first of its own flake-map mask selectors — #id, test id, tag.class — that matches it alone,
// else the report selector), its box and its computed values for a fixed property list. The elements
// are left in a page global so the CDP half can ask Chromium which rule set each value; it
// removes the global when done. Read-only otherwise.
import type { Box } from '../../core/artifacts.js';
import { composedParent, deepAll, r2, selectorOf } from './dom.js';
import { ownSelectors } from '../still/in-page/flake.js';

export interface CssElementRaw { key: string; tag: string; ident: string; parent: number | null; box: Box; values: string[] }

/** Collects at most `max` elements: every element of `keep` (regions, required) and its
 *  ancestors first, then the largest visible ones; parents before children (document order). */
export function cssElements(arg: { props: string[]; max: number; keep: string[] }): { elements: CssElementRaw[]; visible: number; lookup: number[]; kept: number; sigs: string[] } {
  const all = deepAll(document).filter((e) => e.tagName !== 'SCRIPT' && e.tagName !== 'STYLE' && e.tagName !== 'HEAD' && !e.closest('head'));
  const boxes = new Map<Element, DOMRect>();
  const visible = all.filter((e) => {
    const r = e.getBoundingClientRect();
    boxes.set(e, r);
    return r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: false, opacityProperty: false });
  });
  const chosen = new Set<Element>([document.documentElement, document.body]);
  const withAncestors = (e: Element) => { for (let c: Element | null = e; c && !chosen.has(c); c = composedParent(c)) chosen.add(c); };
  // an element the spec names (a region, a required element) alone is keyed by the spec's selector
  const named = new Map<Element, string>();
  for (const sel of arg.keep) {
    let hit: Element[] = [];
    try { hit = Array.from(document.querySelectorAll(sel)).slice(0, 20); } catch { /* validate names a bad selector */ }
    if (hit.length === 1 && !named.has(hit[0])) named.set(hit[0], sel);
    for (const e of hit) withAncestors(e);
  }
  const kept = new Set(chosen);
  const area = (e: Element) => { const r = boxes.get(e) ?? e.getBoundingClientRect(); return r.width * r.height; };
  const bySize = [...visible].sort((a, b) => area(b) - area(a));
  for (const e of bySize) {
    if (chosen.size >= arg.max) break;
    withAncestors(e);
  }
  // document order: a parent's index is known when its child is written
  const order = all.filter((e) => chosen.has(e));
  for (const e of [document.documentElement, document.body]) if (!order.includes(e)) order.unshift(e);
  order.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const index = new Map(order.map((e, i) => [e, i] as const));
  const seen = new Map<string, number>();
  const none = new Set<string>();
  // the first of the element's own mask selectors that matches it alone (each selector counted
  // once for the whole page), else the report selector
  const counts = new Map<string, number>();
  const count = (sel: string) => {
    let n = counts.get(sel);
    if (n === undefined) { try { n = document.querySelectorAll(sel).length; } catch { n = 0; } counts.set(sel, n); }
    return n;
  };
  const keyOf = (e: Element) => (e.getRootNode() === document ? ownSelectors(e, none).find((sel) => count(sel) === 1) : undefined) ?? selectorOf(e);
  // what aligns siblings when keys shift (an element inserted before them): tag, id, classes,
  // its own text and how many children it has, hashed (FNV-1a)
  const identOf = (e: Element) => {
    const own = Array.from(e.childNodes, (n) => (n.nodeType === 3 ? n.textContent : '')).join(' ').replace(/\s+/g, ' ').trim().slice(0, 200);
    const text = `${e.localName}#${e.id}.${[...e.classList].sort().join('.')}|${own}|${e.childElementCount}`;
    let h = 0x811c9dc5;
    for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193) >>> 0;
    return h.toString(36);
  };
  const elements = order.map((e) => {
    const r = boxes.get(e) ?? e.getBoundingClientRect();
    const cs = getComputedStyle(e);
    let key = e === document.documentElement ? 'html' : e === document.body ? 'body' : named.get(e) ?? keyOf(e);
    // the same key twice (a selector that is not unique): numbered in document order
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) key += ` #${n}`;
    const p = composedParent(e);
    return {
      key, tag: e.tagName.toLowerCase(), ident: identOf(e), parent: p && index.has(p) ? index.get(p)! : null,
      box: { x: r2(r.left + window.scrollX), y: r2(r.top + window.scrollY), width: r2(r.width), height: r2(r.height) },
      values: arg.props.map((prop) => cs.getPropertyValue(prop)),
    };
  });
  // whose declarations to look up first: regions, required elements and their ancestors, then by size
  const lookup = [...order.keys()].sort((a, b) => Number(kept.has(order[b])) - Number(kept.has(order[a])) || area(order[b]) - area(order[a]));
  (window as unknown as { __vevalCssEls?: Element[] }).__vevalCssEls = order;
  // elements alike in tag, id, classes and parent's likeness are matched by the same rules but for
  // structural pseudo-classes: one lookup stands for them all
  const sigs: string[] = [];
  order.forEach((e, i) => {
    const own = `${e.tagName}#${e.id}.${[...e.classList].sort().join('.')}${e.hasAttribute('style') ? `@${i}` : ''}`;
    const p = elements[i].parent;
    sigs.push(`${p === null ? '' : sigs[p]} > ${own}`);
  });
  return { elements, visible: visible.length, lookup, kept: order.filter((e) => kept.has(e)).length, sigs };
}

// The page's main blocks, for a design export compared without declared regions: its landmarks and
// its top-level sections (the children of main, or of the body through single-child wrappers, when
// there is no main), each kept when its box covers at least `minShare` of the captured area. Runs in
// the page (one of measure()'s helpers); names are the blocks' selectors, stable across re-renders.
import { docBox } from './dom.js';
import { stableSelectorOf } from './interactive.js';

export interface Block { name: string; selector: string; box: { x: number; y: number; width: number; height: number } }

export function mainBlocks(area: { x: number; y: number; width: number; height: number }, minShare: number): Block[] {
  const landmarkSel = 'header, nav, main, footer, aside, search, [role="banner"], [role="navigation"], [role="main"], [role="contentinfo"], [role="complementary"], [role="search"], [role="region"][aria-label], [role="region"][aria-labelledby]';
  const seen = new Set<Element>();
  const cands: Element[] = [];
  const add = (el: Element) => { if (!seen.has(el)) { seen.add(el); cands.push(el); } };
  // landmarks not inside another landmark (a header inside an article is that article's, not the page's)
  for (const el of Array.from(document.querySelectorAll(landmarkSel))) {
    if (/^(HEADER|FOOTER)$/.test(el.tagName) && !el.getAttribute('role') && el.parentElement?.closest('article, aside, main, nav, section')) continue;
    if (!el.parentElement?.closest(landmarkSel) || el.matches('main, [role="main"]')) add(el);
  }
  // top-level sections: main's children; without a main, the body's (through wrappers that hold one child)
  const mains = Array.from(document.querySelectorAll('main, [role="main"]'));
  let roots: Element[] = mains;
  if (!roots.length) {
    let root: Element = document.body;
    while (root.children.length === 1 && !root.firstElementChild!.matches(landmarkSel)) root = root.firstElementChild!;
    roots = [root];
  }
  for (const root of roots) for (const el of Array.from(root.children)) if (!/^(SCRIPT|STYLE|TEMPLATE|LINK|META|NOSCRIPT)$/.test(el.tagName)) add(el);
  const total = area.width * area.height;
  const out: (Block & { share: number; el: Element })[] = [];
  for (const el of cands) {
    if (getComputedStyle(el).display === 'none') continue;
    const box = docBox(el);
    const w = Math.min(box.x + box.width, area.x + area.width) - Math.max(box.x, area.x), h = Math.min(box.y + box.height, area.y + area.height) - Math.max(box.y, area.y);
    const share = w > 0 && h > 0 && total > 0 ? (w * h) / total : 0;
    if (share < minShare) continue;
    const selector = stableSelectorOf(el) ?? el.tagName.toLowerCase();
    out.push({ name: selector, selector, box, share, el });
  }
  // at most 12 blocks (the largest), reported in document order (functions run in the page alone: no module constants)
  const kept = out.sort((a, b) => b.share - a.share).slice(0, 12);
  // document order; a name used twice (two elements, one selector) gets a number
  kept.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const used = new Map<string, number>();
  return kept.map(({ name, selector, box }) => {
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    return { name: n > 1 ? `${name} (${n})` : name, selector, box };
  });
}

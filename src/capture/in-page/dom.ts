// In-page helpers (run inside the browser; every function here must be self-contained apart
// from the other in-page helpers bundled with it by inPageScript).
import type { Box } from '../../core/artifacts.js';

/** A `<style>` veval puts into the page while it measures, marked as veval's own: the stability
 *  watch must not take it for the page changing itself (it did on every page, so every capture
 *  waited out the second of calm meant for pages that paint changes of their own). */
export function ownStyle(css: string): HTMLStyleElement {
  const st = document.createElement('style');
  st.setAttribute('data-veval-own', '');
  st.textContent = css;
  return st;
}

/** Hides every caret in the page by a style of veval's own with id `id` (once; what is already
 *  there stays): a caret blinks in a focused field, so a shot or a paint watch would see the page
 *  change. A stylesheet, not Playwright's `caret: 'hide'`, which writes into fields' style
 *  attributes (src/capture/still/shots.ts). */
export function hideCarets(id: string): void {
  if (document.getElementById(id)) return;
  const st = ownStyle('*, *::before, *::after { caret-color: transparent !important; caret-animation: manual !important; }');
  st.id = id;
  (document.head ?? document.documentElement).appendChild(st);
}

/** A node veval added to the page (see ownStyle). */
export function isOwn(n: Node): boolean {
  return n.nodeType === 1 && (n as Element).hasAttribute('data-veval-own');
}

/** A name a framework or build generates, which changes when unrelated code changes (issue 55:
 *  one more React useId call above a form renamed every id below it): React useId (`:r1:`,
 *  `«r1»`, `_r_1_`) wherever it sits (`radix-_r_g_`, `_r_2_-form-item`), Radix, Headless UI, MUI
 *  and React Aria ids, hashed CSS-module classes (`Button_primary__a1B2c`, `_primary_x7f2a_12`).
 *  No selector veval writes rests on one. */
export function generatedName(name: string): boolean {
  // a hash: five characters, one of them a digit or a capital (not a BEM element such as card__title)
  const hash = '(?=[\\w-]{0,4}[0-9A-Z])[A-Za-z0-9_-]{5}';
  return /:[rR](?!tl:)[0-9a-zA-Z]+:|«[rR][0-9a-zA-Z]+»|_[rR]_[0-9a-zA-Z]+_/.test(name)
    || /^(radix|headlessui|mui|react-aria|rc-[a-z]+)[-_]/i.test(name)
    || new RegExp(`[a-z0-9]__${hash}$`).test(name) || new RegExp(`^_[A-Za-z][\\w-]*_${hash}(_\\d+)?$`).test(name);
}

/** A short, stable CSS selector for reports: #id, else a tag.class chain with :nth-of-type (never a
 *  generated id or class: the same element keeps its name when the app's ids shift). */
export function selectorOf(el: Element): string {
  if (el === document.documentElement) return 'html';
  if (el === document.body) return 'body';
  // inside a shadow root: unique within that root, named through its host ("ds-button#x button#pay")
  const root = el.getRootNode() as Document | ShadowRoot;
  const prefix = root instanceof ShadowRoot ? selectorOf(root.host) + ' ' : '';
  const parts: string[] = [];
  let cur: Element | null = el;
  while (cur && cur !== document.documentElement && cur !== document.body && parts.length < 5) {
    if (cur.id && /^[A-Za-z][\w-]*$/.test(cur.id) && !generatedName(cur.id) && root.querySelectorAll('#' + cur.id).length === 1) {
      parts.unshift('#' + cur.id);
      break;
    }
    let part = cur.tagName.toLowerCase();
    const cls = Array.from(cur.classList).filter((c) => /^[A-Za-z_-][\w-]*$/.test(c) && !generatedName(c) && !c.startsWith('veval')).slice(0, 2);
    if (cls.length) part += '.' + cls.join('.');
    const parent: Element | null = cur.parentElement;
    if (parent) {
      const tag = cur.tagName;
      const same = Array.from(parent.children).filter((c) => c.tagName === tag);
      if (same.length > 1 && parent.querySelectorAll(':scope > ' + part).length > 1) part += ':nth-of-type(' + (same.indexOf(cur) + 1) + ')';
    }
    parts.unshift(part);
    if (root.querySelectorAll(parts.join(' > ')).length === 1) break;
    cur = parent;
  }
  // a child of body whose selector also matches deeper in the page is named from body
  if (cur === document.body && root === document && document.querySelectorAll(parts.join(' > ')).length > 1) parts.unshift('body');
  return prefix + parts.join(' > ');
}

/** Rounds to 1/100 px so records do not carry float noise. */
export function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Box in document coordinates (CSS px). */
export function docBox(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { x: r2(r.left + window.scrollX), y: r2(r.top + window.scrollY), width: r2(r.width), height: r2(r.height) };
}

/** Open shadow roots below `root`, nested ones included (design systems put controls there). */
export function shadowRootsIn(root: ParentNode): ShadowRoot[] {
  const out: ShadowRoot[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const sr = (el as Element).shadowRoot;
    if (sr) out.push(sr, ...shadowRootsIn(sr));
  }
  return out;
}

/**
 * querySelectorAll that also looks inside open shadow roots (as Playwright's CSS engine does) and
 * answers [] for an invalid selector instead of throwing.
 */
export function queryAll(root: ParentNode, selector: string): Element[] {
  try {
    const out = Array.from(root.querySelectorAll(selector));
    for (const sr of shadowRootsIn(root)) out.push(...Array.from(sr.querySelectorAll(selector)));
    return out;
  } catch {
    return [];
  }
}

/** Every element below `root`, light and open-shadow trees. */
export function deepAll(root: ParentNode): Element[] {
  const out = Array.from(root.querySelectorAll('*'));
  for (const sr of shadowRootsIn(root)) out.push(...Array.from(sr.querySelectorAll('*')));
  return out;
}

/** Parent in the composed tree: a shadow root's top-level node goes on to its host. */
export function composedParent(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** `a` contains `b` in the composed tree (across shadow boundaries). */
export function composedContains(a: Element, b: Element): boolean {
  for (let n: Element | null = b; n; n = composedParent(n)) if (n === a) return true;
  return false;
}

/** elementFromPoint that descends into open shadow roots instead of stopping at the host. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Scrolls the page (instantly); `left` is the horizontal position (0 unless a page wider than the viewport is scrolled sideways). */
export function scrollPage(top: number, left = 0): void {
  window.scrollTo({ top, left, behavior: 'instant' as ScrollBehavior });
}

/** Resolves a computed length (px or %) against `of`; 'auto' and junk → 0. */
export function cssPx(value: string, of: number): number {
  if (!value || value === 'auto') return 0;
  if (value.endsWith('%')) return (parseFloat(value) / 100) * of;
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Whether a viewport point lies on the element's own hit-test shape — inside its rounded corners,
 * its transformed outline, its line boxes when it wraps — whatever is painted above it. Points of
 * the bounding box off that shape show the parent by design and are not "covered".
 */
export function onShape(el: Element, x: number, y: number): boolean {
  const root = el.getRootNode() as Document | ShadowRoot;
  const list = typeof root.elementsFromPoint === 'function' ? root.elementsFromPoint(x, y) : document.elementsFromPoint(x, y);
  return list.some((h) => h === el || composedContains(el, h));
}

/**
 * Whether a viewport point lies within 2 px of the edge of the line fragment of a wrapped inline
 * element it falls in: hit testing snaps fragment edges as it snaps box edges (where the box's
 * sample grid stays 2 px inside), so the text beside the fragment may be hit there.
 */
export function nearFragmentEdge(el: Element, x: number, y: number): boolean {
  const rects = Array.from(el.getClientRects());
  if (rects.length < 2) return false;
  const r = rects.find((f) => x >= f.left && x <= f.right && y >= f.top && y <= f.bottom);
  return !!r && Math.min(x - r.left, r.right - x, y - r.top, r.bottom - y) < 2;
}

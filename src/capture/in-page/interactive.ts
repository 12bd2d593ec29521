// In-page: the page's interactive elements, found without a spec (`veval look`). Each one a user
// is meant to see is marked data-veval-look="<i>" so that the required-entry measurement (the same
// visibility rules, the same pixel confirmation of covers) can measure it by that selector.
import { composedContains, composedParent, queryAll, selectorOf } from './dom.js';
import { visuallyHidden } from './layout.js';

/** What counts as interactive (a function: only functions are sent into the page). */
export function interactiveSelector(): string {
  return [
    'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
    ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
      'option', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem'].map((r) => '[role="' + r + '"]'),
  ].join(', ');
}

/** The accessible-ish name shown in reports: aria-label, a field's label, the text, a value, a placeholder, a title. */
export function interactiveName(el: Element): string {
  const h = el as HTMLInputElement;
  const label = h.labels && h.labels.length ? (h.labels[0] as HTMLElement).innerText : '';
  const raw = el.getAttribute('aria-label') || label || (el instanceof HTMLElement ? el.innerText : el.textContent)
    || (h.type === 'submit' || h.type === 'button' ? h.value : '') || h.placeholder || el.getAttribute('title') || h.name || '';
  return String(raw).replace(/\s+/g, ' ').trim().slice(0, 80);
}

/**
 * Why the page does not mean a user to see `el` now (null: it does): not rendered, hidden to
 * everyone (aria-hidden, inert, opacity 0), the visually-hidden idiom, a skip link that appears on
 * focus, or parked wholly outside the page (a closed drawer, a slide of a carousel).
 */
export function notMeantToShow(el: Element): string | null {
  const shown = typeof (el as any).checkVisibility === 'function'
    ? (el as any).checkVisibility({ checkVisibilityCSS: true, checkOpacity: true })
    : el.getClientRects().length > 0;
  if (!shown) return 'not rendered';
  if (el.closest('[aria-hidden="true"], [inert], dialog:not([open])')) return 'hidden from users';
  const modal = openModal();
  if (modal && !composedContains(modal, el)) return 'behind a modal dialog';
  for (let a: Element | null = el; a; a = composedParent(a)) {
    const s = getComputedStyle(a);
    if (visuallyHidden(s) || parseFloat(s.opacity) === 0) return 'visually hidden';
    if (a === el && (s.visibility !== 'visible' || s.pointerEvents === 'none')) return 'hidden';
  }
  const r = el.getBoundingClientRect();
  if (!(r.width >= 2 && r.height >= 2)) return 'visually hidden';   // 1×1 px: the sr-only idiom
  if (el instanceof HTMLAnchorElement && (el.getAttribute('href') || '').startsWith('#') && focusOnly(el)) return 'skip link';
  const se = document.scrollingElement || document.documentElement;
  const x = r.left + window.scrollX, y = r.top + window.scrollY;
  if (x + r.width <= 0 || y + r.height <= 0 || x >= se.scrollWidth || y >= se.scrollHeight) return 'parked outside the page';
  // wholly clipped by an ancestor that hides its overflow: a closed panel, an off-screen slide
  for (let a: Element | null = composedParent(el); a && a !== document.body; a = composedParent(a)) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const c = a.getBoundingClientRect();
    const scrolls = /auto|scroll/.test(s.overflowX + s.overflowY);
    if (!scrolls && (r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom)) return 'parked in a closed container';
  }
  return null;
}

/** The modal dialog on top (showModal, or a shown aria-modal element), whose page behind is inert. */
export function openModal(): Element | null {
  const modals = queryAll(document, 'dialog:modal, [aria-modal="true"]').filter((d) => typeof (d as any).checkVisibility !== 'function' || (d as any).checkVisibility({ checkVisibilityCSS: true }));
  return modals[modals.length - 1] ?? null;
}

/** A link off the screen (or clipped away) that comes into view when it has focus. */
export function focusOnly(el: HTMLElement): boolean {
  const onScreen = () => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width >= 2 && r.height >= 2 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && !visuallyHidden(s);
  };
  if (onScreen()) return false;
  const before = document.activeElement as HTMLElement | null;
  const sx = window.scrollX, sy = window.scrollY;
  el.focus({ preventScroll: true });
  // focus styles apply at once; transitions were shortened to 1 ms by the capture
  const revealed = document.activeElement === el && onScreen();
  el.blur();
  if (before && before !== document.body) before.focus({ preventScroll: true });
  window.scrollTo({ left: sx, top: sy, behavior: 'instant' as ScrollBehavior });
  return revealed;
}

/** The page's landmarks (one per role and selector), for a starting spec's regions: each with a
 *  selector that survives re-renders (stableSelectorOf); a landmark without one is left out. With no
 *  landmark at all, the app's root container (an element with an id holding the page) stands in. */
export function landmarks(): { role: string; selector: string }[] {
  const roles: Record<string, string> = { HEADER: 'banner', NAV: 'navigation', MAIN: 'main', FOOTER: 'contentinfo', ASIDE: 'complementary', SEARCH: 'search' };
  const out: { role: string; selector: string }[] = [];
  for (const el of queryAll(document, 'header, nav, main, footer, aside, search, [role="banner"], [role="navigation"], [role="main"], [role="contentinfo"], [role="complementary"], [role="search"]')) {
    // header and footer are the page's banner and contentinfo only outside sectioning content
    if (/^(HEADER|FOOTER)$/.test(el.tagName) && !el.getAttribute('role') && el.parentElement?.closest('article, aside, main, nav, section')) continue;
    if (notMeantToShow(el) || el.parentElement?.closest('header, footer, nav, aside, main, [role]') && el.tagName !== 'NAV' && el.tagName !== 'MAIN') continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const selector = stableSelectorOf(el);
    if (selector) out.push({ role: el.getAttribute('role') || roles[el.tagName] || 'region', selector });
  }
  if (!out.length) {
    // a single-page app without landmarks: the container it renders into (#root, #app …)
    for (let el = document.body.firstElementChild; el; el = el.nextElementSibling) {
      const r = el.getBoundingClientRect();
      const selector = el.id ? stableSelectorOf(el) : null;
      if (selector && r.width >= 2 && r.height >= 2 && !notMeantToShow(el)) { out.push({ role: 'content', selector }); break; }
    }
  }
  return out.slice(0, 8);
}

/** Inside content that repeats (a list item, a table row, an article of a feed, one of several
 *  same-shaped siblings): its text, ids and count are data, not the page's structure. */
export function inRepeatedItem(el: Element): boolean {
  for (let a: Element | null = el.parentElement; a && a !== document.body; a = a.parentElement) {
    if (/^(LI|TR|ARTICLE|DD)$/.test(a.tagName) || /^(listitem|row|article|option|treeitem|gridcell)$/.test(a.getAttribute('role') || '')) return true;
    const p = a.parentElement;
    // several siblings of one class (cards of a grid); classless wrappers are layout, not items
    if (p && a.className && a.tagName !== 'SECTION' && Array.from(p.children).filter((c) => c.tagName === a!.tagName && c.className === a!.className).length >= 3) return true;
  }
  return false;
}

/**
 * A selector for a spec author that survives re-renders and other data: a unique id that is not
 * generated or numbered, a test id, an aria-label, a form field's name, a link's path, a unique
 * tag or tag.class (state and hashed classes left out) — alone or under the nearest ancestor that
 * has one. Never :nth-of-type (order is data). null: none is unique (the caller leaves it out).
 */
export function stableSelectorOf(el: Element): string | null {
  if (el.getRootNode() !== document) return null;
  const q = (v: string) => '"' + v.replace(/["\\]/g, '\\$&') + '"';
  const dataLike = (v: string) => /(^|[-_:])\d|\d$|\d{3,}|:/.test(v) || v.length > 60;
  const uniqueFor = (sel: string, target: Element) => {
    try { const all = document.querySelectorAll(sel); return all.length === 1 && all[0] === target; } catch { return false; }
  };
  const unique = (sel: string) => uniqueFor(sel, el);
  const own = (e: Element): string[] => {
    const tag = e.tagName.toLowerCase();
    const out: string[] = [];
    if (e.id && /^[A-Za-z][\w-]*$/.test(e.id) && !dataLike(e.id)) out.push('#' + e.id);
    for (const a of ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa']) {
      const v = e.getAttribute(a);
      if (v && !dataLike(v)) out.push('[' + a + '=' + q(v) + ']');
    }
    const label = e.getAttribute('aria-label');
    if (label && !dataLike(label)) out.push(tag + '[aria-label=' + q(label) + ']');
    const name = e.getAttribute('name');
    if (name && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(e.tagName) && !dataLike(name)) out.push(tag + '[name=' + q(name) + ']');
    const href = e.getAttribute('href');
    if (tag === 'a' && href && /^\/[^?#]*$/.test(href) && !dataLike(href)) out.push('a[href=' + q(href) + ']');
    out.push(tag);
    const type = e.getAttribute('type');
    if (type && /^(INPUT|BUTTON)$/.test(e.tagName)) out.push(tag + '[type=' + q(type) + ']');
    const cls = Array.from(e.classList).filter((c) => /^[A-Za-z][\w-]*$/.test(c) && !dataLike(c) && !/(^|-)(is|has)-|active|selected|open|current|checked|disabled|focus|hover|pressed|expanded|hidden|visible/i.test(c) && !/[a-z][A-Z0-9]{4,}|_[A-Za-z0-9]{5,}$/.test(c)).slice(0, 3);
    if (cls.length) out.push(tag + '.' + cls.join('.'));
    return out;
  };
  for (const c of own(el)) if (unique(c)) return c;
  // under the nearest ancestor that has a selector of its own
  for (let a: Element | null = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const anchor = a === document.body ? null : own(a).find((c) => uniqueFor(c, a!));
    if (!anchor) continue;
    for (const c of own(el)) if (unique(anchor + ' ' + c)) return anchor + ' ' + c;
    break;
  }
  return null;
}

/** Marks up to `limit` interactive elements a user is meant to see; answers what each is. The page's
 *  primary headings (h1) are marked too (data-veval-look-h), to be measured by the same rules. */
export function markInteractive(arg: { limit: number }): {
  total: number; items: { role: string; name: string; action: boolean; stable: string | null }[];
  landmarks: { role: string; selector: string }[]; headings: { name: string; stable: string }[];
} {
  unmarkInteractive();
  const items: { role: string; name: string; action: boolean; stable: string | null }[] = [];
  let total = 0;
  const seen = new Set<Element>();
  const sel = interactiveSelector();
  for (const el of queryAll(document, sel)) {
    if (seen.has(el)) continue;
    seen.add(el);
    // a control inside another (an input in a role=option, a link in a button) is measured as the outer one
    const outer = composedParent(el)?.closest(sel);
    if (outer && seen.has(outer) && outer.hasAttribute('data-veval-look')) continue;
    if (notMeantToShow(el)) continue;
    total++;
    if (items.length >= arg.limit) continue;
    el.setAttribute('data-veval-look', String(items.length));
    const type = el.tagName === 'INPUT' ? (el as HTMLInputElement).type : '';
    // a primary control: a named button or a form field, not inside the page's navigation, header or
    // footer, nor in repeated content (a list item's buttons are data: "Edit Eat")
    const control = el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' || type === 'submit'
      || (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !/^(checkbox|radio|hidden|submit|button|reset|image|file|range|color)$/.test(type));
    const action = control && !el.closest('nav, header, footer, [role="navigation"], [role="banner"], [role="contentinfo"]') && !inRepeatedItem(el);
    items.push({ role: el.getAttribute('role') || el.tagName.toLowerCase() + (type ? '[type=' + type + ']' : ''), name: interactiveName(el), action, stable: action ? stableSelectorOf(el) : null });
  }
  const headings: { name: string; stable: string }[] = [];
  for (const el of queryAll(document, 'h1, [role="heading"][aria-level="1"]')) {
    const stable = notMeantToShow(el) || inRepeatedItem(el) ? null : stableSelectorOf(el);
    if (!stable || headings.length >= 3) continue;
    el.setAttribute('data-veval-look-h', String(headings.length));
    headings.push({ name: interactiveName(el), stable });
  }
  return { total, items, landmarks: landmarks(), headings };
}

export function unmarkInteractive(): void {
  for (const el of queryAll(document, '[data-veval-look]')) el.removeAttribute('data-veval-look');
  for (const el of queryAll(document, '[data-veval-look-h]')) el.removeAttribute('data-veval-look-h');
}

/** For messages: the element marked `i` (null when gone). */
export function lookSelector(i: number): string | null {
  const el = queryAll(document, '[data-veval-look="' + i + '"]')[0];
  return el ? selectorOf(el) : null;
}

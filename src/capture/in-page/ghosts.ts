// In-page: what hit testing gets wrong about covering, both ways. Boxes painted with
// pointer-events: none are looked through by elementFromPoint though a user cannot see through
// them; a form field's own label and the icons or buttons drawn inside it are hit first though
// they are part of the field's design.
import { composedContains, composedParent, ownStyle } from './dom.js';
import { colourAlpha } from './layout.js';

/** Paints enough to hide what lies under it. */
export function hides(s: CSSStyleDeclaration, tag: string): boolean {
  return colourAlpha(s.backgroundColor) >= 0.5 || s.backgroundImage !== 'none' || /^(img|svg|video|canvas|picture)$/i.test(tag);
}

/** A field's own <label> elements (a floating label straddles the field's border by design). */
export function ownLabels(target: Element): Element[] {
  const labels = (target as HTMLInputElement).labels;
  return labels ? Array.from(labels) : [];
}

/** Whether box r lies inside box t (half a pixel of slack). */
export function inside(r: DOMRect, t: DOMRect): boolean {
  return r.left >= t.left - 0.5 && r.right <= t.right + 0.5 && r.top >= t.top - 0.5 && r.bottom <= t.bottom + 0.5;
}

/** Positioned boxes that paint (opaquely) with pointer-events: none: the candidates to make hittable. */
export function ghostCandidates(): Element[] {
  return Array.from(document.body.querySelectorAll('*')).filter((el) => {
    const s = getComputedStyle(el);
    return s.pointerEvents === 'none' && s.position !== 'static' && s.visibility === 'visible' && parseFloat(s.opacity) > 0 && hides(s, el.tagName);
  });
}

/** Boxes positioned out of the flow (absolute, fixed, sticky) that are shown: what may lie over text anywhere, however small. */
export function positionedBoxes(): Element[] {
  return Array.from(document.body.querySelectorAll('*')).filter((el) => {
    const s = getComputedStyle(el);
    return /^(absolute|fixed|sticky)$/.test(s.position) && s.visibility === 'visible' && s.display !== 'none';
  }).slice(0, 2000);
}

/**
 * Makes pointer-events: none boxes that paint over the target hittable while it is sampled —
 * positioned elements, and the ::before/::after overlays of its ancestors (a hero's gradient
 * scrim) — and returns how to undo it. Decorations inside the target's own box (an icon in a
 * field), the target's labels and transparent wrappers (a toast container) are left alone.
 */
export function hittableGhosts(target: Element, candidates: Element[] = ghostCandidates()): () => void {
  const t = target.getBoundingClientRect();
  const labels = ownLabels(target);
  const made: { el: HTMLElement; was: string; prio: string }[] = [];
  for (const el of candidates) {
    if (el === target || composedContains(el, target) || composedContains(target, el)) continue;
    if (labels.some((l) => composedContains(l, el))) continue;
    const r = el.getBoundingClientRect();
    const meets = r.right > t.left && r.left < t.right && r.bottom > t.top && r.top < t.bottom;
    if (!meets || inside(r, t)) continue;
    const h = el as HTMLElement;
    made.push({ el: h, was: h.style.getPropertyValue('pointer-events'), prio: h.style.getPropertyPriority('pointer-events') });
    h.style.setProperty('pointer-events', 'auto', 'important');
    // made hittable by us: it hides what is under it, but a user's clicks go through it
    h.setAttribute('data-veval-ghosted', '');
  }
  const hosts: Element[] = [];
  for (let a = composedParent(target); a && a !== document.documentElement; a = composedParent(a)) {
    const which = ['before', 'after'].filter((p) => {
      const s = getComputedStyle(a!, '::' + p);
      return s.content !== 'none' && s.content !== 'normal' && s.pointerEvents === 'none' && s.position !== 'static'
        && s.visibility === 'visible' && parseFloat(s.opacity) > 0 && hides(s, '');
    });
    if (which.length) { a.setAttribute('data-veval-ghost', which.join(' ')); hosts.push(a); }
  }
  const style = ownStyle('[data-veval-ghost~="before"]::before, [data-veval-ghost~="after"]::after { pointer-events: auto !important; }');
  if (hosts.length) document.documentElement.appendChild(style);
  return () => {
    for (const m of made) {
      if (m.was) m.el.style.setProperty('pointer-events', m.was, m.prio); else m.el.style.removeProperty('pointer-events');
      m.el.removeAttribute('data-veval-ghosted');
    }
    for (const h of hosts) h.removeAttribute('data-veval-ghost');
    style.remove();
  };
}

/** The name of a cover: an ancestor hit over its own descendant is one of its overlay pseudo-elements. */
export function ghostName(cover: Element, target: Element, name: string): string {
  const pseudo = cover.getAttribute('data-veval-ghost');
  return pseudo && composedContains(cover, target) ? `${name}::${pseudo.split(' ')[0]}` : name;
}

/** Whether a box hit over a form field is the field's own: its label, or an icon or button drawn inside the field. */
export function fieldDecoration(target: Element, cover: Element): boolean {
  if (!/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return false;
  if (ownLabels(target).some((l) => composedContains(l, cover) || composedContains(cover, l))) return true;
  // an icon or reveal button is drawn by the field's own wrapper; anything else lying over the
  // field (a chat bubble over a big textarea) covers it even when it fits inside the box
  const wrapper = composedParent(target);
  const near = (wrapper && composedParent(wrapper)) ?? wrapper;
  return !!near && composedContains(near, cover) && inside(cover.getBoundingClientRect(), target.getBoundingClientRect());
}

/** Whether a hit box only looks like a cover because hit testing was forced onto it (pointer-events: none): clicks go through it. */
export function ghosted(hit: Element, target: Element): boolean {
  return !!hit.closest('[data-veval-ghosted]') || (hit.hasAttribute('data-veval-ghost') && composedContains(hit, target));
}

/**
 * Whether the hit is the target's own label or control: a <label> of the target, or the control
 * of a label the target is or lies in (the custom-checkbox idiom lays a transparent native input
 * over its label's drawing). Clicking either works the same control.
 */
export function labelOrControl(target: Element, hit: Element): boolean {
  if (ownLabels(target).some((l) => composedContains(l, hit))) return true;
  for (let a: Element | null = target; a; a = composedParent(a)) {
    const c = a instanceof HTMLLabelElement ? a.control : null;
    if (c && composedContains(c, hit)) return true;
  }
  return false;
}

/**
 * A neighbour overlapping the target by at most 1 CSS px along one of its edges (input groups,
 * button groups and stacked floating-label fields share one border that way): not a cover.
 */
export function hairline(hit: Element, target: DOMRect): boolean {
  // measured as painted: edges snap to device pixels (a flex row of fractional widths lays out a
  // 1.25 px overlap that paints as 1 px)
  const dpr = window.devicePixelRatio || 1;
  const snap = (r: DOMRect) => { const f = (v: number) => Math.round(v * dpr) / dpr; return { left: f(r.left), right: f(r.right), top: f(r.top), bottom: f(r.bottom) }; };
  const b = snap(hit.getBoundingClientRect()), t = snap(target);
  const x0 = Math.max(t.left, b.left), x1 = Math.min(t.right, b.right), y0 = Math.max(t.top, b.top), y1 = Math.min(t.bottom, b.bottom);
  const iw = x1 - x0, ih = y1 - y0;
  // no overlap at all: it paints outside its own box (a pseudo-element, an overflowing child)
  if (iw <= 0 || ih <= 0) return false;
  const e = 0.01;
  return (iw <= 1 + e && (x0 <= t.left + e || x1 >= t.right - e)) || (ih <= 1 + e && (y0 <= t.top + e || y1 >= t.bottom - e));
}

/**
 * The control a user means to click when clicking the target (its link, button, field, label…), or
 * null for plain content. A <label> that labels no control (TodoMVC's item title, drawn beside a
 * transparent checkbox that is not its control) does nothing when clicked: it is plain content.
 */
export function clickHost(target: Element): Element | null {
  const sel = 'a[href], button, input, select, textarea, summary, label, [role=button], [role=link], [role=checkbox], [role=switch], [role=radio], [role=tab], [role=menuitem], [role=option], [onclick], [contenteditable=""], [contenteditable=true], [tabindex]:not([tabindex="-1"])';
  let h = target.closest(sel);
  while (h instanceof HTMLLabelElement && !h.control && !h.matches('[onclick], [role], [tabindex]:not([tabindex="-1"]), [contenteditable=""], [contenteditable=true]')) h = h.parentElement?.closest(sel) ?? null;
  return h;
}

/** A box in element-local CSS px (x0,y0 top left; x1,y1 bottom right). */
export interface Local { x0: number; y0: number; x1: number; y1: number }

/**
 * What an element shows of its own, element-local (relative to `at`, its box in viewport
 * coordinates): its content box (null for an inline box, whose padding is split across lines) and
 * the boxes of its text and of the controls and media inside it. A cover lying only in the
 * padding outside the content box, over none of these, hides only what the design drew there
 * itself: TodoMVC's chevron "toggle all" label in the left padding of its new-todo field.
 */
export function shownParts(el: Element, at: DOMRect): { content: Local | null; ink: Local[] } {
  const s = getComputedStyle(el);
  const px = (p: string) => parseFloat(s.getPropertyValue(p)) || 0;
  const content = s.display === 'inline' ? null : {
    x0: px('border-left-width') + px('padding-left'), y0: px('border-top-width') + px('padding-top'),
    x1: at.width - px('border-right-width') - px('padding-right'), y1: at.height - px('border-bottom-width') - px('padding-bottom'),
  };
  const ink: Local[] = [];
  const add = (r: DOMRect) => { if (r.width > 0 && r.height > 0) ink.push({ x0: r.left - at.left, y0: r.top - at.top, x1: r.right - at.left, y1: r.bottom - at.top }); };
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n && ink.length < 400; n = walker.nextNode()) {
    if (!(n.textContent || '').trim()) continue;
    range.selectNodeContents(n);
    for (const r of Array.from(range.getClientRects())) add(r);
  }
  for (const c of Array.from(el.querySelectorAll('a[href], button, input, select, textarea, [role=button], [role=link], img, svg, video, canvas, picture')).slice(0, 200)) add(c.getBoundingClientRect());
  return { content, ink };
}

/** Whether an element-local point lies in the padding outside the content box, over none of what the element shows (1 px of slack). */
export function inBarePadding(p: { content: Local | null; ink: Local[] }, x: number, y: number): boolean {
  const c = p.content;
  if (!c || (x >= c.x0 && x <= c.x1 && y >= c.y0 && y <= c.y1)) return false;
  return !p.ink.some((r) => x >= r.x0 - 1 && x <= r.x1 + 1 && y >= r.y0 - 1 && y <= r.y1 + 1);
}

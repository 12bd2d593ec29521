// In-page helpers (run inside the browser; every function here must be self-contained apart
// from the other in-page helpers bundled with it by inPageScript).

/** A short, stable CSS selector for reports: #id, else a tag.class chain with :nth-of-type. */
export function selectorOf(el: Element): string {
  if (el === document.documentElement) return 'html';
  if (el === document.body) return 'body';
  const parts: string[] = [];
  let cur: Element | null = el;
  while (cur && cur !== document.documentElement && cur !== document.body && parts.length < 5) {
    if (cur.id && /^[A-Za-z][\w-]*$/.test(cur.id) && document.querySelectorAll('#' + cur.id).length === 1) {
      parts.unshift('#' + cur.id);
      break;
    }
    let part = cur.tagName.toLowerCase();
    const cls = Array.from(cur.classList).filter((c) => /^[A-Za-z_-][\w-]*$/.test(c) && !c.startsWith('veval')).slice(0, 2);
    if (cls.length) part += '.' + cls.join('.');
    const parent: Element | null = cur.parentElement;
    if (parent) {
      const tag = cur.tagName;
      const same = Array.from(parent.children).filter((c) => c.tagName === tag);
      if (same.length > 1 && parent.querySelectorAll(':scope > ' + part).length > 1) part += ':nth-of-type(' + (same.indexOf(cur) + 1) + ')';
    }
    parts.unshift(part);
    if (document.querySelectorAll(parts.join(' > ')).length === 1) break;
    cur = parent;
  }
  return parts.join(' > ');
}

/** Rounds to 1/100 px so records do not carry float noise. */
export function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Box in document coordinates (CSS px). */
export function docBox(el: Element): { x: number; y: number; width: number; height: number } {
  const r = el.getBoundingClientRect();
  return { x: r2(r.left + window.scrollX), y: r2(r.top + window.scrollY), width: r2(r.width), height: r2(r.height) };
}

/** querySelectorAll that answers [] for an invalid selector instead of throwing. */
export function queryAll(root: ParentNode, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    return [];
  }
}

export function scrollPage(top: number): void {
  window.scrollTo({ top, left: 0, behavior: 'instant' as ScrollBehavior });
}

/** Resolves a computed length (px or %) against `of`; 'auto' and junk → 0. */
export function cssPx(value: string, of: number): number {
  if (!value || value === 'auto') return 0;
  if (value.endsWith('%')) return (parseFloat(value) / 100) * of;
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

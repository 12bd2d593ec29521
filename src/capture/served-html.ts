import type { Page, Response } from 'playwright-core';

// Where an element's style attribute is in the document as the server sent it: CDP gives an inline
// style's declarations counted from the attribute's own value, and cannot tell an attribute the
// server wrote from one a script set (`el.style.x = …`, setAttribute). A small scan of the served
// HTML's start tags (comments and raw-text elements skipped) finds the attribute; the line is given
// only when exactly one start tag can be the element, 'script' when none has its style at all.

/** A start tag's style attribute in the served HTML. */
export interface StyleAttr {
  tag: string; id: string | null;
  /** the value with character references decoded (what the DOM's attribute holds) */
  value: string;
  /** where the value starts, 0-based */
  line: number; column: number;
  /** written without character references: columns inside it hold */
  exact: boolean;
}

const RAW_TEXT = /^(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)$/;
const REFS: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (s: string) => s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, r: string) =>
  r[0] === '#' ? String.fromCodePoint(r[1] === 'x' || r[1] === 'X' ? parseInt(r.slice(2), 16) : Number(r.slice(1))) : REFS[r.toLowerCase()] ?? m);

/** Every start tag's style attribute, in document order. */
export function styleAttributes(html: string): StyleAttr[] {
  const starts = [0];
  for (let i = html.indexOf('\n'); i !== -1; i = html.indexOf('\n', i + 1)) starts.push(i + 1);
  const at = (off: number) => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= off) lo = mid; else hi = mid - 1; }
    return { line: lo, column: off - starts[lo] };
  };
  const out: StyleAttr[] = [];
  const n = html.length;
  const lower = html.toLowerCase();
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) { const e = html.indexOf('-->', lt + 4); i = e === -1 ? n : e + 3; continue; }
    const name = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, lt + 64));
    if (!name) { i = lt + 1; continue; }
    const tag = name[1].toLowerCase();
    let j = lt + name[0].length;
    let style: Omit<StyleAttr, 'tag' | 'id'> | null = null;
    let id: string | null = null;
    // attributes: name, then optionally = and a quoted or unquoted value
    while (j < n && html[j] !== '>') {
      const a = /^[\s/]*([^\s/>=][^\s/>=]*)?\s*(=\s*)?/.exec(html.slice(j, j + 1024))!;
      if (!a[0]) { j++; continue; }
      j += a[0].length;
      let raw = '', from = j;
      if (a[2] !== undefined) {
        const q = html[j];
        if (q === '"' || q === "'") { const e = html.indexOf(q, j + 1); from = j + 1; raw = html.slice(j + 1, e === -1 ? n : e); j = e === -1 ? n : e + 1; }
        else { const m = /^[^\s>]*/.exec(html.slice(j, j + 4096))![0]; raw = m; j += m.length; }
      }
      const attr = a[1]?.toLowerCase();
      if (attr === 'style' && !style) style = { value: decode(raw), ...at(from), exact: !raw.includes('&') };
      if (attr === 'id' && id === null) id = decode(raw);
    }
    if (style) out.push({ tag, id, ...style });
    i = j + 1;
    if (RAW_TEXT.test(tag)) { const e = lower.indexOf(`</${tag}`, i); i = e === -1 ? n : e; }
  }
  return out;
}

/** The place of an element's style attribute (`tag`, `id`, the attribute's value now, and how many
 *  elements of the page have that tag and value): 'script' when the served HTML has no start tag
 *  with it, null when more than one element could be the one. */
export function locateStyle(attrs: StyleAttr[], tag: string, id: string | null, value: string, inDom: number): { line: number; column: number; exact: boolean } | 'script' | null {
  let hits = attrs.filter((a) => a.tag === tag && a.value === value);
  if (!hits.length) return 'script';
  if (id) hits = hits.filter((a) => a.id === id);
  else if (inDom !== 1) return null;
  return hits.length === 1 ? { line: hits[0].line, column: hits[0].column, exact: hits[0].exact } : null;
}

/** The text the server sent for the page's document (`res`: what page.goto answered), read when
 *  asked; null: not HTML, not readable, or the page is another document now (its navigation entry,
 *  which a history.pushState leaves alone, names another URL). */
export function servedDocument(page: Page, res: Response | null): () => Promise<string | null> {
  return async () => {
    if (!res || !/html/i.test(res.headers()['content-type'] ?? '')) return null;
    try {
      const now = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ?? location.href);
      const bare = (u: string) => u.split('#')[0];
      return bare(now) === bare(res.url()) ? await res.text() : null;
    } catch { return null; }
  };
}

// Does a quote the judge cites occur in the page? Models retype what they read: straight for curly
// quotes, hyphens for dashes, wrapping quote marks, "…" for an elided middle, no invisible
// direction marks. Those spellings are accepted; every quoted word must still be on the page, whole
// and in order, and a quote must say something (a lone "$" or "5" proves nothing).
const TYPOGRAPHY: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4\u05F3]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\u05F4]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/-{2,}/g, '-'],
  // zero-width and soft hyphen; bidi marks, embeddings and isolates
  [/[\u200B-\u200F\u2060\uFEFF\u00AD\u061C\u202A-\u202E\u2066-\u2069]/g, ''],
];

/** NFKC (nbsp → space, "…" → "..."), typographic marks folded, whitespace collapsed, case folded. */
export function normText(s: string): string {
  let t = s.normalize('NFKC');
  for (const [re, to] of TYPOGRAPHY) t = t.replace(re, to);
  return t.replace(/\s+/g, ' ').trim().toLowerCase().replace(/ß/g, 'ss');
}

/** The quote's parts (split at an elision "..."), each non-empty, or [] when nothing is quoted. */
export function quoteParts(quote: string): string[] {
  const q = normText(quote).replace(/^["']+|["']+$/g, '').trim();
  return q.split(/\s*\.{3,}\s*/).map((p) => p.trim()).filter(Boolean);
}

const WORD = /[\p{L}\p{N}]/u;

/** Index of `part` in `text` at or after `from`, not starting or ending inside a word. */
function wholeIndex(text: string, part: string, from: number): number {
  for (let i = text.indexOf(part, from); i >= 0; i = text.indexOf(part, i + 1)) {
    const startsMidWord = WORD.test(part[0]!) && i > 0 && WORD.test(text[i - 1]!);
    const end = i + part.length;
    const endsMidWord = WORD.test(part[part.length - 1]!) && end < text.length && WORD.test(text[end]!);
    if (!startsMidWord && !endsMidWord) return i;
  }
  return -1;
}

/** False for a quote too short to prove anything (a lone "$" or "5"). */
export function quoteSaysSomething(quote: string): boolean {
  const said = quoteParts(quote).join('');
  return said.length >= 2 && WORD.test(said);
}

/** True when every part of the quote occurs whole in one of the texts, in order. */
export function quoteFound(quote: string, texts: string[]): boolean {
  if (!quoteSaysSomething(quote)) return false;
  const parts = quoteParts(quote);
  return texts.some((text) => {
    const n = normText(text);
    let at = 0;
    for (const p of parts) {
      const i = wholeIndex(n, p, at);
      if (i < 0) return false;
      at = i + p.length;
    }
    return true;
  });
}

// Does a quote the judge cites occur in the page? Models retype what they read: straight for curly
// quotes, hyphens for dashes, wrapping quote marks, "…" for an elided middle. Those spellings are
// accepted; every quoted word must still be on the page, in order.
const TYPOGRAPHY: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, ''],
];

/** NFKC (nbsp → space, "…" → "..."), typographic marks folded, whitespace collapsed, lower case. */
export function normText(s: string): string {
  let t = s.normalize('NFKC');
  for (const [re, to] of TYPOGRAPHY) t = t.replace(re, to);
  return t.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The quote's parts (split at an elision "..."), each non-empty, or [] when nothing is quoted. */
export function quoteParts(quote: string): string[] {
  const q = normText(quote).replace(/^["']+|["']+$/g, '').trim();
  return q.split(/\s*\.{3,}\s*/).map((p) => p.trim()).filter(Boolean);
}

/** True when every part of the quote occurs in one of the texts, in order. */
export function quoteFound(quote: string, texts: string[]): boolean {
  const parts = quoteParts(quote);
  if (!parts.length) return false;
  return texts.some((text) => {
    const n = normText(text);
    let at = 0;
    for (const p of parts) {
      const i = n.indexOf(p, at);
      if (i < 0) return false;
      at = i + p.length;
    }
    return true;
  });
}

// Page-derived text going into messages: one line, bounded, quoted. (Reporters escape it for
// HTML/markdown; here it is only kept short and single-line so messages stay readable.)
export function quote(text: string, max = 80): string {
  const one = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > max ? `${one.slice(0, max - 1)}…` : one);
}

/** `*` matches any run of characters (slashes included); everything else is literal. */
export function globToRegExp(glob: string): RegExp {
  const body = glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`);
}

/** Compiles user regexes; a bad one throws with its source so the check becomes an `error`. */
export function compileRegexes(sources: readonly string[] | undefined, what: string): RegExp[] {
  return (sources ?? []).map((s) => {
    try { return new RegExp(s); } catch (err) { throw new Error(`${what}: invalid regular expression ${JSON.stringify(s)}: ${(err as Error).message}`); }
  });
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

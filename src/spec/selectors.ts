// Selector validation without a browser, in the two dialects veval hands selectors to:
// - 'css': document.querySelectorAll (regions, required, masks, within, axe include/exclude);
// - 'locator': Playwright locators (steps, wait.selector): CSS plus text=, >>, :has-text() ….
// css-what parses; what it lets through that Chromium refuses (names, identifiers, An+B,
// namespaces) is checked here.
import { parse as parseCss, type Selector } from 'css-what';
import {
  PLAYWRIGHT_ENGINES, PLAYWRIGHT_PSEUDO, PSEUDO_CLASSES, PSEUDO_CLASS_FUNCTIONS, PSEUDO_ELEMENTS,
  PSEUDO_ELEMENT_FUNCTIONS, PSEUDO_HINTS,
} from './css-names.js';

export type Dialect = 'css' | 'locator';
export const DIALECT_LABEL: Record<Dialect, string> = {
  css: 'plain CSS, as document.querySelectorAll takes it',
  locator: 'a Playwright locator: CSS, text=…, >>, :has-text()',
};

const IDENT = String.raw`(?:-?(?:[A-Za-z_\u0080-\uffff]|\\[^\n])|--)(?:[-\w\u0080-\uffff]|\\[^\n])*`;
const STRING = String.raw`"(?:[^"\\\n]|\\[\s\S])*"?|'(?:[^'\\\n]|\\[\s\S])*'?`;
const ATTR = new RegExp(String.raw`^\s*(?:(?:${IDENT}|\*)?\|(?!=))?${IDENT}\s*(?:[~|^$*]?=\s*(?:${IDENT}|${STRING})\s*(?:[iIsS]\s*)?)?$`);
const IDENT_ONLY = new RegExp(`^${IDENT}$`);
const NTH = /^\s*(?:odd|even|[+-]?\d*n(?:\s*[+-]\s*\d+)?|[+-]?\d+)\s*(?:\s(?:of)\s+([\s\S]+))?$/i;
const SELECTOR_ARGS = new Set(['not', 'has', 'host', 'host-context', '-webkit-any', 'nth-child', 'nth-last-child']);

/** Index just past the string starting at i (a quote), or the end. */
function skipString(s: string, i: number): number {
  const q = s[i];
  for (i++; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === q) return i + 1;
  }
  return i;
}

/** Index of the bracket closing the one at i, or -1. Strings and escapes are skipped. */
function closing(s: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '"' || c === "'") j = skipString(s, j) - 1;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return -1;
}

/** What the tokenizer would refuse and css-what accepts: bad identifiers after # and ., bad
 *  attribute syntax. Arguments of functions that do not take selectors are not looked into. */
function rawError(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') { i++; continue; }
    if (c === '"' || c === "'") { i = skipString(s, i) - 1; continue; }
    if (c === '[') {
      const end = closing(s, i, '[', ']');
      if (end < 0) return null;             // css-what reports it
      if (!ATTR.test(s.slice(i + 1, end))) return `invalid attribute selector "${s.slice(i, end + 1)}" (a value that is not a plain word must be quoted: [href^="/x"])`;
      i = end;
      continue;
    }
    if (c === '(') {
      const name = /[-\w]*$/.exec(s.slice(0, i))![0].toLowerCase();
      if (!SELECTOR_ARGS.has(name)) { const end = closing(s, i, '(', ')'); if (end < 0) return null; i = end; }
      continue;
    }
    if (c === '#' || c === '.') {
      const m = new RegExp(`^${IDENT}`).exec(s.slice(i + 1));
      if (!m) {
        const what = c === '#' ? 'an id' : 'a class';
        return /^\d/.test(s.slice(i + 1)) ? `${what} cannot start with a digit: escape it (${c}\\3${s[i + 1]} ${s.slice(i + 2).split(/[\s.#[:>+~,]/)[0]}) or use [${c === '#' ? 'id' : 'class~'}="${s.slice(i + 1).split(/[\s.#[:>+~,]/)[0]}"]`
          : `"${c}" must be followed by ${what} name`;
      }
      i += m[0].length;
    }
  }
  return null;
}

/** `:is(...)` and `:where(...)` forgive anything inside: replaced by `*` before css-what parses. */
function blankForgiving(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const m = /^:(is|where)\(/i.exec(s.slice(i, i + 7));
    if (m) {
      const end = closing(s, i + m[0].length - 1, '(', ')');
      if (end < 0) return s;
      out += `:${m[1]}(*)`;
      i = end;
      continue;
    }
    if (s[i] === '"' || s[i] === "'") { const e = skipString(s, i); out += s.slice(i, e); i = e - 1; continue; }
    if (s[i] === '\\') { out += s.slice(i, i + 2); i++; continue; }
    out += s[i];
  }
  return out;
}

const COMBINATORS = new Set(['child', 'parent', 'sibling', 'adjacent', 'descendant', 'column-combinator']);

function pseudoError(t: Extract<Selector, { type: 'pseudo' }>, dialect: Dialect): string | null {
  const name = t.name.toLowerCase();
  if (dialect === 'locator' && PLAYWRIGHT_PSEUDO.has(name)) {
    const str = String.raw`\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*`;
    if (['has-text', 'text', 'text-is'].includes(name) && !new RegExp(`^${str}$`).test(String(t.data ?? ''))) return `:${name}() takes one quoted string, e.g. :${name}("Pay")`;
    if (name === 'text-matches' && !new RegExp(`^${str}(?:,${str})?$`).test(String(t.data ?? ''))) return ':text-matches() takes a quoted pattern and optional flags, e.g. :text-matches("pay", "i")';
    return null;
  }
  const fn = PSEUDO_CLASS_FUNCTIONS[name];
  const hint = PSEUDO_HINTS[name] ? ` (${PSEUDO_HINTS[name]})` : '';
  if (t.data === null) {
    if (PSEUDO_CLASSES.has(name)) return null;
    return fn ? `:${name} needs an argument, e.g. :${name}(…)` : `unknown pseudo-class ":${name}"${hint}`;
  }
  if (!fn) return PSEUDO_CLASSES.has(name) ? `:${name} takes no argument: write ":${name}"` : `unknown pseudo-class ":${name}()"${hint}`;
  if (Array.isArray(t.data)) {
    if (name === 'has' && JSON.stringify(t.data).includes('"name":"has"')) return ':has() cannot contain :has()';
    return listError(t.data, dialect, name === 'has');
  }
  const arg = t.data.trim();
  if (fn === 'ident') return arg && arg.split(name === 'lang' ? ',' : /$^/).every((a) => IDENT_ONLY.test(a.trim())) ? null : `:${name}() needs a name, got "${arg}"`;
  if (fn === 'nth' || fn === 'nth-of') {
    const m = NTH.exec(arg);
    if (!m) return `:${name}(${arg}): expected An+B, e.g. 2n+1, odd, 3`;
    if (m[1] !== undefined) return fn === 'nth' ? `:${name}() does not take "of …"` : selectorError(m[1], dialect);
  }
  return null;
}

/** Checks a parsed selector list; `relative` for the inside of :has(). */
function listError(list: Selector[][], dialect: Dialect, relative = false): string | null {
  for (const seq of list) {
    if (!seq.length) return 'empty selector';
    let afterElement: string | null = null;   // the pseudo-element seen, which must come last
    for (let i = 0; i < seq.length; i++) {
      const t = seq[i];
      if (t.type === 'parent') return 'unexpected "<"';
      if (COMBINATORS.has(t.type)) {
        if (i === seq.length - 1) return 'ends with a combinator';
        if (i === 0 && !relative) return 'starts with a combinator';
        if (COMBINATORS.has(seq[i + 1].type)) return 'two combinators in a row';
        if (afterElement) return 'a pseudo-element must come last';
        continue;
      }
      if ((t.type === 'tag' || t.type === 'attribute' || t.type === 'universal') && t.namespace !== null && t.namespace !== '*' && t.namespace !== '') {
        const bare = t.type === 'universal' ? '*' : t.type === 'tag' ? t.name : `[${t.name}]`;
        return `namespace prefix "${t.namespace}|" is not declared (selectors here cannot declare one; write ${bare})`;
      }
      if (t.type === 'tag' && !IDENT_ONLY.test(t.name) && !t.name.includes(':')) return `"${t.name}" is not an element name`;
      if (t.type === 'pseudo-element') {
        const name = t.name.toLowerCase();
        if (name.startsWith(':')) return `unknown pseudo-element "${t.name}"`;
        if (afterElement) return 'a pseudo-element must come last';
        const known = t.data === null ? PSEUDO_ELEMENTS.has(name) : PSEUDO_ELEMENT_FUNCTIONS.has(name) && !!String(t.data).trim();
        if (!known && !(t.data === null && name.startsWith('-webkit-'))) return `unknown pseudo-element "::${name}${t.data === null ? '' : `(${t.data})`}"`;
        afterElement = name;
        continue;
      }
      if (t.type === 'pseudo') {
        // Only scrollbar parts and shadow parts take state pseudo-classes after them.
        if (afterElement && !afterElement.startsWith('-webkit-') && afterElement !== 'part') return 'a pseudo-element must come last';
        const err = pseudoError(t, dialect);
        if (err) return err;
      } else if (afterElement) return 'a pseudo-element must come last';
    }
  }
  return null;
}

/** One CSS selector (list) in the given dialect's CSS: null when Chromium would accept it. */
function selectorError(s: string, dialect: Dialect): string | null {
  if (!s.trim()) return 'empty selector';
  const raw = rawError(s);
  if (raw) return raw;
  try {
    // Playwright's own CSS parser does not forgive inside :is()/:where().
    const parsed = parseCss(dialect === 'css' ? blankForgiving(s) : s);
    if (!parsed.length) return 'empty selector';
    return listError(parsed, dialect);
  } catch (err: any) {
    return err?.message ?? 'does not parse';
  }
}

/** Splits "a >> b" on >> outside strings and brackets. */
function chain(s: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") i = skipString(s, i) - 1;
    else if (c === '(' || c === '[') { const e = closing(s, i, c, c === '(' ? ')' : ']'); if (e > 0) i = e; }
    else if (c === '>' && s[i + 1] === '>') { parts.push(s.slice(start, i)); start = i + 2; i++; }
  }
  parts.push(s.slice(start));
  return parts;
}

function locatorError(s: string): string | null {
  for (const part of chain(s)) {
    const p = part.trim();
    if (!p) return 'empty part around ">>"';
    const engine = /^([A-Za-z_][\w-]*(?::[\w-]+)?)\s*=/.exec(p);
    if (engine) {
      const name = engine[1].toLowerCase();
      const body = p.slice(engine[0].length).trim();
      if (!PLAYWRIGHT_ENGINES.has(name) && !name.startsWith('internal:')) return `unknown selector engine "${engine[1]}=" (known: ${[...PLAYWRIGHT_ENGINES].join(', ')})`;
      if (!body) return `"${engine[1]}=" needs a value`;
      if (name === 'css') { const err = selectorError(body, 'locator'); if (err) return err; }
      if (name === 'nth' && !/^-?\d+$/.test(body)) return `nth=${body}: expected a whole number`;
      continue;
    }
    if (p.startsWith('//') || p.startsWith('..') || /^["']/.test(p)) continue;   // xpath, quoted text
    const err = selectorError(p, 'locator');
    if (err) return err;
  }
  return null;
}

/** null when the selector is valid in the dialect, else why not. */
export function selectorProblem(s: string, dialect: Dialect): string | null {
  if (dialect === 'locator') return locatorError(s);
  const err = selectorError(s, 'css');
  if (err && locatorError(s) === null) return 'this is Playwright locator syntax (text=, >>, :has-text(), :visible), which works in steps only; here a plain CSS selector is needed';
  return err;
}

/** Plain CSS, as brief "## Must show" items are checked. */
export const cssError = (s: string) => selectorProblem(s, 'css');

// In-page stress variants (issue 61; docs/checks/stress/). Each changes the page once, after
// the state's steps, and says how much it changed. Self-contained apart from the dom.ts helpers
// bundled with them (ownStyle, shadowRootsIn, deepAll).
import { deepAll, ownStyle, shadowRootsIn } from './dom.js';

export interface StressArg {
  variant: 'text-spacing' | 'text-200' | 'expand' | 'long-words';
  /** WCAG 1.4.12's multiples of the font size (core/stress.ts TEXT_SPACING) */
  spacing: { lineHeight: number; paragraph: number; letter: number; word: number };
  /** expand: [up to this many characters, growth] rows, the last one for anything longer */
  growth: [number, number][];
  longWord: number;
}

/** What a stress changed, for the capture record. */
export interface StressApplied { elements: number; texts: number; attributes: number }

/** Applies one stress variant to the page and its open shadow roots. */
export function applyStressInPage(arg: StressArg): StressApplied {
  // Inserted characters carry U+034F (combining grapheme joiner: invisible, no width, no break
  // opportunity) and accents are U+0301 after a vowel, so the original text is the stressed text
  // with both taken out: required `text:` entries are matched against it (in-page/measure.ts).
  const MARK = '\u034F', ACUTE = '\u0301';
  const roots: (Document | ShadowRoot)[] = [document, ...shadowRootsIn(document)];
  const out: StressApplied = { elements: 0, texts: 0, attributes: 0 };
  const addStyle = (css: string) => {
    for (const r of roots) (r instanceof Document ? (r.head ?? r.documentElement) : r).appendChild(ownStyle(css));
  };
  if (arg.variant === 'text-spacing') {
    // the published text-spacing bookmarklets' stylesheet: every element, paragraphs' spacing after
    const s = arg.spacing;
    addStyle(`*, *::before, *::after { line-height: ${s.lineHeight} !important; letter-spacing: ${s.letter}em !important; word-spacing: ${s.word}em !important; }\np { margin-bottom: ${s.paragraph}em !important; }`);
    out.elements = deepAll(document).length;
    return out;
  }
  if (arg.variant === 'text-200') {
    // every element's computed font size doubled (read all first: a parent's change would move its
    // children's); a line height that is a length doubles with it, as Firefox's text zoom does
    const els = deepAll(document).filter((el) => !/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD|META|LINK|TITLE)$/.test(el.tagName));
    const sizes = els.map((el) => { const cs = getComputedStyle(el); return [parseFloat(cs.fontSize), cs.lineHeight] as const; });
    els.forEach((el, i) => {
      const [fs, lh] = sizes[i]!;
      const st = (el as HTMLElement).style;
      if (!st || !(fs > 0)) return;
      st.setProperty('font-size', `${fs * 2}px`, 'important');
      if (lh.endsWith('px')) st.setProperty('line-height', `${parseFloat(lh) * 2}px`, 'important');
      out.elements++;
    });
    return out;
  }
  const growthOf = (n: number) => (arg.growth.find(([upTo]) => n <= upTo) ?? arg.growth[arg.growth.length - 1]!)[1];
  const marked = (chars: string) => Array.from(chars).map((c) => c + MARK).join('');
  // expand: each word lengthened by its share of the string's growth, vowels accented
  const expand = (text: string): string => {
    const n = Array.from(text.trim()).length;
    if (!n) return text;
    const total = Math.round(n * growthOf(n));
    const letters = Array.from(text.replace(/\s+/g, '')).length || 1;
    let left = total;
    return text.replace(/\S+/g, (w) => {
      const cs = Array.from(w);
      const add = Math.min(left, Math.max(1, Math.round((cs.length / letters) * total)));
      left -= add;
      const fill = Array.from({ length: add }, (_, i) => cs[i % cs.length]).join('');
      return w.replace(/[aeiouAEIOU]/g, (v) => v + ACUTE) + marked(fill);
    });
  };
  // long-words: the longest word made `longWord` characters long, no break opportunity inside
  const longWord = (text: string): string => {
    const words = text.match(/\S+/g);
    if (!words) return text;
    const w = words.reduce((a, b) => (Array.from(b).length > Array.from(a).length ? b : a));
    const cs = Array.from(w);
    if (cs.length >= arg.longWord) return text;
    const fill = Array.from({ length: arg.longWord - cs.length }, (_, i) => cs[i % cs.length]).join('');
    return text.replace(w, w + marked(fill));
  };
  const change = arg.variant === 'expand' ? expand : longWord;
  (globalThis as any).__vevalUnstress = (t: string) => t.replace(/[^\u034F]\u034F/gu, '').replace(/\u0301/g, '');
  const SKIP = /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TEXTAREA)$/;
  for (const r of roots) {
    const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const p = n.parentElement;
      if (p && !SKIP.test(p.tagName) && !p.hasAttribute('data-veval-own') && /\S/.test(n.nodeValue ?? '')) nodes.push(n as Text);
    }
    for (const t of nodes) { t.nodeValue = change(t.nodeValue!); out.texts++; }
  }
  // the text a user reads outside text nodes: placeholders, button values, alt text, aria-label
  for (const el of deepAll(document)) {
    for (const a of ['placeholder', 'alt', 'aria-label'] as const) {
      const v = el.getAttribute(a);
      if (v && /\S/.test(v)) { el.setAttribute(a, change(v)); out.attributes++; }
    }
    if (el instanceof HTMLInputElement && /^(button|submit|reset)$/.test(el.type) && el.value) { el.value = change(el.value); out.attributes++; }
  }
  return out;
}

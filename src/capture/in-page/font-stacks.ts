// In the page: the distinct font-family stacks that render text, one element each, and the web
// font faces that failed to load. Read-only.
import { selectorOf } from './dom.js';

export interface FontStack { stack: string; first: string; selector: string; count: number }

/** Up to `max` stacks that render visible text (most used first), each with one element that shows it. */
export function fontStacks(arg: { max: number }): { stacks: FontStack[]; failedFaces: string[] } {
  const by = new Map<string, FontStack>();
  const walker = document.createTreeWalker(document.body ?? document.documentElement, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !(n.textContent ?? '').trim()) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'visible' || el.getClientRects().length === 0) continue;
    const stack = cs.fontFamily;
    const had = by.get(stack);
    if (had) { had.count++; continue; }
    const first = (stack.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '');
    by.set(stack, { stack, first, selector: selectorOf(el), count: 1 });
  }
  const failedFaces = [...new Set([...(document.fonts as unknown as Iterable<FontFace>)].filter((f) => f.status === 'error').map((f) => f.family.replace(/^["']|["']$/g, '')))];
  return { stacks: [...by.values()].sort((a, b) => b.count - a.count).slice(0, arg.max), failedFaces };
}

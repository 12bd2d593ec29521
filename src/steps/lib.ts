// Pieces several verbs share: the selector value, the "selector, or { selector, … }" form, the
// locator a step acts on, and the SEL=VALUE form of the command line.
import { Type, type TProperties } from '@sinclair/typebox';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { StepFrameRef } from '../spec/frame-ref.js';
import { defineVerb, type StepBase } from './types.js';

export const SelectorValue = Type.String({ minLength: 1, description: 'CSS selector' });

/** `frame:` of a step that acts on an element: inside that frame (every verb with a { selector } form takes it). */
export const stepFrame = { frame: Type.Optional(StepFrameRef) };

/** A CSS selector, or { selector, frame, …extra } (generic so the verb's value type keeps its options). */
export const selOrObj = <E extends TProperties>(extra: E, description: string) =>
  Type.Union([SelectorValue, Type.Object({ selector: SelectorValue, ...stepFrame, ...extra }, { additionalProperties: false, description: `${description}, with options` })],
    { description: `${description}: a CSS selector (Playwright locator syntax), or { selector, … }; waits up to 5000 ms for it` });

/** The element a step acts on (the first match), inside its frame when it names one; throws when the step has no selector. */
export function target(page: Page, step: StepBase) {
  if (!step.selector) throw new Error(`${step.action} needs a selector`);
  let scope: Page | FrameLocator = page;
  for (const f of step.frame ?? []) scope = scope.locator(f).first().contentFrame();
  return scope.locator(step.selector).first();
}

/** "selector=value": the value is what follows the first "=" outside brackets and quotes. */
export function valued(a: string): { selector: string; value: string } | null {
  let depth = 0, quote = '';
  let cut = -1;
  for (let i = 0; i < a.length; i++) {
    const c = a[i];
    if (quote) { if (c === quote) quote = ''; continue; }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === '=' && depth === 0) { cut = i; break; }
  }
  return cut > 0 ? { selector: a.slice(0, cut), value: a.slice(cut + 1) } : null;
}

/** The plan of a "selector, or { selector, … }" value. */
export const selectorOf = (raw: string | { selector: string }) => (typeof raw === 'string' ? raw : raw.selector);

/** A verb that acts on one element with no options of its own (hover, check, uncheck). */
export function elementVerb<A extends string>(o: { verb: A; order: number; description: string; act: (el: Locator, opts: PointerOptions) => Promise<void>; example: string; placeholder: string }) {
  return defineVerb({
    verb: o.verb,
    order: o.order,
    description: o.description,
    value: selOrObj({}, o.description),
    plan: (raw, source): StepBase<A> => ({ action: o.verb, selector: selectorOf(raw), source }),
    run: (page, step, timeout) => { const el = target(page, step); return pointerAct(el, step, timeout, (opts) => o.act(el, opts)); },
    describe: (s) => `${o.verb} ${s.selector}`,
    cli: { form: 'SEL', parse: (a) => a },
    example: o.example,
    snippet: { [o.verb]: `\${1:${o.placeholder}}` },
  });
}

export interface PointerOptions { timeout: number; scroll?: 'none'; trial?: boolean }

/** A pointer verb acts where a user would: on the element in the middle of the viewport, with
 *  Playwright told not to scroll. Its own retries scroll the element to the bottom, middle and
 *  top edge in turn, and at the top a fixed bar or a skip link sits over it: a click under an APG
 *  page's skip-to bar failed at random on a loaded machine. While the element is not yet
 *  actionable (Playwright's trial run: every check, no action) it is scrolled to the middle again
 *  at growing intervals (the page may scroll meanwhile); the action itself then gets the time left,
 *  at least 2 s — cut short mid-click on a loaded machine it would be refused as possibly done.
 *  Inside a frame Playwright scrolls as before (its frame scrolling is what brings one in view). */
export async function pointerAct(el: Locator, step: StepBase, timeout: number, act: (opts: PointerOptions) => Promise<void>): Promise<void> {
  if (step.frame?.length) return act({ timeout });
  const end = Date.now() + timeout;
  const left = () => Math.max(1, end - Date.now());
  for (let round = 1; ; round++) {
    await el.evaluate(toMiddle, undefined, { timeout: left() });
    try {
      await act({ timeout: Math.min(left(), 1000 * round), scroll: 'none', trial: true });
      break;
    } catch (err) {
      if ((err as Error).name !== 'TimeoutError' || Date.now() >= end) throw err;
    }
  }
  return act({ timeout: Math.max(left(), 2000), scroll: 'none' });
}

/** In the page: each scroller the element is in, then the document, scrolls it to its middle
 *  (not when it is in the middle half already). The document by window.scrollTo, never
 *  scrollIntoView: on a phone page zoomed out to a wider layout viewport, scrollIntoView also
 *  offsets the visual viewport, and Playwright's click point is then off by that offset. */
const toMiddle = (e: Element) => {
  // no named inner functions: tsx's keepNames would wrap them in a __name() the page lacks
  let fixed = getComputedStyle(e).position === 'fixed';
  const scrollers: (Element | null)[] = [];
  for (let a = e.parentElement; a && a !== document.scrollingElement; a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.position === 'fixed') fixed = true;
    if (/auto|scroll|overlay/.test(cs.overflowX + cs.overflowY)) scrollers.push(a);
  }
  const v = window.visualViewport;
  if (!fixed && v) scrollers.push(null);   // null: the document
  for (const a of scrollers) {
    const r = e.getBoundingClientRect(), b = a?.getBoundingClientRect();
    const view = a && b ? [b.top + a.clientTop, a.clientHeight, b.left + a.clientLeft, a.clientWidth] : [v!.offsetTop, v!.height, v!.offsetLeft, v!.width];
    // [start, size, view start, view size] per axis: no shift in the middle half (vertically) or
    // when wholly inside (horizontally: a wide table is not scrolled sideways for nothing)
    const [dy, dx] = [[r.top, r.height, view[0]!, view[1]!], [r.left, r.width, view[2]!, view[3]!]].map((o, i) => {
      const d = o[0]! + o[1]! / 2 - (o[2]! + o[3]! / 2);
      const still = i === 0 ? Math.abs(d) <= o[3]! / 4 : o[0]! >= o[2]! && o[0]! + o[1]! <= o[2]! + o[3]!;
      return still ? 0 : d;
    }) as [number, number];
    if (a) { a.scrollTop += dy; a.scrollLeft += dx; } else if (dx || dy) window.scrollTo({ top: window.scrollY + dy, left: window.scrollX + dx, behavior: 'instant' });
  }
};

const callLog = (err: unknown) => String((err as Error)?.message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim().replace(/^- /, ''));

/** Playwright's log shows it began performing the action (it may have acted before the wait ran out). */
export const actionBegun = (err: unknown) => callLog(err).some((l) => /^performing .* action|action done/.test(l));

/** What Playwright last waited for, from its call log: which element takes the clicks, or that the
 *  element is still moving, hidden or disabled. Page-derived (an element's markup): one line, cut short. */
export function playwrightReason(err: unknown): string | null {
  const last = [...callLog(err)].reverse().find((l) => /intercepts pointer events|element is not (stable|visible|enabled)|outside of the viewport/.test(l));
  if (!last) return null;
  const cover = /^(.*) intercepts pointer events$/.exec(last);
  const text = cover ? `${cover[1]!.replace(/\s+/g, ' ').slice(0, 120)} takes the clicks there` : last.replace(/^element is not stable$/, 'it was still moving');
  return `Playwright's last wait: ${text}`;
}

/** Why a step's element could not be acted on in time, in words a user can act on: not in the
 *  page, present but not displayed (and which element hides it), disabled, or there but not
 *  actionable (covered or still moving, with what Playwright saw last). Asked once, after the
 *  step's own wait ran out. `displayed`: the element is there, shown and enabled (the wait may
 *  only have been too short for a loaded machine). */
export async function whyNotActionable(page: Page, step: StepBase, timeout: number, err?: unknown): Promise<{ why: string; displayed: boolean }> {
  const within = `within ${timeout} ms`;
  if (!step.selector) return { why: `the step did not complete ${within}`, displayed: false };
  try {
    const el = target(page, step);
    if (await el.count() === 0) return { why: `no element matched the selector ${within}`, displayed: false };
    // no named inner functions: tsx's keepNames would wrap them in a __name() the page lacks
    const why = await el.evaluate((node: Element) => {
      for (let e: Element | null = node; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        const label = e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + [...e.classList].slice(0, 2).map((c) => `.${c}`).join('');
        if (cs.display === 'none') return `it is in the page but not displayed (display: none${e === node ? '' : ` on ${label}`})`;
        if (e === node && (cs.visibility === 'hidden' || cs.visibility === 'collapse')) return `it is in the page but visibility: ${cs.visibility}`;
      }
      const r = node.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return `it is in the page but has no size (${Math.round(r.width)}×${Math.round(r.height)} px)`;
      if ((node as HTMLInputElement).disabled) return 'it is in the page but disabled';
      return '';
    });
    if (why) return { why: `${why} ${within}`, displayed: false };
    const seen = playwrightReason(err);
    return { why: `it is displayed but was not actionable (covered by another element, outside the page, or still moving) ${within}${seen ? ` (${seen})` : ''}`, displayed: true };
  } catch {
    return { why: `the element did not appear or was not actionable ${within}`, displayed: false };
  }
}

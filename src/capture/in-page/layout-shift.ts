// In-page layout-shift watch, installed before navigation (an init script): a buffered
// PerformanceObserver for Layout Instability entries, plus a short log of what can push content
// (elements inserted, images and stylesheets loaded, web fonts loaded) to name each shift's cause.
// Each entry is turned into plain data when it arrives, while its nodes are still as it left them.
// veval marks its own actions (ownShifts) and each step (stepShifts); entries inside an own action
// are kept but excluded. Sent as text: no imports, helpers passed by inPageScript.
import { isOwn, selectorOf } from './dom.js';

interface Rect { x: number; y: number; width: number; height: number }
interface Ev { t: number; kind: 'inserted' | 'font' | 'stylesheet' | 'content'; el: Element | null; families?: string[] }
interface Named { name: string; selector: string }
export interface ShiftArg { required: Named[]; regions: Named[] }

export function shiftInit(arg: ShiftArg): void {
  const w = window as any;
  if (window !== window.top || w.__vevalShift) return;
  // entries kept at most; the rest are counted in `dropped`
  const KEEP = 60;
  const types: readonly string[] = (window as any).PerformanceObserver?.supportedEntryTypes ?? [];
  const st: any = w.__vevalShift = {
    supported: types.includes('layout-shift'), entries: [] as unknown[], dropped: 0, events: [] as Ev[],
    own: [] as [number, number][], ownSince: null as number | null, closedAt: null as number | null,
    steps: [] as { index: number; start: number; end: number | null; target: string | null }[],
    eager: new WeakSet<Element>(), observer: null as PerformanceObserver | null,
  };
  if (!st.supported) return;
  const note = (kind: Ev['kind'], el: Element | null, families?: string[]) => {
    const t = performance.now();
    st.events.push({ t, kind, el, families });
    // a cause is looked for in the second before a shift: older events are of no use
    while (st.events.length > 400 || (st.events.length && st.events[0].t < t - 3000)) st.events.shift();
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'childList') {
        for (const n of Array.from(m.addedNodes)) {
          if (n.nodeType !== 1 || isOwn(n)) continue;
          const tag = (n as Element).tagName;
          note(tag === 'STYLE' || (tag === 'LINK' && /stylesheet/i.test((n as Element).getAttribute('rel') ?? '')) ? 'stylesheet' : 'inserted', n as Element);
        }
        if (m.target.nodeType === 1 && m.addedNodes.length && Array.from(m.addedNodes).every((n) => n.nodeType === 3)) note('content', m.target as Element);
      } else if (m.type === 'characterData') note('content', (m.target as Node).parentElement);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  window.addEventListener('load', (e) => {
    const el = e.target as Element;
    if (el?.tagName === 'LINK') note('stylesheet', el);
  }, true);
  try {
    document.fonts.addEventListener('loadingdone', (e: any) => note('font', null, (e.fontfaces ?? []).map((f: FontFace) => f.family.replace(/^["']|["']$/g, ''))));
  } catch { /* no font loading events: a font swap is not named */ }

  // to 0.01 px: a 15.8 px move must not round up to a 16 px (minMovePx) one (semantic-homepage's
  // "Get Started" under its font swap did)
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const docRect = (r: DOMRectReadOnly): Rect => ({
    x: r2(r.x + window.scrollX), y: r2(r.y + window.scrollY), width: r2(r.width), height: r2(r.height),
  });
  const matchAll = (sel: string): Element[] => { try { return Array.from(document.querySelectorAll(sel)); } catch { return []; } };
  const inFlow = (el: Element) => { const p = getComputedStyle(el).position; return p !== 'absolute' && p !== 'fixed'; };
  const top = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
  const noDims = (img: Element) => !(img.hasAttribute('width') && img.hasAttribute('height')) && getComputedStyle(img).aspectRatio === 'auto';
  const stackOf = (el: Element) => getComputedStyle(el).fontFamily.split(',').map((f) => f.trim().replace(/^["']|["']$/g, ''));

  /** What pushed `el` (before at prevTop), from the events in (from, t]. What was in place at the
   *  first paint (parsed markup, its stylesheets) pushed nothing. */
  const causeOf = (el: Element, prevTop: number, from: number, t: number) => {
    const painted = performance.getEntriesByType('paint')[0]?.startTime ?? 0;
    const evs = st.events.filter((e: Ev) => e.t > Math.max(from, painted) && e.t <= t).reverse();
    const above = (x: Element) => x.isConnected && !x.contains(el) && top(x) <= prevTop + 1;
    // an image takes its room when its data arrives, before its load event: by its resource timing
    const arrived = Array.from(document.images).filter((img) => {
      const r = performance.getEntriesByName(img.currentSrc || img.src)[0] as PerformanceResourceTiming | undefined;
      return r && r.responseEnd > from && r.responseEnd <= t && above(img);
    });
    const img = arrived.find((i) => !st.eager.has(i)) ?? null;
    if (!img && arrived.length) return { kind: 'veval' };
    if (img) {
      return { kind: 'image', selector: selectorOf(img), detail: noDims(img) ? `${selectorOf(img)} above arrived without width/height or aspect-ratio` : `${selectorOf(img)} above arrived and took more room than was reserved` };
    }
    for (const e of evs) {
      if (e.kind !== 'inserted' || !e.el || !above(e.el) || !inFlow(e.el)) continue;
      const h = Math.round(e.el.getBoundingClientRect().height);
      if (h < 1) continue;
      const img = e.el.tagName === 'IMG' ? e.el : null;
      return { kind: 'inserted', selector: selectorOf(e.el), detail: `${selectorOf(e.el)} inserted above, ${h} px tall, no space reserved${img && noDims(img) ? ' (an image without width/height)' : ''}` };
    }
    // a web font swaps in when its file arrives (its loadingdone event may come after the shift)
    const fontFile = performance.getEntriesByType('resource').some((r) => /\.(woff2?|ttf|otf)(\?|#|$)/i.test(r.name)
      && (r as PerformanceResourceTiming).responseEnd > from && (r as PerformanceResourceTiming).responseEnd <= t);
    const loadedEv = evs.filter((e: Ev) => e.kind === 'font');
    if (fontFile || loadedEv.length) {
      const fams = new Set<string>(loadedEv.flatMap((e: Ev) => e.families ?? []));
      if (fontFile) document.fonts.forEach((f) => { if (f.status === 'loaded') fams.add(f.family.replace(/^["']|["']$/g, '')); });
      // an element set in the font: the moved one, else one above it
      const users = [el, ...Array.from(document.querySelectorAll('body *')).filter((x) => x !== el && above(x)).slice(-200).reverse()];
      const user = users.find((x) => fams.has(stackOf(x)[0]));
      if (user) {
        const stack = stackOf(user);
        return { kind: 'font', selector: selectorOf(user), detail: `font swap: ${stack[0]} replaced fallback ${stack[1] ?? 'the browser default'} in ${selectorOf(user)}` };
      }
    }
    for (const e of evs) {
      if (e.kind === 'stylesheet') {
        const href = e.el?.getAttribute('href');
        return { kind: 'stylesheet', selector: e.el ? selectorOf(e.el) : null, detail: `a late stylesheet${href ? ` (${href})` : ''} applied` };
      }
    }
    for (const e of evs) {
      if (e.kind === 'content' && e.el && above(e.el) && inFlow(e.el)) return { kind: 'content', selector: selectorOf(e.el), detail: `${selectorOf(e.el)} above changed its content` };
    }
    return null;
  };

  const record = (e: any) => {
    const t: number = e.startTime;
    if (st.closedAt !== null && t > st.closedAt) return;
    if (st.entries.length >= KEEP) { st.dropped++; return; }
    const own = (st.ownSince !== null && t >= st.ownSince) || st.own.some(([a, b]: [number, number]) => t >= a && t <= b);
    const step = [...st.steps].reverse().find((s: any) => s.start <= t) ?? null;
    const prior = (st.entries[st.entries.length - 1]?.t ?? -Infinity);
    let ownCause = false;
    const sources = (e.sources ?? []).map((s: any) => {
      const node: Node | null = s.node ?? null;
      const el = node ? (node.nodeType === 1 ? node as Element : node.parentElement) : null;
      const previous = docRect(s.previousRect), current = docRect(s.currentRect);
      const out: any = { selector: el ? selectorOf(el) : '(removed)', previous, current, cause: null };
      if (!el) return out;
      const req = arg.required.filter((r) => matchAll(r.selector).some((x) => x === el || el.contains(x))).map((r) => r.name);
      const reg = arg.regions.filter((r) => matchAll(r.selector).some((x) => x.contains(el) || el.contains(x))).map((r) => r.name);
      if (req.length) out.required = req;
      if (reg.length) out.regions = reg;
      if (step && (step.end === null || t <= step.end) && step.target && matchAll(step.target).some((x) => x === el || el.contains(x))) out.stepTarget = step.index;
      const cause = own ? null : causeOf(el, previous.y, Math.max(prior, t - 1000), t);
      // a lazy image veval forced eager arrived: its doing, not the page's
      if (cause?.kind === 'veval') ownCause = true;
      else out.cause = cause;
      return out;
    });
    st.entries.push({
      t: Math.round(t), value: Math.round(e.value * 10000) / 10000,
      step: step ? step.index : null, sinceStep: step ? Math.round(t - step.start) : null,
      // hadRecentInput is also set at load under veval's mobile emulation (measured on the corpus:
      // no input was given): only a step's input within 500 ms makes a shift the user's doing
      excluded: own || ownCause ? 'veval' : e.hadRecentInput && step && (step.end === null || t <= step.end + 500) ? 'input' : null, sources,
    });
  };
  // a fault here must never reach the page's console (the console check reads it)
  const safe = (e: any) => { try { record(e); } catch { st.dropped++; } };
  st.observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) safe(e); });
  st.observer.observe({ type: 'layout-shift', buffered: true });
  // entries of frames already rendered but not yet delivered
  st.flush = () => { for (const e of st.observer.takeRecords()) safe(e); };
  st.mark = (on: boolean) => {
    st.flush();
    if (on) { st.ownSince ??= performance.now(); return; }
    if (st.ownSince === null) return;
    st.own.push([st.ownSince, performance.now() + 50]);
    st.ownSince = null;
  };
}

/** veval's own action begins (true) or ends (false): entries in between are excluded, and for a
 *  frame after it ends (its layout lands in the next frame). settle calls it in the page as
 *  __vevalShift.mark. */
export function ownShifts(on: boolean): void {
  (window as any).__vevalShift?.mark?.(on);
}

/** A step begins (its target's selector, when it has one) or has acted. */
export function stepShifts(arg: { index: number; target: string | null; begin: boolean }): void {
  const st = (window as any).__vevalShift;
  if (!st?.supported) return;
  st.flush();
  if (arg.begin) st.steps.push({ index: arg.index, start: performance.now(), end: null, target: arg.target });
  else { const s = st.steps[st.steps.length - 1]; if (s) s.end = performance.now(); }
}

/** Closes observation (veval's measuring begins) and returns what was seen; null without the API. */
export function collectShifts(): { entries: unknown[]; dropped: number; observedUntil: number } | null {
  const st = (window as any).__vevalShift;
  if (!st?.supported) return null;
  st.flush();
  st.closedAt ??= performance.now();
  return { entries: st.entries, dropped: st.dropped, observedUntil: Math.round(st.closedAt) };
}

// Keeps veval's own full-page shots from reaching the page's scripts. Chromium's full-page
// screenshot (CDP Page.captureScreenshot with captureBeyondViewport, which Playwright's fullPage
// uses) resizes the widget for the shot and back (measured: bench/quiet-shot.ts). Usually the
// page only gets a trusted `resize` (window and visualViewport) and `change` on media query lists
// with the size it already had; in about one shot in six it is laid out at 1×1 for a moment
// (innerWidth 1, ResizeObserver callbacks, media queries flipped) and then resized back; on a
// touch viewport the shot also switches touch emulation off until Playwright turns it back on
// (hover and pointer queries flip). Pages that re-initialise on resize (tabs rebuilt, a sidebar
// collapsed under 480 px, charts redrawn) then change during the shot. Every other way to get the
// same image was measured to disturb the page more (a device-metrics override really resizes it;
// stitching scrolls it and repeats fixed and sticky elements) or to draw nothing below the fold.
//
// So, installed before any page script: listeners that run first (capture phase, registered
// first), and wrappers around the page's media query lists and resize/intersection observers.
// While veval holds a shot, every trusted resize, media query change and observer callback is
// held back; at the release, what really differs from what the page last learned is delivered
// (a resize event, a change event, a fresh observation). The page's own dispatched events always
// pass; outside a hold nothing is touched.
// The shot's resize also clamps inner scrollers (measured on a shadcn/ui table, issue 55: its
// scroller went 15 → 7 px, the `scroll` event reached floating-ui, which moved the open Radix menu
// 16 px, and the page stayed so): each scrolled element's offsets are kept at the hold and put back
// before the release, and its trusted `scroll` events are held like the resize.

/** What the page's scripts can read of the viewport. */
export function viewportSeen(): string {
  const vv = window.visualViewport, de = document.documentElement;
  return [innerWidth, innerHeight, devicePixelRatio, screen.width, screen.height,
    vv?.width, vv?.height, vv?.scale, de?.clientWidth, de?.clientHeight].join(',');
}

export interface QuietState {
  holds: number; seen: string; stopped: number;
  /** the media query lists the page asked for and what each last told it */
  lists: WeakRef<MediaQueryList>[]; known: WeakMap<MediaQueryList, boolean>;
  /** observers whose callback was held back, with what they observe */
  dirty: Set<{ reobserve?(t: Element, o: unknown): void; targets: Map<Element, unknown> }>;
  /** the scrolled elements' offsets at the hold (the document's own scroll is veval's: shots start at the top) */
  scrolls: Map<Element, [number, number]>;
  /** elements whose trusted scroll event was held back */
  scrolled: Set<Element>;
  /** puts each held scroller back at its offset; its ResizeObserver (the browser's own) does so
   *  after each layout that resizes one, before that frame paints */
  putBack?: () => void; keeper?: ResizeObserver;
}

/** Init script (every frame, before the page's scripts). */
export function quietInit(): void {
  const w = window as any;
  if (w.__vevalQuiet) return;
  const q: QuietState = { holds: 0, seen: '', stopped: 0, lists: [], known: new WeakMap(), dirty: new Set(), scrolls: new Map(), scrolled: new Set() };
  w.__vevalQuiet = q;
  const sizeEvent = (e: Event) => {
    if (e.isTrusted && q.holds > 0) { e.stopImmediatePropagation(); q.stopped++; }
  };
  try {
    addEventListener('resize', sizeEvent, true);
    window.visualViewport?.addEventListener('resize', sizeEvent, true);
    // an element's scroll (it does not bubble, but the window's capture phase sees it first)
    addEventListener('scroll', (e) => {
      const t = e.target;
      if (!e.isTrusted || q.holds === 0 || !(t instanceof Element) || t === document.scrollingElement) return;
      e.stopImmediatePropagation(); q.stopped++; q.scrolled.add(t);
    }, true);
  } catch { /* nothing to guard */ }
  // a media query list is its own event target: the guard is the first listener on each one the page asks for
  try {
    const original = window.matchMedia;
    if (typeof original === 'function') {
      const matchMedia = function (this: unknown, query: string): MediaQueryList {
        const list = original.call(window, query);
        q.known.set(list, list.matches);
        if (q.lists.length > 5000) q.lists = q.lists.filter((r) => r.deref());
        q.lists.push(new WeakRef(list));
        try {
          list.addEventListener('change', (e) => {
            if (e.isTrusted && q.holds > 0) { e.stopImmediatePropagation(); q.stopped++; return; }
            q.known.set(list, (e as MediaQueryListEvent).matches);
          });
        } catch { /* an engine without EventTarget lists: unguarded */ }
        return list;
      };
      Object.defineProperty(matchMedia, 'name', { value: 'matchMedia' });
      w.matchMedia = matchMedia;
    }
  } catch { /* matchMedia unguarded */ }
  // observers: a callback during a hold is held back. What each target last told the page is
  // kept, so that afterwards an entry saying the same again (the size restored after a shot's
  // 1×1 layout) is not delivered: an observer reports changes, and for the page nothing changed.
  // The page's own observe() starts afresh (its first observation always reaches it).
  const sameAs = (e: any): string => e.contentRect
    ? `${e.contentRect.width},${e.contentRect.height},${e.borderBoxSize?.[0]?.inlineSize},${e.borderBoxSize?.[0]?.blockSize}`
    : `${e.isIntersecting},${Math.round((e.intersectionRatio ?? 0) * 1000)}`;
  const guard = (name: 'ResizeObserver' | 'IntersectionObserver') => {
    const Original = w[name];
    if (typeof Original !== 'function') return;
    const Guarded: any = function (this: unknown, callback: Function, options?: unknown) {
      const record = { observer: null as any, targets: new Map<Element, unknown>(), told: new WeakMap<Element, string>(), reobserve: undefined as undefined | ((t: Element, o: unknown) => void) };
      const held = function (this: unknown, entries: any[], obs: unknown) {
        if (q.holds > 0) { q.dirty.add(record); q.stopped++; return; }
        const news = entries.filter((e) => record.told.get(e.target) !== sameAs(e));
        if (!news.length) return;
        for (const e of news) record.told.set(e.target, sameAs(e));
        return callback.call(this, news, obs);
      };
      // new.target keeps a subclass's prototype (class X extends ResizeObserver)
      const observer = Reflect.construct(Original, [held, options], new.target ?? Guarded);
      record.observer = observer;
      const observe = observer.observe, unobserve = observer.unobserve, disconnect = observer.disconnect;
      record.reobserve = (t: Element, o: unknown) => { unobserve.call(observer, t); observe.call(observer, t, o); };
      observer.observe = function (t: Element, o?: unknown) { record.targets.set(t, o); record.told.delete(t); return observe.call(observer, t, o); };
      observer.unobserve = function (t: Element) { record.targets.delete(t); return unobserve.call(observer, t); };
      observer.disconnect = function () { record.targets.clear(); q.dirty.delete(record); return disconnect.call(observer); };
      return observer;
    };
    Guarded.prototype = Original.prototype;
    Object.defineProperty(Guarded, 'name', { value: name });
    w[name] = Guarded;
  };
  // a size change is observed after layout and before paint: a scroller the shot clamped is put
  // back in the very frame its width returns, the frame the shot then paints (measured on a shadcn/ui
  // table: restored at the release only, 5 of 8 images showed the clamped offset)
  q.putBack = () => {
    for (const [el, [x, y]] of q.scrolls) {
      if (el.isConnected && (el.scrollLeft !== x || el.scrollTop !== y)) el.scrollTo({ left: x, top: y, behavior: 'instant' as ScrollBehavior });
    }
  };
  try { q.keeper = new w.ResizeObserver(() => { if (q.holds > 0) q.putBack!(); }); } catch { /* no observer: the release puts them back */ }
  try { guard('ResizeObserver'); guard('IntersectionObserver'); } catch { /* observers unguarded */ }
}

/** Starts holding (nested holds count): what the page sees now is what it knows. */
export function quietHold(): boolean {
  const q = (window as any).__vevalQuiet as QuietState | undefined;
  if (!q) return false;
  if (q.holds++ === 0) {
    q.seen = viewportSeen();
    q.scrolls.clear();
    for (const el of Array.from(document.querySelectorAll('*'))) {
      if ((el.scrollLeft || el.scrollTop) && el !== document.scrollingElement) { q.scrolls.set(el, [el.scrollLeft, el.scrollTop]); q.keeper?.observe(el); }
    }
  }
  return true;
}

/** Ends one hold after the next two frames (Chromium sends what a shot caused by then; Playwright
 *  turns touch emulation back on before its screenshot call returns) and delivers what really
 *  changed; answers how many events and callbacks were held back so far. */
export async function quietRelease(): Promise<number> {
  const q = (window as any).__vevalQuiet as QuietState | undefined;
  if (!q) return 0;
  // veval's own timer (the page's may be tracked or frozen); frames may not come under a frozen clock
  const sleep = (window as any).__vevalSetTimeout ?? setTimeout;
  // the offsets the shot moved are put back while still holding (their scroll events are held too)
  if (q.holds === 1) q.putBack?.();
  await Promise.race([new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise((r) => sleep.call(window, r, 200))]);
  if (q.holds > 1) { q.holds--; return q.stopped; }
  q.holds = 0;
  if (viewportSeen() !== q.seen) {
    dispatchEvent(new Event('resize'));
    window.visualViewport?.dispatchEvent(new Event('resize'));
  }
  // over a copy: a page listener told of a change may ask for new lists, which must not be dropped
  const gone = new Set<WeakRef<MediaQueryList>>();
  for (const ref of q.lists.slice()) {
    const list = ref.deref();
    if (!list) { gone.add(ref); continue; }
    if (list.matches !== q.known.get(list)) {
      q.known.set(list, list.matches);
      try { list.dispatchEvent(new MediaQueryListEvent('change', { media: list.media, matches: list.matches })); } catch { /* not told */ }
    }
  }
  if (gone.size) q.lists = q.lists.filter((r) => !gone.has(r));
  // a fresh observation of each target of an observer that was held back: delivered only where
  // it differs from what the page last learned (the guard's filter)
  for (const { reobserve, targets } of q.dirty) {
    for (const [t, o] of targets) { try { reobserve?.(t, o); } catch { /* gone */ } }
  }
  q.dirty.clear();
  // an element that could not be put back (or was at 0 and moved): the page is told it scrolled
  for (const el of q.scrolled) {
    const was = q.scrolls.get(el) ?? [0, 0];
    if (el.isConnected && (el.scrollLeft !== was[0] || el.scrollTop !== was[1])) el.dispatchEvent(new Event('scroll'));
  }
  q.scrolled.clear();
  q.scrolls.clear();
  q.keeper?.disconnect();
  return q.stopped;
}

/** Ends every hold at once, delivering nothing: the fallback when a release could not run (the
 *  page must never stay held after veval's shots). */
export function quietReset(): void {
  const q = (window as any).__vevalQuiet as QuietState | undefined;
  if (q) { q.holds = 0; q.scrolled.clear(); q.scrolls.clear(); q.keeper?.disconnect(); }
}

/** After a shot, during the hold: a held scroller not at its offset (the shot's layout clamped it
 *  and no layout since let the keeper put it back), named with both offsets, or null; each one is
 *  put back. The image then may show the clamped offset: the caller shoots again or says so. */
export function quietMoved(): string | null {
  const q = (window as any).__vevalQuiet as QuietState | undefined;
  if (!q || q.holds === 0) return null;
  let moved: string | null = null;
  for (const [el, [x, y]] of q.scrolls) {
    if (!el.isConnected || (el.scrollLeft === x && el.scrollTop === y)) continue;
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 3).join('.') : '';
    moved ??= `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} (scroll ${x},${y} → ${el.scrollLeft},${el.scrollTop})`;
  }
  q.putBack?.();
  return moved;
}

// In-page evidence of motion between stability shots: what changed that PAINTS (DOM mutations on
// rendered content, running animations and transitions, canvas drawing, playing video), and how
// busy requestAnimationFrame was. A hidden node changing is not motion. Boxes are viewport
// coordinates (getBoundingClientRect), the same frame as the masks stableShot is given.
import type { Box } from '../../../core/artifacts.js';
import { isOwn, selectorOf } from '../../in-page/dom.js';

export type MotionKind = 'mutation' | 'animation' | 'transition' | 'canvas' | 'video';
export interface MotionEvent { kind: MotionKind; selector: string; box: Box; detail: string }
export interface MotionReport { events: MotionEvent[]; raf: number; ms: number }

export interface Watch {
  t0: number; raf: number; events: Map<string, MotionEvent>; masks: Box[]; full: boolean; poll?: number;
  /** the spec's mask selectors: a change inside a masked element (a carousel's track wider than its mask) is not motion */
  maskSel: string[];
  /** over every window since the watch was installed, for the flake map: what each element painted, */
  all: Map<Element, Set<string>>;
  /** … and where it was when it last painted (viewport px): a toggled element may be hidden when the map is made */
  boxes: Map<Element, Box>;
  /** the classes the page added or removed (a mask must not depend on them), and web fonts loaded */
  toggled: Set<string>; fonts: number;
}

/** Records one event when `el` paints: rendered (not display:none, visibility:hidden, opacity 0),
 *  with area, in the captured area (the document for full-page captures, else the viewport) and
 *  not inside a mask. One event per kind and element. */
export function noteMotion(st: Watch, kind: MotionKind, el: Element | null, detail: string): void {
  if (!el || !el.isConnected) return;
  if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return;
  if (!st.full && (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth)) return;
  if (st.masks.some((m) => r.left >= m.x - 1 && r.top >= m.y - 1 && r.right <= m.x + m.width + 1 && r.bottom <= m.y + m.height + 1)) return;
  if (st.maskSel.some((s) => { try { return !!el.closest(s); } catch { return false; } })) return;
  if (st.all.size < 2000 || st.all.has(el)) {
    const d = st.all.get(el) ?? new Set<string>();
    d.add(kind === 'mutation' ? detail : `${kind} ${detail}`);
    st.all.set(el, d);
    st.boxes.set(el, { x: r.left, y: r.top, width: r.width, height: r.height });
  }
  const selector = selectorOf(el);
  const key = kind + ' ' + selector;
  const round = (n: number) => Math.round(n * 100) / 100;
  if (!st.events.has(key)) st.events.set(key, { kind, selector, detail, box: { x: round(r.left), y: round(r.top), width: round(r.width), height: round(r.height) } });
}

/** Installs the watcher once per document (idempotent) and starts a new window: events so far are
 *  dropped. Answers how many of them the page made itself for sure (text, children, a class,
 *  animations, transitions, canvas, video; not a style attribute, which veval's own measuring sets). */
export function motionStart(arg: { masks: Box[]; full: boolean; maskSelectors?: string[] }): number {
  const w = window as unknown as { __vevalMotion?: Watch };
  const fresh = !w.__vevalMotion;
  const st: Watch = w.__vevalMotion ?? { t0: 0, raf: 0, events: new Map(), masks: [], full: arg.full, maskSel: [], all: new Map(), boxes: new Map(), toggled: new Set(), fonts: 0 };
  const before = [...st.events.values()].filter((e) => e.kind !== 'mutation' || !/^attribute (style|hidden)$/.test(e.detail)).length;
  st.t0 = performance.now(); st.raf = 0; st.events.clear(); st.masks = arg.masks; st.full = arg.full; st.maskSel = arg.maskSelectors ?? [];
  if (!fresh) return before;
  w.__vevalMotion = st;
  const note = (kind: MotionKind, el: Element | null, detail: string) => noteMotion(st, kind, el, detail);
  const NO_PAINT = /^(aria-|data-veval)/;
  const uncaret = (v: string | null) => (v ?? '').replace(/caret-color:[^;]*;?/g, '').trim();
  new MutationObserver((records) => {
    for (const m of records) {
      const el = m.target.nodeType === 1 ? m.target as Element : m.target.parentElement;
      if (m.type === 'attributes') {
        if (m.attributeName && NO_PAINT.test(m.attributeName)) continue;
        // no change (classList.add of a class already there, as observers re-firing on the
        // full-page resize do), or Playwright's screenshot (caret: 'hide') setting, then
        // clearing, caret-color inline on fields
        if (el && m.attributeName && uncaret(m.oldValue) === uncaret(el.getAttribute(m.attributeName))) continue;
        if (el && m.attributeName === 'class') {
          const before = new Set((m.oldValue ?? '').split(/\s+/).filter(Boolean)), now = new Set(Array.from(el.classList));
          for (const c of before) if (!now.has(c)) st.toggled.add(c);
          for (const c of now) if (!before.has(c)) st.toggled.add(c);
        }
        note('mutation', el, `attribute ${m.attributeName}`);
      } else if (m.type === 'characterData') {
        note('mutation', el, 'text');
      } else {
        // veval's own measuring styles come and go (isOwn): not the page changing
        const nodes = [...Array.from(m.addedNodes), ...Array.from(m.removedNodes)].filter((n) => !isOwn(n));
        if (nodes.some((n) => n.nodeType === 1 || (n.nodeType === 3 && (n.textContent || '').trim()))) note('mutation', el, 'children');
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true });
  // canvas drawing: the drawing calls of 2D and WebGL contexts note their canvas
  const wrap = (proto: any, names: string[]) => {
    if (!proto) return;
    for (const name of names) {
      const orig = proto[name];
      if (typeof orig !== 'function') continue;
      proto[name] = function (this: { canvas: Element }, ...args: unknown[]) {
        try { note('canvas', this.canvas, name); } catch { /* offscreen canvas */ }
        return orig.apply(this, args);
      };
    }
  };
  wrap((window as any).CanvasRenderingContext2D?.prototype, ['fillRect', 'clearRect', 'strokeRect', 'fill', 'stroke', 'fillText', 'strokeText', 'drawImage', 'putImageData']);
  for (const gl of ['WebGLRenderingContext', 'WebGL2RenderingContext']) wrap((window as any)[gl]?.prototype, ['drawArrays', 'drawElements', 'clear']);
  // a web font arriving re-lays the text out: counted for the flake map's "web-font swap"
  document.fonts?.addEventListener?.('loadingdone', () => { st.fonts++; });
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = function (cb: FrameRequestCallback) { st.raf++; return raf.call(window, cb); };
  return 0;
}

/** Samples what runs now (animations, transitions, playing video) and returns the window's events. */
export function motionCollect(): MotionReport | null {
  const st = (window as unknown as { __vevalMotion?: Watch }).__vevalMotion;
  if (!st) return null; // the document was replaced inside the window
  const add = (kind: MotionKind, el: Element | null, detail: string) => noteMotion(st, kind, el, detail);
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running') continue;
    const target = (a.effect as KeyframeEffect | null)?.target ?? null;
    const transition = typeof CSSTransition !== 'undefined' && a instanceof CSSTransition;
    const name = transition ? (a as CSSTransition).transitionProperty : (a as CSSAnimation).animationName ?? a.id ?? '';
    add(transition ? 'transition' : 'animation', target, name || 'web animation');
  }
  for (const v of Array.from(document.querySelectorAll('video'))) {
    if (!v.paused && !v.ended && v.readyState >= 2) add('video', v, 'playing');
  }
  return { events: [...st.events.values()], raf: st.raf, ms: Math.round(performance.now() - st.t0) };
}

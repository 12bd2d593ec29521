// In-page half of the flake map: the hot areas of an unstable capture (clusters of pixels that
// changed over the shots, in image CSS px) mapped to the elements that paint them, each with the
// mask a user would paste (a short selector that stays valid while the page moves) and the cause
// when it is recognised (a running clock, a carousel, a video, a caret, a web-font swap, an ad
// slot). Reads what the motion watch (motion.ts) saw over all its windows. Self-contained apart
// from the helpers bundled with it (selectorOf, deepAll, noteMotion's Watch shape).
import type { Box, FlakeCause } from '../../../core/artifacts.js';
import { deepAll, generatedName, selectorOf } from '../../in-page/dom.js';
import type { Watch } from './motion.js';

export interface FlakeArea { box: Box; samples: [number, number][] }
export interface FlakeElement { index: number; selector: string; mask: string | null; cause: FlakeCause | null; detail: string; box: Box }

/** A class or id a page generates (CSS modules, styled-components, framework ids) or one that
 *  names a state (active, is-open …): a mask built on it would stop matching. */
export function volatileName(name: string): boolean {
  if (generatedName(name)) return true;
  if (/^(active|current|selected|show|shown|visible|hidden|open|opened|closed|in|out|on|off|fade|fading|animating|animated|playing|paused|enter|leave|next|prev|previous|focus|focused|hover|loaded|loading|ready)$/i.test(name)) return true;
  if (/^(is|has|js|state|ng|v|x)-/i.test(name) || /(^|-)(active|current|selected|enter|leave)(-|$)/i.test(name)) return true;
  if (/^(css|sc|jsx|emotion|svelte|tw)-[\w-]*$/i.test(name) || /(^|_)[A-Za-z0-9]{5,}$/.test(name) && /\d/.test(name) && /_/.test(name)) return true;
  if (/\d{3,}/.test(name) || /^[a-z]{1,2}\d{2,}$/i.test(name) || /([a-z]\d){2,}/i.test(name) || /[0-9a-f]{6,}/i.test(name) && /\d/.test(name)) return true;
  return !/^[A-Za-z_-][\w-]*$/.test(name);
}

/** The selectors of `e` alone a mask (or a CSS record key) may use, best first: #id, test ids,
 *  tag.class or .class (a class the page did not toggle), a telling tag, role or roledescription. */
export function ownSelectors(e: Element, toggled: Set<string>): string[] {
  const out: string[] = [];
  const tag = e.tagName.toLowerCase();
  if (e.id && !volatileName(e.id)) out.push('#' + e.id);
  for (const a of ['data-testid', 'data-test', 'data-qa', 'data-cy']) {
    const v = e.getAttribute(a);
    if (v && /^[\w-]+$/.test(v)) out.push(`[${a}="${v}"]`);
  }
  const cls = Array.from(e.classList).filter((c) => !volatileName(c) && !toggled.has(c) && !c.startsWith('veval'));
  const plain = tag === 'div' || tag === 'span' || tag === 'section' || tag === 'li' || tag === 'ul' || tag === 'p';
  for (const c of cls) out.push(plain ? '.' + c : tag + '.' + c);
  for (const c of cls) if (plain) out.push(tag + '.' + c);
  if (cls.length > 1) out.push((plain ? '' : tag) + '.' + cls.slice(0, 2).join('.'));
  if (!plain && !cls.length && ['time', 'video', 'canvas', 'iframe', 'marquee', 'progress', 'meter', 'header', 'footer', 'main', 'nav', 'aside'].includes(tag)) out.push(tag);
  const role = e.getAttribute('role');
  if (role && /^(timer|marquee|progressbar|status|region|banner)$/.test(role)) out.push(`[role="${role}"]`);
  const rd = e.getAttribute('aria-roledescription');
  if (rd && /^[\w -]+$/.test(rd)) out.push(`[aria-roledescription="${rd}"]`);
  return out;
}

/** The mask a user would paste for `el`: #id, a test id, tag.class or .class (a class the page did
 *  not toggle during the shots), else the same under the nearest ancestor that has one, else the
 *  report selector. Prefers a selector that matches `el` alone. */
export function maskSelector(el: Element, toggled: Set<string>): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const unique = (sel: string) => { try { const all = root.querySelectorAll(sel); return all.length === 1 && all[0] === el; } catch { return false; } };
  const own = (e: Element) => ownSelectors(e, toggled);
  const mine = own(el);
  for (const s of mine) if (unique(s)) return s;
  // under the nearest ancestor with a selector of its own: ".ticker time", "#news .updated"
  for (let a = el.parentElement, up = 0; a && a !== document.body && up < 4; a = a.parentElement, up++) {
    for (const pa of own(a)) {
      try { if (root.querySelectorAll(pa).length !== 1) continue; } catch { continue; }
      for (const s of [...mine, el.tagName.toLowerCase()]) if (unique(pa + ' ' + s)) return pa + ' ' + s;
    }
  }
  return selectorOf(el);
}

/** The element that paints each hot area, its mask and its recognised cause; then the elements
 *  the watch saw painting in its last window that no area accounts for (a change the shots missed). */
export function flakeElements(arg: { areas: FlakeArea[]; full: boolean }): FlakeElement[] {
  const st = (window as unknown as { __vevalMotion?: Watch }).__vevalMotion;
  const seen: Map<Element, Set<string>> = st?.all ?? new Map();
  const ox = arg.full ? window.scrollX : 0, oy = arg.full ? window.scrollY : 0;
  // an element hidden now (a toggled CTA, a cover between two flashes) is where it last painted
  const rectOf = (e: Element) => {
    const r = e.getBoundingClientRect(), was = st?.boxes.get(e);
    return r.width <= 0 && r.height <= 0 && was ? { x: was.x + ox, y: was.y + oy, width: was.width, height: was.height } : { x: r.left + ox, y: r.top + oy, width: r.width, height: r.height };
  };
  const contains = (a: Box, b: Box, tol = 2) => a.x <= b.x + tol && a.y <= b.y + tol && a.x + a.width >= b.x + b.width - tol && a.y + a.height >= b.y + b.height - tol;
  const top = (e: Element | null) => !e || e === document.body || e === document.documentElement;
  const painted = deepAll(document).filter((e) => e !== document.body && e !== document.documentElement && e.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  const rects = new Map(painted.map((e) => [e, rectOf(e)] as const));
  const inside = (r: Box, x: number, y: number) => r.width > 0 && r.height > 0 && x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
  const at = (x: number, y: number): Element | null => {
    let hit: Element | null = null;
    for (const e of painted) if (inside(rects.get(e)!, x, y)) hit = e;
    for (const e of seen.keys()) if (e.isConnected && !rects.has(e) && inside(rectOf(e), x, y) && (!hit || hit.contains(e))) hit = e;
    return hit;
  };
  const chain = (e: Element) => { const out: Element[] = []; for (let c: Element | null = e; c; c = c.parentElement) out.push(c); return out; };
  const lca = (els: Element[]): Element | null => {
    if (!els.length) return null;
    let common = chain(els[0]);
    for (const e of els.slice(1)) { const c = new Set(chain(e)); common = common.filter((x) => c.has(x)); }
    return common[0] ?? null;
  };
  // classes the page toggled during the shots (a mask must not depend on them)
  const toggled: Set<string> = st?.toggled ?? new Set();
  const moves = (e: Element) => { const d = seen.get(e); return !!d && [...d].some((s) => /^(attribute (class|style)|animation|transition)/.test(s)); };
  const detailsIn = (e: Element) => {
    const out = new Set<string>();
    for (const [x, d] of seen) if (e === x || e.contains(x)) for (const s of d) out.add(s);
    return [...out];
  };

  /** A carousel's slide or track moves inside a part that stays: mask the part that stays. An
   *  element is carried when its siblings move too (slides; dots beside the slides) or it overflows its parent (a
   *  track wider than its frame); a lone element that changes (a flipping box) is its own mask. */
  const moving = [...seen.keys()].filter(moves);
  const siblingsMove = (x: Element) => !!x.parentElement && Array.from(x.parentElement.children).some((c) => c !== x && moving.some((m) => c === m || c.contains(m)));
  const overflows = (x: Element) => { const p = x.parentElement; if (!p) return false; const pr = rectOf(p), xr = rectOf(x); return xr.width > pr.width + 2 || xr.height > pr.height + 2; };
  const steady = (e: Element, area: Box): Element => {
    let x: Element | null = e;
    while (x && !top(x) && !moves(x)) x = x.parentElement;
    if (!x || top(x)) return e;
    if (!siblingsMove(x) && !overflows(x)) return contains(rectOf(x), area) ? x : e;
    while (!top(x.parentElement) && (moves(x) || siblingsMove(x) || overflows(x))) x = x.parentElement!;
    while (!contains(rectOf(x), area) && !top(x.parentElement)) x = x.parentElement!;
    return x;
  };

  const causeOf = (e: Element, area: Box, details: string[]): FlakeCause | null => {
    const near = [e, ...chain(e).slice(1, 4)];
    const names = (x: Element) => `${x.id} ${typeof x.className === 'string' ? x.className : ''} ${x.getAttribute('aria-roledescription') ?? ''}`;
    const video = e.tagName === 'VIDEO' || !!e.querySelector('video') || details.some((d) => d.startsWith('video'));
    if (video) return 'video';
    const ad = /(^|[\s_-])(ad|ads|advert|advertisement|adslot|adunit|adsbygoogle|sponsored|gpt|dfp|banner-ad)([\s_-]|$)|div-gpt-ad|google_ads/i;
    const adFrame = /doubleclick|googlesyndication|adservice|amazon-adsystem|adnxs|taboola|outbrain|criteo/i;
    if (near.some((x) => ad.test(names(x)) || x.hasAttribute('data-ad-slot') || x.hasAttribute('data-ad-unit'))
      || [...Array.from(e.querySelectorAll('iframe')), ...(e.tagName === 'IFRAME' ? [e] : [])].some((f) => adFrame.test(f.getAttribute('src') ?? ''))) return 'ad-slot';
    const text = (e.textContent ?? '').replace(/\s+/g, ' ').trim();
    const texty = details.some((d) => d === 'text' || d === 'children');
    if (texty && (e.tagName === 'TIME' || !!e.querySelector('time') || e.getAttribute('role') === 'timer'
      || (text.length <= 80 && /\b\d{1,2}:\d{2}(:\d{2})?\b|\b\d+\s*(s|sec|secs|seconds?|min|mins|minutes?)\s+ago\b/i.test(text)))) return 'clock';
    const slides = (x: Element) => Array.from(x.querySelectorAll('*')).filter((c) => moves(c)).length >= 2;
    if (near.some((x) => /carousel|slider|slideshow|swiper|slick|splide|glide|flickity|owl-|siema|keen-slider|(^|\s)slides?(\s|$)/i.test(names(x)))
      || slides(e) && details.some((d) => /^(attribute (class|style)|transition|animation)/.test(d))) return 'carousel';
    const active = document.activeElement;
    if (active && area.width <= 6 && (active === e || e.contains(active) || active.contains(e))
      && (active.tagName === 'INPUT' || active.tagName === 'TEXTAREA' || (active as HTMLElement).isContentEditable)) return 'caret';
    if (!details.length && (st?.fonts ?? 0) > 0 && text.length > 0) return 'font-swap';
    return null;
  };

  const out: FlakeElement[] = [];
  const placed: Element[] = [];
  const place = (index: number, e: Element, area: Box) => {
    placed.push(e);
    const details = detailsIn(e);
    const cause = causeOf(e, area, details);
    out.push({
      index, selector: selectorOf(e), mask: cause === 'font-swap' ? null : maskSelector(e, toggled), cause,
      detail: details.slice(0, 3).join(', ') || (cause === 'font-swap' ? 'a web font loaded during the shots' : 'pixels changed'), box: rectOf(e),
    });
  };
  arg.areas.forEach((a, index) => {
    const hits = a.samples.map(([x, y]) => at(x, y)).filter((e): e is Element => !!e);
    let e = lca(hits);
    if (!e) return;
    while (!contains(rectOf(e), a.box) && e.parentElement && !top(e.parentElement)) e = e.parentElement;
    if (top(e)) { e = hits[0]; if (!e) return; }
    place(index, steady(e, a.box), a.box);
  });
  // painted changes of the last window that no hot area shows (the shots happened to agree)
  const named = out.map((o) => o.selector);
  for (const ev of st ? [...st.events.values()] : []) {
    if (named.some((s) => s === ev.selector)) continue;
    let el: Element | null = null;
    try { el = document.querySelector(ev.selector); } catch { el = null; }
    if (!el || placed.some((o) => o.contains(el!))) continue;
    const box = rectOf(el);
    place(-1, steady(el, box), box);
    named.push(ev.selector);
    if (out.length >= 12) break;
  }
  // an area inside another one's element (a carousel's dots inside the carousel) is that element's
  placed.forEach((e, i) => {
    const j = placed.findIndex((o, k) => k !== i && o !== e && o.contains(e));
    if (j < 0) return;
    const { selector, mask, box } = out[j];
    out[i] = { ...out[i], selector, mask, box, cause: out[j].cause ?? out[i].cause };
  });
  return out;
}

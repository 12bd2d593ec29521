// What can change its pixels without the DOM, the motion watch or (outside the viewport) the
// paint signal knowing: images that may be animated (GIF, PNG/APNG, WebP, AVIF; as <img> or as a
// CSS image), frames and embeds, SVG's own animations, canvases (drawn by a worker through
// OffscreenCanvas, which no prototype hook sees), video and marquee. Those lying (partly) outside
// the viewport are confirmed by pixels of their own boxes: the screencast sees the viewport only.
import type { Box } from '../../../core/artifacts.js';

/** Their boxes in document px (visible, with area, not wholly inside the viewport), at most `max` + 1. */
export function unwatchedOutside(max: number): Box[] {
  const STILL = /(\.(jpe?g|svg)([?#]|$))|^data:image\/(jpeg|svg)/i;
  const out: Box[] = [];
  const push = (el: Element) => {
    if (out.length > max) return;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    if (r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth) return;
    const x = Math.max(0, r.left + scrollX), y = Math.max(0, r.top + scrollY);
    out.push({ x, y, width: r.right + scrollX - x, height: r.bottom + scrollY - y });
  };
  for (const el of Array.from(document.querySelectorAll('img, input[type=image]'))) {
    const src = (el as HTMLImageElement).currentSrc || (el as HTMLImageElement).src || '';
    if (!STILL.test(src)) push(el);
  }
  for (const el of Array.from(document.querySelectorAll('canvas, video, iframe, frame, object, embed, marquee'))) push(el);
  for (const el of Array.from(document.querySelectorAll('animate, animateTransform, animateMotion, set'))) {
    const svg = (el as SVGElement).ownerSVGElement;
    if (svg) push(svg);
  }
  // CSS images: backgrounds, list markers, borders, generated content
  for (const el of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    if (out.length > max) break;
    for (const pseudo of [null, '::before', '::after']) {
      const cs = getComputedStyle(el, pseudo);
      const images = [cs.backgroundImage, cs.listStyleImage, cs.borderImageSource, pseudo ? cs.content : ''].join(' ');
      const urls = images.match(/url\((["']?)[^)"']*\1\)/g) ?? [];
      if (urls.some((u) => !STILL.test(u.replace(/^url\((["']?)|\1\)$/g, '')))) { push(el); break; }
    }
  }
  return out;
}

// Image operations for design-export comparison: area resampling (a design export is drawn at its
// own scale, a capture at the viewport's device scale), crops in CSS px, mask filling, and the
// perceptual score of two same-sized crops (SSIM of ssim.js, see docs/design-parity.md).
import { ssim } from 'ssim.js';
import type { Box } from '../../core/artifacts.js';
import type { Rgba } from '../store/png.js';

/** Opaque RGBA at `width` × `height` by area averaging (each target pixel is the mean of the source
 *  area it covers; enlarging repeats pixels). Transparent pixels are laid over white first: an
 *  export with a transparent background is seen as on a blank page. */
export function resizeArea(img: Rgba, width: number, height: number): Rgba {
  const w = Math.max(1, Math.round(width)), h = Math.max(1, Math.round(height));
  const xs = spans(w, img.width), ys = spans(h, img.height);
  const d = img.data, sw = img.width;
  // horizontal pass into floats (one row per source row, over white), then vertical
  const tmp = new Float32Array(w * img.height * 3);
  for (let y = 0; y < img.height; y++) {
    const row = y * sw;
    for (let x = 0; x < w; x++) {
      let r = 0, g = 0, b = 0;
      for (let k = xs.start[x]; k < xs.start[x + 1]; k++) {
        const i = (row + xs.src[k]) * 4, a = d[i + 3] / 255, wt = xs.weight[k], white = 255 * (1 - a);
        r += wt * (d[i] * a + white); g += wt * (d[i + 1] * a + white); b += wt * (d[i + 2] * a + white);
      }
      const o = (y * w + x) * 3;
      tmp[o] = r; tmp[o + 1] = g; tmp[o + 2] = b;
    }
  }
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0, g = 0, b = 0;
      for (let k = ys.start[y]; k < ys.start[y + 1]; k++) { const i = (ys.src[k] * w + x) * 3, wt = ys.weight[k]; r += wt * tmp[i]; g += wt * tmp[i + 1]; b += wt * tmp[i + 2]; }
      const o = (y * w + x) * 4;
      out[o] = Math.round(r); out[o + 1] = Math.round(g); out[o + 2] = Math.round(b); out[o + 3] = 255;
    }
  }
  return { width: w, height: h, data: out };
}

/** For each of `n` target pixels over `limit` source pixels: the source pixels it covers and their
 *  area weights (summing to 1), flattened: target i uses entries start[i] .. start[i + 1]. */
function spans(n: number, limit: number): { start: Int32Array; src: Int32Array; weight: Float32Array } {
  const scale = limit / n;
  const start = new Int32Array(n + 1), src: number[] = [], weight: number[] = [];
  for (let i = 0; i < n; i++) {
    start[i] = src.length;
    const a = i * scale, b = Math.min(limit, (i + 1) * scale);
    let total = 0;
    const first = src.length;
    for (let s = Math.floor(a); s < Math.ceil(b); s++) { const wt = Math.min(b, s + 1) - Math.max(a, s); src.push(s); weight.push(wt); total += wt; }
    for (let k = first; k < src.length; k++) weight[k] /= total || 1;
  }
  start[n] = src.length;
  return { start, src: Int32Array.from(src), weight: Float32Array.from(weight) };
}

/** Integer pixel rectangle of `b` (CSS px in an image of 1 px per CSS px), clipped; null when empty. */
export function clip(b: Box, img: { width: number; height: number }): [number, number, number, number] | null {
  const x0 = Math.max(0, Math.floor(b.x)), y0 = Math.max(0, Math.floor(b.y));
  const x1 = Math.min(img.width, Math.ceil(b.x + b.width)), y1 = Math.min(img.height, Math.ceil(b.y + b.height));
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : null;
}

/** The part of `img` inside `b` (a copy); null when the box lies outside the image. */
export function crop(img: Rgba, b: Box): Rgba | null {
  const r = clip(b, img);
  if (!r) return null;
  const [x0, y0, x1, y1] = r, w = x1 - x0, h = y1 - y0;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x1) * 4), y * w * 4);
  return { width: w, height: h, data };
}

/** Paints `boxes` (CSS px) in one flat grey, in place: masked content compares equal in both images. */
export function fillBoxes(img: Rgba, boxes: Box[]): void {
  for (const b of boxes) {
    const r = clip(b, img);
    if (!r) continue;
    for (let y = r[1]; y < r[3]; y++) for (let x = r[0]; x < r[2]; x++) { const i = (y * img.width + x) * 4; img.data[i] = img.data[i + 1] = img.data[i + 2] = 128; img.data[i + 3] = 255; }
  }
}

/** SSIM window (px of the compared crops): ssim.js's default, Wang et al.'s 11. */
export const WINDOW = 11;

const ssimOf = (a: ImageDataLike, b: ImageDataLike) => {
  const v = ssim(a, b, { ssim: 'weber', windowSize: WINDOW, downsample: false }).mssim;
  return Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 0;
};
type ImageDataLike = { width: number; height: number; data: Uint8ClampedArray };
const asImageData = (img: Rgba): ImageDataLike => ({ width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length) });
/** One colour channel as a grey image (ssim.js compares luma). */
function channel(img: Rgba, c: 0 | 1 | 2): ImageDataLike {
  const data = new Uint8ClampedArray(img.data.length);
  for (let i = 0; i < data.length; i += 4) { data[i] = data[i + 1] = data[i + 2] = img.data[i + c]; data[i + 3] = 255; }
  return { width: img.width, height: img.height, data };
}

/** Mean SSIM over windows of two same-sized crops (at least one window each side), on luma. */
export const lumaSimilarity = (a: Rgba, b: Rgba) => ssimOf(asImageData(a), asImageData(b));

/** The lowest mean SSIM of the red, green and blue channels: structure and colour at once (luma
 *  alone takes a red button for a green one of the same lightness). */
export function colourSimilarity(a: Rgba, b: Rgba): number {
  return Math.min(...([0, 1, 2] as const).map((c) => ssimOf(channel(a, c), channel(b, c))));
}

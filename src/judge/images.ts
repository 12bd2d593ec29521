// Crops and downscales captures with pngjs, so the judge sees the declared regions and changed
// areas at a bounded size instead of whole pages (cost, and focus).
import { PNG } from 'pngjs';
import { checkPixels } from '../parity/store/png.js';
import type { Box } from '../core/artifacts.js';

export interface Raster { width: number; height: number; data: Buffer }

/** Decoded with pngjs after its IHDR size is checked against the pixel limit (an image bomb is never decoded). */
export function decodePng(bytes: Buffer, maxPixels?: number): Raster {
  checkPixels(bytes, maxPixels);
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: png.data };
}

export function encodePng(r: Raster): Buffer {
  const png = new PNG({ width: r.width, height: r.height });
  r.data.copy(png.data);
  return PNG.sync.write(png, { colorType: 6 });
}

/** CSS-pixel box → integer device-pixel rectangle clamped to the image; null when nothing is left. */
export function toPixels(box: Box, scale: number, img: { width: number; height: number }): Box | null {
  const x0 = Math.max(0, Math.floor(box.x * scale));
  const y0 = Math.max(0, Math.floor(box.y * scale));
  const x1 = Math.min(img.width, Math.ceil((box.x + box.width) * scale));
  const y1 = Math.min(img.height, Math.ceil((box.y + box.height) * scale));
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Paints masked areas flat grey: dynamic content (clocks, ads) is not the judge's business. */
export function paintMasks(img: Raster, boxes: Box[], scale: number): void {
  for (const b of boxes) {
    const px = toPixels(b, scale, img);
    if (!px) continue;
    for (let y = px.y; y < px.y + px.height; y++) {
      for (let x = px.x; x < px.x + px.width; x++) {
        const i = (y * img.width + x) * 4;
        img.data[i] = img.data[i + 1] = img.data[i + 2] = 128;
        img.data[i + 3] = 255;
      }
    }
  }
}

export function crop(img: Raster, px: Box): Raster {
  const out = Buffer.alloc(px.width * px.height * 4);
  for (let y = 0; y < px.height; y++) {
    const from = ((px.y + y) * img.width + px.x) * 4;
    img.data.copy(out, y * px.width * 4, from, from + px.width * 4);
  }
  return { width: px.width, height: px.height, data: out };
}

/** Area-averaging downscale so the longest side is at most `max` (never upscales). */
export function fit(img: Raster, max: number): Raster {
  const longest = Math.max(img.width, img.height);
  if (longest <= max) return img;
  const k = max / longest;
  const w = Math.max(1, Math.round(img.width * k));
  const h = Math.max(1, Math.round(img.height * k));
  const out = Buffer.alloc(w * h * 4);
  const sx = img.width / w;
  const sy = img.height / h;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(img.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(img.width, Math.floor((x + 1) * sx)));
      let r = 0, g = 0, b = 0, a = 0;
      for (let yy = y0; yy < y1; yy++) {
        let i = (yy * img.width + x0) * 4;
        for (let xx = x0; xx < x1; xx++, i += 4) {
          r += img.data[i]; g += img.data[i + 1]; b += img.data[i + 2]; a += img.data[i + 3];
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * 4;
      out[o] = Math.round(r / n); out[o + 1] = Math.round(g / n); out[o + 2] = Math.round(b / n); out[o + 3] = Math.round(a / n);
    }
  }
  return { width: w, height: h, data: out };
}

/** OpenAI's published image-token rule for detail "high" (fit 2048, shortest side 768, 512 tiles). */
export function imageTokens(width: number, height: number): number {
  let w = width, h = height;
  const k1 = Math.min(1, 2048 / Math.max(w, h));
  w *= k1; h *= k1;
  const k2 = Math.min(1, 768 / Math.min(w, h));
  w *= k2; h *= k2;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

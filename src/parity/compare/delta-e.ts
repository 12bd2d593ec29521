// Colour difference for design-export comparison: CIE ΔE2000 (Sharma, Wu & Dalal 2005) between
// sRGB colours via CIELAB (D65). Written out rather than taken from a colour library: it is one
// formula, a library would bring conversions and parsers veval does not use, and the test holds it
// to the paper's published test pairs. A ΔE2000 of about 1 is the smallest difference a viewer
// notices side by side; 2–5 reads as "a shade off", beyond 10 as another colour.
import type { Rgba } from '../store/png.js';

export type Lab = [number, number, number];

const LIN = new Float64Array(256).map((_, c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);

/** CIELAB (D65 white) of an 8-bit sRGB colour. */
export function srgbToLab(r: number, g: number, b: number): Lab {
  const R = LIN[r], G = LIN[g], B = LIN[b];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const fy = f(y);
  return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

const deg = Math.PI / 180;
// hue angle in degrees, 0..360 (module level: a closure made per call costs more than the formula)
function hue(a: number, b: number): number { return a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / deg + 360) % 360; }

/** CIE ΔE2000 of two CIELAB colours (kL = kC = kH = 1). */
export function deltaE2000([L1, a1, b1]: Lab, [L2, a2, b2]: Lab): number {
  const C1 = Math.hypot(a1, b1), C2 = Math.hypot(a2, b2), Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1, a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1), C2p = Math.hypot(a2p, b2);
  const h1 = hue(a1p, b1), h2 = hue(a2p, b2);
  const dL = L2 - L1, dC = C2p - C1p;
  let dh = 0;
  if (C1p * C2p !== 0) { dh = h2 - h1; if (dh > 180) dh -= 360; else if (dh < -180) dh += 360; }
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh / 2) * deg);
  const Lm = (L1 + L2) / 2, Cmp = (C1p + C2p) / 2;
  let hm = h1 + h2;
  if (C1p * C2p !== 0) hm = Math.abs(h1 - h2) > 180 ? (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2) : (h1 + h2) / 2;
  const T = 1 - 0.17 * Math.cos((hm - 30) * deg) + 0.24 * Math.cos(2 * hm * deg) + 0.32 * Math.cos((3 * hm + 6) * deg) - 0.2 * Math.cos((4 * hm - 63) * deg);
  const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2), Sc = 1 + 0.045 * Cmp, Sh = 1 + 0.015 * Cmp * T;
  const Rt = -Math.sin(2 * dTheta * deg) * Rc;
  return Math.sqrt((dL / Sl) ** 2 + (dC / Sc) ** 2 + (dH / Sh) ** 2 + Rt * (dC / Sc) * (dH / Sh));
}

/** Mean over the pixels of `a` of the ΔE2000 to the nearest colour of `b` within `near` px of the
 *  same place (`a` and `b` the same size, opaque). The same sums as comparing every pair, with less
 *  work: an exact match at the same place ends a pixel's search (ΔE 0 is the least there is), and
 *  each distinct colour pair's ΔE is computed once — an export and a capture have few colours
 *  (flat fills, anti-aliased text) over many pixels. */
export function nearestDeltaE(a: Rgba, b: Rgba, near: number): number {
  const w = a.width, h = a.height;
  const rgb = (d: Uint8Array, i: number) => (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
  const labs = new Map<number, Lab>(), pairs = new Map<number, number>();
  const lab = (c: number) => { let l = labs.get(c); if (!l) labs.set(c, (l = srgbToLab(c >> 16, (c >> 8) & 255, c & 255))); return l; };
  const dE = (p: number, q: number) => {
    if (p === q) return 0;
    const key = p * 16777216 + q;   // both 24-bit: exact in a double
    let d = pairs.get(key);
    if (d === undefined) {
      if (pairs.size >= 4_000_000) pairs.clear();   // bounded memory on a photo-like region
      pairs.set(key, (d = deltaE2000(lab(p), lab(q))));
    }
    return d;
  };
  let sum = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = rgb(a.data, (y * w + x) * 4);
      if (p === rgb(b.data, (y * w + x) * 4)) continue;   // adds 0
      let m = Infinity;
      for (let dy = -near; dy <= near && m > 0; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -near; dx <= near; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const d = dE(p, rgb(b.data, (yy * w + xx) * 4));
          if (d < m) m = d;
        }
      }
      sum += m;
    }
  }
  return w * h ? sum / (w * h) : 0;
}

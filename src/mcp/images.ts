// The images of one tool result under a byte budget (config mcp.maxImageBytes, PNG bytes before
// base64). Overviews shrink first, then detail crops, then the crops of blockers; only when every
// image is at its smallest useful size are images left out — overviews first, a blocker's crop
// last — and every one left out is named in the notes with the file to read instead. Nothing is
// dropped without a word.
import type { Raster } from '../judge/images.js';
import { encodePng, fit } from '../judge/images.js';

/** blocker: the crop a blocker rests on · detail: another finding's crop, a diff · overview: a whole capture */
export type ImageKind = 'blocker' | 'detail' | 'overview';

export interface WantedImage {
  /** said next to the image: what it shows ("desktop capture", "crop of look#2 (blocker)") */
  label: string;
  /** the file it comes from (run-relative), named when the image is shrunk or left out */
  file: string;
  raster: Raster;
  kind: ImageKind;
}

export interface BudgetImage { label: string; file: string; png: Buffer; width: number; height: number; from: { width: number; height: number }; kind: ImageKind }

/** Longest side before any budget applies, and the smallest it is shrunk to. */
const SIDES: Record<ImageKind, { max: number; min: number }> = {
  overview: { max: 1280, min: 320 },
  detail: { max: 900, min: 200 },
  blocker: { max: 900, min: 160 },
};
const SHRINK_ORDER: ImageKind[] = ['overview', 'detail', 'blocker'];
const DROP_ORDER: ImageKind[] = ['overview', 'detail', 'blocker'];

interface Slot { w: WantedImage; side: number; png: Buffer; width: number; height: number }

const longest = (r: Raster) => Math.max(r.width, r.height);

function render(s: Slot): void {
  const small = fit(s.w.raster, s.side);
  s.png = encodePng(small);
  s.width = small.width;
  s.height = small.height;
}

export function fitBudget(wanted: WantedImage[], budget: number): { images: BudgetImage[]; notes: string[] } {
  const slots: Slot[] = wanted.map((w) => {
    const s: Slot = { w, side: Math.min(longest(w.raster), SIDES[w.kind].max), png: Buffer.alloc(0), width: 0, height: 0 };
    render(s);
    return s;
  });
  const total = () => slots.reduce((n, s) => n + s.png.length, 0);
  const notes: string[] = [];
  let shrunk = false;
  // shrink one kind at a time, by the area the budget leaves it (bytes scale roughly with area)
  for (const kind of SHRINK_ORDER) {
    for (let round = 0; round < 8 && total() > budget; round++) {
      const mine = slots.filter((s) => s.w.kind === kind && s.side > Math.min(SIDES[kind].min, longest(s.w.raster)));
      if (!mine.length) break;
      const others = total() - mine.reduce((n, s) => n + s.png.length, 0);
      const room = budget - others;
      const have = mine.reduce((n, s) => n + s.png.length, 0);
      const k = room > 0 ? Math.min(0.85, Math.max(0.5, Math.sqrt(room / have) * 0.95)) : 0.5;
      for (const s of mine) {
        s.side = Math.max(Math.min(SIDES[kind].min, longest(s.w.raster)), Math.floor(s.side * k));
        render(s);
      }
      shrunk = true;
    }
  }
  const left: Slot[] = [];
  for (const kind of DROP_ORDER) {
    for (let i = slots.length - 1; i >= 0 && total() > budget; i--) {
      if (slots[i].w.kind !== kind) continue;
      left.push(...slots.splice(i, 1));
    }
  }
  if (shrunk && slots.length) {
    notes.push(`images downscaled to stay under mcp.maxImageBytes (${budget} bytes): ${slots.filter((s) => s.width < s.w.raster.width)
      .map((s) => `${s.w.label} ${s.width}×${s.height} (from ${s.w.raster.width}×${s.w.raster.height})`).join('; ')}; the files are full size`);
  }
  for (const s of left.reverse()) {
    notes.push(`left out: ${s.w.label}${s.w.kind === 'blocker' ? ' — a BLOCKER\'s evidence' : ''}: even at ${s.width}×${s.height} it would exceed mcp.maxImageBytes (${budget} bytes) with the images above; read ${s.w.file}`);
  }
  return {
    images: slots.map((s) => ({ label: s.w.label, file: s.w.file, png: s.png, width: s.width, height: s.height, from: { width: s.w.raster.width, height: s.w.raster.height }, kind: s.w.kind })),
    notes,
  };
}

// Layout diff: declared regions and required elements against the boxes stored with the baseline —
// moved, resized, gaps between neighbouring regions changed. Box geometry does not flake on font
// anti-aliasing the way pixels do, and it says *what* moved, so it is also a judge input.
import type { Box } from '../../core/artifacts.js';
import { layoutOf } from '../store/layout-boxes.js';
import type { LayoutBoxes, LayoutChange, SpacingChange } from '../store/types.js';
import { isDesignExport, type Comparator, type UnitCase } from './comparator.js';

/** Differences up to this many CSS px are rounding, not layout. */
export const LAYOUT_TOLERANCE_PX = 1;

/** Against a baseline a browser made (a design export compares its own boxes, design-unit.ts). */
export const layoutBoxes: Comparator<UnitCase, ReturnType<typeof diffLayout>> = {
  id: 'layout',
  wants: (c) => !!c.capture.record && !!c.entry.layout && !isDesignExport(c.entry),
  compare: (c) => diffLayout(c.entry.layout, layoutOf(c.capture.record!)),
};

const r1 = (n: number) => Math.round(n * 10) / 10;

function boxChange(kind: LayoutChange['kind'], name: string, a: Box | null, b: Box | null, tol: number): LayoutChange {
  if (!a || !b) return { kind, name, baseline: a, current: b, change: !a && !b ? 'same' : a ? 'removed' : 'added', dx: 0, dy: 0, dw: 0, dh: 0 };
  const dx = r1(b.x - a.x), dy = r1(b.y - a.y), dw = r1(b.width - a.width), dh = r1(b.height - a.height);
  const moved = Math.abs(dx) > tol || Math.abs(dy) > tol, resized = Math.abs(dw) > tol || Math.abs(dh) > tol;
  return { kind, name, baseline: a, current: b, change: moved && resized ? 'moved+resized' : moved ? 'moved' : resized ? 'resized' : 'same', dx, dy, dw, dh };
}

/** Gap between two boxes along the axis where they sit side by side (null: neither). */
function gap(a: Box, b: Box): { axis: 'x' | 'y'; px: number } | null {
  const xOverlap = a.x < b.x + b.width && b.x < a.x + a.width;
  const yOverlap = a.y < b.y + b.height && b.y < a.y + a.height;
  if (xOverlap && !yOverlap) return { axis: 'y', px: b.y >= a.y ? b.y - (a.y + a.height) : a.y - (b.y + b.height) };
  if (yOverlap && !xOverlap) return { axis: 'x', px: b.x >= a.x ? b.x - (a.x + a.width) : a.x - (b.x + b.width) };
  return null;
}

export function diffLayout(base: LayoutBoxes, cur: LayoutBoxes, tol = LAYOUT_TOLERANCE_PX): { boxes: LayoutChange[]; spacing: SpacingChange[] } {
  const boxes: LayoutChange[] = [];
  for (const [kind, a, b] of [['region', base.regions, cur.regions], ['required', base.required, cur.required]] as const) {
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) boxes.push(boxChange(kind, name, a[name] ?? null, b[name] ?? null, tol));
  }
  // neighbours in reading order of the baseline: each region and the next one
  const both = Object.keys(base.regions).filter((n) => base.regions[n] && cur.regions[n])
    .sort((p, q) => base.regions[p]!.y - base.regions[q]!.y || base.regions[p]!.x - base.regions[q]!.x);
  const spacing: SpacingChange[] = [];
  for (let i = 0; i + 1 < both.length; i++) {
    const [p, q] = [both[i], both[i + 1]];
    const g0 = gap(base.regions[p]!, base.regions[q]!), g1 = gap(cur.regions[p]!, cur.regions[q]!);
    if (!g0 || !g1 || g0.axis !== g1.axis) continue;
    const delta = r1(g1.px - g0.px);
    if (Math.abs(delta) > tol) spacing.push({ a: p, b: q, axis: g0.axis, baseline: r1(g0.px), current: r1(g1.px), delta });
  }
  return { boxes, spacing };
}

/** Sentences for changes beyond `px` (used for findings when the pixel comparison failed too). */
export function describeLayout(d: { boxes: LayoutChange[]; spacing: SpacingChange[] }, px: number): string[] {
  const out: string[] = [];
  for (const c of d.boxes) {
    if (c.change === 'same') continue;
    if (c.change === 'added' || c.change === 'removed') { out.push(`${c.kind} "${c.name}" ${c.change === 'added' ? 'appeared' : 'disappeared'}`); continue; }
    const parts: string[] = [];
    if (Math.abs(c.dx) > px || Math.abs(c.dy) > px) parts.push(`moved by (${c.dx}, ${c.dy}) px`);
    if (Math.abs(c.dw) > px || Math.abs(c.dh) > px) parts.push(`resized ${c.baseline!.width}×${c.baseline!.height} → ${c.current!.width}×${c.current!.height}`);
    if (parts.length) out.push(`${c.kind} "${c.name}" ${parts.join(', ')}`);
  }
  for (const s of d.spacing) if (Math.abs(s.delta) > px) out.push(`gap between "${s.a}" and "${s.b}" changed from ${s.baseline} to ${s.current} px`);
  return out;
}

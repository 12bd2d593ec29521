// The width sweep's arithmetic (pure): which widths to measure first, which gaps to bisect, and how
// the failures seen width by width become ranges. No browser here (tested on its own).
import type { Box, Severity } from '../../core/artifacts.js';
import { SEVERITIES } from '../../core/artifacts.js';
import type { SWEEP_KINDS } from '../../core/artifact-sweep.js';

/** What a failure at one width is: one of the capture checks' findings, or a sweep-only fault. */
export type SweepKind = (typeof SWEEP_KINDS)[number];
/** Faults that only the sweep sees: one in this state at every width is the design, not a failure. */
export const SWEEP_ONLY: readonly SweepKind[] = ['collision', 'protrusion', 'offscreen'];

/** One failure seen at one width. `key` names it the same at every width (check + elements). */
export interface Seen {
  key: string;
  kind: SweepKind;
  severity: Severity;
  /** the failure in words, without the width ("\"form.search\" sticks out 14 px past the right edge") */
  detail: string;
  elements: string[];
  box: Box | null;
  /** how bad at this width (px out, px² overlapping); the worst width has the largest */
  size: number;
  evidence: Record<string, unknown>;
}

export type WidthResult = { seen: Seen[]; error: null } | { seen: null; error: string };

export interface SweepRange {
  key: string; kind: SweepKind; severity: Severity; from: number; to: number; worst: number;
  detail: string; elements: string[]; box: Box | null; evidence: Record<string, unknown>;
}

/** The first widths: both ends, each breakpoint and the width before it, and every `step` px. */
export function firstWidths(from: number, to: number, step: number, breakpoints: number[]): number[] {
  const out = new Set<number>([from, to]);
  for (let w = from; w <= to; w += step) out.add(w);
  for (const b of breakpoints) for (const w of [b - 1, b]) if (w >= from && w <= to) out.add(w);
  return [...out].sort((a, b) => a - b);
}

const keysOf = (r: WidthResult | undefined) => (r && r.seen ? new Set(r.seen.map((s) => s.key)) : null);
const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

/**
 * The next widths to measure: the middle of every gap between two measured widths whose failures
 * differ (a failure starts or ends in it). Repeated until none is left, this finds the exact first
 * and last width of every failure. A width that could not be measured is not bisected around.
 */
export function nextWidths(results: Map<number, WidthResult>): number[] {
  const ws = [...results.keys()].sort((a, b) => a - b);
  const out: number[] = [];
  for (let i = 0; i + 1 < ws.length; i++) {
    const a = ws[i]!, b = ws[i + 1]!;
    if (b - a < 2) continue;
    const ka = keysOf(results.get(a)), kb = keysOf(results.get(b));
    if (!ka || !kb || same(ka, kb)) continue;
    out.push(Math.floor((a + b) / 2));
  }
  return out;
}

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/** Failures as ranges of consecutive measured widths; sweep-only faults seen at every width dropped. */
export function rangesOf(results: Map<number, WidthResult>): SweepRange[] {
  const ws = [...results.keys()].sort((a, b) => a - b);
  // a width not measured splits a range: nothing is known there
  const at = (w: number) => results.get(w)!.seen ?? [];
  const keys = new Map<string, SweepKind>();
  for (const w of ws) for (const s of at(w)) keys.set(s.key, s.kind);
  const out: SweepRange[] = [];
  for (const [key, kind] of keys) {
    const present = ws.map((w) => at(w).find((s) => s.key === key) ?? null);
    if (SWEEP_ONLY.includes(kind) && present.every((p, i) => p || results.get(ws[i]!)!.error)) continue;
    let run: { w: number; s: Seen }[] = [];
    const flush = () => {
      if (!run.length) return;
      const worst = run.reduce((m, x) => (x.s.size > m.s.size ? x : m), run[0]!);
      const severity = run.reduce((m, x) => (rank(x.s.severity) < rank(m) ? x.s.severity : m), run[0]!.s.severity);
      out.push({ key, kind, severity, from: run[0]!.w, to: run[run.length - 1]!.w, worst: worst.w, detail: worst.s.detail, elements: worst.s.elements, box: worst.s.box, evidence: worst.s.evidence });
      run = [];
    };
    present.forEach((s, i) => { if (s) run.push({ w: ws[i]!, s }); else flush(); });
    flush();
  }
  // an element out of its container and out of the viewport over the same widths is one failure:
  // the overflow (out of its container over more widths than out of the viewport, it is both)
  const kept = out.filter((r) => r.kind !== 'protrusion' || !out.some((o) => (o.kind === 'overflow' || o.kind === 'offscreen') && o.elements[0] === r.elements[0] && o.from <= r.from && r.to <= o.to));
  return kept.sort((a, b) => rank(a.severity) - rank(b.severity) || a.from - b.from || a.key.localeCompare(b.key));
}

/** Widths a run of failures cannot be trusted at: where measuring failed. */
export function failedWidths(results: Map<number, WidthResult>): { width: number; error: string }[] {
  return [...results].filter(([, r]) => r.error).map(([width, r]) => ({ width, error: r.error! })).sort((a, b) => a.width - b.width);
}

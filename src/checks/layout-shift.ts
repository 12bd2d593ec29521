import { Type } from '@sinclair/typebox';
import { countedShifts, type CaptureRecord, type ShiftEntry, type ShiftSource } from '../core/artifacts.js';
import type { Check, UnitInput } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';

const ID = 'layout-shift';
/** Settled on the real-page corpus (docs/checks/layout-shift.md): maxScore is Chrome's "good" CLS
 *  bound; minMovePx is about a line of text, beyond a sub-pixel re-wrap. */
const DEFAULTS = { maxScore: 0.1, minMovePx: 16 };

const empty = (b: ShiftSource['current']) => b.width <= 0 || b.height <= 0;

/** How far a source moved: the edge the viewport did not cut (rects are clipped to it); null when
 *  it moved into or out of view (one rectangle is empty). */
export function moveOf(s: Pick<ShiftSource, 'previous' | 'current'>, exact = false): { dx: number; dy: number } | null {
  const p = s.previous, c = s.current;
  if (empty(p) || empty(c)) return null;
  const dy = p.height === c.height || (p.y > 0 && c.y > 0) ? c.y - p.y : (c.y + c.height) - (p.y + p.height);
  const dx = p.width === c.width || (p.x > 0 && c.x > 0) ? c.x - p.x : (c.x + c.width) - (p.x + p.width);
  return exact ? { dx, dy } : { dx: Math.round(dx), dy: Math.round(dy) };
}
/** px moved, unrounded (compared with minMovePx); into or out of view: at least the height it showed */
const distance = (s: ShiftSource) => {
  const m = moveOf(s, true);
  return m ? Math.max(Math.abs(m.dx), Math.abs(m.dy)) : (empty(s.previous) ? s.current : s.previous).height;
};

/** "down 64 px", "left 12 px and up 30 px" */
export function moveText(s: ShiftSource): string {
  const m = moveOf(s);
  if (!m) return empty(s.previous) ? 'into view' : 'out of view';
  const { dx, dy } = m;
  const parts = [...(dy ? [`${dy > 0 ? 'down' : 'up'} ${Math.abs(dy)} px`] : []), ...(dx ? [`${dx > 0 ? 'right' : 'left'} ${Math.abs(dx)} px`] : [])];
  return parts.join(' and ') || 'in place (resized)';
}

/** "at 430 ms after navigation", "720 ms after step 2 (click)" */
function whenText(e: ShiftEntry, r: CaptureRecord): string {
  if (e.step === null) return `at ${e.t} ms after navigation`;
  const action = r.timings.steps[e.step]?.action;
  return `${e.sinceStep} ms after step ${e.step + 1}${action ? ` (${action})` : ''}`;
}

/** Required entries by name that a source is: by the watch's match, or a text entry's matched element. */
function requiredOf(s: ShiftSource, r: CaptureRecord): string[] {
  const byText = r.required.filter((q) => !q.selector && q.matchedSelector && q.matchedSelector === s.selector).map((q) => q.name);
  return [...new Set([...(s.required ?? []), ...byText])];
}

function whatText(s: ShiftSource, r: CaptureRecord): string {
  const req = requiredOf(s, r);
  const bits = [...(req.length ? [`required ${req.map((n) => JSON.stringify(n)).join(', ')}`] : []),
    ...(!req.length && s.regions?.length ? [`in region ${s.regions.join(', ')}`] : []),
    ...(s.stepTarget !== undefined ? [`the target of step ${s.stepTarget + 1}, between being located and acted on: the step may have landed elsewhere`] : [])];
  return `${s.selector}${bits.length ? ` (${bits.join('; ')})` : ''}`;
}

const causeText = (s: ShiftSource) => (s.cause ? `cause: ${s.cause.detail}` : 'cause not told from the DOM (a size change by style or script)');

function evidenceOf(s: ShiftSource, e: ShiftEntry) {
  return { selector: s.selector, box: s.current, previousBox: s.previous, t: e.t, step: e.step, value: e.value, cause: s.cause };
}

const hits = (s: ShiftSource, r: CaptureRecord) => requiredOf(s, r).length > 0 || !!s.regions?.length || s.stepTarget !== undefined;
/** Which of one entry's sources the finding names first: a required element, a step's target, then the farthest. */
const rank = (s: ShiftSource, r: CaptureRecord) => (requiredOf(s, r).length ? 2e6 : 0) + (s.stepTarget !== undefined ? 1e6 : 0) + distance(s);

/** The entries that moved what a user would be hit by (a required element, anything in a required
 *  region, a step's target) by minMove or more: each with those sources, the one to name first.
 *  An element is named once, at its farthest move. */
function tracked(u: UnitInput, minMove: number): { e: ShiftEntry; sources: ShiftSource[] }[] {
  const r = u.record;
  const best = new Map<string, { e: ShiftEntry; s: ShiftSource }>();
  for (const e of countedShifts(r.layoutShift!)) {
    for (const s of e.sources) {
      if (!hits(s, r) || distance(s) < minMove) continue;
      const had = best.get(s.selector);
      if (!had || distance(s) > distance(had.s)) best.set(s.selector, { e, s });
    }
  }
  const byEntry = new Map<ShiftEntry, ShiftSource[]>();
  for (const { e, s } of best.values()) byEntry.set(e, [...(byEntry.get(e) ?? []), s]);
  return [...byEntry].map(([e, sources]) => ({ e, sources: sources.sort((a, b) => rank(b, r) - rank(a, r)) }));
}

export const check: Check<{ maxScore?: number; minMovePx?: number }> = {
  meta: {
    id: ID,
    title: 'Content does not jump',
    description: `The browser's Layout Instability entries (Chromium), read from navigation through settling and after each step until the page is still; veval's own actions (its settle scroll, lazy images it loads, measuring, the full-page image) and shifts within 500 ms of a step's input are left out. A required element, anything in a required region, or a step's target that moves at least minMovePx (default ${DEFAULTS.minMovePx}) after it was painted is a blocker; a unit whose layout-shift score (Chrome's session-window CLS) exceeds maxScore (default ${DEFAULTS.maxScore}) is important. Each finding names what moved, how far and when, and the cause told from the DOM: an element inserted above without reserved space, an image without width/height/aspect-ratio, a web-font swap, a late stylesheet. Not in Firefox (no such API): listed in the unit's skipped evidence.`,
    defaultSeverity: 'blocker',
    // off by default: on real pages load-time shifts race with resource arrival (measured on the
    // corpus, docs/checks/layout-shift.md), so a default-on blocker would make gates flaky
    defaultEnabled: false,
    order: 32,
    score: 'structural',
    gathers: ['shifts'],
    defaults: DEFAULTS,
    label: (ev) => (typeof ev.selector === 'string' ? `${ev.selector} after it moved (its place before: dashed)` : null),
    options: Type.Object({
      maxScore: Type.Optional(Type.Number({ minimum: 0, description: `the largest layout-shift score (session-window CLS) of a unit that passes (default ${DEFAULTS.maxScore})` })),
      minMovePx: Type.Optional(Type.Number({ minimum: 1, description: `CSS px a required element, anything in a required region or a step's target may move after it was painted (default ${DEFAULTS.minMovePx})` })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const maxScore = ctx.options.maxScore ?? DEFAULTS.maxScore;
    const minMove = ctx.options.minMovePx ?? DEFAULTS.minMovePx;
    const units = measured(ctx.units);
    const other = units.filter((u) => u.record.skipped?.some((s) => s.what === ID));
    if (other.length) ctx.note?.(`layout-shift: ${other.length} capture(s) in an engine without the Layout Instability API (${[...new Set(other.map((u) => u.record.engine))].join(', ')}); not checked`);
    const unread = units.filter((u) => !u.record.layoutShift && !other.includes(u));
    if (unread.length) ctx.note?.(`layout-shift: ${unread.length} capture(s) without layout-shift evidence (recorded before it was gathered, or the page replaced its document); not checked`);
    return units.filter((u) => u.record.layoutShift).flatMap((u) => {
      const r = u.record, ls = r.layoutShift!;
      const moved = tracked(u, minMove).map(({ e, sources: [s, ...also] }) => findingFor(ID, u, severityOf(ctx, 'blocker'),
        `${whatText(s, r)} moved ${moveText(s)} ${whenText(e, r)}, after it was painted; ${causeText(s)}${also.length ? `; with it: ${also.map((a) => `${whatText(a, r)} ${moveText(a)}`).join(', ')}` : ''}`,
        { ...evidenceOf(s, e), ...(also.length ? { also: also.map((a) => ({ selector: a.selector, box: a.current, previousBox: a.previous })) } : {}) }));
      if (ls.score <= maxScore) return moved;
      const top = countedShifts(ls).flatMap((e) => e.sources.map((s) => ({ e, s }))).sort((a, b) => distance(b.s) * b.s.current.width - distance(a.s) * a.s.current.width)[0];
      const what = top ? `; largest: ${top.s.selector} moved ${moveText(top.s)} ${whenText(top.e, r)}, ${causeText(top.s)}` : '';
      return [...moved, findingFor(ID, u, severityOf(ctx, 'important'),
        `layout shift score ${ls.score} exceeds ${maxScore} (maxScore) at ${r.viewport.name} (${r.state}): ${countedShifts(ls).length} shift(s) a user sees${what}`,
        top ? { ...evidenceOf(top.s, top.e), score: ls.score } : { score: ls.score })];
    });
  },
};

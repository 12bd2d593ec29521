// The layout-shift evidence of a capture record (record.layoutShift): the browser's Layout
// Instability entries from navigation through settling and after each step, each with what moved,
// how far, why it counts or not, and the cause read from the DOM. One schema and the score rule,
// shared by capture (which writes it), the check and the report.
import { Type, type Static } from '@sinclair/typebox';
import { BoxSchema, Lits, Nullable, Num, Str } from './artifact-parts.js';

export const SHIFT_CAUSES = ['inserted', 'image', 'font', 'stylesheet', 'content'] as const;

export const ShiftSourceSchema = Type.Object({
  selector: Str('the element that moved (a text node: its parent)'),
  previous: BoxSchema,
  current: BoxSchema,
  required: Type.Optional(Type.Array(Str(), { description: 'required entries (by name) this element is, or contains' })),
  regions: Type.Optional(Type.Array(Str(), { description: 'regions this element is inside, or contains' })),
  stepTarget: Type.Optional(Num('index of the step whose target this is, when it moved between the step locating it and acting on it')),
  cause: Nullable(Type.Object({
    kind: Lits(...SHIFT_CAUSES),
    selector: Nullable(Str('the element behind it: the inserted element, the image, an element set in the font, the stylesheet link')),
    detail: Str('in words: "inserted above, 48 px tall, no space reserved", "font swap: Fixture Serif replaced fallback serif"'),
  }), { description: 'what pushed it, read from the DOM before and after; null: not told' }),
});
export type ShiftSource = Static<typeof ShiftSourceSchema>;

export const ShiftEntrySchema = Type.Object({
  t: Num('ms since navigation started'),
  value: Num('the entry\'s layout-shift score'),
  step: Nullable(Num('index of the step it followed; null: during load and settling')),
  sinceStep: Nullable(Num('ms since that step began')),
  excluded: Nullable(Lits('input', 'veval'), { description: 'input: within 500 ms of a step\'s input (hadRecentInput); veval: inside one of veval\'s own actions' }),
  sources: Type.Array(ShiftSourceSchema, { description: 'the elements that moved (the browser lists at most 5)' }),
});
export type ShiftEntry = Static<typeof ShiftEntrySchema>;

export const LayoutShiftSchema = Type.Object({
  score: Num('the largest session window (shifts < 1 s apart, at most 5 s) of the counted entries: Chrome\'s CLS'),
  entries: Type.Array(ShiftEntrySchema, { description: 'counted and excluded entries, in time order (at most 60)' }),
  observedUntil: Num('ms since navigation when observation closed (veval measuring began)'),
  dropped: Type.Optional(Num('entries left out beyond the 60 kept')),
}, { description: 'Layout Instability entries from navigation through settling and after each step (Chromium); absent when the layout-shift check is off or the engine lacks the API' });
export type LayoutShift = Static<typeof LayoutShiftSchema>;

/** Chrome's CLS: the largest sum over a session window (entries < 1 s apart, the window ≤ 5 s). */
export function sessionScore(entries: { t: number; value: number }[]): number {
  let best = 0, sum = 0, first = -Infinity, last = -Infinity;
  for (const e of [...entries].sort((a, b) => a.t - b.t)) {
    if (e.t - last >= 1000 || e.t - first >= 5000) { sum = 0; first = e.t; }
    sum += e.value;
    last = e.t;
    best = Math.max(best, sum);
  }
  return Math.round(best * 10000) / 10000;
}

/** The entries a unit's score counts. */
export const countedShifts = (ls: LayoutShift) => ls.entries.filter((e) => !e.excluded);

// The layout-shift check on hand-made evidence: which moves are findings, at what severity, and
// what they say. The capture side (the watch, veval's own actions left out) is in
// test/capture/layout-shift.test.ts.
import { check } from '../../src/checks/layout-shift.js';
import type { LayoutShift, ShiftEntry, ShiftSource } from '../../src/core/artifacts.js';
import { box, record, required, testCheck } from './helpers.js';

const banner = { kind: 'inserted' as const, selector: 'div.promo-bar', detail: 'div.promo-bar inserted above, 48 px tall, no space reserved' };
const src = (selector: string, dy: number, o: Partial<ShiftSource> = {}): ShiftSource =>
  ({ selector, previous: box(16, 300, 200, 40), current: box(16, 300 + dy, 200, 40), cause: banner, ...o });
const entry = (t: number, value: number, sources: ShiftSource[], o: Partial<ShiftEntry> = {}): ShiftEntry =>
  ({ t, value, step: null, sinceStep: null, excluded: null, sources, ...o });
const shifts = (entries: ShiftEntry[], score = entries.filter((e) => !e.excluded).reduce((s, e) => s + e.value, 0)): LayoutShift =>
  ({ score, entries, observedUntil: 3000 });
const withShifts = (ls: LayoutShift | undefined, over: Parameters<typeof record>[0] = {}) => record({ ...over, ...(ls ? { layoutShift: ls } : {}) });

testCheck(check, {
  valid: [
    { name: 'no shifts', units: [withShifts(shifts([]))] },
    { name: 'a required element moved less than minMovePx', units: [withShifts(shifts([entry(400, 0.01, [src('#pay', 12, { required: ['Pay'] })])]))] },
    // measured on semantic-homepage: "Get Started" moved 15.8 px under a font swap (not 16 once rounded)
    { name: 'a required element moved 15.8 px: under minMovePx 16 before rounding', units: [withShifts(shifts([entry(400, 0.01, [src('#pay', 15.8, { required: ['Pay'] })])]))] },
    { name: 'an element outside anything required moved far, score under maxScore', units: [withShifts(shifts([entry(400, 0.05, [src('aside', 200)])]))] },
    { name: 'shifts within 500 ms of a step\'s input and veval\'s own are left out', units: [withShifts(shifts([
      entry(900, 0.3, [src('#pay', 80, { required: ['Pay'] })], { excluded: 'input', step: 0, sinceStep: 120 }),
      entry(1500, 0.4, [src('#pay', 80, { required: ['Pay'] })], { excluded: 'veval' }),
    ]))] },
    { name: 'a larger minMovePx', units: [withShifts(shifts([entry(400, 0.01, [src('#pay', 30, { required: ['Pay'] })])]))], options: { minMovePx: 40 } },
    { name: 'a Firefox unit: noted, not checked', units: [record({ engine: 'firefox', skipped: [{ what: 'layout-shift', reason: 'no API' }] })], notes: ['engine without the Layout Instability API (firefox)'] },
    { name: 'a record from before the evidence: noted', units: [withShifts(undefined)], notes: ['without layout-shift evidence'] },
  ],
  invalid: [
    {
      name: 'a required element pushed down by an inserted banner',
      units: [withShifts(shifts([entry(430, 0.02, [src('#pay', 64, { required: ['Pay'] })])]))],
      findings: [{ severity: 'blocker', message: ['#pay (required "Pay") moved down 64 px at 430 ms after navigation', 'cause: div.promo-bar inserted above, 48 px tall, no space reserved'],
        evidence: { selector: '#pay', box: box(16, 364, 200, 40), previousBox: box(16, 300, 200, 40) } }],
    },
    {
      name: 'a text-required entry, matched by the element its text was found in',
      units: [withShifts(shifts([entry(430, 0.02, [src('button.buy', 40)])]), { required: [required({ name: 'Buy', selector: null, text: 'Buy', matchedSelector: 'button.buy' })] })],
      findings: [{ severity: 'blocker', message: 'button.buy (required "Buy") moved down 40 px' }],
    },
    {
      name: 'inside a required region, after a step; the required element is named first, the rest with it',
      units: [withShifts(shifts([entry(2100, 0.01, [src('label', 48, { regions: ['checkout'] }), src('#pay', 48, { required: ['Pay'], regions: ['checkout'] })], { step: 0, sinceStep: 900 })]),
        { timings: { total: 0, navigate: 0, steps: [{ action: 'click', ms: 50 }], settle: 0, measure: 0, screenshot: 0, axe: 0 } })],
      findings: [{ severity: 'blocker', message: ['#pay (required "Pay") moved down 48 px', '900 ms after step 1 (click)', 'with it: label (in region checkout) down 48 px'] }],
    },
    {
      name: 'a step\'s target moved between being located and acted on',
      units: [withShifts(shifts([entry(700, 0.01, [src('#next', 30, { stepTarget: 1, cause: null })], { step: 1, sinceStep: 20 })]))],
      findings: [{ severity: 'blocker', message: ['the target of step 2, between being located and acted on', 'cause not told'] }],
    },
    {
      name: 'a unit score over maxScore names the largest move',
      units: [withShifts(shifts([entry(400, 0.08, [src('section.hero', 120, { cause: { kind: 'image', selector: 'img.hero', detail: 'img.hero above arrived without width/height or aspect-ratio' } })]), entry(900, 0.07, [src('p', 20)])], 0.15))],
      findings: [{ severity: 'important', message: ['layout shift score 0.15 exceeds 0.1 (maxScore)', 'largest: section.hero moved down 120 px', 'img.hero above arrived without width/height'], evidence: { score: 0.15 } }],
    },
    {
      name: 'the spec\'s severity and a lower maxScore',
      units: [withShifts(shifts([entry(400, 0.05, [src('aside', 200)])]))], options: { maxScore: 0.02 }, severity: 'polish',
      findings: [{ severity: 'polish', message: 'exceeds 0.02' }],
    },
  ],
});

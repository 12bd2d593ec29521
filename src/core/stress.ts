// Stress variants (issue 61): the one list of their ids, the WCAG criterion each stands for and the
// words findings use. Data only, below the spec (schema, compile), capture and the checks.
import type { Severity } from './artifacts.js';

export const STRESS_VARIANTS = ['text-spacing', 'text-200', 'expand', 'long-words'] as const;
export type StressVariant = (typeof STRESS_VARIANTS)[number];

export interface StressInfo {
  /** the WCAG success criterion the variant tests, or null (a robustness stress, no criterion) */
  criterion: string | null;
  /** how a finding opens: "with WCAG 1.4.12 text spacing, …" */
  words: string;
  /** one line for the schema and the docs */
  description: string;
}

export const STRESS: Record<StressVariant, StressInfo> = {
  'text-spacing': {
    criterion: '1.4.12', words: 'WCAG 1.4.12 text spacing',
    description: 'WCAG 1.4.12 Text Spacing: line height 1.5×, paragraph spacing 2×, letter spacing 0.12×, word spacing 0.16× the font size (an injected !important stylesheet)',
  },
  'text-200': {
    criterion: '1.4.4', words: 'WCAG 1.4.4 text at 200 %',
    description: 'WCAG 1.4.4 Resize Text: every element\'s computed font size doubled, the layout width unchanged (like Firefox\'s Zoom Text Only at 200 %)',
  },
  expand: {
    criterion: null, words: 'text lengthened as a translation would (pseudo-localized)',
    description: 'pseudo-localization: every text, placeholder, button value, alt and aria-label lengthened by a factor that depends on its length (short strings up to +100 %, long text +30 %) and accented; required text: entries still match the original',
  },
  'long-words': {
    criterion: null, words: 'a 30-character unbreakable word in each text',
    description: 'the longest word of each text replaced by a 30-character word with no break opportunity (an e-mail address, a German compound)',
  },
};

/** A stress finding's severity unless the spec says otherwise (an exception to the checks' own). */
export const STRESS_DEFAULT_SEVERITY: Severity = 'important';

/** The state a stress unit is captured as: `<state>-<variant>` (a name the unit-name pattern allows). */
export const stressStateName = (state: string, variant: StressVariant): string => `${state}-${variant}`;

/** What a compiled stress state carries (spec/plan.ts StatePlan.stress). */
export interface StressPlan {
  variant: StressVariant;
  /** the declared state it stresses */
  of: string;
  severity: Severity;
  /** compared with its own baseline too (default false: its purpose is the checks) */
  parity: boolean;
}

/** WCAG 1.4.12's values, as multiples of the font size. */
export const TEXT_SPACING = { lineHeight: 1.5, paragraph: 2, letter: 0.12, word: 0.16 } as const;
/** The unbreakable word long-words puts in. */
export const LONG_WORD_LENGTH = 30;
/** expand: growth by the string's length in characters, [up to, growth]; the last row for longer.
 *  The low ends of IBM's expansion ranges as W3C's "Text size in translation" quotes them
 *  (https://www.w3.org/International/articles/article-text-size): up to 10 characters 100–200 %,
 *  11–20 80–100 %, 21–30 60–80 %, 31–50 40–60 %, 51–70 31–40 %, over 70 30 %. */
export const EXPAND_GROWTH: [number, number][] = [[10, 1], [20, 0.8], [30, 0.6], [50, 0.4], [70, 0.31], [Infinity, 0.3]];
/** The checks whose findings a stress unit reports (the layout checks, and the sweep of a stressed
 *  state); every other check's findings belong to the plain unit, and capture gathers nothing for
 *  them in a stress unit (no axe run: a stress unit costs no more than its plain one). */
export const STRESS_CHECKS: readonly string[] = ['required-visible', 'overflow', 'overlap', 'text-clipped', 'min-gap', 'interactive-reachable', 'sweep'];
/** Gathered for a stress unit besides its checks': the stability shots (a still image). */
export const STRESS_GATHERS: readonly string[] = ['stability'];

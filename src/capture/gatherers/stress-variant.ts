// Applies a stress unit's variant (spec stress:, issue 61) to the page after the state's steps:
// the page is then settled and measured like any unit's. Chromium and Firefox alike (page script).
import type { Page } from 'playwright-core';
import type { CaptureRecord } from '../../core/artifacts.js';
import { EXPAND_GROWTH, LONG_WORD_LENGTH, TEXT_SPACING, type StressPlan } from '../../core/stress.js';
import { deepAll, ownStyle, shadowRootsIn } from '../in-page/dom.js';
import { inPageScript } from '../in-page/script.js';
import type { Gatherer } from '../gatherer.js';
import { applyStressInPage, type StressApplied, type StressArg } from '../in-page/stress.js';

export async function applyStress(page: Page, stress: StressPlan): Promise<StressApplied> {
  // JSON has no Infinity: the open-ended last row travels as a large number
  const arg: StressArg = { variant: stress.variant, spacing: { ...TEXT_SPACING }, growth: EXPAND_GROWTH.map(([n, g]) => [Number.isFinite(n) ? n : 1e9, g]), longWord: LONG_WORD_LENGTH };
  return await page.evaluate(inPageScript([ownStyle, shadowRootsIn, deepAll], applyStressInPage, arg)) as StressApplied;
}

/** The elements a stress unit's findings may name, as measured: clipped text and its box, overflow's offenders. */
export function stressKeep(record: CaptureRecord): string[] {
  const out = new Set<string>();
  for (const c of record.clippedText) { out.add(c.selector); if (c.within) out.add(c.within); }
  for (const o of record.overflow.offenders) out.add(o.selector);
  // the first ones in document order: each costs a cascade lookup with its ancestors
  return [...out].slice(0, 12);
}


/** A stress unit's variant, after the state's steps: the page then settles and is measured like any unit's. */
export const gatherer: Gatherer = {
  meta: { id: 'stress-variant', version: 1, what: 'the stress variant applied to the page, and what it changed (record.stress)', paints: true, fields: ['stress'] },
  wants: ({ state }) => !!state.stress,
  slots: {
    async 'after-steps'({ page, state }) {
      const stress = state.stress!;
      return { record: { stress: { variant: stress.variant, of: stress.of, ...await applyStress(page, stress) } } };
    },
  },
};

// Which setting changes loosen the gate (guard) and which only tighten it (fine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loosenings, settingsOf } from '../../src/parity/store/settings.js';
import { makeSpec } from './fixtures.js';
import type { SpecPlan } from '../../src/spec/plan.js';

const before = makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0.001, regions: { form: 0.005 } }, masks: ['.a'] });
const axe = (impact: string, extra = {}) => [{ id: 'axe', enabled: true, severity: null, options: { impact, ...extra } }, { id: 'console', enabled: true, severity: 'important' as const, options: {} }];
const with_ = (over: Partial<SpecPlan>) => loosenings(settingsOf({ ...before, checks: axe('moderate') }), settingsOf({ ...before, checks: axe('moderate'), ...over }));

const cases: [string, Partial<SpecPlan>, RegExp | null][] = [
  ['threshold raised', { parity: { threshold: 0.2, maxDiffRatio: 0.001, regions: { form: 0.005 } } }, /parity threshold loosened from 0\.1 to 0\.2/],
  ['threshold lowered', { parity: { threshold: 0.05, maxDiffRatio: 0.001, regions: { form: 0.005 } } }, null],
  ['region tolerance raised', { parity: { threshold: 0.1, maxDiffRatio: 0.001, regions: { form: 0.01 } } }, /region "form" tolerance loosened from 0\.005 to 0\.01/],
  ['region removed, page stricter', { parity: { threshold: 0.1, maxDiffRatio: 0.001, regions: {} } }, null],
  ['region removed, page looser', { parity: { threshold: 0.1, maxDiffRatio: 0.01, regions: {} } }, /region "form" tolerance removed \(was 0\.005; the page tolerance 0\.01 now applies\)/],
  ['new mask', { masks: ['.a', '.b'] }, /new mask "\.b"/],
  ['mask removed', { masks: [] }, null],
  ['axe impact moderate → serious (fewer reported)', { checks: axe('serious') }, /axe impact bar raised from moderate to serious/],
  ['axe impact moderate → minor (more reported)', { checks: axe('minor') }, null],
  ['axe rule disabled', { checks: axe('moderate', { disable: ['color-contrast'] }) }, /axe rule "color-contrast" disabled/],
  ['check switched off', { checks: [axe('moderate')[0], { id: 'console', enabled: false, severity: null, options: {} }] }, /check "console" switched off/],
  ['severity lowered', { checks: [axe('moderate')[0], { id: 'console', enabled: true, severity: 'polish', options: {} }] }, /check "console" severity lowered from important to polish/],
  ['minScore lowered', { gate: { minScore: 70, warn: ['polish'] } }, /gate\.minScore lowered from 80 to 70/],
  ['minScore raised', { gate: { minScore: 90, warn: ['polish'] } }, null],
  ['warn widened', { gate: { minScore: 80, warn: ['polish', 'important'] } }, /gate\.warn now lets "important" findings pass/],
];

for (const [name, over, expect] of cases) {
  test(`${expect ? 'looser' : 'not looser'}: ${name}`, () => {
    const out = with_(over);
    if (expect) assert.ok(out.some((l) => expect.test(l)), out.join('\n') || '(none)');
    else assert.deepEqual(out, []);
  });
}

test('parity.design: every threshold is guarded the loose way only, and an entry from before issue 37 has nothing to loosen on the new ones', () => {
  const D = { minScore: 0.7, tolerancePx: 8, maxSizeRatio: 1.1, maxDeltaE: 5 };
  const spec = (design: typeof D) => makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0, regions: {}, design } });
  const loose = (was: typeof D, is: typeof D) => loosenings(settingsOf(spec(was), true), settingsOf(spec(is), true));
  assert.deepEqual(loose(D, { ...D, maxSizeRatio: 1.5 }), ['parity.design.maxSizeRatio loosened from 1.1 to 1.5']);
  assert.deepEqual(loose(D, { ...D, maxDeltaE: 12 }), ['parity.design.maxDeltaE loosened from 5 to 12']);
  assert.deepEqual(loose(D, { ...D, minScore: 0.5, tolerancePx: 20 }), ['parity.design.minScore lowered from 0.7 to 0.5', 'parity.design.tolerancePx loosened from 8 to 20']);
  assert.deepEqual(loose(D, { minScore: 0.8, tolerancePx: 4, maxSizeRatio: 1.05, maxDeltaE: 3 }), [], 'stricter is fine');
  // imported before maxSizeRatio and maxDeltaE existed: only the thresholds it recorded are compared
  const old = settingsOf(spec(D), true);
  old.parity!.design = { minScore: 0.7, tolerancePx: 8 };
  assert.deepEqual(loosenings(old, settingsOf(spec({ ...D, maxSizeRatio: 3, maxDeltaE: 50 }), true)), []);
});

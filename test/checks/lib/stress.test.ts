// Stress findings (checks/lib/stress.ts), table-style: only what the stress broke, at the stress's
// severity, opening with the criterion and naming the rule from the unit's CSS record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stressResults, type StressSources } from '../../../src/checks/lib/stress.js';
import type { CheckResult, CssRecord, Finding } from '../../../src/core/artifacts.js';
import type { SpecPlan } from '../../../src/spec/plan.js';

const spec = { states: [
  { name: 'default', steps: [], required: [] },
  { name: 'default-text-spacing', steps: [], required: [], stress: { variant: 'text-spacing', of: 'default', severity: 'blocker', parity: false } },
] } as unknown as SpecPlan;
const clip = (state: string, selector: string): Finding => ({ check: 'text-clipped', severity: 'important', viewport: 'mobile', state, message: `text in "${selector}" is cut off`, evidence: { file: `s/${state}-mobile.png`, selector, axis: 'x' } });
const css: CssRecord = {
  version: 1, url: 'http://127.0.0.1:1/', props: ['width', 'white-space', 'overflow-x', 'overflow-y'], defaults: ['auto', 'normal', 'visible', 'visible'],
  sources: [{ kind: 'rule', url: 'http://127.0.0.1:1/button.css', line: 2, column: 3, selector: '.btn', text: 'width: 190px' }],
  elements: [{ key: '#pay', tag: 'button', parent: null, box: { x: 0, y: 0, width: 190, height: 40 }, values: { width: '190px', 'white-space': 'nowrap', 'overflow-x': 'hidden', 'overflow-y': 'hidden' }, rules: { width: 0 } }],
  counts: { visible: 1, recorded: 1, looked: 1 }, ms: { values: 0, rules: 0 }, error: null,
};
const src: StressSources = { css: (state) => (state === 'default-text-spacing' ? css : null), fileOf: (u) => u.replace('http://127.0.0.1:1/', 'site/') };
const result = (findings: Finding[], check = 'text-clipped'): CheckResult => ({ check, status: findings.length ? 'fail' : 'pass', findings, error: null, ms: 0 });

test('a clip only under the stress is a stress finding: criterion, severity, element, rule file:line', () => {
  const [r] = stressResults(spec, [result([clip('default-text-spacing', '#pay')])], src);
  assert.equal(r!.status, 'fail');
  const f = r!.findings[0]!;
  assert.equal(f.severity, 'blocker');
  assert.equal(f.message, 'with WCAG 1.4.12 text spacing, text in "#pay" is cut off (width: 190px, white-space: nowrap, overflow: hidden), set by width: 190px in site/button.css:2:3');
  assert.deepEqual(f.stress, { variant: 'text-spacing', of: 'default', criterion: '1.4.12', rule: { file: 'site/button.css', line: 2, column: 3, selector: '.btn', kind: 'rule', text: 'width: 190px' } });
});

test('what the plain state already has (a designed ellipsis) stays the plain unit\'s; other checks\' findings on a stress unit are dropped', () => {
  const [r] = stressResults(spec, [result([clip('default', '#who'), clip('default-text-spacing', '#who')])], src);
  assert.deepEqual(r!.findings.map((f) => f.state), ['default']);
  assert.equal(r!.findings[0]!.severity, 'important');
  const [c] = stressResults(spec, [result([{ ...clip('default-text-spacing', 'x'), check: 'console' }], 'console')], src);
  assert.deepEqual([c!.status, c!.findings.length], ['pass', 0]);
  // a failed stress unit fails closed
  const [cap] = stressResults(spec, [result([{ ...clip('default-text-spacing', 'x'), check: 'capture', severity: 'blocker' }], 'capture')], src);
  assert.equal(cap!.findings.length, 1);
});

test('another label leaving the same box is a stress finding; a page that already overflows keeps its overflow', () => {
  // measured on mdn-layout-comprehension (expand): "Contacts" leaves the nav plain, "About us" only stressed
  const spill = (state: string, selector: string): Finding => ({ ...clip(state, selector), evidence: { ...clip(state, selector).evidence, within: 'nav', spill: true } });
  const [r] = stressResults(spec, [result([spill('default', 'li:nth-of-type(5) > a'), spill('default-text-spacing', 'li:nth-of-type(3) > a')])], src);
  assert.deepEqual(r!.findings.map((f) => `${f.state} ${f.evidence.selector}`), ['default li:nth-of-type(5) > a', 'default-text-spacing li:nth-of-type(3) > a']);
  // mdn-website-aria-roles (expand): plain "form" sticks out first, stressed "aside": one page overflow, the plain unit's
  const over = (state: string, selector: string): Finding => ({ check: 'overflow', severity: 'blocker', viewport: 'mobile', state, message: 'page is wider', evidence: { file: 'x.png', selector } });
  const [o] = stressResults(spec, [result([over('default', 'form'), over('default-text-spacing', 'aside')], 'overflow')], src);
  assert.deepEqual(o!.findings.map((f) => f.state), ['default']);
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { check, readsBefore } from '../../src/checks/task-order.js';
import { box, record, regions, testCheck } from './helpers.js';

const r = (vp: 'desktop' | 'mobile', spec: Parameters<typeof regions>[0], state = 'default') => record({ viewport: vp, state, regions: regions(spec) });
// desktop: text then CTA below it, summary in a right column; mobile: all stacked
const desktop = r('desktop', { text: [0, 100, 600, 200], cta: [0, 320, 200, 48], summary: [800, 100, 400, 300] });
const mobileSame = r('mobile', { text: [0, 100, 390, 300], cta: [0, 420, 200, 48], summary: [0, 500, 390, 300] });
const mobileCtaFirst = r('mobile', { cta: [0, 100, 200, 48], text: [0, 160, 390, 300], summary: [0, 500, 390, 300] });

testCheck(check, {
  valid: [
    { name: 'the same order on a stacked mobile layout', units: [desktop, mobileSame] },
    { name: 'a right-hand column stacked at the bottom on mobile (diagonal pairs have no order)', units: [r('desktop', { text: [0, 100, 600, 200], cta: [0, 320, 200, 48], summary: [800, 100, 400, 150] }), r('mobile', { text: [0, 100, 390, 300], summary: [0, 420, 390, 300], cta: [0, 740, 200, 48] })] },
    { name: 'one viewport only', units: [desktop] },
    { name: 'a listed order that holds', units: [desktop, mobileSame], options: { order: ['text', 'cta'] } },
    {
      name: 'right to left: side by side reads right to left, so a form on the right stacked first on mobile keeps the order',
      units: [
        record({ viewport: 'desktop', regions: regions({ form: [640, 100, 600, 400], summary: [40, 100, 560, 300] }), document: { direction: 'rtl' } }),
        record({ viewport: 'mobile', regions: regions({ form: [0, 100, 390, 400], summary: [0, 520, 390, 300] }), document: { direction: 'rtl' } }),
      ],
    },
    { name: 'a region missing on one viewport is not a reorder', units: [desktop, r('mobile', { text: [0, 100, 390, 300], cta: null })] },
  ],
  invalid: [
    {
      name: 'a mobile-only reordered CTA, reported on mobile',
      units: [desktop, mobileCtaFirst],
      findings: [{ severity: 'important', viewport: 'mobile', message: ['cta comes before text', 'unlike desktop'], evidence: { selector: '[data-region=cta]', box: box(0, 100, 200, 48), reversedPairs: [['text', 'cta']] } }],
    },
    {
      name: 'right to left: the summary (left column, read second) stacked above the form on mobile is a reorder',
      units: [
        record({ viewport: 'desktop', regions: regions({ form: [640, 100, 600, 400], summary: [40, 100, 560, 300] }), document: { direction: 'rtl' } }),
        record({ viewport: 'mobile', regions: regions({ summary: [0, 100, 390, 300], form: [0, 420, 390, 400] }), document: { direction: 'rtl' } }),
      ],
      findings: [{ viewport: 'mobile', message: ['summary comes before form', 'where it is form → summary'] }],
    },
    {
      name: 'states are compared separately, each with its first viewport',
      units: [desktop, mobileSame, r('desktop', { text: [0, 100, 600, 200], cta: [0, 320, 200, 48] }, 'open'), r('mobile', { cta: [0, 10, 200, 48], text: [0, 100, 390, 300] }, 'open')],
      findings: [{ viewport: 'mobile', state: 'open' }],
    },
    {
      name: 'a listed order is checked on every viewport, the first too',
      units: [desktop, mobileSame], options: { order: ['cta', 'text'] }, severity: 'blocker',
      findings: [{ viewport: 'desktop', severity: 'blocker', message: 'the required order cta → text' }, { viewport: 'mobile' }],
    },
  ],
});

it('reading order: stacked reads top-down, side by side left-right, nested and diagonal undetermined', () => {
  assert.equal(readsBefore(box(0, 0, 100, 50), box(0, 60, 100, 50)), true);
  assert.equal(readsBefore(box(200, 0, 100, 50), box(0, 10, 100, 50)), false);
  assert.equal(readsBefore(box(0, 0, 400, 400), box(10, 10, 10, 10)), null);
  assert.equal(readsBefore(box(200, 0, 100, 50), box(0, 10, 100, 50), true), true, 'right to left');
  // columns whose x-ranges share a 0.4 px sliver (fractional widths) sit side by side: left reads first
  assert.equal(readsBefore(box(0, 10, 600.4, 300), box(600, 0, 400, 300)), true, 'sub-pixel sliver is not stacking');
  assert.equal(readsBefore(box(0, 0, 100, 100), box(200, 200, 10, 10)), null);
});

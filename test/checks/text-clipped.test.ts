import assert from 'node:assert/strict';
import { it } from 'node:test';
import { check, selectorMatches } from '../../src/checks/text-clipped.js';
import { box, record, required, testCheck } from './helpers.js';

const label = { selector: 'form > button.pay', box: box(16, 700, 120, 40), text: 'Pay €1,249.00 now', axis: 'x' as const, hiddenPx: 46, ellipsis: false };
const tagline = { selector: 'header p.tagline', box: box(0, 0, 200, 20), text: 'A long tagline that is truncated', axis: 'x' as const, hiddenPx: 90, ellipsis: true };
const r = (clippedText: typeof label[]) => record({ viewport: 'mobile', clippedText });

testCheck(check, {
  valid: [
    { name: 'nothing clipped', units: [r([])] },
    { name: 'an ignored selector', units: [r([label])], options: { ignore: ['button.pay'] } },
    { name: 'ellipsis allowed when ellipsis: false', units: [r([tagline])], options: { ellipsis: false } },
    { name: 'ellipsis allowed when ellipsis: off', units: [r([tagline])], options: { ellipsis: 'off' } },
    { name: 'sub-pixel clipping below minHiddenPx', units: [r([{ ...label, hiddenPx: 0.5 }])] },
  ],
  invalid: [
    {
      name: 'a clipped button label with its hidden text',
      units: [r([label])],
      findings: [{ severity: 'important', message: ['"form > button.pay"', 'cut off by 46 px horizontally', '"Pay €1,249.00 now"'], evidence: { selector: 'form > button.pay', text: 'Pay €1,249.00 now', hiddenPx: 46 } }],
    },
    {
      name: 'a promo code running out of its cart row, named with the row',
      units: [record({ clippedText: [{ selector: 'span.code', box: box(37, 84, 368, 21), text: 'SUMMERSALE2026', axis: 'x' as const, hiddenPx: 81, ellipsis: false, spill: true, within: 'div.row' }] })],
      findings: [{ message: ['text in "span.code" runs 81 px out of "div.row" at desktop', '"SUMMERSALE2026"'], evidence: { selector: 'span.code', within: 'div.row', spill: true } }],
    },
    // an intended truncate is a designer's decision: polish by default, while hard clipping stays important
    { name: 'ellipsis reported as polish by default, a hard clip as important', units: [r([tagline, label])], findings: [{ severity: 'polish', message: '(ellipsis)' }, { severity: 'important', message: 'cut off by 46 px' }] },
    { name: 'ellipsis: important fails on an ellipsis', units: [r([tagline])], options: { ellipsis: 'important' }, findings: [{ severity: 'important', message: '(ellipsis)' }] },
    { name: 'ellipsis: true (the boolean of old) is important', units: [r([tagline])], options: { ellipsis: true }, findings: [{ severity: 'important', message: '(ellipsis)' }] },
    {
      name: 'a button label cut mid-word by its toolbar, named with the toolbar and the required button it also clips (issue 56)',
      units: [record({
        viewport: 'mobile',
        clippedText: [{ selector: '#print', box: box(334, 8, 63, 38), text: 'Print', axis: 'x' as const, hiddenPx: 6, ellipsis: false, clippedBy: 'div.btn-toolbar' }],
        required: [required({ selector: '#print', name: 'print' }, { level: 'partial', clippedBy: { selector: 'div.btn-toolbar', box: box(12, 8, 366, 38), hiddenPx: 19 } })],
      })],
      findings: [{
        message: ['text in "#print" is cut off by 6 px horizontally by the edge of "div.btn-toolbar" at mobile', '"Print"; the same edge clips the required "print" (required-visible)'],
        evidence: { selector: '#print', clippedBy: 'div.btn-toolbar', clips: ['print'] },
      }],
    },
    { name: 'a larger minHiddenPx keeps bigger clips', units: [r([label, { ...label, hiddenPx: 3 }])], options: { minHiddenPx: 4 }, findings: [{ evidence: { hiddenPx: 46 } }] },
  ],
});

it('ignore selectors match the end of the measured selector at a compound boundary', () => {
  assert.equal(selectorMatches('header p.tagline', '.tagline'), true);
  assert.equal(selectorMatches('header p.tagline', 'p.tagline'), true);
  assert.equal(selectorMatches('header p.subtagline', '.tagline'), false);
  assert.equal(selectorMatches('header p.tagline', 'tagline'), false);
});

// The judge's quoted evidence is checked against the page's text: retyped punctuation and an
// elided middle still verify, anything not on the page (or out of order) does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoteFound } from '../../src/judge/quote.js';

const page = ['Order summary\nTotal\u00a0\u00a0$42.00\nDon\u2019t close this tab \u2014 payment is processing\n“Express” delivery\nPay now'];

test('a quote verifies when only its typography differs from the page', () => {
  for (const q of [
    "Don't close this tab - payment is processing", // straight apostrophe, hyphen for an em dash
    'TOTAL $42.00', // case, non-breaking spaces
    '"Express" delivery', // straight quotes for curly ones
    '"Pay now"', // the quote wrapped in quote marks
    '\u201cPay now\u201d',
    'Total $42.00\nDon\u2019t', // across a line break
  ]) assert.equal(quoteFound(q, page), true, q);
});

test('an elided quote verifies only when every part is on the page, in order', () => {
  assert.equal(quoteFound('Order summary … Pay now', page), true);
  assert.equal(quoteFound('Order summary ... $42.00', page), true);
  assert.equal(quoteFound('Pay now … Order summary', page), false, 'out of order');
  assert.equal(quoteFound('Order summary … Free shipping', page), false, 'one part is not on the page');
});

test('nothing quoted, or text that is not on the page, does not verify', () => {
  for (const q of ['', '   ', '…', '""', 'Free shipping today', 'Pay later', 'Total $24.00']) assert.equal(quoteFound(q, page), false, JSON.stringify(q));
  assert.equal(quoteFound('Pay now', []), false);
});

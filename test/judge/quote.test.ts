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
    "Don't close this tab -- payment is processing", // an em dash typed as two hyphens
  ]) assert.equal(quoteFound(q, page), true, q);
});

test('invisible direction marks, Hebrew punctuation and ß do not stop a quote from verifying', () => {
  const rtl = ['Total \u200e$42.00\u200e · \u2068Straße 5\u2069 · \u05e1\u05d4\u05f4\u05db \u202b\u05e9\u05dc\u05d5\u05dd\u202c'];
  for (const q of ['Total $42.00', 'STRASSE 5', '\u05e1\u05d4"\u05db', '\u200f\u05e9\u05dc\u05d5\u05dd']) assert.equal(quoteFound(q, rtl), true, q);
});

test('a quote must match whole words and say something', () => {
  assert.equal(quoteFound('Pay no', page), false, 'a word cut short is not the page\'s word');
  assert.equal(quoteFound('ay now', page), false);
  assert.equal(quoteFound('$', page), false, 'a lone symbol proves nothing');
  assert.equal(quoteFound('5', ['5 items']), false, 'a single character proves nothing');
  assert.equal(quoteFound('$42', page), true, 'a price is a whole token');
  assert.equal(quoteFound('Pay now', page), true);
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

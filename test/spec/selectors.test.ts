// Selector validation without a browser agrees with Chromium (querySelectorAll) and Playwright
// (locators). The table was built by running each selector in Chromium; the second test re-checks
// the table against the Chromium on this machine, so a browser update that changes it shows up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectorProblem } from '../../src/spec/selectors.js';
import { TEST_BROWSER_PATH, launchTestBrowser } from '../helpers/browser.js';

// [selector, accepted by document.querySelectorAll in Chromium]
const CSS: [string, boolean][] = [
  ['#1abc', false], ['div:foo', false], ['div::foo', false], [':nth-child(2n+)', false], ['button:contains(Pay)', false],
  ['a:first', false], ['a:eq(1)', false], ['input:checkbox', false], ['a[href^=]', false], ['.a..b', false], ['!a', false],
  ['1', false], ['ns|div', false], ['svg|a', false], ['div:hover()', false], ['-', false], ['svg|*', false],
  ['div:is()', true], ['div:where()', true], [':is(div:foo)', true], ['div', true], ['#a', true], ['.a.b', true],
  ['a[href^="/x"]', true], ['a[href^=/x]', false], ['[data-n=1]', false], ['[data-n="1"]', true], ['a[href]', true],
  ['a[href="x" i]', true], ['*|div', true], ['|div', true], ['div > span', true], ['div >', false], ['> div', false],
  ['div + p ~ a', true], ['a::before', true], ['a::before span', false], ['a::before:hover', false], ['div::after::before', false],
  [':nth-child(2n+1)', true], [':nth-child(odd)', true], [':nth-child(2n + 1)', true], [':nth-child(-n+3)', true],
  [':nth-child(2n+1 of .x)', true], [':nth-of-type(2n+1 of .x)', false], [':nth-child(1.5)', false], [':not()', false],
  [':not(.a, .b)', true], [':has()', false], [':has(> a)', true], [':has(+ a)', true], [':has(:has(a))', false],
  [':lang(en)', true], [':lang("en")', false], [':dir(ltr)', true], [':dir()', false], ['a:HOVER', true], ['#\\31 abc', true],
  ['.\\31 a', true], ['.-a', true], ['.-1', false], ['.--x', true], ['#-', false], ['div,', false], [',div', false],
  ['div:first-child()', false], ['::-webkit-scrollbar', true], ['::-webkit-nope', true], ['::part(x)', true], ['::part()', false],
  ['::slotted(span)', true], ['::cue(b)', true], ['a:before', true], [':scope > a', true], [':host(.x)', true], [':state(x)', true],
  [':popover-open', true], ['div\\:foo', true], ['div:not(:has(a))', true], ['a >> b', false], ['text=Pay', false],
  ['div:visible', false], ['div:has-text("x")', false], ['div:-webkit-any(a)', true], ['div:matches(a)', false],
  ['div.', false], ['div#', false], ['[]', false], ['a[href=x y]', false], [':target-within', false], [':playing', false],
];
// [selector, accepted by Playwright's page.locator()]
const LOCATOR: [string, boolean][] = [
  ['div >> span', true], ['text=Pay', true], ['div:has-text("x")', true], ['div:visible', true], ['button >> text=Pay', true],
  ['div >>', false], ['>> div', false], ['foo=bar', false], ['css=div', true], ['css=div:foo', false], ['//div', true],
  ['"Pay"', true], ['div:has-text(Pay.com)', false], ['div:has-text("Pay.com")', true], ['div:text(Pay)', false], ['div:text-matches("p.y", "i")', true], ['#1abc', false], ['div:foo', false], ['nth=0', true], ['div >> nth=1', true],
  ['data-testid=x', true], [':nth-match(div, 2)', true], ['a:right-of(#b)', true], ['div:is()', false], ['xpath=//a', true],
];

test('selectors: plain CSS as Chromium\'s querySelectorAll takes it', () => {
  for (const [sel, ok] of CSS) assert.equal(selectorProblem(sel, 'css') === null, ok, `${sel}: ${selectorProblem(sel, 'css')}`);
});

test('selectors: Playwright locators (steps, wait.selector)', () => {
  for (const [sel, ok] of LOCATOR) assert.equal(selectorProblem(sel, 'locator') === null, ok, `${sel}: ${selectorProblem(sel, 'locator')}`);
});

test('selectors: the table is what this machine\'s Chromium does', { skip: !TEST_BROWSER_PATH && 'no Chromium' }, async () => {
  const browser = await launchTestBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent('<div><a href="x">x</a></div>');
    for (const [sel, ok] of CSS) {
      const real = await page.evaluate((s) => { try { document.querySelectorAll(s); return true; } catch { return false; } }, sel);
      assert.equal(real, ok, `Chromium ${real ? 'accepts' : 'refuses'} ${sel}`);
    }
    for (const [sel, ok] of LOCATOR) {
      const real = await page.locator(sel).count().then(() => true, () => false);
      assert.equal(real, ok, `Playwright ${real ? 'accepts' : 'refuses'} ${sel}`);
    }
  } finally { await browser.close(); }
});

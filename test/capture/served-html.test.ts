// Finding a style attribute in the served HTML: only real start tags count (not a comment, not text
// inside <script>), quotes may hold ">", and a line is given only when one tag can be the element.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateStyle, styleAttributes } from '../../src/capture/served-html.js';

const HTML = [
  '<!doctype html><html><head><script>var t = "<div style=\'color: red\'>";</script>',
  '<!-- <p style="margin: 1px"> -->',
  '</head><body><DIV data-x="a>b" STYLE="color: red">one</DIV>',
  "<p id=lead style='margin: 2px'>p</p><p style=margin:3px>q</p>",
  '<span title="&quot;" style="content: &quot;x&quot;; color: blue">s</span>',
  '<textarea><b style="x: y"></b></textarea>',
].join('\n');

test('start tags only: comments and raw text skipped, quoted ">" kept inside the value, every quoting, character references decoded', () => {
  const found = styleAttributes(HTML).map(({ tag, id, value, line, column, exact }) => ({ tag, id, value, line, column, exact }));
  assert.deepEqual(found, [
    { tag: 'div', id: null, value: 'color: red', line: 2, column: 'DIV data-x="a>b" STYLE="'.length + '</head><body><'.length, exact: true },
    { tag: 'p', id: 'lead', value: 'margin: 2px', line: 3, column: "<p id=lead style='".length, exact: true },
    { tag: 'p', id: null, value: 'margin:3px', line: 3, column: HTML.split('\n')[3].indexOf('margin:3px'), exact: true },
    { tag: 'span', id: null, value: 'content: "x"; color: blue', line: 4, column: HTML.split('\n')[4].indexOf('content'), exact: false },
  ]);
});

test('a line only when one start tag can be the element; none with its style: set by script', () => {
  const attrs = styleAttributes(HTML);
  assert.deepEqual(locateStyle(attrs, 'div', null, 'color: red', 1), { line: 2, column: 38, exact: true });
  assert.equal(locateStyle(attrs, 'div', null, 'color: red', 2), null, 'two such divs in the page, one served: which is which cannot be told');
  assert.equal(locateStyle(attrs, 'div', null, 'color: green', 1), 'script');
  assert.equal(locateStyle(attrs, 'p', null, 'margin: 1px', 1), 'script', 'the one in a comment is not served markup');
  assert.deepEqual(locateStyle(attrs, 'p', 'lead', 'margin: 2px', 3), { line: 3, column: 18, exact: true }, 'an id tells them apart');
});

// The visibility verdict on framework markup (issue 12, classes 1–3): pages built from the CSS
// that bootstrap and bulma ship in npm (and in the styles of MUI and a WordPress theme), captured
// in real Chromium and checked. Each class was a false alarm of required-visible on these pages;
// each true cover and each unreachable element next to them must still be reported.
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { Finding } from '../../../src/core/artifacts.js';
import { REPO } from '../../helpers/tmp.js';
import { findingsOf } from '../harness.js';

const DIR = path.join(REPO, 'test', 'real', 'frameworks');
const results = new Map<string, Finding[]>();

/** required-visible findings of a spec (optionally at one viewport), as "viewport name: message". */
const visibility = (spec: string, vp?: string) => (results.get(spec) ?? [])
  .filter((f) => f.check === 'required-visible' && (!vp || f.viewport === vp))
  .map((f) => `${f.viewport}: ${f.message}`);
const about = (spec: string, what: RegExp) => visibility(spec).filter((m) => what.test(m));

describe('visibility on framework markup', () => {
  before(async () => { for (const [spec, found] of await findingsOf(DIR, DIR, 'veval-frameworks-')) results.set(spec, found); });

  it('every page was captured (no capture finding)', () => {
    for (const [spec, res] of results) assert.deepEqual(res.filter((f) => f.check === 'capture').map((f) => f.message), [], spec);
    assert.ok(results.size >= 11, `${results.size} specs`);
  });

  describe('class 1: a neighbour sharing one border (≤ 1 px along an edge) is not a cover', () => {
    it('Bootstrap floating-label fields stacked with margin-bottom: -1px', () => {
      assert.deepEqual(visibility('bootstrap-sign-in'), []);
    });
    it('Bootstrap input groups (an addon button) and .btn-check toggle buttons in a .btn-group', () => {
      assert.deepEqual(about('bootstrap-components', /#recipient|SMS|view-/), []);
    });
    it('Bulma fields with addons (margin-inline-end: -1px) and grouped buttons', () => {
      assert.deepEqual(visibility('bulma-components'), []);
    });
    it('an addon pulled 24 px over the field still covers it (a regression of the input-group CSS)', () => {
      const m = about('bootstrap-input-overlap', /"#coupon"/);
      assert.equal(m.length, 2, m.join('\n'));
      for (const x of m) assert.match(x, /covered by "#apply" over a 2[34]×\d+ px area/);
    });
  });

  describe('class 2: what paints nothing over the element does not cover it, unless it takes its clicks', () => {
    it('the transparent ::after of Bootstrap\'s stretched link over the card text', () => {
      assert.deepEqual(visibility('bootstrap-cards'), []);
    });
    it('an opacity-0 native input lying over the drawn checkbox and switch of its own label (MUI style)', () => {
      assert.deepEqual(visibility('mui-style-form'), []);
    });
    it('a ::before drawing only a shadow, a custom checkbox, a transparent footer over the last line (WordPress style)', () => {
      assert.deepEqual(visibility('wordpress-style-post'), []);
    });
    it('the transparent inset-0 span of a Tailwind UI card link, judged where the sticky translucent header is scrolled away', () => {
      assert.deepEqual(visibility('tailwind-style-blog'), []);
    });
    it('a foreign opacity-0 overlay that takes the clicks over the CTA stays a cover (a stuck Bootstrap backdrop); the text under it does not', () => {
      const m = visibility('bootstrap-stuck-backdrop');
      assert.equal(m.length, 2, m.join('\n'));
      for (const x of m) assert.match(x, /"pay" \(#pay\).*covered by "div\.modal-backdrop\.fade" \(it paints nothing there, but it takes the clicks\)/);
    });
  });

  describe('class 3: an element reached by scrolling sideways is reachable; the page width is overflow\'s finding', () => {
    it('actions in the last column of a too-wide Bootstrap table: one finding per capture, from overflow', () => {
      assert.deepEqual(visibility('bootstrap-wide-table'), []);
      const overflow = (results.get('bootstrap-wide-table') ?? []).filter((f) => f.check === 'overflow').map((f) => f.viewport).sort();
      assert.deepEqual(overflow, ['desktop', 'mobile']);
    });
    it('a button past the right edge of a page that cannot be scrolled sideways (overflow-x: hidden) is still off-screen', () => {
      const m = visibility('bootstrap-hidden-overflow', 'desktop');
      assert.equal(m.length, 1, m.join('\n'));
      assert.match(m[0], /"sign up" \(#signup\) is not fully visible .*: \d+ px right of the viewport/);
    });
  });
});

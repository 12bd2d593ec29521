// Precision on design idioms that hit testing and box arithmetic misread (issue 33), on pages
// written here (test/fixtures/idioms) and on published pages of the idiom brought in with their
// licence (test/fixtures/todomvc: TodoMVC's vanilla ES5 example; test/fixtures/sb-admin-2: the
// SB Admin 2 dashboard; test/fixtures/mdn-css-examples: MDN's overflow examples), captured in
// Chromium and checked. The true positives next to each idiom stay.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CheckResult } from '../../src/core/artifacts.js';
import type { RunContext } from '../../src/core/run.js';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { REPO, tmpDir } from '../helpers/tmp.js';
import { readRecord } from './helpers.js';
import { desktop, makeRun, makeSpec, mobile, req, state, step } from './plan-fixture.js';

const no = { stability: false as const };
const addTodo = (title: string) => [step({ action: 'fill', selector: '.new-todo', value: title } as any), step({ action: 'press', selector: '.new-todo', key: 'Enter' } as any)];
const specs = [
  makeSpec('todomvc', { route: '/todomvc/index.html', viewports: [desktop, mobile], checkOptions: no, states: [
    state('two-todos', [req({ selector: '.new-todo' }), req({ text: 'Buy milk' }), req({ selector: '.todo-list li:nth-child(2) label' })], [...addTodo('Buy milk'), ...addTodo('Walk the dog')]),
  ] }),
  makeSpec('sb-admin-2', { route: '/sb-admin-2/index.html', viewports: [desktop], checkOptions: no, states: [
    state('alerts-open', [req({ text: 'Show All Alerts' })], [step({ action: 'click', selector: '#alertsDropdown' })]),
  ] }),
  makeSpec('field-padding', { route: '/idioms/field-padding.html', viewports: [desktop, mobile], checkOptions: no, states: [state('default', [req({ selector: '#q' }), req({ selector: '#email' }), req({ selector: '#buy' })])] }),
  makeSpec('custom-check', { route: '/idioms/custom-check.html', viewports: [desktop, mobile], checkOptions: no, states: [state('default', [req({ text: 'Buy milk' }), req({ text: 'Walk the dog' }), req({ selector: '#more' })])] }),
  makeSpec('menu-subpixel', { route: '/idioms/menu-subpixel.html', checkOptions: no, states: [state('default', [req({ selector: '#all' }), req({ selector: '#wide' })])] }),
  makeSpec('cart-spill', { route: '/idioms/cart-spill.html', viewports: [desktop, mobile], checkOptions: no }),
  makeSpec('mdn-inline-overflow', { route: '/mdn-css-examples/learn/overflow/inline-overflow.html', checkOptions: no }),
  makeSpec('mdn-overflow-wrap', { route: '/mdn-css-examples/css-text/overflow-wrap.html', checkOptions: no }),
];

let srv: StaticServer;
let run: RunContext;
const results = new Map<string, CheckResult[]>();

before(async () => {
  srv = await serveStatic(path.join(REPO, 'test', 'fixtures'));
  run = makeRun(tmpDir(), specs, srv.url);
  await captureRun(run, { workers: 2 });
  for (const s of specs) results.set(s.name, await runChecks(run, s));
});
after(() => srv.close());

const verdict = (spec: string, st: string, vp: string, name: string) => {
  const r = readRecord(run, spec, st, vp);
  assert.equal(r.ok, true, JSON.stringify(r.error));
  const q = r.required.find((x) => x.name === name);
  assert.ok(q, `no required entry ${name}`);
  return q.verdict;
};
const messages = (spec: string, check: string) => results.get(spec)!.filter((r) => r.check === check).flatMap((r) => r.findings).map((f) => `${f.viewport} ${f.message}`);
const full = (spec: string, st: string, vp: string, name: string) => {
  const v = verdict(spec, st, vp, name);
  assert.equal(v.level, 'full', `${spec} ${vp} ${name}: ${v.reason}`);
};

describe('a designed cover inside a control is not a cover', () => {
  it('TodoMVC: the "toggle all" chevron label in the new-todo field\'s left padding, and the transparent checkbox over the circle its item title paints', () => {
    for (const vp of ['desktop', 'mobile']) for (const name of ['.new-todo', 'Buy milk', '.todo-list li:nth-child(2) label']) full('todomvc', 'two-todos', vp, name);
    assert.deepEqual(messages('todomvc', 'required-visible'), []);
  });

  it('a chevron another part of the page lays over a field\'s bare padding is part of the field; an opaque banner over its text, and a transparent strip stealing a button\'s clicks, still cover', () => {
    for (const vp of ['desktop', 'mobile']) {
      full('field-padding', 'default', vp, '#q');
      assert.equal(verdict('field-padding', 'default', vp, '#email').coveredBy?.selector, 'div.promo');
      assert.equal(verdict('field-padding', 'default', vp, '#buy').coveredBy?.selector, 'div.strip');
    }
  });

  it('a transparent checkbox over the circle a label (that labels no control) paints is no cover; a transparent layer over a link is', () => {
    for (const vp of ['desktop', 'mobile']) {
      full('custom-check', 'default', vp, 'Buy milk');
      full('custom-check', 'default', vp, 'Walk the dog');
      const more = verdict('custom-check', 'default', vp, '#more');
      assert.equal(more.coveredBy?.selector, 'div.veil');
      assert.equal(more.coveredBy?.invisible, true);
    }
  });
});

describe('a clip under 1 CSS px is no clip', () => {
  it('SB Admin 2: "Show All Alerts" overhanging its dropdown by a fraction of a pixel is fully visible', () => {
    full('sb-admin-2', 'alerts-open', 'desktop', 'Show All Alerts');
    assert.deepEqual(messages('sb-admin-2', 'required-visible'), []);
  });

  it('a link 0.25 px wider than its menu is not clipped; one 30 px wider is, and no message says "0 px"', () => {
    full('menu-subpixel', 'default', 'desktop', '#all');
    const wide = verdict('menu-subpixel', 'default', 'desktop', '#wide');
    assert.equal(wide.clippedBy?.selector, '#messages');
    assert.ok(wide.clippedBy!.hiddenPx >= 29, String(wide.clippedBy?.hiddenPx));
    const all = [...results.values()].flat().flatMap((r) => r.findings).map((f) => f.message);
    assert.ok(all.every((m) => !/\b0 px\b/.test(m)), all.join('\n'));
    assert.match(messages('menu-subpixel', 'required-visible').join('\n'), /"#wide".*clipped by "#messages" \(\d\d px hidden\)/);
  });
});

describe('text running out of the box it is seen against is reported', () => {
  it('an unbreakable promo code pushed out of its cart row (not the badge placed on the row\'s corner on purpose)', () => {
    const m = messages('cart-spill', 'text-clipped').filter((x) => !/span\.caption/.test(x));
    assert.equal(m.length, 1, m.join('\n'));
    assert.match(m[0], /^desktop text in "span\.code" runs (7\d|8\d) px out of "div\.row:nth-of-type\(1\)" .*"SUMMERSALE2026LINENSHIRTXLFREESHIP"/);
    // a caption positioned inside the row whose unbreakable word runs out of it is a spill too
    assert.match(messages('cart-spill', 'text-clipped').join('\n'), /^desktop text in "span\.caption" runs \d+ px out of "div\.row:nth-of-type\(2\)"/m);
    // a box-shadow ring is the box its label is seen against (semantic-homepage's "Log in")
    assert.doesNotMatch(messages('cart-spill', 'text-clipped').join('\n'), /a\.ring/);
    const spill = readRecord(run, 'cart-spill', 'default', 'desktop').clippedText.find((c) => c.spill);
    assert.equal(spill?.within, 'div.row:nth-of-type(1)');
  });

  it('MDN: a word running out of a box that paints only a border is reported; the same kind of word wrapped inside its box is not', () => {
    assert.match(messages('mdn-inline-overflow', 'text-clipped').join('\n'), /^desktop text in "div\.word" runs \d+ px out of its box .*"Overflow"/);
    assert.deepEqual(messages('mdn-overflow-wrap', 'text-clipped'), []);
  });
});

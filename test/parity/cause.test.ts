// The cause of a changed area is named only from the record approved with the baseline (its sha256
// in the manifest entry) and a valid capture record; otherwise parity says why not, and the
// comparison stands. How values that merely follow from others are kept out of the cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { CssRecord } from '../../src/core/artifacts.js';
import { explainAreas, unitCause } from '../../src/parity/compare/cause.js';
import { cssRel } from '../../src/parity/store/baselines.js';
import type { BaselineEntry } from '../../src/parity/store/types.js';
import { makeRun } from '../capture/plan-fixture.js';
import { tmpDir } from '../helpers/tmp.js';

const PROPS = ['display', 'margin-top', 'margin-left', 'width', 'color'];
const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
function record(els: { key: string; parent: number | null; box: ReturnType<typeof box>; values: Record<string, string>; rules: Record<string, number> | null }[], sources: CssRecord['sources']): CssRecord {
  return { version: 1, url: 'http://127.0.0.1:1/', props: PROPS, defaults: ['block', '0px', '0px', 'auto', 'rgb(0, 0, 0)'], sources,
    elements: els.map((e) => ({ tag: e.key.split(/[.#]/)[0] || 'div', ...e })), counts: { visible: els.length, recorded: els.length, looked: els.length }, ms: { values: 0, rules: 0 }, error: null };
}
const src = (line: number, text: string, selector = '.card') => ({ kind: 'rule' as const, url: 'http://127.0.0.1:1/a.css', line, column: 3, selector, text });
const files = { base: (u: string) => u, cur: (u: string) => u };

// body > div.card (margin-left: auto centred) whose width rule changed: width is named, the auto margin is not
const base = record([
  { key: 'body', parent: null, box: box(0, 0, 1000, 500), values: {}, rules: {} },
  { key: 'div.card', parent: 0, box: box(300, 0, 400, 100), values: { width: '400px', 'margin-left': '300px' }, rules: { width: 0, 'margin-left': 1 } },
], [src(4, 'width: 400px'), src(5, 'margin-left: auto')]);
const cur = record([
  { key: 'body', parent: null, box: box(0, 0, 1000, 500), values: {}, rules: {} },
  { key: 'div.card', parent: 0, box: box(250, 0, 500, 100), values: { width: '500px', 'margin-left': '250px' }, rules: { width: 0, 'margin-left': 1 } },
], [src(4, 'width: 500px'), src(5, 'margin-left: auto')]);

test('a value that changed under the same declaration (an auto margin) is an effect; the changed declaration is the cause, with its line', () => {
  const [a] = explainAreas(base, cur, [box(250, 0, 500, 100)], files);
  assert.equal(a.causes[0].element, 'div.card');
  assert.deepEqual(a.causes[0].props.map((p) => p.prop), ['width']);
  assert.equal(a.causes[0].props[0].source?.line, 4);
  assert.match(a.text, /^changed area 500×100 in div\.card: width 400px → 500px, set by http:\/\/127\.0\.0\.1:1\/a\.css:4 \(\.card\); moved left 50 px$/);
});

test('the cause is traced only from the approved record: edited, missing, or never approved, parity says why and names none', () => {
  const root = tmpDir('veval-cause-');
  const run = makeRun(root, [], null);
  const write = (rel: string, text: string) => { fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true }); fs.writeFileSync(path.join(root, rel), text); };
  const baseText = JSON.stringify(base);
  write(cssRel('s', 'default-desktop'), baseText);
  write(path.join('evals', 'run', 's', 'default-desktop.css.json'), JSON.stringify(cur));
  const sha = crypto.createHash('sha256').update(baseText).digest('hex');
  const entry = (css: BaselineEntry['css']) => ({ css } as BaselineEntry);
  const rec = { css: 'default-desktop.css.json' };
  const area = [box(250, 0, 500, 100)];

  const ok = unitCause(run, 's', rec, entry({ file: 'default-desktop.css.json', sha256: sha }), area);
  assert.equal(ok.note, null);
  assert.equal(ok.areas[0].causes[0].element, 'div.card');

  const edited = unitCause(run, 's', rec, entry({ file: 'default-desktop.css.json', sha256: 'f'.repeat(64) }), area);
  assert.deepEqual(edited.areas, []);
  assert.match(edited.note!, /differs from the one recorded at approval/);
  assert.match(unitCause(run, 's', rec, entry(undefined), area).note!, /approved before veval recorded CSS/);
  assert.match(unitCause(run, 's', rec, entry(null), area).note!, /approved without a CSS record/);
  assert.match(unitCause(run, 's', { cssError: 'Target closed' }, entry({ file: 'default-desktop.css.json', sha256: sha }), area).note!, /the capture has no CSS record \(Target closed\)/);
  write(path.join('evals', 'run', 's', 'default-desktop.css.json'), '{"version":1}');
  assert.match(unitCause(run, 's', rec, entry({ file: 'default-desktop.css.json', sha256: sha }), area).note!, /not a CSS record/);
  fs.rmSync(root, { recursive: true, force: true });
});

test('a property whose declaration was not recorded is said to be so, never called a browser default', () => {
  const blind = { ...cur, elements: cur.elements.map((e) => ({ ...e, rules: null })) };
  const [a] = explainAreas({ ...base, elements: base.elements.map((e) => ({ ...e, rules: null })) }, blind, [box(250, 0, 500, 100)], files);
  // without declarations a width change is one layout resolves: no property is claimed, the element only moved
  assert.deepEqual(a.causes.map((c) => [c.kind, c.props.length]), [['moved', 0]]);
  const recoloured = { ...blind, elements: blind.elements.map((e, i) => (i === 1 ? { ...e, values: { ...e.values, color: 'rgb(255, 0, 0)' } } : e)) };
  const [b] = explainAreas({ ...base, elements: base.elements.map((e) => ({ ...e, rules: null })) }, recoloured, [box(250, 0, 500, 100)], files);
  assert.match(b.text, /color rgb\(0, 0, 0\) → rgb\(255, 0, 0\) \(its rules were not recorded\)/);
  assert.doesNotMatch(b.text, /browser default/);
});

test('a value now from no declaration, whose declaration at approval was not recorded: not called a plain browser default', () => {
  // the approved record did not look the card up (rules null); now no rule sets its colour
  const approved = { ...base, elements: base.elements.map((e, i) => (i === 1 ? { ...e, rules: null, values: { ...e.values, color: 'rgb(255, 0, 0)' } } : e)) };
  const [a] = explainAreas(approved, cur, [box(250, 0, 500, 100)], files);
  const colour = a.causes[0].props.find((p) => p.prop === 'color');
  assert.ok(colour, a.text);
  assert.equal(colour.wasUnknown, true);
  assert.match(a.text, /color rgb\(255, 0, 0\) → rgb\(0, 0, 0\), now a browser default \(a rule removed or no longer matching; which one is not known: its rules were not recorded at approval\)/);
  // with the approved declaration recorded, it is named
  const known = { ...approved, sources: [...approved.sources, src(9, 'color: red')], elements: approved.elements.map((e, i) => (i === 1 ? { ...e, rules: { width: 0, 'margin-left': 1, color: 2 } } : e)) };
  const [b] = explainAreas(known, cur, [box(250, 0, 500, 100)], files);
  assert.match(b.text, /color rgb\(255, 0, 0\) → rgb\(0, 0, 0\), no longer set by http:\/\/127\.0\.0\.1:1\/a\.css:9 \(\.card\)/);
});

test('a declaration a script made reads "set by script", with its selector or as an inline style, and no file or line', () => {
  const scripted = (selector: string | null) => ({ kind: selector ? 'rule' as const : 'inline' as const, url: '', line: null, column: null, selector, text: 'width: 500px', script: true });
  for (const [s, want] of [[scripted('.promo'), 'set by script (.promo)'], [scripted(null), 'set by script (inline style)']] as const) {
    const now = { ...cur, sources: [s, cur.sources[1]] };
    const [a] = explainAreas(base, now, [box(250, 0, 500, 100)], files);
    assert.match(a.text, new RegExp(`width 400px → 500px, ${want.replace(/[().]/g, '\\$&')}[ ;]`), a.text);
    assert.equal(a.causes[0].props[0].source?.script, true);
  }
});

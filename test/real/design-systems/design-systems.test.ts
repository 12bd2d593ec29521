// Issue 56, class by class, on third-party markup (test/fixtures/design-systems, licences there):
// text cut by an ancestor's edge it does not own (a Bootstrap toolbar forced onto one line),
// covers judged by the text's own boxes (an icon over a title's first glyph; a shadcn/ui dialog's
// close button beside a short title), and panels that scroll under the pointer or are closed
// (Materialize's documentation side navigation). Each run is scored against truth/<spec>.json
// (the same scoring as the precision table) and the words of the findings are checked.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import type { Finding } from '../../../src/core/artifacts.js';
import type { ReportFinding } from '../../../src/gate/report-schema.js';
import { REPO } from '../../helpers/tmp.js';
import { findingsOf, keyText, targetOf, type Truth } from '../harness.js';

const PROJECT = path.join(REPO, 'test', 'real', 'design-systems');
const PAGES = path.join(REPO, 'test', 'fixtures', 'design-systems');
const results = new Map<string, Finding[]>();

/** Messages of one check's findings in a spec, as "state-viewport: message". */
const said = (spec: string, check: string) => (results.get(spec) ?? []).filter((f) => f.check === check).map((f) => `${f.state}-${f.viewport}: ${f.message}`);

describe('design systems (issue 56)', () => {
  before(async () => { for (const [spec, found] of await findingsOf(PROJECT, PAGES, 'veval-design-systems-')) results.set(spec, found); });

  it('every spec matches its measured truth: no false alarm, no miss', () => {
    assert.equal(results.size, 5);
    for (const [spec, found] of results) {
      const truth = JSON.parse(fs.readFileSync(path.join(PROJECT, 'truth', `${spec}.json`), 'utf8')) as Truth;
      const raw = parse(fs.readFileSync(path.join(PROJECT, 'specs', `${spec}.yaml`), 'utf8'));
      const got = found.filter((f) => f.severity === 'blocker' || f.severity === 'important')
        .map((f) => keyText({ check: f.check, viewport: f.viewport, state: f.state, target: targetOf(f as ReportFinding, raw) })).sort();
      assert.deepEqual(got, truth.expected.map((e) => keyText(e)).sort(), spec);
    }
  });

  describe('1: text cut by an ancestor\'s overflow box it does not own', () => {
    it('a label cut mid-word by a one-line Bootstrap toolbar is text-clipped, naming the toolbar and the button it also clips', () => {
      const m = said('bootstrap-toolbar', 'text-clipped');
      assert.equal(m.length, 1, m.join('\n'));
      assert.match(m[0]!, /^default-mobile: text in "#print" is cut off by \d+ px horizontally by the edge of "div\.btn-toolbar[^"]*" .*"Print"; the same edge clips the required "print" \(required-visible\)$/);
    });
  });

  describe('2: covers judged by the text\'s boxes', () => {
    it('an opaque arrow icon crossing the first glyph of a centred title covers it', () => {
      const m = said('bootstrap-pricing-title', 'required-visible');
      assert.equal(m.length, 1, m.join('\n'));
      assert.match(m[0]!, /^default-mobile: required "page title" \(Team pricing\) is not fully visible .*covered by "a\.btn\.btn-link" over a \d+×\d+ px area/);
    });
    it('a dialog\'s close button beside a short title (its block box reaching under the button) covers nothing', () => {
      assert.deepEqual(said('shadcn-dialog', 'required-visible'), []);
    });
  });

  describe('3: panels that scroll under the pointer or are closed are not cut off', () => {
    it('Materialize\'s side navigation: no text-clipped at either width, pointer on it or away', () => {
      assert.deepEqual(said('materialize-sidenav', 'text-clipped'), []);
      assert.deepEqual(said('materialize-sidenav-required', 'text-clipped'), []);
    });
    it('a required entry of the closed panel says closed; the list\'s last entry is reached by scrolling it', () => {
      const m = said('materialize-sidenav-required', 'required-visible');
      assert.equal(m.length, 4, m.join('\n'));
      for (const x of m) assert.match(x, /-mobile: .*closed: it is inside "#nav-mobile", moved out of the window until a user opens it$/);
    });
  });
});

// `viewports: [...]` on a state or a required entry: one spec for a responsive page (the nav links
// on desktop, the menu button and the opened menu on mobile). Validated against the spec's
// viewports at file:line:col; the plan captures a state only at its viewports and checks an entry
// only at its own; every stage lists units through the same rule (unitsOf).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './helpers.js';
import { unitsOf } from '../../src/core/run.js';
import { requiredAt } from '../../src/spec/plan.js';
import { viewportNotes } from '../../src/gate/spec-notes.js';

const SPEC = `route: /
viewports: [desktop, mobile]
required:
  - selector: nav a
    viewports: [desktop]
  - selector: "#menu-button"
    name: menu button
    viewports: [mobile]
states:
  - name: default
  - name: menu-open
    viewports: [mobile]
    steps: [{ click: "#menu-button" }]
    required:
      - selector: "#menu a"
`;

test('viewports on states and required entries: units and entries per viewport, and notes that say what is not captured or checked', async () => {
  const { plan, problems } = await load({ 'specs/a.yaml': SPEC });
  assert.deepEqual(problems, []);
  const spec = plan!.specs[0];
  assert.deepEqual(unitsOf(spec), [{ state: 'default', viewport: 'desktop' }, { state: 'default', viewport: 'mobile' }, { state: 'menu-open', viewport: 'mobile' }]);
  const [def, open] = spec.states;
  assert.deepEqual(requiredAt(def, 'desktop').map((r) => r.name), ['nav a']);
  assert.deepEqual(requiredAt(def, 'mobile').map((r) => r.name), ['menu button']);
  assert.deepEqual(requiredAt(open, 'mobile').map((r) => r.name), ['menu button', '#menu a']);
  assert.deepEqual(viewportNotes(spec), [
    'state menu-open is captured at mobile only (its viewports:); not captured at desktop',
    'required nav a is checked at desktop only (its viewports:); not checked at mobile',
    'required menu button is checked at mobile only (its viewports:); not checked at desktop',
  ]);
});

const bad: { name: string; spec: string; expect: RegExp }[] = [
  { name: 'a state at a viewport the spec does not capture at', spec: 'route: /\nviewports: [desktop]\nstates:\n  - name: open\n    viewports: [mobile]\n', expect: /^specs\/a\.yaml:5:17 viewport "mobile" is not one this spec captures at \(the spec's viewports: desktop\)/ },
  { name: 'a required entry at an unknown viewport, with a suggestion', spec: 'route: /\nrequired:\n  - selector: nav\n    viewports: [desktp]\n', expect: /^specs\/a\.yaml:4:17 viewport "desktp" is not one this spec captures at — did you mean "desktop"\? \(the spec's viewports: desktop, mobile\)/ },
  { name: "a state's entry at a viewport its state is not captured at", spec: 'route: /\nstates:\n  - name: open\n    viewports: [mobile]\n    required:\n      - selector: nav\n        viewports: [desktop]\n', expect: /^specs\/a\.yaml:7:21 viewport "desktop" is not one state "open" captures at \(its viewports: mobile\)/ },
  { name: 'a viewport listed twice', spec: 'route: /\nstates:\n  - name: open\n    viewports: [mobile, mobile]\n', expect: /^specs\/a\.yaml:4:25 viewports lists "mobile" twice/ },
  { name: 'an entry whose states and viewports never meet', spec: 'route: /\nrequired:\n  - selector: nav\n    states: [open]\n    viewports: [desktop]\nstates:\n  - name: open\n    viewports: [mobile]\n', expect: /^specs\/a\.yaml:5:16 this entry would never be checked: none of its states \(open\) is captured at desktop/ },
  { name: 'an empty list', spec: 'route: /\nstates:\n  - name: open\n    viewports: []\n', expect: /^specs\/a\.yaml:4:16 .*viewports/ },
];
for (const c of bad) {
  test(`validate: ${c.name}`, async () => {
    const { problems } = await load({ 'specs/a.yaml': c.spec });
    assert.ok(problems.some((p) => c.expect.test(p)), `no problem matches ${c.expect}\n  got:\n  ${problems.join('\n  ')}`);
  });
}

// `frame:` in specs: required entries, regions and masks inside same-origin frames compile to the
// plan; bad frame selectors and frames known to be of another origin are refused before any browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './helpers.js';

test('frame: compiles on required entries, regions and masks (a selector, or a list for nested frames)', async () => {
  const { plan, problems } = await load({ 'specs/a.yaml': [
    'route: /checkout',
    'regions:',
    '  form: "#form"',
    '  summary: { selector: aside.summary, frame: "#checkout-frame" }',
    'masks: [".clock", { selector: ".ad", frame: ["#outer", "#inner"] }]',
    'required:',
    '  - selector: "#pay"',
    '    frame: "#checkout-frame"',
    '  - text: Total',
    '    within: aside',
    '    frame: ["#outer", "#inner"]',
    'checks: { overlap: [[form, summary]] }',
  ].join('\n') + '\n' });
  assert.deepEqual(problems, []);
  const s = plan!.specs[0];
  assert.deepEqual(s.regions, { form: '#form' });
  assert.deepEqual(s.masks, ['.clock']);
  assert.deepEqual(s.framed, {
    regions: { summary: { selector: 'aside.summary', frame: ['#checkout-frame'] } },
    masks: [{ selector: '.ad', frame: ['#outer', '#inner'] }],
  });
  assert.deepEqual(s.states[0].required.map((r) => r.frame), [['#checkout-frame'], ['#outer', '#inner']]);
});

test('validate: a frame selector is checked as CSS, at its line and column', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nrequired:\n  - selector: "#pay"\n    frame: "iframe["\nmasks:\n  - { selector: ".ad", frame: ["#ok", "a[["] }\n' });
  assert.ok(problems.some((p) => /^specs\/a\.yaml:4:12 invalid CSS selector "iframe\["/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /^specs\/a\.yaml:6:39 invalid CSS selector "a\[\["/.test(p)), problems.join('\n'));
});

test('validate: a frame known to be of another origin is refused, saying veval cannot measure inside it', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nrequired:\n  - selector: "#card"\n    frame: \'iframe[src^="https://js.stripe.com/"]\'\nregions:\n  pay: { selector: form, frame: \'iframe[src="/pay.html"]\' }\n' });
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^specs\/a\.yaml:4:12 frame "iframe\[src\^="https:\/\/js\.stripe\.com\/"\]" loads another origin \(https:\/\/js\.stripe\.com\) than the page \(http:\/\/127\.0\.0\.1:9\): veval cannot measure inside a cross-origin frame/);
});

test('validate: a frame loading a data: URL has an opaque origin, refused the same way', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nmasks:\n  - { selector: .ad, frame: \'iframe[src^="data:text/html"]\' }\n' });
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /loads another origin \(an opaque origin: a data: URL\) than the page/);
});

test('a step acts inside a frame: frame: on its { selector } form compiles; any origin may be named, the selectors must be CSS', async () => {
  const { plan, problems } = await load({ 'specs/a.yaml': [
    'route: /',
    'states:',
    '  - name: accepted',
    '    steps:',
    '      - click: { selector: "#accept", frame: "#consent-frame" }',
    '      - fill: { selector: "#card", value: "4242", frame: [\'iframe[src^="https://js.stripe.com/"]\', "#inner"] }',
    '      - press: { key: Enter, selector: "#card", frame: "#pay" }',
  ].join('\n') + '\n' });
  assert.deepEqual(problems, []);
  assert.deepEqual(plan!.specs[0].states[0].steps.map((s) => s.frame), [['#consent-frame'], ['iframe[src^="https://js.stripe.com/"]', '#inner'], ['#pay']]);
  const bad = await load({ 'specs/a.yaml': 'route: /\nstates:\n  - name: s\n    steps:\n      - hover: { selector: "#a", frame: "x[[" }\n' });
  assert.ok(bad.problems.some((p) => /^specs\/a\.yaml:5:41 invalid CSS selector "x\[\["/.test(p)), bad.problems.join('\n'));
});

test('validate: an empty frame list is refused', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nrequired:\n  - selector: "#pay"\n    frame: []\n' });
  assert.ok(problems.some((p) => /required\[0\]\.frame/.test(p)), problems.join('\n'));
});

test('compile: a brief\'s `#pay` stays a top-page entry beside a spec entry for a #pay inside a frame', async () => {
  const { plan, problems } = await load({
    'specs/a.yaml': 'route: /\nbrief: ../briefs/a.md\nrequired:\n  - selector: "#pay"\n    frame: "#checkout-frame"\n',
    'briefs/a.md': '# Checkout\n\n## Must show\n- `#pay` — the Pay button\n',
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(plan!.specs[0].states[0].required.map((r) => [r.source, r.selector, r.frame ?? null]), [['spec', '#pay', ['#checkout-frame']], ['brief', '#pay', null]]);
});

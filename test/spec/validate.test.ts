// Every invalid spec is reported at the right file:line:col with a message a person can act on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './helpers.js';

const cases: { name: string; spec: string; expect: RegExp[] }[] = [
  { name: 'unknown key points at the key, with a suggestion', spec: 'route: /\nrequierd: []\n', expect: [/^specs\/a\.yaml:2:1 unknown key "requierd" — did you mean "required"\?/] },
  { name: 'unknown nested key points at the nested key', spec: 'route: /\nrequired:\n  - selector: "#a"\n    visble: full\n', expect: [/^specs\/a\.yaml:4:5 unknown key "visble" in required\[0\] — did you mean "visible"/] },
  { name: 'missing key points at its parent', spec: 'route: /\nstates:\n  - steps: []\n', expect: [/^specs\/a\.yaml:3:5 missing required key "name" in states\[0\]/] },
  { name: 'wrong type points at the value', spec: 'route: /\nfullPage: yes please\n', expect: [/^specs\/a\.yaml:2:11 fullPage must be true or false/] },
  { name: 'unknown step is named once, with a suggestion', spec: 'route: /\nstates:\n  - name: s\n    steps:\n      - clik: "#a"\n', expect: [/^specs\/a\.yaml:5:9 states\[0\]\.steps\[0\] must have one of the keys click, .* \(found clik\) — did you mean "click"\?$/] },
  { name: 'step with a missing field names the field', spec: 'route: /\nstates:\n  - name: s\n    steps:\n      - fill: { selector: "#a" }\n', expect: [/^specs\/a\.yaml:5:15 missing required key "value" in states\[0\]\.steps\[0\]\.fill$/] },
  { name: 'check value of the wrong form lists the forms', spec: 'route: /\nchecks:\n  console: sometimes\n', expect: [/^specs\/a\.yaml:3:12 checks\.console must be true or false, "blocker", "important", "polish", an options object \(got "sometimes"\)$/] },
  { name: 'an always-on check cannot be switched off', spec: 'route: /\nchecks:\n  http-status: false\n', expect: [/^specs\/a\.yaml:3:16 .*http-status is always on and cannot be switched off/] },
  { name: 'out-of-range numbers name the limit', spec: 'route: /\nparity: { threshold: 2 }\n', expect: [/^specs\/a\.yaml:2:22 parity\.threshold must be <= 1 \(got 2\)$/] },
  { name: 'absurd viewport sizes are refused', spec: 'route: /\nviewports:\n  - { name: tiny, width: -5, height: 99999 }\n', expect: [/viewports\[0\]\.width must be >= 200 \(got -5\)/, /viewports\[0\]\.height must be <= 4000/] },
  { name: 'unknown viewport name', spec: 'route: /\nviewports: [desktop, mobil]\n', expect: [/^specs\/a\.yaml:2:22 unknown viewport "mobil" — did you mean "mobile"\?/] },
  { name: 'undeclared region in overlap', spec: 'route: /\nregions: { cta: "#pay" }\nchecks:\n  overlap: [[cta, summary]]\n', expect: [/^specs\/a\.yaml:4:19 region "summary" is not declared under regions:/] },
  { name: 'undeclared region in task-order and parity', spec: 'route: /\nregions: { cta: "#pay" }\nchecks:\n  task-order: [cta, form]\nparity:\n  regions: { formm: 0 }\n', expect: [/region "form" is not declared/, /region "formm" is not declared/] },
  { name: 'invalid CSS selector is caught before any browser', spec: 'route: /\nregions:\n  form: "form["\n', expect: [/^specs\/a\.yaml:3:9 invalid CSS selector "form\["/] },
  { name: 'invalid selector inside a step', spec: 'route: /\nstates:\n  - name: s\n    steps:\n      - click: "button::"\n', expect: [/^specs\/a\.yaml:5:16 invalid CSS selector "button::"/] },
  { name: 'invalid regex in text', spec: 'route: /\nrequired:\n  - text: "/(open/i"\n', expect: [/^specs\/a\.yaml:3:11 invalid regular expression \/\(open\/i/] },
  { name: 'required entry needs selector or text', spec: 'route: /\nrequired:\n  - name: nothing\n', expect: [/^specs\/a\.yaml:3:5 a required entry needs "selector:" or "text:"/] },
  { name: 'sweep of an unknown state', spec: 'route: /\nsweep: { states: [defualt] }\n', expect: [/^specs\/a\.yaml:2:19 unknown state "defualt" — did you mean "default"\?/] },
  { name: 'sweep from wider than to', spec: 'route: /\nsweep: { from: 1400, to: 320 }\n', expect: [/^specs\/a\.yaml:2:\d+ sweep\.from \(1400\) is wider than sweep\.to \(320\): nothing would be swept/] },
  { name: 'sweep keys are checked by the schema', spec: 'route: /\nsweep: { form: 320 }\n', expect: [/sweep/] },
  { name: 'required entry limited to an unknown state', spec: 'route: /\nrequired:\n  - selector: "#a"\n    states: [defualt]\n', expect: [/unknown state "defualt" — did you mean "default"\?/] },
  { name: 'duplicate state names', spec: 'route: /\nstates:\n  - name: a\n  - name: a\n', expect: [/^specs\/a\.yaml:4:11 state "a" is declared twice/] },
  { name: 'neither route nor url', spec: 'name: x\n', expect: [/^specs\/a\.yaml:1:1 missing "route:"/] },
  { name: 'javascript: url', spec: 'url: "javascript:alert(1)"\n', expect: [/^specs\/a\.yaml:1:6 url must be an absolute http:\/\/ or https:\/\/ URL/] },
  { name: 'file: url', spec: 'url: file:///etc/passwd\n', expect: [/url must be an absolute http:\/\/ or https:\/\/ URL/] },
  { name: 'protocol-relative route to another host', spec: 'route: //evil.example/x\n', expect: [/route "\/\/evil\.example\/x" must be a path on the app/] },
  { name: 'brief escaping the project', spec: 'route: /\nbrief: ../../../../../../etc/passwd\n', expect: [/^specs\/a\.yaml:2:8 brief: ".*etc\/passwd" is outside the project folder/] },
  { name: 'missing brief file', spec: 'route: /\nbrief: ../briefs/none.md\n', expect: [/brief: "\.\.\/briefs\/none\.md" not found/] },
  { name: 'blocker cannot be a warning', spec: 'route: /\ngate: { warn: [polish, blocker] }\n', expect: [/blockers always fail/] },
  { name: 'spec name that cannot be a folder name', spec: 'name: "../x"\nroute: /\n', expect: [/name must be letters, digits/] },
];

for (const c of cases) {
  test(`validate: ${c.name}`, async () => {
    const { problems } = await load({ 'specs/a.yaml': c.spec });
    assert.ok(problems.length > 0, 'expected problems');
    for (const re of c.expect) assert.ok(problems.some((p) => re.test(p)), `no problem matches ${re}\n  got:\n  ${problems.join('\n  ')}`);
  });
}

test('validate: an empty brief or rubric file is refused (it was never filled in)', async () => {
  const { problems } = await load({
    'specs/a.yaml': 'route: /\nbrief: ../briefs/a.md\njudge: { rubric: ../briefs/a.rubric.md }\n',
    'briefs/a.md': '\n  \n', 'briefs/a.rubric.md': '',
  });
  assert.ok(problems.some((p) => /^briefs\/a\.md:1:1 is empty: a brief says what the page is for/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /a\.rubric\.md:1:1 is empty: a rubric tells the judge what to look for/.test(p)), problems.join('\n'));
});

test('validate: every problem in a file is reported at once', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nviewports: [nope]\nregions: { a: "[" }\nrequired:\n  - text: "/(/"\n' });
  assert.equal(problems.length, 3, problems.join('\n'));
});

test('validate: two specs with the same name are refused, naming both files', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'name: same\nroute: /a\n', 'specs/b.yaml': 'name: same\nroute: /b\n' });
  assert.ok(problems.some((p) => /^specs\/b\.yaml:1:7 duplicate spec name "same" \(also used by specs\/a\.yaml\)/.test(p)), problems.join('\n'));
});

test('validate: a symlink leading out of the project is refused', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { dir } = await load({ 'specs/a.yaml': 'route: /\n' });
  fs.mkdirSync(path.join(dir, 'briefs'), { recursive: true });
  fs.symlinkSync('/etc/hostname', path.join(dir, 'briefs', 'link.md'));
  fs.writeFileSync(path.join(dir, 'specs', 'a.yaml'), 'route: /\nbrief: ../briefs/link.md\n');
  const { loadProject } = await import('../../src/spec/project.js');
  await assert.rejects(loadProject({ cwd: dir }), (err: any) => /leads outside the project folder \(through a symbolic link/.test(err.message));
});

test('validate: a valid spec compiles with no problems', async () => {
  const { plan, problems } = await load({ 'specs/a.yaml': 'route: /x\nregions: { a: "#a", b: ".b > c" }\nchecks: { overlap: all, task-order: [a, b] }\n' });
  assert.deepEqual(problems, []);
  assert.equal(plan!.specs[0].url, 'http://127.0.0.1:9/x');
});

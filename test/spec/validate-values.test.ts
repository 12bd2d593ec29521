// Values the schema only shape-checks, now refused at validate time (not by a failing capture),
// and every problem of a file reported at once, once, in order.
import { test } from 'node:test';
import { SCORING_VERSIONS } from '../../src/core/scoring.js';
import assert from 'node:assert/strict';
import { load } from './helpers.js';

const cases: { name: string; spec: string; files?: Record<string, string>; expect: RegExp[] }[] = [
  { name: 'a month that does not exist', spec: 'route: /\ncontext: { freezeTime: "2025-13-45T10:00Z" }\n', expect: [/^specs\/a\.yaml:2:24 context\.freezeTime "2025-13-45T10:00Z": month 13 does not exist/] },
  { name: 'a day that does not exist (no roll-over)', spec: 'route: /\ncontext: { freezeTime: "2025-02-30T10:00Z" }\n', expect: [/day 30 does not exist in 2025-02/] },
  { name: 'an hour that does not exist', spec: 'route: /\ncontext: { freezeTime: "2025-01-01T25:00Z" }\n', expect: [/time 25:00 does not exist/] },
  { name: 'unknown time zone', spec: 'route: /\ncontext: { timezoneId: Mars/Phobos }\n', expect: [/^specs\/a\.yaml:2:24 context\.timezoneId: unknown time zone "Mars\/Phobos"/] },
  { name: 'header name with a space', spec: 'route: /\ncontext: { extraHTTPHeaders: { "bad header": x } }\n', expect: [/invalid name "bad header" in context\.extraHTTPHeaders: use an HTTP header name/] },
  { name: 'unknown key name for press', spec: 'route: /\nstates:\n  - name: s\n    steps: [{ press: Enterr }, { press: { key: "Control+Qq" } }]\n', expect: [/^specs\/a\.yaml:4:22 unknown key "Enterr" in press "Enterr" — did you mean "Enter"\?/, /4:48 unknown key "Qq" in press "Control\+Qq"/] },
  { name: 'unknown axe rule', spec: 'route: /\nchecks: { axe: { disable: [color-contrast, no-such-rule] } }\n', expect: [/^specs\/a\.yaml:2:44 unknown axe rule "no-such-rule"/] },
  { name: 'unknown scoring version', spec: 'route: /\nscoring: { version: 99 }\n', expect: [new RegExp(`scoring\\.version 99 is unknown \\(known: ${Object.keys(SCORING_VERSIONS).join(', ')}\\)`)] },
  { name: 'region names that cannot be file names', spec: 'route: /\nregions: { "a b": "#a", "-x": ".c" }\n', expect: [/2:12 invalid name "a b" in regions/, /2:25 invalid name "-x" in regions/] },
  { name: 'empty brief and within', spec: "route: /\nbrief: ''\nrequired: [{ text: x, within: '' }]\n", expect: [/2:8 brief must not be empty/, /required\[0\]\.within must not be empty/] },
  { name: 'states: [] on a required entry', spec: "route: /\nrequired: [{ selector: '#c', states: [] }]\n", expect: [/required\[0\]\.states needs at least 1 item/] },
  { name: 'overlap: [] and repeated names', spec: 'route: /\nregions: { a: "#a", b: "#b" }\nchecks: { overlap: [], task-order: [a, a], min-gap: { pairs: [[a, a], [a, b], [b, a]] } }\n', expect: [/checks\.overlap lists no pairs/, /checks\.task-order lists "a" twice/, /checks\.min-gap pair \[a, a\] names the same region twice/, /checks\.min-gap lists the pair \[b, a\] twice/] },
  { name: 'wait.selector without for: selector', spec: 'route: /\nwait: { selector: "#ready" }\n', expect: [/2:9 wait\.selector is only used with wait\.for: selector/] },
  { name: 'undeclared parity region at its key', spec: 'route: /\nregions: { a: "#a" }\nparity: { regions: { a: 0, nope: 0.1 } }\n', expect: [/^specs\/a\.yaml:3:28 region "nope" is not declared/] },
  { name: 'README overlap form with a short pair', spec: 'route: /\nregions: { a: "#a" }\nchecks: { overlap: [[a]] }\n', expect: [/^specs\/a\.yaml:3:21 checks\.overlap\[0\] needs at least 2 items$/] },
  { name: '.inf and .nan shown as written', spec: 'route: /\nwait: { timeout: .inf }\nparity: { threshold: .nan }\n', expect: [/wait\.timeout must be <= 600000 \(got \.inf\)/, /parity\.threshold must be a number \(got \.nan\)/] },
  { name: 'a rubric path of another kind is not taken as text', spec: 'route: /\njudge: { rubric: ../briefs/x.json }\n', expect: [/judge\.rubric "\.\.\/briefs\/x\.json" looks like a file name/] },
  { name: 'a folder as brief', spec: 'route: /\nbrief: ../briefs\n', files: { 'briefs/x.md': '# x\n' }, expect: [/^specs\/a\.yaml:2:8 brief: "\.\.\/briefs" is a folder; a file is needed/] },
  { name: 'a folder named .md as brief', spec: 'route: /\nbrief: ../briefs/dir.md\njudge: { rubric: ../briefs/dir.md }\n', files: { 'briefs/dir.md/x': 'x' }, expect: [/2:8 brief: .* is a folder/, /3:18 rubric: .* is a folder/] },
  { name: 'a folder as storageState and har', spec: 'route: /\ncontext: { storageState: ../specs }\nnetwork: { har: ../specs }\n', expect: [/storageState: "\.\.\/specs" is a folder/, /har: "\.\.\/specs" is a folder/] },
  { name: 'bad regex in a brief text item', spec: 'route: /\nbrief: ../briefs/b.md\n', files: { 'briefs/b.md': '# B\n\n## Must show\n\n- "/[/" — bad regex\n' }, expect: [/^briefs\/b\.md:5:3 invalid regular expression \/\[\/: .* in ## Must show/] },
  { name: 'state names differing only in case', spec: 'route: /\nstates:\n  - name: s\n  - name: S\n', expect: [/^specs\/a\.yaml:4:11 state "S" differs from "s" only in case/] },
  { name: 'a binary brief', spec: 'route: /\nbrief: ../briefs/b.md\n', files: { 'briefs/b.md': 'a\u0000b' }, expect: [/^briefs\/b\.md:1:1 is binary/] },
];

for (const c of cases) {
  test(`validate: ${c.name}`, async () => {
    const { problems } = await load({ 'specs/a.yaml': c.spec, ...c.files });
    for (const re of c.expect) assert.ok(problems.some((p) => re.test(p)), `no problem matches ${re}\n  got:\n  ${problems.join('\n  ')}`);
  });
}

test('validate: always-on check given a severity is one line, not two', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nchecks: { required-visible: blocker }\n' });
  assert.deepEqual(problems.map((p) => p.replace(/ .*/, '')), ['specs/a.yaml:2:29'], problems.join('\n'));
  assert.match(problems[0], /always on/);
});

test('validate: did-you-mean keeps part of the word', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nregions: { a: "#a", cta: "#b" }\nchecks: { task-order: [a, c, zz, ct] }\n' });
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.ok(problems.slice(0, 2).every((p) => !/did you mean/.test(p)), problems.join('\n'));
  assert.match(problems[2], /region "ct" .*did you mean "cta"/);
});

test('validate: a schema problem does not hide the semantic ones', async () => {
  const spec = 'route: /\nviewports: [desktop, nosuch, desktop, { name: tiny, width: 100, height: 300 }]\nstates:\n  - name: s\n    steps: [{ hover: "div >" }]\n  - name: s\n';
  const { problems } = await load({ 'specs/a.yaml': spec });
  for (const re of [/2:22 unknown viewport "nosuch"/, /2:30 viewport "desktop" is listed twice/, /viewports\[3\]\.width must be >= 200/, /5:22 invalid CSS selector "div >"/, /6:11 state "s" is declared twice/]) {
    assert.ok(problems.some((p) => re.test(p)), `${re}\n${problems.join('\n')}`);
  }
});

test('validate: a pruned value is not reported missing (url invalid ≠ url absent)', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'url: "javascript:alert(1)"\n' });
  assert.deepEqual(problems.length, 1, problems.join('\n'));
});

test('validate: a missing config rubric is reported once, not once per spec', async () => {
  const { problems } = await load({
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\njudge: { rubric: rubrics/missing.md }\n',
    'specs/a.yaml': 'route: /\n', 'specs/b.yaml': 'route: /\n',
  });
  assert.deepEqual(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^visual-eval\.config\.yaml:2:18 rubric: "rubrics\/missing\.md" not found/);
});

test('validate: problems sorted by line and column', async () => {
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nwait: { for: selector }\nviewports: [nope]\n' });
  assert.deepEqual(problems.map((p) => p.split(' ')[0]), ['specs/a.yaml:2:7', 'specs/a.yaml:3:13'], problems.join('\n'));
});

test('validate: a broken config reports its own problems and no false spec problems from defaults', async () => {
  const spec = 'route: /x\nviewports: [desktop, phone]\n';
  for (const config of [
    'baseURL: http://127.0.0.1:9\nviewports:\n  desktop: { width: 1280, height: 800 }\n  phone: { width: 390, height: 844 }\nworkers: 0\n',
    'baseURL: http://127.0.0.1:9\nviewports: {\n',
    'baseURL: http://127.0.0.1:9\nviewport:\n  phone: { width: 390, height: 844 }\n',
  ]) {
    const { problems } = await load({ 'visual-eval.config.yaml': config, 'specs/a.yaml': spec });
    assert.ok(problems.length >= 1 && problems.every((p) => p.startsWith('visual-eval.config.yaml')), `${config}\n→ ${problems.join('\n')}`);
  }
});

test('validate: selectors in steps are Playwright locators, elsewhere plain CSS', async () => {
  const ok = await load({ 'specs/a.yaml': 'route: /\nstates:\n  - name: s\n    steps: [{ click: "div >> span" }, { click: "button:has-text(\'Pay\')" }, { click: "text=Pay" }]\nmasks: ["div:is()"]\n' });
  assert.deepEqual(ok.problems, []);
  const { problems } = await load({ 'specs/a.yaml': 'route: /\nrequired: [{ selector: "#1abc" }, { selector: "text=Pay" }]\nregions: { a: "a:first" }\n' });
  assert.ok(problems.some((p) => /"#1abc" \(plain CSS, as document\.querySelectorAll takes it\): an id cannot start with a digit/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /"text=Pay".*works in steps only/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /unknown pseudo-class ":first"/.test(p)), problems.join('\n'));
});

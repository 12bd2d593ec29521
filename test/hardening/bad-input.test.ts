// Bad input the spec-layer tests do not already cover (test/cli/bad-input.test.ts,
// test/spec/validate.test.ts): every case is refused before any browser starts, as one located
// "file:line:col message" line per problem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';
import { CONFIG, load } from '../spec/helpers.js';

type Case = { name: string; tree: Record<string, string | Buffer>; expect: RegExp[] };
const spec = (body: string): Record<string, string> => ({ 'specs/a.yaml': body });

const cases: Case[] = [
  { name: 'a 10 MB spec is refused by its size, before parsing', tree: spec('route: /\n' + 'x'.repeat(10 * 1024 * 1024) + ': 1\n'), expect: [/^specs\/a\.yaml:1:1 is 10\.0 MB; specs and configs are limited to 1 MB$/] },
  { name: 'a list or mapping used as a key', tree: spec('route: /\n? [a, b]\n: 1\n'), expect: [/^specs\/a\.yaml:2:3 a key must be plain text, not a list or mapping$/] },
  { name: 'an alias used as a key', tree: spec('route: /\nx: &k [a]\n*k : 1\n'), expect: [/^specs\/a\.yaml:3:1 a key must be plain text/] },
  // Unknown keys at every nesting level.
  ...([
    ['context', 'route: /\ncontext:\n  storagestate: x.json\n', /^specs\/a\.yaml:3:3 unknown key "storagestate" in context/],
    ['network', 'route: /\nnetwork:\n  blocks: []\n', /^specs\/a\.yaml:3:3 unknown key "blocks" in network/],
    ['wait', 'route: /\nwait:\n  selectr: "#a"\n', /^specs\/a\.yaml:3:3 unknown key "selectr" in wait/],
    ['an inline viewport', 'route: /\nviewports:\n  - { name: v, width: 400, height: 400, scale: 2 }\n', /^specs\/a\.yaml:3:41 unknown key "scale" in viewports\[0\]/],
    ['a state', 'route: /\nstates:\n  - name: s\n    step: []\n', /^specs\/a\.yaml:4:5 unknown key "step" in states\[0\]/],
    ['a step object', 'route: /\nstates:\n  - name: s\n    steps:\n      - click: { selector: "#a", force: true }\n', /^specs\/a\.yaml:5:34 unknown key "force" in states\[0\]\.steps\[0\]\.click/],
    ['a state-level required entry', 'route: /\nstates:\n  - name: s\n    required:\n      - { selector: "#a", visibel: full }\n', /^specs\/a\.yaml:5:27 unknown key "visibel" in states\[0\]\.required\[0\]/],
    ['check options', 'route: /\nchecks:\n  min-gap: { pxx: 8 }\n', /^specs\/a\.yaml:3:14 unknown key "pxx" in checks\.min-gap/],
    ['checks', 'route: /\nchecks:\n  overflw: true\n', /^specs\/a\.yaml:3:3 unknown key "overflw" in checks — did you mean "overflow"/],
    ['parity', 'route: /\nparity:\n  treshold: 0.1\n', /^specs\/a\.yaml:3:3 unknown key "treshold" in parity/],
    ['judge', 'route: /\njudge:\n  modle: x\n', /^specs\/a\.yaml:3:3 unknown key "modle" in judge/],
    ['judge.budget', 'route: /\njudge:\n  budget: { images: 3 }\n', /^specs\/a\.yaml:3:13 unknown key "images" in judge\.budget/],
    ['gate', 'route: /\ngate:\n  minscore: 3\n', /^specs\/a\.yaml:3:3 unknown key "minscore" in gate/],
    ['scoring', 'route: /\nscoring: { versoin: 1 }\n', /^specs\/a\.yaml:2:12 unknown key "versoin" in scoring/],
  ] as const).map(([where, body, re]) => ({ name: `unknown key in ${where}`, tree: spec(body), expect: [re] })),
  { name: 'unknown keys at every level of the config', tree: { 'visual-eval.config.yaml': CONFIG + 'browsr: {}\nserver: { static: ., port: 3 }\njudge: { calibration: { minAgreemnt: 1 } }\n', ...spec('route: /\n') }, expect: [/^visual-eval\.config\.yaml:5:1 unknown key "browsr"/, /^visual-eval\.config\.yaml:6:\d+ .*port/, /^visual-eval\.config\.yaml:7:\d+ unknown key "minAgreemnt" in judge\.calibration/] },
  // Viewport sizes in the config and in a spec.
  { name: 'negative, zero and absurd viewport sizes in the config', tree: { 'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\nviewports:\n  a: { width: -1, height: 0 }\n  b: { width: 100000, height: 800, deviceScaleFactor: 50 }\n  c: { width: 1.5, height: 800 }\n', ...spec('route: /\n') }, expect: [/^visual-eval\.config\.yaml:3:15 viewports\.a\.width must be >= 200 \(got -1\)/, /^visual-eval\.config\.yaml:3:\d+ viewports\.a\.height must be >= 200 \(got 0\)/, /^visual-eval\.config\.yaml:4:15 viewports\.b\.width must be <= 4000 \(got 100000\)/, /viewports\.b\.deviceScaleFactor must be <= 4 \(got 50\)/, /^visual-eval\.config\.yaml:5:15 viewports\.c\.width must be a whole number/] },
  { name: 'a viewport size given as text in a spec', tree: spec('route: /\nviewports:\n  - { name: v, width: "1280", height: 800 }\n'), expect: [/^specs\/a\.yaml:3:\d+ viewports\[0\]\.width must be a whole number/] },
  // Invalid CSS selectors in every place a selector appears.
  ...([
    ['a mask', 'route: /\nmasks: [".ok", "a[href"]\n', /^specs\/a\.yaml:2:16 invalid CSS selector "a\[href"/],
    ['required.selector', 'route: /\nrequired:\n  - selector: "#"\n', /^specs\/a\.yaml:3:15 invalid CSS selector "#"/],
    ['required.within', 'route: /\nrequired:\n  - { text: Pay, within: "div >" }\n', /^specs\/a\.yaml:3:\d+ invalid CSS selector "div >"/],
    ['a state-level required entry', 'route: /\nstates:\n  - name: s\n    required: [{ selector: "a:::b" }]\n', /^specs\/a\.yaml:4:\d+ invalid CSS selector "a:::b"/],
    ['fill', 'route: /\nstates:\n  - name: s\n    steps: [{ fill: { selector: "input[", value: x } }]\n', /^specs\/a\.yaml:4:\d+ invalid CSS selector "input\["/],
    ['press with a selector', 'route: /\nstates:\n  - name: s\n    steps: [{ press: { key: Enter, selector: ")" } }]\n', /invalid CSS selector "\)"/],
    ['hover', 'route: /\nstates:\n  - name: s\n    steps: [{ hover: "<a>" }]\n', /invalid CSS selector "<a>"/],
    ['select', 'route: /\nstates:\n  - name: s\n    steps: [{ select: { selector: "select,", value: a } }]\n', /invalid CSS selector "select,"/],
    ['check', 'route: /\nstates:\n  - name: s\n    steps: [{ check: "[type=" }]\n', /invalid CSS selector "\[type="/],
    ['uncheck', 'route: /\nstates:\n  - name: s\n    steps: [{ uncheck: { selector: "::" } }]\n', /invalid CSS selector "::"/],
    ['scroll', 'route: /\nstates:\n  - name: s\n    steps: [{ scroll: "#a b[" }]\n', /invalid CSS selector "#a b\["/],
    ['waitFor', 'route: /\nstates:\n  - name: s\n    steps: [{ waitFor: { selector: "}", state: visible } }]\n', /invalid CSS selector "\}"/],
    ['wait.selector', 'route: /\nwait: { for: selector, selector: "[data-ready" }\n', /^specs\/a\.yaml:2:34 invalid CSS selector "\[data-ready"/],
    ['axe include', 'route: /\nchecks:\n  axe: { include: ["main["] }\n', /^specs\/a\.yaml:3:\d+ invalid CSS selector "main\["/],
    ['axe exclude', 'route: /\nchecks:\n  axe: { exclude: [".ad", "#"] }\n', /^specs\/a\.yaml:3:\d+ invalid CSS selector "#"/],
    ['text-clipped ignore', 'route: /\nchecks:\n  text-clipped: { ignore: ["p >"] }\n', /invalid CSS selector "p >"/],
  ] as const).map(([where, body, re]) => ({ name: `invalid CSS selector in ${where}`, tree: spec(body), expect: [re] })),
  { name: 'invalid CSS selector in a brief\'s Must show list, located in the brief', tree: { 'specs/a.yaml': 'route: /\nbrief: ../briefs/a.md\n', 'briefs/a.md': '# Job\nPay.\n\n## Must show\n- "Total" — the total\n- `button[` — the pay button\n' }, expect: [/^briefs\/a\.md:6:3 invalid CSS selector "button\[" in ## Must show/] },
  { name: 'invalid CSS selectors and regexes in the config defaults', tree: { 'visual-eval.config.yaml': CONFIG + 'wait: { for: selector, selector: "[x" }\nchecks:\n  axe: { exclude: ["a["] }\n  console: { ignore: ["(unclosed"] }\n', ...spec('route: /\n') }, expect: [/^visual-eval\.config\.yaml:5:34 invalid CSS selector "\[x"/, /^visual-eval\.config\.yaml:7:\d+ invalid CSS selector "a\["/, /^visual-eval\.config\.yaml:8:\d+ invalid regular expression "\(unclosed"/] },
  // Paths escaping the root.
  { name: 'rubric escaping the project', tree: spec('route: /\njudge: { rubric: ../../../etc/motd.md }\n'), expect: [/^specs\/a\.yaml:2:\d+ rubric: ".*motd\.md" is outside the project folder/] },
  { name: 'storageState escaping the project', tree: spec('route: /\ncontext: { storageState: /etc/passwd }\n'), expect: [/^specs\/a\.yaml:2:\d+ storageState: "\/etc\/passwd" is outside the project folder/] },
  { name: 'har escaping the project', tree: spec('route: /\nnetwork: { har: ../../x.har }\n'), expect: [/^specs\/a\.yaml:2:\d+ har: "\.\.\/\.\.\/x\.har" is outside the project folder/] },
  { name: 'a config rubric escaping the project', tree: { 'visual-eval.config.yaml': CONFIG + 'judge: { rubric: ../outside.md }\n', ...spec('route: /\n') }, expect: [/^visual-eval\.config\.yaml:5:\d+ rubric: "\.\.\/outside\.md" is outside the project folder/] },
  { name: 'config storageState and har escaping the project', tree: { 'visual-eval.config.yaml': CONFIG + 'context: { storageState: /etc/passwd }\nnetwork: { har: ../x.har }\n', ...spec('route: /\n') }, expect: [/^visual-eval\.config\.yaml:5:\d+ storageState: "\/etc\/passwd" is outside the project folder/, /^visual-eval\.config\.yaml:6:\d+ har: "\.\.\/x\.har" is outside the project folder/] },
  { name: 'server.static escaping the project', tree: { 'visual-eval.config.yaml': 'server: { static: /etc }\n', ...spec('route: /\n') }, expect: [/^visual-eval\.config\.yaml:1:19 server\.static: "\/etc" is outside the project folder/] },
  // Names.
  { name: 'two specs with the same name from their file names', tree: { 'specs/a.yaml': 'route: /\n', 'specs/sub/a.yaml': 'route: /b\n' }, expect: [/^specs\/sub\/a\.yaml:1:1 duplicate spec name "a" \(also used by specs\/a\.yaml\)/] },
  { name: 'a spec named like another spec\'s file', tree: { 'specs/a.yaml': 'route: /\n', 'specs/b.yaml': 'name: a\nroute: /b\n' }, expect: [/^specs\/b\.yaml:1:7 duplicate spec name "a"/] },
  { name: 'a state name that cannot be a file name', tree: spec('route: /\nstates:\n  - name: "../../x"\n'), expect: [/^specs\/a\.yaml:3:\d+ states\[0\]\.name must be letters, digits/] },
  { name: 'an inline viewport name that cannot be a file name', tree: spec('route: /\nviewports:\n  - { name: "a/b", width: 400, height: 400 }\n'), expect: [/viewports\[0\]\.name must be letters, digits/] },
  { name: 'an invalid regex in a state-level required text', tree: spec('route: /\nstates:\n  - name: s\n    required: [{ text: "/[a-/" }]\n'), expect: [/^specs\/a\.yaml:4:\d+ invalid regular expression \/\[a-\//] },
  { name: 'a regex with an unknown flag', tree: spec('route: /\nrequired:\n  - text: "/total/q"\n'), expect: [/^specs\/a\.yaml:3:11 invalid regular expression \/total\/q/] },
  { name: 'a data: url', tree: spec('url: "data:text/html,<script>alert(1)</script>"\n'), expect: [/^specs\/a\.yaml:1:6 url must be an absolute http/] },
  { name: 'a route with a javascript: scheme', tree: spec('route: "javascript:alert(1)"\n'), expect: [/^specs\/a\.yaml:1:8 route must be a path starting with "\/"/] },
];

for (const c of cases) {
  test(`bad input: ${c.name}`, async () => {
    const { problems, plan } = await load(c.tree);
    assert.equal(plan, undefined, 'no plan for invalid input');
    for (const re of c.expect) assert.ok(problems.some((p) => re.test(p)), `no problem matches ${re}\n  got:\n  ${problems.join('\n  ')}`);
    for (const p of problems) assert.match(p, /^[^\s:]+:\d+:\d+ \S/, 'every problem is one located line');
    for (const p of problems) assert.ok(!p.includes('\n'), 'one line each');
  });
}

test('bad input: a brief, rubric, storageState or har reached through a symbolic link out of the project is refused', async () => {
  const outside = tmpDir('veval-outside-');
  fs.writeFileSync(path.join(outside, 'secret.md'), '# secret\n');
  fs.writeFileSync(path.join(outside, 'state.json'), '{}');
  fs.writeFileSync(path.join(outside, 'x.har'), '{}');
  const dir = tmpDir();
  writeTree(dir, {
    'visual-eval.config.yaml': CONFIG,
    'specs/a.yaml': 'route: /\nbrief: ../links/secret.md\njudge: { rubric: ../links/secret.md }\ncontext: { storageState: ../links/state.json }\nnetwork: { har: ../dirlink/x.har }\n',
  });
  fs.mkdirSync(path.join(dir, 'links'));
  for (const f of ['secret.md', 'state.json']) fs.symlinkSync(path.join(outside, f), path.join(dir, 'links', f));
  fs.symlinkSync(outside, path.join(dir, 'dirlink'));
  const r = runCli(['validate'], dir);
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.trim().split('\n');
  for (const [what, line] of [['brief', 2], ['rubric', 3], ['storageState', 4], ['har', 5]] as const) {
    assert.ok(lines.some((l) => new RegExp(`^specs/a\\.yaml:${line}:\\d+ ${what}: .* leads outside the project folder \\(through a symbolic link`).test(l)), `${what}:\n${r.stderr}`);
  }
  assert.ok(!r.stderr.includes('# secret'), 'the outside file is never read into a message');
});

test('bad input through the CLI: run refuses invalid input with exit 2 before any browser or server starts', () => {
  const dir = tmpDir();
  const marker = path.join(dir, 'server-started');
  writeTree(dir, {
    'visual-eval.config.yaml': `server: { command: "touch ${marker}; sleep 30", url: "http://127.0.0.1:9/" }\n`,
    'specs/a.yaml': 'route: /\nregions: { form: "form[" }\nmasks: ["a["]\n',
    'specs/b.yaml': 'route: /\n',
    'specs/sub/b.yaml': 'route: /b\n',
  });
  const r = runCli(['run'], dir, { VEVAL_BROWSER: '/nonexistent/browser' });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /^specs\/a\.yaml:2:18 invalid CSS selector "form\["/m);
  assert.match(r.stderr, /^specs\/a\.yaml:3:9 invalid CSS selector "a\["/m);
  assert.match(r.stderr, /^specs\/sub\/b\.yaml:1:1 duplicate spec name "b"/m);
  assert.ok(!/\n\s+at /.test(r.stderr), 'no stack trace');
  assert.equal(fs.existsSync(marker), false, 'the app server was never started');
  assert.equal(fs.existsSync(path.join(dir, 'evals')), false, 'no run folder');
});

// Done-when of "a step verb is one file": in a scratch copy of the sources, add a `dblclick` verb with
// an option (delay) as a contributor would — its module, then `npm run schema` — and show it
// validated in specs, offered by --step, described by `veval plan` and run in a capture, with no
// other file edited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { scratchCopy } from '../helpers/scratch.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const VERB = `import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { selectorOf, selOrObj, target } from './lib.js';

export interface DblclickStep extends StepBase<'dblclick'> { delay?: number }

export const verb = defineVerb({
  verb: 'dblclick',
  order: 15,
  description: 'double-click an element',
  value: selOrObj({ delay: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'ms between pressing and releasing the button (default 0)' })) }, 'double-click an element'),
  plan: (raw, source): DblclickStep => (typeof raw === 'string' ? { action: 'dblclick', selector: raw, source } : { action: 'dblclick', selector: selectorOf(raw), source, delay: raw.delay }),
  run: async (page, step, timeout) => { await target(page, step).dblclick({ timeout, delay: step.delay }); },
  describe: (s) => \`dblclick \${s.selector}\${s.delay ? \` (\${s.delay} ms press)\` : ''}\`,
  cli: { form: 'SEL', parse: (a) => a },
  example: 'dblclick: ".row"',
  snippet: { dblclick: '\${1:#selector}' },
});
`;
const ADDED = { 'src/steps/dblclick.ts': VERB };

// #done appears on a double click only: a single click leaves it hidden
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rows</title></head><body><main>
<button id="b" ondblclick="document.getElementById('done').hidden = false">Open</button>
<p id="done" hidden>Opened</p></main></body></html>`;

const spec = (step: string) => `route: /\nrequired:\n  - selector: "#done"\n    states: [opened]\nstates:\n  - name: default\n  - name: opened\n    steps:\n      - ${step}\n`;

test('a step verb with an option added as one module is validated, offered, described and run — nothing else edited', () => {
  const scratch = scratchCopy();
  const project = tmpDir('veval-add-verb-');
  writeTree(project, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 800, height: 600 }\nchecks: { axe: false, stability: false }\njudge: { mode: off }\n',
    'site/index.html': PAGE,
    'specs/double.yaml': spec('dblclick: { selector: "#b", delay: 20 }'),
    'specs/single.yaml': spec('click: "#b"'),
  });
  const bad = tmpDir('veval-add-verb-bad-');
  writeTree(bad, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\n',
    'specs/bad.yaml': 'route: /\nstates:\n  - name: s\n    steps:\n      - dblclick: { selector: "#b", delay: -5 }\n      - dblclick: "::"\n',
  });

  const before = scratch.cli(['validate'], bad);
  assert.equal(before.code, 2);
  assert.match(before.stderr, /specs\/bad\.yaml:5:9 .*dblclick/, 'the copy does not know the verb yet');

  const { edited, unexplained } = scratch.extend(ADDED);
  assert.deepEqual(unexplained, [], 'only the new module and what npm run schema wrote changed');
  assert.ok(edited.includes('src/steps/generated/list.ts') && edited.includes('schema/spec.schema.json'), edited.join(', '));

  // validated: the option by the schema, the selector by the default locator check, each where written
  const invalid = scratch.cli(['validate'], bad);
  assert.equal(invalid.code, 2, invalid.stdout + invalid.stderr);
  assert.match(invalid.stderr, /specs\/bad\.yaml:5:44 states\[0\]\.steps\[0\]\.dblclick\.delay must be >= 0/);
  assert.match(invalid.stderr, /specs\/bad\.yaml:6:19 invalid CSS selector "::"/);

  // offered by --step, described by veval plan
  assert.match(scratch.cli(['look', '--help'], project).stdout, /click:SEL, dblclick:SEL, fill:SEL=TEXT/);
  const plan = scratch.cli(['plan'], project);
  assert.equal(plan.code, 0, plan.stderr);
  assert.match(plan.stdout, /opened: dblclick #b \(20 ms press\)/);

  // run: the double click opens the panel; a single click (the other spec) does not
  const run = scratch.cli(['run', '--reporter', 'json'], project);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const runDir = fs.realpathSync(path.join(project, 'evals', 'latest'));
  const report = JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8'));
  const status = Object.fromEntries(report.specs.map((s: any) => [s.name, s.status]));
  assert.deepEqual(status, { double: 'pass', single: 'fail' }, JSON.stringify(report.specs.map((s: any) => s.reasons)));
  const record = JSON.parse(fs.readFileSync(path.join(runDir, 'double', 'opened-desktop.json'), 'utf8'));
  assert.deepEqual(record.timings.steps.map((s: any) => s.action), ['dblclick']);

  const tests = scratch.test(['test/steps/completeness.test.ts']);
  assert.equal(tests.code, 0, tests.stdout.slice(-3000) + tests.stderr);
  assert.match(tests.stdout, /# pass \d+\n# fail 0/);
});

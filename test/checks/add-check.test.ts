// Done-when of "a check is one file": in a scratch copy of the sources, add a `title-present` check
// as a contributor would — its file, its test, its doc, then `npm run schema` — and show it
// validated in specs, listed by `veval checks`, run, scored and rendered, with no other file edited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { scratchCopy } from '../helpers/scratch.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const CHECK = `import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { quote } from './lib/text.js';

const ID = 'title-present';
const DEFAULTS = { minLength: 1 };

export const check: Check<{ minLength?: number; placeholders?: string[] }> = {
  meta: {
    id: ID,
    title: 'The page has a title',
    description: \`The document title has at least minLength characters (default \${DEFAULTS.minLength}): tabs, bookmarks and screen readers announce it.\`,
    defaultSeverity: 'important',
    defaultEnabled: false,
    order: 17,
    score: 'structural',
    defaults: DEFAULTS,
    names: { placeholders: 'regexes' },
    label: () => 'the document title',
    options: Type.Object({
      minLength: Type.Optional(Type.Integer({ minimum: 1, description: \`shortest title accepted (default \${DEFAULTS.minLength})\` })),
      placeholders: Type.Optional(Type.Array(Type.String(), { description: 'regular expressions of titles that count as none (a framework default such as ^React App$)' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const min = ctx.options.minLength ?? DEFAULTS.minLength;
    const placeholder = (ctx.options.placeholders ?? []).map((p) => new RegExp(p));
    const missing = (t: string) => t.trim().length < min || placeholder.some((re) => re.test(t));
    return measured(ctx.units).filter((u) => missing(u.record.document.title ?? '')).map((u) =>
      findingFor(ID, u, severityOf(ctx, 'important'), \`the page title \${quote(u.record.document.title ?? '')} is shorter than \${min} characters or a placeholder at \${u.record.viewport.name} (\${u.record.state})\`, { text: u.record.document.title ?? '' }));
  },
};
`;

const CHECK_TEST = `import { check } from '../../src/checks/title-present.js';
import { record, testCheck } from './helpers.js';

testCheck(check, {
  valid: [{ name: 'a title', units: [record({ document: { title: 'Checkout' } })] }],
  invalid: [
    { name: 'no title', units: [record({ document: { title: '' } })], findings: [{ severity: 'important', message: 'shorter than 1 characters' }] },
    { name: 'a title under minLength', units: [record({ document: { title: 'Hi' } })], options: { minLength: 3 }, findings: [{ message: '"Hi"' }] },
    { name: 'a placeholder title', units: [record({ document: { title: 'React App' } })], options: { placeholders: ['^React App$'] }, findings: [{ message: '"React App"' }] },
  ],
});
`;

const CHECK_DOC = `# title-present

The document title has at least \`minLength\` characters: tabs, bookmarks and screen readers announce it.

**Default severity:** important. Off by default.

## Options

| option | default | meaning |
|---|---|---|
| \`minLength\` | 1 | shortest title accepted |
| \`placeholders\` | none | regular expressions of titles that count as none (\`^React App$\`) |

## Example: fail

\`\`\`
title-present important desktop/default: the page title "" is shorter than 1 characters or a placeholder at desktop (default)
\`\`\`

## Example: pass

A page titled "Checkout — Shop": no finding.
`;

const ADDED = { 'src/checks/title-present.ts': CHECK, 'test/checks/title-present.test.ts': CHECK_TEST, 'docs/checks/title-present.md': CHECK_DOC };

const page = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>Shop</h1><p>Welcome.</p></main></body></html>`;

test('a check added as one file, its test and its doc is validated, listed, run, scored and rendered — nothing else edited', () => {
  const scratch = scratchCopy();
  const project = tmpDir('veval-add-check-');
  writeTree(project, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 800, height: 600 }\nchecks: { axe: false, stability: false }\njudge: { mode: off }\n',
    'site/index.html': page(''),
    'site/ok.html': page('Checkout — Shop'),
    'specs/home.yaml': 'route: /\nchecks:\n  title-present: { minLength: 3 }\n',
    'specs/ok.yaml': 'route: /ok.html\nchecks:\n  title-present: true\n',
  });
  const bad = tmpDir('veval-add-check-bad-');
  writeTree(bad, { 'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\n', 'specs/bad.yaml': 'route: /\nchecks:\n  title-present: { minLength: 0 }\n', 'specs/regex.yaml': 'route: /\nchecks:\n  title-present: { placeholders: ["("] }\n' });

  // before: the copy does not know the check
  const unknown = scratch.cli(['validate'], bad);
  assert.equal(unknown.code, 2, unknown.stdout + unknown.stderr);
  assert.match(unknown.stderr, /specs\/bad\.yaml:3:3 .*title-present/);

  const { edited, unexplained } = scratch.extend(ADDED);
  assert.deepEqual(unexplained, [], 'only the three new files and what npm run schema wrote changed');
  assert.ok(edited.includes('src/checks/generated/list.ts') && edited.includes('schema/spec.schema.json'), edited.join(', '));

  // validated in specs: the option schema, at file:line:col
  const invalid = scratch.cli(['validate'], bad);
  assert.equal(invalid.code, 2, invalid.stdout + invalid.stderr);
  assert.match(invalid.stderr, /specs\/bad\.yaml:3:31 checks\.title-present\.minLength must be >= 1/);
  // and its `names` (placeholders: regexes) by the semantic validation, at the element
  assert.match(invalid.stderr, /specs\/regex\.yaml:3:35 invalid regular expression "\("/);

  // listed by `veval checks`, with its option, default and doc
  const listed = scratch.cli(['checks'], project);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /^title-present — The page has a title \[off by default\]\n {2}default severity: important\n.*\(default 1\)/m);
  assert.match(listed.stdout, /^ {4}minLength +integer — shortest title accepted \(default 1\)$/m);
  assert.match(listed.stdout, /docs: docs\/checks\/title-present\.md/);

  // run and gated: the untitled page fails on it, the titled one passes
  const run = scratch.cli(['run', '--reporter', 'json,markdown,html'], project);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const runDir = fs.realpathSync(path.join(project, 'evals', 'latest'));
  const report = JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8'));
  const home = report.specs.find((s: any) => s.name === 'home');
  const ok = report.specs.find((s: any) => s.name === 'ok');
  assert.equal(home.status, 'fail');
  assert.equal(ok.status, 'pass', JSON.stringify(ok.findings));
  const f = home.findings.find((x: any) => x.check === 'title-present');
  assert.ok(f, JSON.stringify(home.findings));
  assert.match(f.message, /the page title "" is shorter than 3 characters or a placeholder at desktop \(default\)/);
  assert.equal(f.evidence.label, 'the document title', 'the gate writes the check\'s label');
  assert.match(home.reasons[0], /^important title-present/);
  assert.deepEqual(home.checks.find((c: any) => c.id === 'title-present'), { id: 'title-present', status: 'fail', error: null });
  // scored in the structural group: one failing result of important severity keeps half its point
  assert.ok(home.scores.components.structural < 100 && ok.scores.components.structural === 100, JSON.stringify([home.scores, ok.scores]));
  assert.match(fs.readFileSync(path.join(scratch.root, 'docs', 'scoring.md'), 'utf8'), /\| structural \|[^\n]*title-present/);

  // rendered by the reporters from report.json
  const md = fs.readFileSync(path.join(runDir, 'summary.md'), 'utf8');
  assert.match(md, /title-present[^\n]*the document title/);
  assert.match(fs.readFileSync(path.join(runDir, 'index.html'), 'utf8'), /title-present/);

  // and its own test and the completeness test pass in the copy
  const tests = scratch.test(['test/checks/title-present.test.ts', 'test/checks/completeness.test.ts']);
  assert.equal(tests.code, 0, tests.stdout.slice(-3000) + tests.stderr);
  assert.match(tests.stdout, /# pass \d+\n# fail 0/);
});

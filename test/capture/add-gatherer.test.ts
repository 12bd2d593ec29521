// Done-when of "a gatherer is one file" (issue 57), the sibling of test/checks/add-check.test.ts: in
// a scratch copy of the sources, add a `heading-outline` gatherer (toy evidence: the page's headings)
// as one file, and a check that reads it, then `npm run schema`; show the evidence gathered at its
// slot, written (record.evidence and its own file), read back through the typed capture record
// (the copy typechecks a check reading it) and judged by the check, with no other file edited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { scratchCopy } from '../helpers/scratch.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const GATHERER = `// The page's headings, in order (toy evidence of the add-gatherer test).
import { unitKey } from '../../core/run.js';
import type { Gatherer } from '../gatherer.js';

export interface HeadingOutline { count: number; levels: number[] }
declare module '../../checks/types.js' { interface GatheredArtifacts { 'heading-outline': true } }
declare module '../../core/artifacts.js' { interface GatheredEvidence { 'heading-outline': HeadingOutline } }

export const gatherer: Gatherer = {
  meta: { id: 'heading-outline', version: 1, what: 'the levels of the page\\'s headings', paints: false, asks: 'heading-outline', fields: [] },
  slots: {
    async 'in-calm'({ page, spec, state, viewport }) {
      const levels = await page.evaluate(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
      const outline: HeadingOutline = { count: levels.length, levels };
      return { evidence: outline, files: [{ rel: \`\${spec.name}/\${unitKey(state.name, viewport.name)}.headings.json\`, json: outline }] };
    },
  },
};
`;

const CHECK = `import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';

const ID = 'heading-first';

export const check: Check<Record<string, never>> = {
  meta: {
    id: ID,
    title: 'The first heading is an h1',
    description: 'The page\\'s first heading is an h1, from the heading-outline gatherer.',
    defaultSeverity: 'important',
    defaultEnabled: false,
    order: 18,
    score: 'structural',
    gathers: ['heading-outline'],
    label: () => 'the first heading',
    options: Type.Object({}, { additionalProperties: false }),
  },
  run(ctx) {
    return measured(ctx.units).flatMap((u) => {
      const outline = u.record.evidence?.['heading-outline'];
      const first: number | undefined = outline?.levels[0];
      return first === 1 ? [] : [findingFor(ID, u, severityOf(ctx, 'important'), \`the first heading is \${first ? 'an h' + first : 'missing'} (\${outline?.count ?? 0} headings) at \${u.record.viewport.name}\`)];
    });
  },
};
`;

const CHECK_TEST = `import { check } from '../../src/checks/heading-first.js';
import { record, testCheck } from './helpers.js';

testCheck(check, {
  valid: [{ name: 'an h1 first', units: [record({ evidence: { 'heading-outline': { count: 2, levels: [1, 2] } } })] }],
  invalid: [{ name: 'an h2 first', units: [record({ evidence: { 'heading-outline': { count: 1, levels: [2] } } })], findings: [{ message: 'an h2' }] }],
});
`;

const CHECK_DOC = `# heading-first

The page's first heading is an h1 (evidence: the heading-outline gatherer).

**Default severity:** important. Off by default.

## Example: fail

\`\`\`
heading-first important desktop/default: the first heading is an h2 (1 headings) at desktop
\`\`\`

## Example: pass

A page whose first heading is an h1: no finding.
`;

const ADDED = {
  'src/capture/gatherers/heading-outline.ts': GATHERER,
  'src/checks/heading-first.ts': CHECK, 'test/checks/heading-first.test.ts': CHECK_TEST, 'docs/checks/heading-first.md': CHECK_DOC,
};

const page = (h: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><${h}>Shop</${h}><p>Welcome.</p></main></body></html>`;

test('a gatherer added as one file is gathered at its slot, written, read back typed and judged by the check that asks for it — nothing else edited', () => {
  const scratch = scratchCopy();
  const project = tmpDir('veval-add-gatherer-');
  writeTree(project, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 800, height: 600 }\nchecks: { axe: false }\njudge: { mode: off }\n',
    'site/index.html': page('h2'),
    'site/ok.html': page('h1'),
    'specs/home.yaml': 'route: /\nchecks:\n  heading-first: true\n',
    'specs/ok.yaml': 'route: /ok.html\nchecks:\n  heading-first: true\n',
    'specs/off.yaml': 'route: /ok.html\n',
  });

  const { edited, unexplained } = scratch.extend(ADDED);
  assert.deepEqual(unexplained, [], 'only the new files and what npm run schema wrote changed');
  assert.ok(edited.includes('src/capture/gatherers/generated/list.ts'), edited.join(', '));

  // typed: the check reads record.evidence['heading-outline'] as the gatherer declared it
  const tsc = spawnSync(process.execPath, [path.join(scratch.root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], { cwd: scratch.root, encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);

  const run = scratch.cli(['run', '--reporter', 'json'], project);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const runDir = fs.realpathSync(path.join(project, 'evals', 'latest'));
  // gathered and written: in the record and in its own file, beside the record
  const rec = JSON.parse(fs.readFileSync(path.join(runDir, 'home', 'default-desktop.json'), 'utf8'));
  assert.deepEqual(rec.evidence, { 'heading-outline': { count: 1, levels: [2] } });
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(runDir, 'home', 'default-desktop.headings.json'), 'utf8')), { count: 1, levels: [2] });
  // not gathered where no enabled check asks for it
  const off = JSON.parse(fs.readFileSync(path.join(runDir, 'off', 'default-desktop.json'), 'utf8'));
  assert.equal(off.evidence, undefined);
  assert.ok(!fs.existsSync(path.join(runDir, 'off', 'default-desktop.headings.json')));

  // judged: the page with an h2 first fails on it, the other passes
  const report = JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8'));
  const home = report.specs.find((s: any) => s.name === 'home');
  const ok = report.specs.find((s: any) => s.name === 'ok');
  const f = home.findings.find((x: any) => x.check === 'heading-first');
  assert.ok(f, JSON.stringify(home.findings));
  assert.match(f.message, /the first heading is an h2 \(1 headings\) at desktop/);
  assert.equal(ok.findings.filter((x: any) => x.check === 'heading-first').length, 0, JSON.stringify(ok.findings));

  // and the gatherers' and the checks' completeness tests pass in the copy
  const tests = scratch.test(['test/capture/gatherers-completeness.test.ts', 'test/checks/heading-first.test.ts']);
  assert.equal(tests.code, 0, tests.stdout.slice(-3000) + tests.stderr);
  assert.match(tests.stdout, /# pass \d+\n# fail 0/);
});

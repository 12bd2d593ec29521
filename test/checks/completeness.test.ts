// Registry ↔ src/checks/<id>.ts ↔ docs/checks/<id>.md ↔ test/checks/<id>.test.ts: adding a check
// without its doc or test (or leaving a stray one behind) fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { CHECKS, CHECK_IDS, gatherFor, scoreGroupOf } from '../../src/checks/registry.js';
import { listChecks } from '../../src/checks/list.js';
import type { OptionNames } from '../../src/checks/types.js';
import { listFile, MODULE_LISTS, moduleListSource, modulesIn } from '../../src/core/module-list.js';
import { renderScoringDoc } from '../../src/gate/scoring-doc.js';
import { REPO } from '../helpers/tmp.js';
import { load } from '../spec/helpers.js';

/** Files in src/checks and test/checks that are machinery, not checks. */
const SRC_SUPPORT = ['list.ts', 'load.ts', 'registry.ts', 'runner.ts', 'types.ts'];
const TEST_SUPPORT = ['add-check.test.ts', 'completeness.test.ts', 'e2e-defects.test.ts', 'list.test.ts', 'runner.test.ts'];

const idsIn = (dir: string, suffix: string, support: string[] = []) =>
  fs.readdirSync(path.join(REPO, dir)).filter((f) => f.endsWith(suffix) && !support.includes(f)).map((f) => f.slice(0, -suffix.length)).sort();

it('the registry is sorted by id, ids are unique and each module exports its own id', async () => {
  assert.deepEqual([...CHECK_IDS], [...CHECK_IDS].sort());
  assert.equal(new Set(CHECK_IDS).size, CHECK_IDS.length);
  for (const c of CHECKS) {
    const mod = await import(path.join(REPO, 'src', 'checks', `${c.meta.id}.ts`));
    assert.equal(mod.check, c, `src/checks/${c.meta.id}.ts exports the registered check`);
  }
});

it('every check has exactly one source file, doc and test, and nothing extra', () => {
  const ids = [...CHECK_IDS].sort();
  assert.deepEqual(idsIn('src/checks', '.ts', SRC_SUPPORT), ids, 'src/checks/<id>.ts');
  assert.deepEqual(idsIn('docs/checks', '.md', ['README.md']), ids, 'docs/checks/<id>.md');
  assert.deepEqual(idsIn('test/checks', '.test.ts', TEST_SUPPORT), ids, 'test/checks/<id>.test.ts');
});

it('each doc states the published default severity and every option', () => {
  for (const { meta } of CHECKS) {
    const doc = fs.readFileSync(path.join(REPO, 'docs', 'checks', `${meta.id}.md`), 'utf8');
    assert.match(doc, new RegExp(`^# ${meta.id}\\b`, 'm'), `${meta.id}.md title`);
    assert.match(doc, /Default severity/i, `${meta.id}.md default severity`);
    for (const opt of Object.keys((meta.options as any).properties ?? {})) assert.ok(doc.includes(`\`${opt}\``), `${meta.id}.md documents option ${opt}`);
    assert.match(doc, /fail/i, `${meta.id}.md has a failing example`);
    assert.match(doc, /pass/i, `${meta.id}.md has a passing example`);
  }
});

// What every other part derives from a check's file, listed part by part: adding a check is its
// file, its test and its doc (plus `npm run schema`); nothing below names a check id by hand.
// test/checks/add-check.test.ts adds one in a scratch copy of the sources and runs it end to end.

it('the generated module list is what the files in src/checks give (npm run schema)', () => {
  const list = MODULE_LISTS.find((l) => l.dir === 'src/checks')!;
  assert.equal(fs.readFileSync(path.join(REPO, listFile(list)), 'utf8'), moduleListSource(REPO, list), `${listFile(list)} is stale: run npm run schema`);
  assert.deepEqual(modulesIn(REPO, list), [...CHECK_IDS]);
});

it('schema, `veval checks`, report order, score group and scoring doc derive every check', () => {
  const spec = JSON.parse(fs.readFileSync(path.join(REPO, 'schema', 'spec.schema.json'), 'utf8'));
  const doc = renderScoringDoc();
  const listed = listChecks();
  const orders = CHECKS.map((c) => c.meta.order);
  assert.equal(new Set(orders).size, orders.length, 'each check has its own report order');
  for (const { meta } of CHECKS) {
    assert.ok(spec.properties.checks.properties[meta.id], `schema/spec.schema.json checks.${meta.id}`);
    assert.ok(listed.includes(`${meta.id} — ${meta.title}`), `veval checks lists ${meta.id}`);
    assert.ok(Number.isFinite(meta.order) && meta.order > 0 && meta.order < 900, `${meta.id} orders between capture and parity`);
    assert.equal(scoreGroupOf(meta.id), meta.score);
    const row = doc.split('\n').find((l) => l.startsWith(`| ${meta.score} |`))!;
    assert.ok(row.includes(meta.id), `docs/scoring.md names ${meta.id} in the ${meta.score} row`);
  }
});

it('each check\'s defaults are data its option description and doc quote', () => {
  for (const { meta } of CHECKS) {
    const props = ((meta.options as any).properties ?? {}) as Record<string, { description?: string }>;
    const doc = fs.readFileSync(path.join(REPO, 'docs', 'checks', `${meta.id}.md`), 'utf8');
    for (const [opt, value] of Object.entries(meta.defaults ?? {})) {
      assert.ok(props[opt], `${meta.id} default for an option it has: ${opt}`);
      assert.ok(props[opt].description?.includes(`default ${value}`), `${meta.id}.${opt} description quotes its default ${value}: ${props[opt].description}`);
      const docRow = doc.split('\n').find((l) => l.startsWith(`| \`${opt}\``));
      assert.ok(docRow?.includes(String(value)), `docs/checks/${meta.id}.md states ${opt}'s default ${value}`);
    }
  }
});

it('capture gathers by artifact what enabled checks declare, with their defaults', () => {
  const allOn = { checks: CHECKS.map((c) => ({ id: c.meta.id, enabled: true, severity: null, options: {} })) };
  const allOff = { checks: CHECKS.map((c) => ({ id: c.meta.id, enabled: false, severity: null, options: {} })) };
  for (const artifact of ['axe', 'shots', 'interactive'] as const) {
    const by = CHECKS.filter((c) => c.meta.gathers?.includes(artifact));
    assert.equal(by.length, 1, `one check gathers ${artifact}`);
    assert.deepEqual(gatherFor(allOn, artifact), by[0]!.meta.defaults ?? {});
    assert.equal(gatherFor(allOff, artifact), null, `${artifact} is not gathered with its check off`);
  }
  // capture never reads a check's plan: it asks the registry by artifact
  for (const f of fs.readdirSync(path.join(REPO, 'src', 'capture'), { recursive: true }).map(String).filter((f) => f.endsWith('.ts'))) {
    const src = fs.readFileSync(path.join(REPO, 'src', 'capture', f), 'utf8');
    assert.ok(!/\.checks\b/.test(src), `src/capture/${f} reads no check plan (spec.checks)`);
  }
});

it('semantic validation follows each check\'s `names`: an undeclared region, a bad selector or regex is refused where written', async () => {
  const bad: Record<OptionNames, unknown> = {
    regions: ['nosuch', 'a'], 'region-order': ['a', 'nosuch'], 'region-pairs': [['a', 'nosuch']],
    selectors: ['div >'], regexes: ['('], 'axe-rules': ['no-such-rule'],
  };
  const expect: Record<OptionNames, RegExp> = {
    regions: /region "nosuch" is not declared/, 'region-order': /region "nosuch" is not declared/, 'region-pairs': /region "nosuch" is not declared/,
    selectors: /invalid CSS selector "div >"/, regexes: /invalid regular expression "\("/, 'axe-rules': /unknown axe rule "no-such-rule"/,
  };
  const named = CHECKS.flatMap(({ meta }) => Object.entries(meta.names ?? {}).map(([opt, kind]) => ({ id: meta.id, opt, kind })));
  assert.ok(named.length >= 6);
  for (const { id, opt, kind } of named) {
    const spec = `route: /\nregions: { a: "#a", b: "#b" }\nchecks:\n  ${id}:\n    ${opt}: ${JSON.stringify(bad[kind])}\n`;
    const { problems } = await load({ 'specs/a.yaml': spec });
    assert.ok(problems.some((p) => /^specs\/a\.yaml:5:\d+ /.test(p) && expect[kind].test(p)), `checks.${id}.${opt} (${kind}): ${problems.join(' | ')}`);
  }
});

// Registry ↔ src/checks/<id>.ts ↔ docs/checks/<id>.md ↔ test/checks/<id>.test.ts: adding a check
// without its doc or test (or leaving a stray one behind) fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { CHECKS, CHECK_IDS } from '../../src/checks/registry.js';
import { REPO } from '../helpers/tmp.js';

/** Files in src/checks and test/checks that are machinery, not checks. */
const SRC_SUPPORT = ['list.ts', 'load.ts', 'registry.ts', 'runner.ts', 'types.ts'];
const TEST_SUPPORT = ['completeness.test.ts', 'e2e-defects.test.ts', 'list.test.ts', 'runner.test.ts'];

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

// The suite's tiers (scripts/tiers.mjs): every test file is in exactly one, CI runs all three, and
// docs/guarantees.md's tier column says where each guarantee's test runs — derived from the same
// lists, so a guard moved out of npm test is still shown, and still run by .ci/run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from '../helpers/tmp.js';
// @ts-expect-error: a plain .mjs script without types
import { TIERS, TIER_NAMES, allTestFiles, filesOf, guaranteesWithTiers } from '../../scripts/tiers.mjs';

test('every file a tier names exists, no file is in two tiers, and the tiers cover every test file once', () => {
  const named: string[] = Object.values(TIERS as Record<string, string[]>).flat();
  for (const f of named) assert.ok(fs.existsSync(path.join(REPO, f)), `scripts/tiers.mjs names ${f}, which does not exist`);
  assert.equal(new Set(named).size, named.length, 'a file named in two tiers');
  const all: string[] = allTestFiles();
  const byTier: string[][] = TIER_NAMES.map((t: string) => filesOf(t));
  assert.deepEqual(byTier.flat().sort(), all, 'the tiers partition the test files');
  assert.ok(all.includes('test/core/tiers.test.ts') && filesOf('unit').includes('test/core/tiers.test.ts'));
});

test('the tier scripts list what scripts/tiers.mjs says, and refuse an unknown tier', () => {
  for (const t of TIER_NAMES as string[]) {
    const r = spawnSync(process.execPath, ['scripts/tiers.mjs', t], { cwd: REPO, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n'), filesOf(t));
  }
  const bad = spawnSync(process.execPath, ['scripts/tiers.mjs', 'nightly'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /usage: node scripts\/tiers\.mjs <unit\|precision\|e2e>/);
});

test('CI runs all three tiers, each through its npm script', () => {
  const ci = fs.readFileSync(path.join(REPO, '.ci/run'), 'utf8');
  for (const cmd of ['npm test', 'npm run test:precision', 'npm run test:e2e']) assert.ok(ci.includes(`"${cmd}"`), `.ci/run runs ${cmd}`);
  const scripts = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts;
  assert.equal(scripts.test, 'bash scripts/test.sh');
  assert.match(fs.readFileSync(path.join(REPO, scripts['test:precision'].split(' ')[1]), 'utf8'), /VEVAL_TEST_TIER=precision/);
  assert.match(fs.readFileSync(path.join(REPO, scripts['test:e2e'].split(' ')[1]), 'utf8'), /VEVAL_TEST_TIER=e2e/);
});

test('docs/guarantees.md: each row\'s tier column is the tiers of the tests it names (node scripts/tiers.mjs --guarantees)', () => {
  const doc = fs.readFileSync(path.join(REPO, 'docs/guarantees.md'), 'utf8');
  assert.equal(doc, guaranteesWithTiers(doc), 'run `node scripts/tiers.mjs --guarantees` after moving a test between tiers');
  const rows = doc.split('\n').filter((l) => l.startsWith('| ') && !/\| tier \|$/.test(l));
  const tiered = / (unit|precision|e2e)(, (precision|e2e))* \|$/;
  assert.ok(rows.length > 100 && rows.every((r) => tiered.test(r)), 'every guarantee names a test in some tier');
});

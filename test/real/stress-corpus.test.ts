// The stress rows of the precision table (issue 61): veval's stress units over the real corpus
// (mobile, each spec's default state, every variant) against test/real/corpus/measure-stress.mjs,
// a truth without veval's code. Every difference is a miss or a false alarm unless it is a known
// residual (scripts/stress-corpus.ts KNOWN, each with its reason). Minutes of CPU: precision tier
// (scripts/tiers.mjs); the unit tier's smoke is test/real/stress-corpus-smoke.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CORPUS_DIR } from './harness.js';
import { stressCorpus } from '../../scripts/stress-corpus.js';

test('stress variants on the real corpus: every finding matches the truth', { skip: !fs.existsSync(CORPUS_DIR) && `${CORPUS_DIR} is absent` }, async () => {
  const said: string[] = [];
  const rows = await stressCorpus((l) => said.push(l));
  for (const r of rows) {
    assert.deepEqual(r.misses, [], `${r.variant}: misses\n${said.join('\n')}`);
    assert.deepEqual(r.extra, [], `${r.variant}: false alarms\n${said.join('\n')}`);
  }
  assert.deepEqual(said.filter((l) => l.startsWith('stale')), []);
});

// The unit tier's smoke of the stress rows (the whole corpus is test/real/stress-corpus.test.ts,
// precision tier): one page, mobile, every variant, truth and veval. mdn-layout-comprehension's
// nav: under expand "About us" runs out of it while plain "Contacts" already does — a stress
// finding of its own (it was hidden behind the plain one while the key was the box).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CORPUS_DIR } from './harness.js';
import { stressCorpus } from '../../scripts/stress-corpus.js';

test('stress smoke: mdn-layout-comprehension, every variant agrees with the truth', { skip: !fs.existsSync(CORPUS_DIR) && `${CORPUS_DIR} is absent` }, async () => {
  const said: string[] = [];
  const rows = await stressCorpus((l) => said.push(l), ['mdn-layout-comprehension']);
  const expand = rows.find((r) => r.variant === 'expand')!;
  assert.ok(expand.truth >= 1 && expand.found === expand.truth, said.join('\n'));
  for (const r of rows) assert.deepEqual([r.misses, r.extra], [[], []], `${r.variant}\n${said.join('\n')}`);
});

// The layout-shift row of the precision table (issue 59): veval with the check on over the real
// corpus against five plain-Playwright runs (scripts/layout-shift-corpus.ts). A finding no plain
// run has is a false alarm; one some runs have is a race (the page really shifts, not every run).
// Minutes of CPU: precision tier; the classification itself is test/real/layout-shift-truth.test.ts.
//
// TODO (measured 2026-12-07, three runs, load 17–26): 23 findings — 9 in all five plain runs, 9 in
// some, 5 in none; 25 — 8 / 13 / 4; 18 — 7 / 10 / 1. The ones in none are the same races (an image without
// dimensions that beat the first paint in all five plain runs but not in veval's; mdn-can-store's
// products landing in other frames), so the target (0 false alarms) is not met: the check stays off
// by default (docs/checks/layout-shift.md). The test runs and reports until then.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CORPUS_DIR } from './harness.js';
import { layoutShiftCorpus } from '../../scripts/layout-shift-corpus.js';

test('layout-shift on the real corpus: no finding that no plain run has', {
  skip: !fs.existsSync(CORPUS_DIR) && `${CORPUS_DIR} is absent`,
  todo: 'load-time races: findings no plain run of five had (docs/checks/layout-shift.md)',
}, async () => {
  const said: string[] = [];
  const r = await layoutShiftCorpus((l) => said.push(l));
  process.stdout.write(`# ${r.runs} plain runs: in every run ${r.found}, races ${r.races}, in none ${r.falseAlarms} (expected ${r.expected})\n`);
  assert.equal(r.falseAlarms, 0, said.filter((l) => /FALSE/.test(l)).join('\n'));
});

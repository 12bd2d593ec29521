// The layout-shift corpus row's truth over several plain runs (test/real/layout-shift.ts), table-
// style: a finding every run has is stable, one some runs have is a race, one no run has is a false
// alarm. The precision tier runs it on the corpus (test/real/layout-shift-corpus.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../src/core/artifacts.js';
import { byUnit, runsWith, stableTruth, type TruthUnit } from './layout-shift.js';

const box = (y: number) => ({ x: 0, y, width: 200, height: 40 });
const move = (t: number, from: number, to: number) => ({ t, required: ['pay'], regions: [], previous: box(from), current: box(to), tag: 'button' });
const unit = (score: number, moves: TruthUnit['moves']): TruthUnit =>
  ({ spec: 's', state: 'default', viewport: 'mobile', score, moves, entries: moves.length, screenshot: '', firstPaint: 100, counted: [] });
const finding = (evidence: Record<string, unknown>): Finding => ({ check: 'layout-shift', severity: 'blocker', viewport: 'mobile', state: 'default', message: '', evidence: { file: 'x.png', ...evidence } });

test('a move every run has is expected and true; one some runs have is a race; one none has is false', () => {
  // measured kinds: a font swap moves the same element every run; an image arriving just after the
  // first paint moves it in some runs only (apg-dialog-modal: 1 of 5)
  const runs = [[unit(0.2, [move(300, 100, 140), move(500, 300, 367)])], [unit(0.05, [move(280, 100, 141)])], [unit(0.3, [move(310, 101, 140)])]];
  const [t] = byUnit(runs);
  assert.equal(stableTruth(t, 0.1), 1);
  assert.equal(runsWith(finding({ previousBox: box(100), box: box(140) }), t, 0.1), 3);
  assert.equal(runsWith(finding({ previousBox: box(300), box: box(367) }), t, 0.1), 1);
  assert.equal(runsWith(finding({ previousBox: box(600), box: box(700) }), t, 0.1), 0);
  // the score over maxScore in 2 of 3 runs: a race, not expected
  assert.equal(runsWith(finding({ score: 0.2 }), t, 0.1), 2);
});

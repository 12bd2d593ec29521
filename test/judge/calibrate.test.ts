import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { calibrate, formatCalibration } from '../../src/judge/calibrate.js';
import { runJudge } from '../../src/judge/index.js';
import { InputError } from '../../src/core/errors.js';
import type { ProjectPlan } from '../../src/spec/plan.js';
import { fakeSlot, type Step } from './fake-openai.js';
import { allFilesText, judgePlan, makePng, makeRun, record, SENTINEL_KEY, specPlan } from './fixture.js';
import { writeTree } from '../helpers/tmp.js';

const slot = fakeSlot(SENTINEL_KEY);
after(slot.close);

const blockerOn = (region: string) => ({ status: 'fail', findings: [{ severity: 'blocker', evidence: { file: `default-desktop.region-${region}.png`, region, quote: null }, issue: 'The pay button is hidden behind the cookie bar', impact: 'The buyer cannot pay.', fix: 'Keep the bar clear of the button.' }] });
const clean = { status: 'pass', findings: [] };

/** Four labelled cases; the scripted judge gets a, b right and c, d wrong: agreement 50%. */
function goldSet(root: string) {
  const rec = JSON.stringify({ regions: record('gold').regions, text: 'Order summary Total $42.00 Pay now' });
  const tree: Record<string, string | Buffer> = {};
  const labels = {
    'a-covered-cta': { status: 'fail', blockers: [{ region: 'cta', note: 'cookie bar covers Pay' }] },
    'b-clean': { status: 'pass', blockers: [] },
    'c-missing-total': { status: 'fail', blockers: [{ quote: 'Total' }] },
    'd-clean': { status: 'pass', blockers: [] },
  };
  Object.entries(labels).forEach(([name, label], i) => {
    tree[`gold/${name}/label.json`] = JSON.stringify(label);
    tree[`gold/${name}/record.json`] = rec;
    tree[`gold/${name}/capture.png`] = makePng(400, 900, i * 10);
  });
  writeTree(root, tree);
}
const SCRIPT: Step[] = [
  { kind: 'json', content: blockerOn('cta') },   // a: TP
  { kind: 'pass' },              // b: TN
  { kind: 'pass' },              // c: FN
  { kind: 'json', content: blockerOn('cta') },   // d: FP
];

test('calibrate reports agreement, precision, recall and a confusion table on blockers', async () => {
  const env = await slot.serve(SCRIPT);
  const fx = makeRun(specPlan('gold'));
  goldSet(fx.root);
  const plan: ProjectPlan = fx.run.plan;
  const report = await calibrate('gold', plan, { env });
  assert.equal(slot.fake.requests.length, 4);
  assert.deepEqual(report.confusion, { tp: 1, fp: 1, fn: 1, tn: 1, undecidedPositive: 0, undecidedNegative: 0 });
  assert.equal(report.agreement, 0.5);
  assert.equal(report.precision, 0.5);
  assert.equal(report.recall, 0.5);
  assert.deepEqual(report.blockers, { expected: 2, matched: 1 });
  assert.equal(report.pass, false, 'below minAgreement 0.8');
  assert.deepEqual(report.cases.map((c) => c.agree), [true, true, false, false]);
  assert.equal(report.text, formatCalibration(report));
  assert.match(report.text, /agreement on blockers 50\.0% \(minimum 80\.0%\) — FAIL/);

  const recorded = JSON.parse(fs.readFileSync(path.join(fx.root, '.veval/calibration.json'), 'utf8'));
  assert.equal(recorded.model, 'gpt-test-2025-01-01');
  assert.equal(recorded.agreement, 0.5);
  assert.equal(recorded.pass, false);

  // a rerun on the same gold set is answered from the cache
  const again = await calibrate('gold', plan, { env });
  assert.equal(again.requests, 0);
  assert.equal(slot.fake.requests.length, 4);
  assert.equal(again.agreement, 0.5);
  for (const { file, text } of allFilesText(fx.root)) assert.ok(!text.includes(SENTINEL_KEY), `API key found in ${file}`);
});

test('a calibration at or above minAgreement passes and makes the model calibrated for runs', async () => {
  const env = await slot.serve([...SCRIPT, { kind: 'pass' }]);
  const spec = specPlan('gold', { judge: judgePlan({ calibration: { minAgreement: 0.5, required: true, file: 'calib/last.json' } }) });
  const fx = makeRun(spec);
  goldSet(fx.root);
  const report = await calibrate('gold', fx.run.plan, { env });
  assert.equal(report.pass, true);
  assert.equal(report.file, path.join(fx.root, 'calib/last.json'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'pass');
  assert.equal(r.calibration.status, 'calibrated');
  assert.equal(r.calibration.model, 'gpt-test-2025-01-01');
  assert.equal(r.calibration.agreement, 0.5);
  assert.ok(r.calibration.date);
});

test('a broken gold set is an input error listing every problem, before any request', async () => {
  const env = await slot.serve([{ kind: 'pass' }]);
  const fx = makeRun(specPlan('gold'));
  writeTree(fx.root, {
    'gold/x/label.json': JSON.stringify({ status: 'maybe', blockers: [] }),
    'gold/x/capture.png': makePng(10, 10),
    'gold/y/label.json': JSON.stringify({ status: 'pass', blockers: [] }),
  });
  await assert.rejects(calibrate('gold', fx.run.plan, { env }), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.ok(err.problems.some((p) => /gold\/x\/label\.json: \/status/.test(p)));
    assert.ok(err.problems.some((p) => /gold\/y: capture\.png is missing/.test(p)));
    return true;
  });
  assert.equal(slot.fake.requests.length, 0);
});

// Golden report: the saved artifacts folder test/fixtures/golden-run, gated from files alone (no
// browser), must give the committed report. Timings are dropped; everything else is compared.
// After an intended change: UPDATE_GOLDEN=1 node --import tsx --test test/gate/golden.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { gateRun } from '../../src/gate/index.js';
import { reportJsonSchema } from '../../src/gate/report-schema.js';
import { GENERATED } from '../../src/gate/generate.js';
import { REPO } from '../helpers/tmp.js';
import { GOLDEN_DIR, goldenRun, INFO } from './fixture.js';

const GOLDEN = path.join(GOLDEN_DIR, '..', 'golden-run.report.json');

/** Drops what differs run to run (times), keeping every verdict, reason, score and file. */
function stable(report: any): any {
  const copy = JSON.parse(JSON.stringify(report));
  delete copy.startedAt; delete copy.finishedAt; delete copy.durationMs;
  for (const s of copy.specs) for (const st of Object.values<any>(s.stages)) delete st.ms;
  // a unit's share of the checks and its parity time are measured by this gate run; the capture phases come from the records
  for (const s of copy.specs) for (const u of s.units) if (u.timings) { delete u.timings.checks; delete u.timings.parity; }
  return copy;
}

test('the golden run folder gates to the committed golden report', () => {
  const { run } = goldenRun();
  const report = stable(gateRun(run, INFO));
  if (process.env.UPDATE_GOLDEN) fs.writeFileSync(GOLDEN, JSON.stringify(report, null, 2) + '\n');
  assert.deepEqual(report, JSON.parse(fs.readFileSync(GOLDEN, 'utf8')));
});

test('the golden report fails on the covered Pay button and names it', () => {
  const { run } = goldenRun();
  const report = gateRun(run, INFO);
  assert.equal(report.status, 'fail');
  const checkout = report.specs.find((s) => s.name === 'checkout')!;
  assert.equal(checkout.status, 'fail');
  assert.match(checkout.reasons[0], /^blocker required-visible \(default @ mobile\)/);
  assert.equal(report.specs.find((s) => s.name === 'home')!.status, 'pass');
});

test('committed schema/report.schema.json is generated from report-schema.ts', () => {
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(REPO, GENERATED.reportSchema), 'utf8')), reportJsonSchema());
});

test('gated reports validate against schema/report.schema.json', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(REPO, GENERATED.reportSchema), 'utf8')));
  const { run } = goldenRun();
  const report = gateRun(run, { ...INFO, argv: ['run'] });
  assert.ok(validate(report), JSON.stringify(validate.errors, null, 2));
  // and a report from an empty, broken run folder (nothing but the plan)
  fs.rmSync(path.join(run.runDir, 'checkout'), { recursive: true });
  fs.rmSync(path.join(run.runDir, 'run.json'));
  const broken = gateRun(run, { ...INFO, incomplete: true });
  assert.equal(broken.status, 'fail');
  assert.ok(validate(broken), JSON.stringify(validate.errors, null, 2));
  // a report with a wrong field type does not validate: the schema is not vacuous
  assert.equal(validate({ ...broken, status: 'green' }), false);
});

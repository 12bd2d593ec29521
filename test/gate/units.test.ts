// Unit entries of report.json: the files each capture has, so reporters can show them from the
// run folder alone (e.g. a CI artifact without baselines/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gateRun } from '../../src/gate/index.js';
import { healthySpec, INFO, makeRun, png, result, specPlan } from './fixture.js';
import { parityResult, parityUnit } from '../helpers/artifacts.js';

const parityPlan = { threshold: 0.1, maxDiffRatio: 0, regions: {} };

test('the baseline parity compared with is copied into the run folder and cited', () => {
  const spec = specPlan('cart', { parity: parityPlan });
  const unit = (viewport: string) => parityUnit('default', viewport, { baseline: `baselines/cart/default-${viewport}.png` });
  const { run, dir } = makeRun([spec], healthySpec(spec, [result('capture')], {
    'cart/parity.json': parityResult('pass', { units: [unit('desktop'), unit('mobile')] }),
    'cart/default-mobile.diff.png': png(4, 4),
  }));
  fs.mkdirSync(path.join(run.root, 'baselines', 'cart'), { recursive: true });
  fs.writeFileSync(path.join(run.root, 'baselines', 'cart', 'default-desktop.png'), png(8, 8, 10));
  const s = gateRun(run, INFO).specs[0];
  const desktop = s.units.find((u) => u.viewport === 'desktop')!;
  assert.equal(desktop.files.baseline, 'cart/default-desktop.baseline.png');
  assert.ok(fs.readFileSync(path.join(dir, 'cart/default-desktop.baseline.png')).equals(png(8, 8, 10)));
  const mobile = s.units.find((u) => u.viewport === 'mobile')!;
  assert.equal(mobile.files.baseline, undefined, 'no baseline file exists for mobile: none is cited');
  assert.equal(mobile.files.diff, 'cart/default-mobile.diff.png');
  assert.equal(mobile.files.capture, 'cart/default-mobile.png');
  assert.equal(mobile.files.record, 'cart/default-mobile.json');
  assert.equal(mobile.files.axe, null, 'the record names an axe file that does not exist');
});

test('a failed capture record becomes a capture blocker with its reason, once', () => {
  const spec = specPlan('cart');
  const tree = healthySpec(spec, [result('capture')]);
  const rec = JSON.parse(JSON.stringify(tree['cart/default-mobile.json']));
  Object.assign(rec, { ok: false, error: { reason: 'navigation-timeout', message: 'no load event in 15000ms' } });
  tree['cart/default-mobile.json'] = rec;
  const s = gateRun(makeRun([spec], tree).run, INFO).specs[0];
  const cap = s.findings.filter((f) => f.check === 'capture');
  assert.equal(cap.length, 1);
  assert.match(cap[0].message, /navigation-timeout.*15000ms/);
  assert.equal(s.stages.capture.status, 'error');
  assert.equal(cap[0].evidence.file, null, 'no capture exists, so none is cited');

  // with the failure screenshot capture took, the unit links it and the finding cites it
  tree['cart/default-mobile.json'] = { ...rec, failureScreenshot: 'default-mobile.failure.png' };
  tree['cart/default-mobile.failure.png'] = tree['cart/default-mobile.png'];
  const shot = gateRun(makeRun([spec], tree).run, INFO).specs[0];
  assert.equal(shot.units.find((u) => u.viewport === 'mobile')!.files.failure, 'cart/default-mobile.failure.png');
  assert.equal(shot.findings.find((f) => f.check === 'capture')!.evidence.file, 'cart/default-mobile.failure.png');

  // when the checks stage already reported it, the gate does not add a second one
  const said = { check: 'capture', severity: 'blocker', state: 'default', viewport: 'mobile', message: 'navigation timeout', evidence: { file: 'cart/default-mobile.png' } };
  tree['cart/checks.json'] = [result('capture', [said as any])];
  const again = gateRun(makeRun([spec], tree).run, INFO).specs[0];
  assert.equal(again.findings.filter((f) => f.check === 'capture').length, 1);
});

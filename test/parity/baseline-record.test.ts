// What a run records about the baselines it compared (and wrote), what verify reads back from it,
// and the guard under --update-baselines: it judges the settings approved before this run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runParity } from '../../src/parity/index.js';
import { changedBaselines, staleBaselineSpecs } from '../../src/parity/store/digest.js';
import { treeHash } from '../../src/core/freshness.js';
import { abs, files, type RunContext } from '../../src/core/run.js';
import type { SpecPlan } from '../../src/spec/plan.js';
import { sha256 } from '../../src/core/fsx.js';
import { Image, makeRun, makeSpec, nextRun, writeCapture, approveT, readJson } from './fixtures.js';
import { runInfo } from '../helpers/artifacts.js';

const base = () => new Image().rect(20, 20, 100, 60, [40, 90, 200]);
const PNG_REL = 'baselines/shop/default-desktop.png';
const MANIFEST = 'baselines/shop/manifest.json';

/** A spec approved from a first run, and a second run of the same project. With `realTree` the
 *  second run names its (non-git) root's real tree hash, which runParity's own approve checks. */
async function approvedThenNext(spec: SpecPlan, realTree = false): Promise<{ run: RunContext; r2: RunContext }> {
  const run = makeRun([spec]);
  writeCapture(run, spec.name, base().bytes());
  await approveT(run);
  const r2 = nextRun(run);
  if (realTree) fs.writeFileSync(path.join(r2.runDir, files.run), JSON.stringify(runInfo({ runId: r2.runId, gitSha: null, treeHash: treeHash(r2.root, ['evals']) })));
  return { run, r2 };
}

test('parity.json records the sha256 of each baseline, manifest entry and capture compared', async () => {
  const spec = makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0.5, regions: {} } });
  const { run, r2 } = await approvedThenNext(spec);
  const shot = base().rect(150, 100, 10, 10, [0, 0, 0]).bytes();
  writeCapture(r2, spec.name, shot);
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'pass');
  const d = res.baselines!;
  assert.deepEqual(readJson(abs(r2, files.parity(spec.name))).baselines, d);
  assert.equal(d.manifest, MANIFEST);
  assert.deepEqual(d.written, []);
  assert.equal(d.units[0].file, PNG_REL);
  assert.equal(d.units[0].sha256, sha256(fs.readFileSync(path.join(run.root, PNG_REL))));
  assert.equal(d.units[0].capture, sha256(shot));
  assert.match(d.units[0].entry!, /^[0-9a-f]{64}$/);
  assert.deepEqual(changedBaselines(run.root, spec.name, d, r2.runId), [], 'nothing changed since the run');

  // approving exactly the capture this run compared leaves the run's report verifiable
  assert.equal((await approveT(r2)).written.length, 1);
  assert.deepEqual(changedBaselines(run.root, spec.name, d, r2.runId), []);

  // a colleague approves another capture: the PNG and its manifest entry are named
  const r3 = nextRun(run);
  writeCapture(r3, spec.name, base().rect(0, 0, 5, 5, [255, 0, 0]).bytes());
  assert.equal((await approveT(r3)).written.length, 1);
  assert.deepEqual(changedBaselines(run.root, spec.name, d, r2.runId), [PNG_REL, `${MANIFEST} (entry default-desktop)`]);
  assert.deepEqual(staleBaselineSpecs(run.root, [{ name: 'shop', baselines: d }], r2.runId),
    [`shop: ${PNG_REL}, ${MANIFEST} (entry default-desktop)`]);
});

test('a manifest entry edited by hand, or a baseline that disappeared, makes the record stale', async () => {
  const spec = makeSpec();
  const { run, r2 } = await approvedThenNext(spec);
  writeCapture(r2, spec.name, base().bytes());
  const d = (await runParity(r2, spec)).baselines!;
  const m = readJson(path.join(run.root, MANIFEST));
  m.images['default-desktop'].environment.browserVersion = '157.0.0.1';
  fs.writeFileSync(path.join(run.root, MANIFEST), JSON.stringify(m));
  assert.deepEqual(changedBaselines(run.root, spec.name, d, r2.runId), [`${MANIFEST} (entry default-desktop)`]);
  fs.rmSync(path.join(run.root, 'baselines'), { recursive: true });
  assert.equal(changedBaselines(run.root, spec.name, d, r2.runId).length, 2);
});

test('a report with no baseline record fails closed once baselines exist for the spec', () => {
  const run = makeRun([makeSpec()]);
  assert.deepEqual(staleBaselineSpecs(run.root, [{ name: 'shop' }], run.runId), [], 'no baselines at all: nothing to compare');
  fs.mkdirSync(path.join(run.root, 'baselines/shop'), { recursive: true });
  assert.match(staleBaselineSpecs(run.root, [{ name: 'shop', baselines: { bogus: 1 } }], run.runId)[0], /^shop: the report records no digest/);
});

test('--update-baselines still blocks a loosened setting, judged against the manifest as approved before the run, and writes nothing', async () => {
  const spec = makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0.01, regions: {} } });
  const { run, r2 } = await approvedThenNext(spec, true);
  const manifestBefore = fs.readFileSync(path.join(run.root, MANIFEST), 'utf8');
  const pngBefore = fs.readFileSync(path.join(run.root, PNG_REL));
  writeCapture(r2, spec.name, base().rect(0, 0, 200, 40, [255, 0, 0]).bytes());
  const loose = { ...spec, parity: { threshold: 0.1, maxDiffRatio: 0.5, regions: {} } };
  const res = await runParity(r2, loose, { updateBaselines: true });
  assert.equal(res.status, 'fail');
  const g = res.findings.find((f) => f.check === 'guard');
  assert.ok(g, JSON.stringify(res.findings));
  assert.match(g.message, /maxDiffRatio loosened from 0\.01 to 0\.5 since approval/);
  assert.match(res.notes.join('\n'), /baseline not written for shop: its settings are looser than at approval; review this run, then `veval approve --spec shop`/);
  assert.equal(fs.readFileSync(path.join(run.root, MANIFEST), 'utf8'), manifestBefore, 'the recorded settings are not rewritten');
  assert.deepEqual(fs.readFileSync(path.join(run.root, PNG_REL)), pngBefore);
  assert.deepEqual(res.baselines!.written, []);
  assert.notEqual(res.units[0].outcome, 'baseline-written');
});

test('--update-baselines records what it wrote: per unit "baseline-written" and the spec\'s list', async () => {
  const { run, r2 } = await approvedThenNext(makeSpec(), true);
  const spec = r2.plan.specs[0];
  const shot = base().rect(0, 0, 10, 10, [255, 0, 0]).bytes();
  writeCapture(r2, spec.name, shot);
  const res = await runParity(r2, spec, { updateBaselines: true });
  assert.equal(res.status, 'pass', JSON.stringify([res.findings, res.notes]));
  assert.equal(res.units[0].outcome, 'baseline-written');
  assert.deepEqual(res.baselines!.written, [PNG_REL]);
  assert.equal(res.baselines!.units[0].sha256, sha256(shot), 'the record is of the baseline it wrote');
  assert.deepEqual(readJson(abs(r2, files.parity(spec.name))).baselines.written, [PNG_REL]);
  assert.deepEqual(changedBaselines(run.root, spec.name, res.baselines!, r2.runId), []);
});

// runParity over hand-built runs: every outcome with its own message, guards, and the files written.
import { compareEnv } from '../../src/parity/compare/env.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runParity } from '../../src/parity/index.js';
import { runChecks } from '../../src/checks/runner.js';
import type { EnvFingerprint } from '../../src/core/artifacts.js';
import { abs, files } from '../../src/core/run.js';
import { Image, makeRun, makeSpec, nextRun, writeCapture, approveT, readJson, ENV } from './fixtures.js';
import { runInfo } from '../helpers/artifacts.js';
import { gateRun } from '../../src/gate/index.js';
import { withStories } from '../../src/spec/storybook.js';
import type { SpecPlan } from '../../src/spec/plan.js';

const base = () => new Image().rect(20, 20, 100, 60, [40, 90, 200]).rect(30, 100, 140, 20, [0, 0, 0]);

async function approved(specOver = {}, capture = {}) {
  const spec = makeSpec(specOver);
  const run = makeRun([spec]);
  writeCapture(run, spec.name, base().bytes(), capture);
  // the default state only: approve refuses the whole set when a unit it was asked for is missing
  const res = await approveT(run, { state: 'default' });
  assert.equal(res.written.length, 1, JSON.stringify(res.refused));
  return { spec, run };
}

test('identical capture passes without a diff image and still writes parity.json and layout-diff.json', async () => {
  const { spec, run } = await approved();
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'pass');
  assert.equal(res.units[0].outcome, 'identical');
  // which comparators ran: the image by pixels (a browser made the baseline), layout and structure beside it
  assert.deepEqual(res.units[0].comparators, ['pixels', 'layout', 'structure']);
  assert.deepEqual(res.findings, []);
  assert.ok(!fs.existsSync(abs(r2, files.diff(spec.name, 'default', 'desktop'))));
  assert.equal(readJson(abs(r2, files.parity(spec.name))).status, 'pass');
  assert.equal(readJson(abs(r2, files.layoutDiff(spec.name))).units.length, 1);
});

test('a change inside the form region fails naming form, with counts, cluster box and a diff image', async () => {
  const { spec, run } = await approved();
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().rect(40, 40, 20, 10, [255, 0, 0]).bytes());
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'fail');
  const f = res.findings.find((x) => x.check === 'parity' && x.severity === 'blocker')!;
  assert.match(f.message, /regions changed: form 200 px/);
  assert.deepEqual(f.evidence.box, { x: 40, y: 40, width: 20, height: 10 });
  assert.equal(res.units[0].outcome, 'changed');
  assert.equal(res.units[0].changedPixels, 200);
  assert.ok(fs.existsSync(abs(r2, res.units[0].diff!)));
});

test('a change only inside a masked element passes (masked at compare time, stored images untouched)', async () => {
  const clock = { x: 150, y: 10, width: 40, height: 12 };
  const { spec, run } = await approved({ masks: ['.clock'] }, { masks: [clock] });
  const r2 = nextRun(run);
  const changed = base().rect(152, 12, 30, 8, [0, 0, 0]).bytes();
  writeCapture(r2, spec.name, changed, { masks: [clock] });
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'pass', JSON.stringify(res.findings));
  assert.equal(res.units[0].outcome, 'within-tolerance');
  assert.deepEqual(fs.readFileSync(abs(r2, files.capture(spec.name, 'default', 'desktop'))), changed);
});

test('the same change outside the mask fails', async () => {
  const clock = { x: 150, y: 10, width: 40, height: 12 };
  const { spec, run } = await approved({ masks: ['.clock'] }, { masks: [clock] });
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().rect(152, 30, 30, 8, [0, 0, 0]).bytes(), { masks: [clock] });
  assert.equal((await runParity(r2, spec)).status, 'fail');
});

test('a region tolerance stricter than the page catches a change the page tolerance allows', async () => {
  const regions = { form: { x: 20, y: 20, width: 100, height: 60 }, cta: { x: 30, y: 100, width: 140, height: 20 } };
  const change = () => base().rect(40, 105, 10, 5, [255, 255, 255]).bytes();   // 50 px of 30000 (0.17%) inside cta
  const page = { threshold: 0.1, maxDiffRatio: 0.01, regions: {} };
  const lax = await approved({ regions: { form: 'form', cta: '#cta' }, parity: page }, { regions });
  const r2 = nextRun(lax.run);
  writeCapture(r2, 'shop', change(), { regions });
  assert.equal((await runParity(r2, lax.spec)).status, 'pass');

  const strict = await approved({ regions: { form: 'form', cta: '#cta' }, parity: { ...page, regions: { cta: 0 } } }, { regions });
  const r3 = nextRun(strict.run);
  writeCapture(r3, 'shop', change(), { regions });
  const res = await runParity(r3, strict.spec);
  assert.equal(res.status, 'fail');
  assert.match(res.findings[0].message, /cta 50 px \(1\.79%, allows 0\.00%\) over its tolerance/);
  assert.doesNotMatch(res.findings[0].message, /page allows 1\.00%, exceeded/);
});

test('no approved baseline fails closed with the approve hint', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  writeCapture(run, spec.name, base().bytes());
  const res = await runParity(run, spec);
  assert.equal(res.units[0].outcome, 'no-baseline');
  assert.deepEqual(res.units[0].comparators, [], 'nothing to compare with');
  assert.equal(res.findings[0].severity, 'blocker');
  assert.match(res.findings[0].message, /^no approved baseline for shop\/default-desktop; approve one with `veval approve --spec shop` or `veval run --update-baselines`/);
});

test('a truncated baseline fails closed naming the file and the reason', async () => {
  const { spec, run } = await approved();
  const file = path.join(run.root, 'baselines/shop/default-desktop.png');
  fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 200));
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, spec);
  assert.equal(res.units[0].outcome, 'unreadable-baseline');
  assert.match(res.findings[0].message, /baseline baselines\/shop\/default-desktop\.png is unusable: truncated PNG/);
});

test('a JPEG renamed .png as baseline fails closed naming the file', async () => {
  const { spec, run } = await approved();
  fs.writeFileSync(path.join(run.root, 'baselines/shop/default-desktop.png'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]));
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, spec);
  assert.match(res.findings[0].message, /baselines\/shop\/default-desktop\.png is unusable: a JPEG file \(no PNG signature\)/);
});

test('an unreadable manifest fails closed naming it', async () => {
  const { spec, run } = await approved();
  fs.writeFileSync(path.join(run.root, 'baselines/shop/manifest.json'), '{"version":1,"ima');
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'fail');
  assert.match(res.findings[0].message, /baselines\/shop\/manifest\.json is unreadable/);
});

test('a size change compares the common area, marks the added strip and writes a diff the size of both', async () => {
  const { spec, run } = await approved();
  const r2 = nextRun(run);
  // 30 px taller, and a changed block inside the area both images have
  writeCapture(r2, spec.name, new Image(200, 180).rect(20, 20, 100, 60, [40, 90, 200]).rect(30, 100, 140, 20, [0, 0, 0]).rect(150, 10, 20, 20, [0, 0, 0]).bytes());
  const res = await runParity(r2, spec);
  const u = res.units[0];
  assert.equal(u.outcome, 'size-changed');
  assert.equal(res.status, 'fail', 'a size change still fails');
  const f = res.findings[0];
  assert.match(f.message, /image size changed from 200×150 \(baseline\) to 200×180 device px \(a strip added: 200×30 at \(0, 150\)\); in the common area 400 px/);
  assert.doesNotMatch(f.message, /not compared/);
  assert.deepEqual((f.evidence as any).strips, [{ kind: 'added', box: { x: 0, y: 150, width: 200, height: 30 } }]);
  assert.deepEqual(u.clusters.map((c) => c.box), [{ x: 150, y: 10, width: 20, height: 20 }]);
  assert.equal(u.diff, files.diff('shop', 'default', 'desktop'));
  const diff = fs.readFileSync(abs(r2, u.diff!));
  assert.deepEqual([diff.readUInt32BE(16), diff.readUInt32BE(20)], [200, 180], 'the diff covers both images');

  // narrower and shorter: the removed strips are named, both of them
  const r3 = nextRun(run);
  writeCapture(r3, spec.name, new Image(150, 100).rect(20, 20, 100, 60, [40, 90, 200]).bytes());
  const res3 = await runParity(r3, spec);
  assert.deepEqual((res3.findings[0].evidence as any).strips.map((st: any) => st.kind), ['removed', 'removed']);
  assert.match(res3.findings[0].message, /in the common area 0 px/);
  assert.ok(fs.existsSync(abs(r3, res3.units[0].diff!)), 'a diff image even when the common area is equal');
});

test('a missing or failed capture fails closed once: the capture finding fails the unit, parity is skipped with the reason', async () => {
  const { spec, run } = await approved();
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, null);
  const missing = await runParity(r2, spec);
  assert.equal(missing.units[0].outcome, 'skipped');
  assert.match(missing.units[0].message, /parity not checked: screenshot shop\/default-desktop\.png is missing/);
  assert.deepEqual(missing.findings, [], 'no second blocker for the same cause');
  assert.ok((await runChecks(r2, spec)).find((c) => c.check === 'capture')!.findings.some((f) => f.severity === 'blocker' && /missing/.test(f.message)));
  const r3 = nextRun(run);
  writeCapture(r3, spec.name, base().bytes(), { record: { ok: false, error: { reason: 'navigation-timeout', message: 'timed out after 15000 ms' } } });
  const res = await runParity(r3, spec);
  assert.equal(res.units[0].outcome, 'skipped');
  assert.match(res.units[0].message, /capture failed \(navigation-timeout: timed out/);
  assert.deepEqual(res.findings, []);
  const cap = (await runChecks(r3, spec)).find((c) => c.check === 'capture')!;
  assert.ok(cap.findings.some((f) => f.severity === 'blocker' && /navigation-timeout/.test(f.message)), 'the capture check fails the unit');
});

for (const [what, env, expect] of <[string, Partial<EnvFingerprint>, RegExp][]>[
  ['browser flavour', { flavour: 'chromium' }, /baseline made with chromium 156 headless-shell \(156\.0\.8078\.114\), this run chromium 156 chromium/],
  ['major version', { browserVersion: '157.0.1.2' }, /this run chromium 157 headless-shell \(157\.0\.1\.2\)/],
  ['font set', { fonts: ['DejaVuSans.ttf', 'Noto.ttf'], fontsHash: 'fonts-2' }, /font set differs from the baseline's \(added Noto\.ttf\)/],
  ['font configuration', { fontConfigHash: 'conf-2' }, /font configuration differs from the baseline's \(the fonts generic families such as system-ui, serif or emoji resolve to changed\)/],
]) {
  test(`an environment mismatch in ${what} is a guard blocker and the pixels are not compared`, async () => {
    const { spec, run } = await approved();
    const r2 = nextRun(run);
    writeCapture(r2, spec.name, base().rect(0, 0, 50, 50, [0, 0, 0]).bytes(), { record: { environment: { ...ENV, ...env } } });
    const res = await runParity(r2, spec);
    assert.equal(res.units[0].outcome, 'env-mismatch');
    assert.deepEqual(res.findings.map((f) => [f.check, f.severity]), [['guard', 'blocker']]);
    assert.match(res.findings[0].message, expect);
    assert.match(res.findings[0].message, /re-approve with `veval approve --spec shop`/);
    assert.equal(res.units[0].diff, null);
  });
}

test('a patch build of the same major compares normally and is noted', async () => {
  const { spec, run } = await approved();
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes(), { record: { environment: { ...ENV, browserVersion: '156.0.8078.200' } } });
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'pass');
  assert.match(res.notes.join('\n'), /browser build 156\.0\.8078\.200 differs from the baseline's 156\.0\.8078\.114 \(same major; compared normally\)/);
});

test('a loosened maxDiffRatio is a spec-wide guard blocker; a stricter one is fine', async () => {
  const { spec, run } = await approved({ parity: { threshold: 0.1, maxDiffRatio: 0.001, regions: {} } });
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const loose = await runParity(r2, { ...spec, parity: { threshold: 0.1, maxDiffRatio: 0.05, regions: {} } });
  assert.equal(loose.status, 'fail');
  const g = loose.findings.find((f) => f.check === 'guard')!;
  assert.equal(g.viewport, null);
  assert.equal(g.state, null);
  assert.equal(g.message, 'shop: maxDiffRatio loosened from 0.001 to 0.05 since approval (approved by Tester <t@example.com> on 2026-02-03); re-approve to accept: `veval approve --spec shop`');
  const strict = await runParity(r2, { ...spec, parity: { threshold: 0.05, maxDiffRatio: 0, regions: {} } });
  assert.equal(strict.status, 'pass', JSON.stringify(strict.findings));
});

test('a spec without parity is skipped (no baseline needed) and parity.json says so', async () => {
  const spec = makeSpec({ parity: null });
  const run = makeRun([spec]);
  writeCapture(run, spec.name, base().bytes());
  const res = await runParity(run, spec);
  assert.equal(res.status, 'skipped');
  assert.equal(readJson(abs(run, files.parity(spec.name))).status, 'skipped');
});

test('dropping parity after approval is flagged until the baselines are re-approved or pruned', async () => {
  const { spec, run } = await approved();
  const r2 = nextRun(run);
  writeCapture(r2, spec.name, base().bytes());
  const res = await runParity(r2, { ...spec, parity: null });
  assert.equal(res.status, 'fail');
  assert.match(res.findings[0].message, /parity comparison switched off/);
});

test('update-baselines approves first, then results read "baseline written"', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  writeCapture(run, spec.name, base().bytes());
  // no tree-hash seam through runParity: point the run at the real tree hash of its (non-git) root
  const { treeHash } = await import('../../src/core/freshness.js');
  fs.writeFileSync(path.join(run.runDir, 'run.json'), JSON.stringify(runInfo({ runId: 'run-1', gitSha: null, treeHash: treeHash(run.root, ['evals']) })));
  const res = await runParity(run, spec, { updateBaselines: true });
  assert.equal(res.status, 'pass', JSON.stringify([res.findings, res.notes]));
  assert.equal(res.units[0].outcome, 'baseline-written');
  assert.ok(fs.existsSync(path.join(run.root, 'baselines/shop/manifest.json')));
});

test('layout changes become important findings when the pixel comparison failed, and are always in layout-diff.json', async () => {
  const { spec, run } = await approved({ regions: { form: 'form', cta: '#cta' } }, { regions: { form: { x: 20, y: 20, width: 100, height: 60 }, cta: { x: 30, y: 100, width: 140, height: 20 } } });
  const r2 = nextRun(run);
  const moved = new Image().rect(20, 20, 100, 40, [40, 90, 200]).rect(30, 80, 140, 20, [0, 0, 0]);
  writeCapture(r2, spec.name, moved.bytes(), { regions: { form: { x: 20, y: 20, width: 100, height: 40 }, cta: { x: 30, y: 80, width: 140, height: 20 } } });
  const res = await runParity(r2, spec);
  const layoutFinding = res.findings.find((f) => f.severity === 'important')!;
  assert.match(layoutFinding.message, /region "form" resized 100×60 → 100×40/);
  assert.match(layoutFinding.message, /region "cta" moved by \(0, -20\) px/);
  const ld = readJson(abs(r2, files.layoutDiff(spec.name)));
  assert.equal(ld.units[0].boxes.find((b: any) => b.name === 'cta').change, 'moved');
});

test('a baseline approved before the font configuration was fingerprinted is refused by the guard, not compared with the new generic-family fonts', () => {
  const { fontConfigHash: _, ...old } = ENV;
  const v = compareEnv(old, ENV);
  assert.deepEqual(v.mismatch, ['baseline made before its font configuration was fingerprinted (generic families such as system-ui may have rendered in another font)']);
  assert.deepEqual(compareEnv(ENV, { ...ENV }).mismatch, []);
});

test('the same pixel change in several captures shares one group key (reviewed once); another change has its own', async () => {
  const { spec, run } = await approved({ states: [{ name: 'default', steps: [], required: [] }, { name: 'open', steps: [], required: [] }] as any });
  writeCapture(run, spec.name, base().bytes(), { state: 'open' });
  assert.equal((await approveT(run)).written.length >= 1, true);
  const r2 = nextRun(run);
  // a header recoloured the same way in both states; a second, different change in one of them
  writeCapture(r2, spec.name, base().rect(0, 0, 200, 12, [200, 30, 30]).bytes());
  writeCapture(r2, spec.name, base().rect(0, 0, 200, 12, [200, 30, 30]).bytes(), { state: 'open' });
  const res = await runParity(r2, spec);
  const pixel = res.findings.filter((f) => /differ from the approved baseline/.test(f.message));
  assert.equal(pixel.length, 2, JSON.stringify(res.findings));
  assert.ok(pixel[0].group && pixel[0].group === pixel[1].group, 'one group for the same change');
  const { shownOnce } = await import('../../src/report/load.js');
  assert.equal(shownOnce(pixel as any).length, 1, 'reporters show it once');

  const r3 = nextRun(run);
  writeCapture(r3, spec.name, base().rect(0, 0, 200, 12, [200, 30, 30]).bytes());
  writeCapture(r3, spec.name, base().rect(0, 0, 200, 12, [30, 160, 30]).bytes(), { state: 'open' });
  const other = (await runParity(r3, spec)).findings.filter((f) => /differ from the approved baseline/.test(f.message));
  assert.equal(other.length, 2);
  assert.notEqual(other[0].group, other[1].group, 'the same place changed to other pixels is another change');
});

test('a story removed from the Storybook alone fails the gate, naming it; one still in the index that this run did not capture does not', async () => {
  const sb = (ids: string[], grep?: string) => withStories(
    makeSpec({ name: 'ui', route: null, states: [], checks: [{ id: 'axe', enabled: false, severity: null, options: {} }], storybook: { url: 'http://sb/', dir: null, build: null, include: [], exclude: [], required: [], ...(grep ? { grep } : {}) } }),
    { base: 'http://sb/', index: 'index.json', stories: ids.map((id) => ({ id, title: 'A', name: id, importPath: null })), params: {}, notes: [] });
  const all = sb(['a--one', 'a--two']);
  const run = makeRun([all]);
  for (const st of all.states) writeCapture(run, 'ui', base().bytes(), { state: st.name });
  assert.equal((await approveT(run)).written.length, 2);
  const gate = async (spec: SpecPlan) => {
    const r = nextRun(run, [spec]);
    writeCapture(r, 'ui', base().bytes(), { state: 'a--one' });
    await runChecks(r, spec);
    await runParity(r, spec);
    return gateRun(r, { startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:01Z' });
  };
  const kept = await gate(sb(['a--one', 'a--two'], 'ui/a--one'));   // a--two left out by --grep
  assert.equal(kept.status, 'pass', JSON.stringify(kept.specs[0].reasons));
  const removed = await gate(sb(['a--one']));
  assert.equal(removed.status, 'fail');
  // the removal is the one finding (the score it lowers is the only other reason)
  assert.deepEqual(removed.specs[0].findings.map((f) => [f.check, f.severity, f.fails]), [['parity', 'important', true]]);
  assert.match(removed.specs[0].reasons[0], /important parity \(spec-wide\): story "a--two" has approved baselines but is no longer in the Storybook/);
});

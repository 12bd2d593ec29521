// approve: provenance manifest, atomic writes, refusals, stale runs, prune.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { approveWith } from '../../src/parity/approve/promote.js';
import { sha256 } from '../../src/core/fsx.js';
import { withStories } from '../../src/spec/storybook.js';
import { Image, makeRun, makeSpec, nextRun, writeCapture, approveT, readJson, testDeps, TREE, VP } from './fixtures.js';
import { approveLines } from '../../src/parity/approve/index.js';

const img = () => new Image().rect(10, 10, 50, 50, [200, 0, 0]).bytes();
const MOBILE = { ...VP, name: 'mobile', width: 100, height: 80 };
const listTmp = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'));

test('approve writes the image and a manifest with provenance, settings, environment and layout', async () => {
  const spec = makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0.001, regions: { form: 0.005 } }, masks: ['.clock'] });
  const run = makeRun([spec]);
  const png = img();
  writeCapture(run, 'shop', png, { masks: [{ x: 1, y: 2, width: 3, height: 4 }] });
  const res = await approveT(run);
  assert.deepEqual(res.written, ['baselines/shop/default-desktop.png']);
  const dir = path.join(run.root, 'baselines/shop');
  assert.deepEqual(fs.readFileSync(path.join(dir, 'default-desktop.png')), png);
  assert.deepEqual(listTmp(dir), []);
  const e = readJson(path.join(dir, 'manifest.json')).images['default-desktop'];
  assert.equal(e.approver, 'Tester <t@example.com>');
  assert.equal(e.approvedAt, '2026-02-03T04:05:06.000Z');
  assert.equal(e.gitSha, 'abc123');
  assert.equal(e.treeHash, TREE);
  assert.equal(e.specHash, 'spec-hash-1');
  assert.equal(e.sha256, sha256(png));
  assert.deepEqual([e.width, e.height], [200, 150]);
  assert.deepEqual(e.settings.parity, { threshold: 0.1, maxDiffRatio: 0.001, regions: { form: 0.005 }, structure: 'important' });
  assert.deepEqual(e.settings.masks, ['.clock']);
  assert.equal(e.settings.axe.impact, 'moderate');
  assert.equal(e.settings.gate.minScore, 80);
  assert.equal(e.environment.flavour, 'headless-shell');
  assert.deepEqual(e.layout.regions.form, { x: 20, y: 20, width: 100, height: 60 });
  assert.deepEqual(e.layout.masks, [{ x: 1, y: 2, width: 3, height: 4 }]);
});

test('approve refuses a failed capture and then writes none of what it was asked (issue 55); the good unit chosen alone is approved', async () => {
  const spec = makeSpec({ viewports: [VP, MOBILE] });
  const run = makeRun([spec]);
  writeCapture(run, 'shop', img());
  writeCapture(run, 'shop', img(), { viewport: MOBILE, record: { ok: false, error: { reason: 'renderer-crash', message: 'Target crashed' } } });
  const res = await approveT(run);
  assert.deepEqual(res.written, [], 'a half-approved set is one nobody asked for');
  assert.deepEqual(res.withheld, ['baselines/shop/default-desktop.png']);
  assert.equal(res.refused.length, 1);
  assert.equal(res.refused[0].unit, 'shop/default-mobile');
  assert.match(res.refused[0].reason, /capture failed \(renderer-crash: Target crashed\)/);
  assert.ok(!fs.existsSync(path.join(run.root, 'baselines/shop/default-mobile.png')));
  assert.ok(!fs.existsSync(path.join(run.root, 'baselines/shop/manifest.json')));
  assert.match(approveLines(res).join('\n'), /withheld  baselines\/shop\/default-desktop\.png\nnothing written: 1 unit\(s\) refused[^\n]*--spec\/--state\/--viewport, or `veval review`/);
  // chosen units stay approvable
  const one = await approveT(run, { viewport: 'desktop' });
  assert.deepEqual(one.written, ['baselines/shop/default-desktop.png']);
  const r2 = nextRun(run);
  writeCapture(r2, 'shop', null);
  const res2 = await approveT(r2, { viewport: 'desktop' });
  assert.match(res2.refused[0].reason, /screenshot shop\/default-desktop\.png is missing/);
});

test('approve refuses a stale run and writes nothing', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  writeCapture(run, 'shop', img());
  const res = await approveWith(run, {}, { ...testDeps, tree: () => ({ treeHash: 'tree-2', files: { 'src/app.css': 'f00d' } }) });
  assert.deepEqual(res.written, []);
  assert.match(res.refused[0].reason, /^stale run: the working tree changed since run run-\d+: src\/app\.css added;/, 'names the file that changed');
  assert.ok(!fs.existsSync(path.join(run.root, 'baselines')));
  fs.rmSync(path.join(run.runDir, 'run.json'));
  assert.match((await approveT(run)).refused[0].reason, /run\.json of run run-\d+ is missing/);
});

test('approving the same capture again changes nothing; changed settings rewrite the entry', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  writeCapture(run, 'shop', img());
  await approveT(run);
  assert.deepEqual((await approveT(run)).unchanged, ['baselines/shop/default-desktop.png']);
  const looser = makeSpec({ parity: { threshold: 0.2, maxDiffRatio: 0, regions: {} } });
  const r2 = nextRun(run, [looser]);
  writeCapture(r2, 'shop', img());
  assert.deepEqual((await approveT(r2)).written, ['baselines/shop/default-desktop.png']);
  assert.equal(readJson(path.join(run.root, 'baselines/shop/manifest.json')).images['default-desktop'].settings.parity.threshold, 0.2);
});

test('a failed image write leaves the old baseline and manifest intact', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  writeCapture(run, 'shop', img());
  await approveT(run);
  const manifestFile = path.join(run.root, 'baselines/shop/manifest.json');
  const before = fs.readFileSync(manifestFile, 'utf8');
  // a folder where the image must go makes the rename fail, as a full disk would
  const target = path.join(run.root, 'baselines/shop/default-desktop.png');
  fs.rmSync(target);
  fs.mkdirSync(path.join(target, 'x'), { recursive: true });
  const r2 = nextRun(run);
  writeCapture(r2, 'shop', new Image().bytes());
  const res = await approveT(r2);
  assert.deepEqual(res.written, []);
  assert.match(res.refused[0].reason, /could not write baselines\/shop\/default-desktop\.png/);
  assert.equal(fs.readFileSync(manifestFile, 'utf8'), before);
  assert.deepEqual(listTmp(path.join(run.root, 'baselines/shop')), []);
});

test('prune lists orphaned baselines and removes them only when asked', async () => {
  const spec = makeSpec({ viewports: [VP, MOBILE] });
  const gone = makeSpec({ name: 'old-page' });
  const run = makeRun([spec, gone]);
  writeCapture(run, 'shop', img());
  writeCapture(run, 'shop', img(), { viewport: MOBILE });
  writeCapture(run, 'old-page', img());
  await approveT(run);
  const r2 = nextRun(run, [makeSpec()]);  // mobile viewport and old-page spec dropped
  writeCapture(r2, 'shop', img());
  const expected = ['baselines/old-page/default-desktop.png', 'baselines/shop/default-mobile.png'];
  const listed = await approveT(r2);
  assert.deepEqual(listed.orphans, expected);
  assert.deepEqual(listed.removed, []);
  assert.ok(fs.existsSync(path.join(run.root, expected[1])));
  const dry = await approveT(r2, { prune: true, dryRun: true });
  assert.deepEqual(dry.removed, []);
  const pruned = await approveT(r2, { prune: true });
  assert.deepEqual(pruned.removed.filter((f) => f.endsWith('.png')), expected);
  assert.ok(!fs.existsSync(path.join(run.root, 'baselines/old-page')));
  const m = readJson(path.join(run.root, 'baselines/shop/manifest.json'));
  assert.deepEqual(Object.keys(m.images), ['default-desktop']);
});

test('prune keeps the baselines of stories still in the Storybook that this run did not capture (--grep, parameters.veval.skip); a removed story is an orphan', async () => {
  const sb = (ids: string[], o: { grep?: string; params?: Record<string, unknown> } = {}) => withStories(
    makeSpec({ name: 'ui', route: null, viewports: [VP, MOBILE], states: [], storybook: { url: 'http://sb/', dir: null, build: null, include: [], exclude: [], required: [], ...(o.grep ? { grep: o.grep } : {}) } }),
    { base: 'http://sb/', index: 'index.json', stories: ids.map((id) => ({ id, title: 'A', name: id, importPath: null })), params: o.params ?? {}, notes: [] });
  const all = sb(['a--one', 'a--two', 'a--three', 'a--gone']);
  const run = makeRun([all]);
  for (const st of all.states) for (const vp of [VP, MOBILE]) writeCapture(run, 'ui', img(), { state: st.name, viewport: vp });
  assert.equal((await approveT(run)).written.length, 8);
  // a run of one story (--grep), another skipped by its parameters, a fourth gone from the index
  const narrowed = sb(['a--one', 'a--two', 'a--three'], { grep: 'ui/a--one', params: { 'a--two': { skip: true } } });
  assert.deepEqual(narrowed.states.map((s) => s.name), ['a--one']);
  const r2 = nextRun(run, [narrowed]);
  for (const vp of [VP, MOBILE]) writeCapture(r2, 'ui', img(), { state: 'a--one', viewport: vp });
  const gone = ['baselines/ui/a--gone-desktop.png', 'baselines/ui/a--gone-mobile.png'];
  assert.deepEqual((await approveT(r2)).orphans, gone);
  // as `veval approve` calls it: with the project's specs, whose stories only the run read
  const project = { ...narrowed, states: [], storybook: { ...narrowed.storybook!, grep: undefined, read: undefined } };
  assert.deepEqual((await approveT(r2, { projectSpecs: [project] })).orphans, gone);
  const pruned = await approveT(r2, { prune: true, projectSpecs: [project] });
  assert.deepEqual(pruned.removed.filter((f) => f.endsWith('.png')), gone);
  for (const k of ['a--one', 'a--two', 'a--three']) for (const vp of ['desktop', 'mobile']) assert.ok(fs.existsSync(path.join(run.root, `baselines/ui/${k}-${vp}.png`)), `${k}-${vp} kept`);
  assert.deepEqual(Object.keys(readJson(path.join(run.root, 'baselines/ui/manifest.json')).images).sort(),
    ['a--one-desktop', 'a--one-mobile', 'a--three-desktop', 'a--three-mobile', 'a--two-desktop', 'a--two-mobile']);
});

test('approve refuses a spec named explicitly that has no parity section, or is not in the run', async () => {
  const run = makeRun([makeSpec({ parity: null })]);
  writeCapture(run, 'shop', img());
  assert.match((await approveT(run, { spec: 'shop' })).refused[0].reason, /has no parity section/);
  assert.match((await approveT(run, { spec: 'nope' })).refused[0].reason, /no spec named "nope"/);
  const all = await approveT(run);
  assert.deepEqual(all.written, []);
  // approving nothing is said, not shown as a clean "0 written"
  assert.match(all.refused[0].reason, /no spec in this run has a parity: section, so there is nothing to approve/);
});

test('approving a capture the run found blockers in warns that it bakes them into the baseline', async () => {
  const run = makeRun([makeSpec()]);
  writeCapture(run, 'shop', img());
  const finding = (check: string, severity: string, viewport: string | null) => ({ check, severity, viewport, state: 'default', message: 'x', evidence: { file: null } });
  fs.writeFileSync(path.join(run.runDir, 'shop', 'checks.json'), JSON.stringify([
    { check: 'required-visible', status: 'fail', findings: [finding('required-visible', 'blocker', 'desktop'), finding('required-visible', 'blocker', 'mobile')], error: null, ms: 1 },
    { check: 'overlap', status: 'fail', findings: [finding('overlap', 'blocker', 'desktop')], error: null, ms: 1 },
    { check: 'text-clipped', status: 'fail', findings: [finding('text-clipped', 'polish', 'desktop')], error: null, ms: 1 },
  ]));
  const res = await approveT(run);
  assert.equal(res.written.length, 1);
  assert.deepEqual(res.warnings, ['baselines/shop/default-desktop.png: the run found 2 blocker (required-visible, overlap) in this capture; approving bakes them into the baseline']);
});

test('approve refuses a --viewport or --state that no unit has (a typo, a rename), naming the ones that exist', async () => {
  const run = makeRun([makeSpec()]);
  writeCapture(run, 'shop', img());
  let res = await approveT(run, { spec: 'shop', viewport: 'mobile' });
  assert.deepEqual(res.written, []);
  assert.deepEqual(res.refused, [{ unit: '--viewport mobile', reason: 'no viewport named "mobile" in spec shop; viewports: desktop' }]);
  res = await approveT(run, { state: 'nosuch' });
  assert.deepEqual(res.refused, [{ unit: '--state nosuch', reason: 'no state named "nosuch" in any spec of this run; states: default' }]);
  assert.ok(!fs.existsSync(path.join(run.root, 'baselines')), 'nothing written');
  assert.equal((await approveT(run, { spec: 'shop', viewport: 'desktop', state: 'default' })).written.length, 1);
});

// The structure comparison's rules on hand-built snapshots: what counts as a change (roles, names,
// text, state) and what does not (whitespace, sibling order, URL queries, boxes, masked areas), and
// the fail-closed rules of the approved snapshot (tampered, missing from the entry, old baselines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { applyMasks, diffNodes, diffRequired, structureChanges, toNodes } from '../../src/parity/compare/structure.js';
import { runParity } from '../../src/parity/index.js';
import { loosenings, settingsOf } from '../../src/parity/store/settings.js';
import { files } from '../../src/core/run.js';
import { readArtifact } from '../../src/core/artifact-read.js';
import type { StructureSnapshot } from '../../src/core/artifacts.js';
import { Image, approveT, makeRun, makeSpec, nextRun, readJson, writeCapture } from './fixtures.js';

const btn = (name: string, extra: object = {}) => ({ role: 'button', name, ...extra });
const diff = (a: unknown[], b: unknown[]) => diffNodes(toNodes(a)!, toNodes(b)!);

test('no change: whitespace, the order of siblings, URL queries and fragments, boxes, focus', () => {
  const before = [
    { role: 'navigation', name: 'Main', children: [{ role: 'link', name: 'Home', url: '/?sid=abc123' }, { role: 'link', name: 'About', url: '/about#x1' }] },
    { role: 'list', children: [{ role: 'listitem', text: 'One' }, { role: 'listitem', text: 'One' }, { role: 'listitem', text: 'Two' }] },
    'Total:  12 items', btn('Pay', { box: { x: 1, y: 2, width: 30, height: 20 } }),
  ];
  const after = [
    { role: 'list', children: [{ role: 'listitem', text: 'Two' }, { role: 'listitem', text: 'One' }, { role: 'listitem', text: ' One ' }] },
    btn('Pay ', { box: { x: 5, y: 9, width: 31, height: 20 }, active: true }),
    { role: 'navigation', name: 'Main', children: [{ role: 'link', name: 'About', url: '/about#x2' }, { role: 'link', name: 'Home', url: '/?sid=zz9' }] },
    'Total:\n12 items',
  ];
  assert.deepEqual(diff(before, after), []);
});

test('changes: renamed, text changed, role changed, state changed, added and removed — each with before and after', () => {
  const c = diff(
    [btn('Pay'), { role: 'paragraph', text: 'Ships in 2 days' }, { role: 'link', name: 'Terms' }, { role: 'checkbox', name: 'Gift' }, { role: 'heading', name: 'Old', level: 2 }],
    [btn('Donate'), { role: 'paragraph', text: 'Ships in 5 days' }, { role: 'button', name: 'Terms' }, { role: 'checkbox', name: 'Gift', checked: true }, { role: 'img', name: 'Logo' }],
  ).map((x) => [x.kind, x.before, x.after]);
  assert.deepEqual(c, [
    ['text-changed', 'paragraph: "Ships in 2 days"', 'paragraph: "Ships in 5 days"'],
    ['state-changed', 'checkbox "Gift"', 'checkbox "Gift" [checked]'],
    ['renamed', 'button "Pay"', 'button "Donate"'],
    ['role-changed', 'link "Terms"', 'button "Terms"'],
    ['removed', 'heading "Old" [level=2]', null],
    ['added', null, 'img "Logo"'],
  ]);
  // one level down, the finding says where
  const deep = diff([{ role: 'form', name: 'Pay', children: [btn('Pay')] }], [{ role: 'form', name: 'Pay', children: [btn('Donate'), 'New text'] }]);
  assert.deepEqual(deep.map((x) => [x.kind, x.within]), [['renamed', 'form "Pay"'], ['added', 'form "Pay"']]);
});

// the todo app of the issue: `<div className="todoapp">` → `<main className="todoapp">`
const todo = [
  { role: 'heading', name: 'TodoMatic', level: 1 },
  { role: 'form', children: [{ role: 'heading', name: 'What needs to be done?', level: 2 }, { role: 'textbox', name: 'What needs to be done?' }, btn('Add')] },
  { role: 'list', name: '3 tasks remaining', children: ['Eat', 'Sleep'].map((t) => ({ role: 'listitem', children: [{ role: 'checkbox', name: t }, btn(`Edit ${t}`)] })) },
];
const snap = (page: unknown[]): StructureSnapshot => ({ version: 1, page, regions: {}, required: [], masks: [], error: null });
const heardChanges = (a: unknown[], b: unknown[], severity: 'important' | 'blocker' = 'important') =>
  structureChanges(snap(a), snap(b), severity).map((x) => [x.change.kind, x.change.severity, x.change.before, x.change.after]);

test('a wrapper around unchanged content is one change at polish, never removed + added for what it holds', () => {
  // a landmark inserted (div → main): one change, polish whatever parity.structure says
  assert.deepEqual(heardChanges(todo, [{ role: 'main', children: todo }], 'blocker'), [['wrapper-added', 'polish', null, 'main']]);
  // removed, nested two deep, and swapped for another landmark
  assert.deepEqual(heardChanges([{ role: 'region', name: 'Todos', children: todo }], todo), [['wrapper-removed', 'polish', 'region "Todos"', null]]);
  assert.deepEqual(heardChanges(todo, [{ role: 'main', children: [{ role: 'region', name: 'App', children: todo }] }]), [['wrapper-added', 'polish', null, 'main, region "App"']]);
  assert.deepEqual(heardChanges([{ role: 'main', children: todo }], [{ role: 'region', name: 'App', children: todo }]), [['wrapper-changed', 'polish', 'main', 'region "App"']]);
  // a wrapper that brings new content: the new content is a change, the wrapper polish
  const more = [...todo.slice(1), { role: 'contentinfo', children: [{ role: 'link', name: 'Help' }, todo[0]] }];
  assert.deepEqual(heardChanges(todo, more), [['added', 'important', null, 'link "Help"'], ['wrapper-added', 'polish', null, 'contentinfo']]);
  // a landmark with nothing of the old page inside it is content added, not a wrapper
  assert.deepEqual(heardChanges(todo, [...todo, { role: 'navigation', children: [{ role: 'link', name: 'Docs' }] }]), [['added', 'important', null, 'navigation (with 1 more inside, first link "Docs")']]);
});

test('real changes inside moved content are still found, each once: renamed, role changed (button → text), label edits', () => {
  const renamed = JSON.parse(JSON.stringify(todo).replace('"Add"', '"Add task"'));
  assert.deepEqual(heardChanges(todo, [{ role: 'main', children: renamed }]), [['renamed', 'important', 'button "Add"', 'button "Add task"'], ['wrapper-added', 'polish', null, 'main']]);
  // a button turned into a span reads as its text: one change of role
  const spanned = JSON.parse(JSON.stringify(todo).replace('{"role":"button","name":"Add"}', '"Add"'));
  assert.deepEqual(heardChanges(todo, spanned), [['role-changed', 'important', 'button "Add"', 'text "Add"']]);
  // a label's text and the name it gives its field: one edit, heard twice
  const field = (l: string) => [{ role: 'text', text: `${l} *` }, { role: 'textbox', name: l }];
  const c = structureChanges(snap(field('Email address')), snap(field('E-mail address')), 'important');
  assert.equal(c.length, 1, JSON.stringify(c));
  assert.match(c[0].message, /renamed: textbox "Email address" → textbox "E-mail address" \(also text "Email address \*" → text "E-mail address \*"\)/);
  // the same change has the same group key in another capture; another change has another
  const again = structureChanges(snap([{ role: 'main', children: field('E-mail address') }]), snap([{ role: 'main', children: field('E-mail address') }]), 'important');
  assert.deepEqual(again, []);
  const other = structureChanges(snap(field('Email address')), snap(field('Mail address')), 'important');
  assert.notEqual(other[0].change.group, c[0].change.group);
  assert.equal(structureChanges(snap([{ role: 'main', children: field('Email address') }]), snap([{ role: 'main', children: field('E-mail address') }]), 'important')[0].change.group, c[0].change.group);
});

test('masks: a node painted inside a masked area is left out, and a masked element\'s text leaves its parent\'s', () => {
  const nodes = toNodes([
    { role: 'paragraph', text: 'Updated 12:03 today', box: { x: 0, y: 0, width: 300, height: 20 } },
    { role: 'region', name: 'Ad', box: { x: 0, y: 100, width: 200, height: 100 }, children: [{ role: 'link', name: 'Buy now', box: { x: 10, y: 110, width: 50, height: 20 } }] },
    btn('Pay', { box: { x: 0, y: 300, width: 40, height: 20 } }),
  ])!;
  const masked = applyMasks(nodes, [{ x: 0, y: 100, width: 200, height: 100 }, { x: 60, y: 0, width: 40, height: 20 }], [{ box: { x: 60, y: 0, width: 40, height: 20 }, text: '12:03' }]);
  assert.deepEqual(masked.map((n) => [n.role, n.text || n.name]), [['paragraph', 'Updated today'], ['button', 'Pay']]);
  const later = applyMasks(toNodes([{ role: 'paragraph', text: 'Updated 12:04 today', box: { x: 0, y: 0, width: 300, height: 20 } }])!, [], [{ box: { x: 60, y: 0, width: 40, height: 20 }, text: '12:04' }]);
  assert.deepEqual(diffNodes(masked.slice(0, 1), later), []);
});

test('required elements: a name changed is a change; the role gone or the name gone is marked gone', () => {
  const req = (nodes: unknown[] | null) => [{ key: '#go submit', name: 'submit', selector: '#go', nodes }];
  assert.deepEqual(diffRequired(req([btn('Pay')]), req([btn('Pay')])), []);
  assert.deepEqual(diffRequired(req([btn('Pay')]), req([btn('Donate')])).map((r) => [r.gone, r.before, r.after]), [[null, 'button "Pay"', 'button "Donate"']]);
  assert.deepEqual(diffRequired(req([btn('Pay')]), req([{ role: 'text', text: 'Pay' }])).map((r) => [r.gone, r.after]), [['role', 'no role (text "Pay")']]);
  assert.deepEqual(diffRequired(req([btn('Pay')]), req([{ role: 'link', name: 'Pay' }])).map((r) => r.gone), ['role']);
  assert.deepEqual(diffRequired(req([btn('Pay')]), req([{ role: 'button' }])).map((r) => [r.gone, r.after]), [['name', 'button (no accessible name)']]);
  assert.deepEqual(diffRequired(req([btn('Pay')]), req(null)).map((r) => [r.gone, r.after]), [['role', 'not found']]);
});

// ---- the approved snapshot, through approve and runParity on hand-built runs ----

const snapshot = (label: string): StructureSnapshot => ({
  version: 1, page: [{ role: 'main', children: [btn(label)] }], regions: { form: { selector: 'form', nodes: [btn(label)] } },
  required: [], masks: [], error: null,
});
function capture(run: ReturnType<typeof makeRun>, label: string) {
  const spec = 'shop';
  fs.mkdirSync(path.join(run.runDir, spec), { recursive: true });
  fs.writeFileSync(path.join(run.runDir, files.structure(spec, 'default', 'desktop')), JSON.stringify(snapshot(label)));
  writeCapture(run, spec, new Image().rect(20, 20, 40, 20, [0, 0, 0]).bytes(), { record: { structure: 'default-desktop.structure.json' } });
}
const structural = (res: { findings: any[] }) => res.findings.filter((f) => f.evidence?.kind === 'structure');

test('approve keeps the snapshot beside the image; a label change is a finding even with identical pixels', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  capture(run, 'Pay');
  assert.equal((await approveT(run)).written.length, 1);
  const manifest = readJson(path.join(run.root, 'baselines/shop/manifest.json'));
  assert.equal(manifest.images['default-desktop'].structure.file, 'default-desktop.structure.json');
  const r2 = nextRun(run);
  capture(r2, 'Donate');
  const res = await runParity(r2, spec);
  assert.equal(res.units[0].outcome, 'identical');
  const f = structural(res);
  assert.equal(f.length, 1, JSON.stringify(res.findings));
  assert.equal(f[0].severity, 'important');
  assert.deepEqual([f[0].evidence.before, f[0].evidence.after, f[0].evidence.regions], ['button "Pay"', 'button "Donate"', ['region "form"']]);
  assert.match(f[0].message, /structure changed since the baseline, in region "form": renamed: button "Pay" → button "Donate"/);
  // the full list of the unit's changes, valid against its schema, linked from the finding
  assert.equal(f[0].evidence.structureDiff, 'shop/default-desktop.structure-diff.json');
  const full = readArtifact('structureDiff', path.join(r2.runDir, f[0].evidence.structureDiff));
  assert.ok(full.value, full.problem ?? '');
  assert.deepEqual(full.value.changes.map((c) => [c.kind, c.group, c.finding, c.regions]), [['renamed', f[0].group, true, ['region "form"']]]);
  assert.match(f[0].group, /^[0-9a-f]{16}$/);
  // parity.structure: polish is the spec's to choose …
  const polish = await runParity(r2, makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0, regions: {}, structure: 'polish' } }));
  assert.equal(structural(polish)[0].severity, 'polish');
  // … and lowering it since approval is a loosening the guard reports
  assert.deepEqual(loosenings(settingsOf(spec), settingsOf(makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0, regions: {}, structure: 'polish' } }))), ['parity.structure severity lowered from important to polish']);
  assert.deepEqual(loosenings(settingsOf(spec), settingsOf(makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0, regions: {}, structure: false } }))), ['structure comparison switched off (parity.structure: false; was important)']);
  // false: not compared
  assert.deepEqual(structural(await runParity(r2, makeSpec({ parity: { threshold: 0.1, maxDiffRatio: 0, regions: {}, structure: false } }))), []);
});

test('the approved snapshot fails closed: edited by hand, dropped from the entry, or missing; an old baseline is adopted with a note', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  capture(run, 'Pay');
  await approveT(run);
  const file = path.join(run.root, 'baselines/shop/default-desktop.structure.json');
  const manifestFile = path.join(run.root, 'baselines/shop/manifest.json');
  const r2 = nextRun(run);
  capture(r2, 'Pay');
  assert.deepEqual(structural(await runParity(r2, spec)), []);

  const original = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, original.replace(/Pay/g, 'Donate'));
  let f = structural(await runParity(r2, spec));
  assert.deepEqual(f.map((x) => [x.check, x.severity]), [['guard', 'blocker']]);
  assert.match(f[0].message, /default-desktop\.structure\.json differs from the one recorded at approval/);

  fs.rmSync(file);
  f = structural(await runParity(r2, spec));
  assert.deepEqual(f.map((x) => [x.check, x.severity]), [['parity', 'blocker']]);
  assert.match(f[0].message, /listed in the manifest but missing/);
  fs.writeFileSync(file, original);

  const m = readJson(manifestFile);
  delete m.images['default-desktop'].structure;
  fs.writeFileSync(manifestFile, JSON.stringify(m));
  f = structural(await runParity(r2, spec));
  assert.deepEqual(f.map((x) => [x.check, x.severity]), [['guard', 'blocker']]);
  assert.match(f[0].message, /names no structure snapshot \(edited by hand\?\)/);

  // a baseline from before structure was compared: no `structure` anywhere in its entry
  delete m.images['default-desktop'].settings.parity.structure;
  fs.writeFileSync(manifestFile, JSON.stringify(m));
  const res = await runParity(r2, spec);
  assert.deepEqual(structural(res), []);
  assert.ok(res.notes.some((n) => /structure not compared: the baseline was approved before veval recorded ARIA structure/.test(n)), JSON.stringify(res.notes));
  assert.equal(res.status, 'pass');
});

test('a capture whose snapshot is incomplete is not approved, and not compared', async () => {
  const spec = makeSpec();
  const run = makeRun([spec]);
  capture(run, 'Pay');
  const broken = { ...snapshot('Pay'), page: null, error: 'the page: Timeout 5000ms exceeded.' };
  fs.writeFileSync(path.join(run.runDir, files.structure('shop', 'default', 'desktop')), JSON.stringify(broken));
  const res = await approveT(run);
  assert.equal(res.written.length, 0);
  assert.match(res.refused[0].reason, /structure snapshot shop\/default-desktop\.structure\.json is incomplete \(the page: Timeout/);
  capture(run, 'Pay');
  await approveT(run);
  const r2 = nextRun(run);
  capture(r2, 'Pay');
  fs.writeFileSync(path.join(r2.runDir, files.structure('shop', 'default', 'desktop')), JSON.stringify(broken));
  const f = structural(await runParity(r2, spec));
  assert.deepEqual(f.map((x) => [x.check, x.severity]), [['parity', 'blocker']]);
  assert.match(f[0].message, /structure not compared: the capture's snapshot: the page: Timeout/);
});

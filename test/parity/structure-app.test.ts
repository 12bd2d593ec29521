// Structure changes on a published app (MDN's React to-do tutorial, built; test/fixtures/todo-react-cra,
// MPL-2.0, see its SOURCE.md), through the CLI as a user runs it: `<div className="todoapp">` →
// `<main>` (the accessibility fix of issue 34) is at most one group at polish and passes the gate;
// the "Add" button renamed is exactly one group of important findings, one per capture, shown once
// in summary.md and failing each capture in junit.xml; every unit's full list is in its
// structure-diff.json, linked from the report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';

const APP = path.join(REPO, 'test', 'fixtures', 'todo-react-cra');
const MAIN = '/static/js/main.6ed48585.chunk.js';
const NO_KEY = { OPENAI_API_KEY: '' };

let variant: 'as-published' | 'main' | 'renamed' = 'as-published';
let server: StaticServer;
before(async () => {
  server = await serveStatic(APP, [(req, res) => {
    if (req.url !== MAIN) return false;
    let js = fs.readFileSync(path.join(APP, MAIN), 'utf8');
    const edit = (from: string, to: string) => { assert.ok(js.includes(from), `${from} not in the bundle`); js = js.replace(from, to); };
    if (variant === 'main') edit('c.a.createElement("div",{className:"todoapp stack-large"}', 'c.a.createElement("main",{className:"todoapp stack-large"}');
    if (variant === 'renamed') edit('"btn btn__primary btn__lg"},"Add")', '"btn btn__primary btn__lg"},"Add task")');
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(js);
    return true;
  }]);
});
after(async () => { await server?.close(); });

const latest = (dir: string) => fs.realpathSync(path.join(dir, 'evals', 'latest'));
const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(latest(dir), 'report.json'), 'utf8'));
const structural = (dir: string) => report(dir).specs[0].findings.filter((f: any) => f.evidence?.kind === 'structure');
const show = (dir: string) => JSON.stringify(report(dir).specs[0].findings.map((f: any) => [f.check, f.severity, f.state, f.viewport, f.message]), null, 1);

test('a published React app: div → main is one polish group that passes; the "Add" button renamed is one important group over its captures', async () => {
  const dir = tmpDir('veval-structure-app-');
  writeTree(dir, {
    'visual-eval.config.yaml': `baseURL: ${server.url}\nviewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844 }\ngate: { warn: [polish] }\n`,
    'specs/todo.yaml': [
      'name: todo', 'route: /index.html', 'viewports: [desktop, mobile]',
      'regions: { app: .todoapp, form: form }',
      // the subject is structure: pixels may move (main is a block like div), requests for the icons left out
      'checks: { axe: false, requests: false, overflow: false, overlap: false, text-clipped: false, stability: false }',
      'parity: { maxDiffRatio: 1 }', '',
    ].join('\n'),
  });
  let r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir, NO_KEY);
  assert.ok(fs.existsSync(path.join(dir, 'baselines/todo/default-mobile.structure.json')), r.stdout + r.stderr);
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  assert.deepEqual(structural(dir), [], show(dir));

  // the accessibility fix: one landmark around unchanged content
  variant = 'main';
  r = await runMain(['run', '--reporter', 'json,markdown'], dir, NO_KEY);
  let found = structural(dir);
  assert.equal(r.code, 0, show(dir));
  assert.ok(found.length >= 1 && found.length <= 2, show(dir));
  assert.deepEqual([...new Set(found.map((f: any) => f.severity))], ['polish'], show(dir));
  assert.equal(new Set(found.map((f: any) => f.group)).size, 1, show(dir));
  assert.match(found[0].message, /the content is now inside main/);

  // a real change: the button's name
  variant = 'renamed';
  r = await runMain(['run', '--reporter', 'json,markdown,junit,html'], dir, NO_KEY);
  assert.equal(r.code, 1, show(dir));
  found = structural(dir);
  assert.equal(found.length, 2, `one finding per capture: ${show(dir)}`);
  assert.deepEqual([...new Set(found.map((f: any) => f.severity))], ['important']);
  assert.equal(new Set(found.map((f: any) => f.group)).size, 1, show(dir));
  assert.equal(new Set(found.map((f: any) => `${f.state}-${f.viewport}`)).size, 2);
  assert.equal(found[0].evidence.before, 'button "Add"');
  assert.equal(found[0].evidence.after, 'button "Add task"');
  // shown once with its units in summary.md; junit fails every capture
  const md = fs.readFileSync(path.join(latest(dir), 'summary.md'), 'utf8');
  // a summary line starts with the finding ids `veval explain` takes (todo#1, #2)
  const listed = md.split('\n').filter((l) => /^- \*\*todo#\d+(, #\d+)*\*\* · parity/.test(l) && l.includes('Add task'));
  assert.equal(listed.length, 1, md);
  assert.match(listed[0], /default @ desktop, default @ mobile: .*renamed: button &quot;Add&quot; → button &quot;Add task&quot;/);
  const junit = fs.readFileSync(path.join(latest(dir), 'junit.xml'), 'utf8');
  assert.equal((junit.match(/<failure[^>]*>[^<]*button &quot;Add task&quot;/g) ?? []).length, 2, junit);
  // every capture's full list, linked from the report
  const diff = JSON.parse(fs.readFileSync(path.join(latest(dir), 'todo/default-mobile.structure-diff.json'), 'utf8'));
  assert.deepEqual(diff.changes.map((c: any) => [c.kind, c.group, c.before, c.after]), [['renamed', found[0].group, 'button "Add"', 'button "Add task"']]);
  const html = fs.readFileSync(path.join(latest(dir), 'index.html'), 'utf8');
  assert.ok(html.includes('todo/default-mobile.structure-diff.json'), 'the structure diff is linked from index.html');
  assert.ok(md.includes('structure-diff.json'), 'the structure diff is linked from summary.md');
});

// `veval review` on someone else's app: TodoMVC's published vanilla example (test/fixtures/todomvc,
// MIT, see its SOURCE.md), captured empty and with one to-do. Its own stylesheet then changes the
// title's colour — one change seen in both captures, so the review offers it as one group. The
// reviewer approves the group in Chromium (the example's known accessibility debt carried over, as
// approve does); the next run passes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loadProject } from '../../src/spec/project.js';
import { runPipeline } from '../../src/index.js';
import { sha256 } from '../../src/core/fsx.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { startReview, stopReview, type Review } from '../helpers/review.js';

const devnull = { write: () => true } as unknown as NodeJS.WriteStream;
let dir: string, runDir: string, browser: Browser, review: Review;
// the first run approves its own captures, accepting the example's accessibility violations as known debt
const run = async (updateBaselines = false) => runPipeline(await loadProject({ cwd: dir }), { reporters: ['json', 'html'], argv: ['run'], log: devnull, updateBaselines, acceptA11yDebt: updateBaselines });

before(async () => {
  dir = tmpDir('veval-review-todomvc-');
  fs.cpSync(path.join(REPO, 'test/fixtures/todomvc'), path.join(dir, 'site'), { recursive: true });
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 800, height: 600 }\njudge: { mode: off }\n',
    'specs/todos.yaml': [
      'name: todos', 'route: /index.html', 'viewports: [desktop]', 'parity: {}',
      // the example fetches the TodoMVC site's learn.json, which is not part of it
      'checks: { requests: { ignore: ["*/learn.json"] } }',
      'states:', '  - name: empty', '  - name: one-item',
      '    steps: [{ fill: { selector: ".new-todo", value: "Buy milk" } }, { press: { selector: ".new-todo", key: Enter } }, { waitFor: ".todo-list li" }]', '',
    ].join('\n'),
  });
  await run(true);
  const css = path.join(dir, 'site/index.css');
  fs.writeFileSync(css, fs.readFileSync(css, 'utf8').replace(/(\.todoapp h1 \{[^}]*?color: )#b83f45;/, '$1#2b6cb0;'));
  const second = await run();
  runDir = second.run.runDir;
  const todos = second.report.specs[0];
  assert.deepEqual(todos.units.map((u: any) => [u.state, u.status]), [['empty', 'fail'], ['one-item', 'fail']]);
  review = await startReview(dir, ['--run', runDir]);
  browser = await launchTestBrowser();
});
after(async () => { await browser?.close(); await stopReview(review); fs.rmSync(dir, { recursive: true, force: true }); });

test('the recoloured title is one group on TodoMVC; approving it writes both baselines and the next run passes', async () => {
  const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(review.url);
  await p.waitForSelector('#review-bar .review-group');
  assert.match(await p.textContent('#review-bar .review-group') ?? '', /the same change in 2 captures: todos empty @ desktop, todos one-item @ desktop/);
  await p.click('#review-bar [data-act=approve-group]');
  await p.waitForFunction(() => /2 approved · 0 rejected · 0 left/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  for (const state of ['empty', 'one-item']) {
    assert.equal(sha256(fs.readFileSync(path.join(dir, `baselines/todos/${state}-desktop.png`))), sha256(fs.readFileSync(path.join(runDir, `todos/${state}-desktop.png`))));
  }
  assert.deepEqual(errors, []);
  await p.close();
  const next = await run();
  assert.deepEqual(next.report.specs.map((s: any) => [s.name, s.status]), [['todos', 'pass']]);
});

// `veval review` as a reviewer uses it: a real run (pages served from 127.0.0.1, real captures and
// approved baselines, then a change) with 3 failing captures — a shared header recoloured on pages
// a and b (one group of identical changes) and page c, whose buy button went and whose text
// changed (a blocker). The real CLI serves the review; a real Chromium clicks and types in it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loadProject } from '../../src/spec/project.js';
import { runPipeline } from '../../src/index.js';
import { sha256 } from '../../src/core/fsx.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { REVIEWER as WHO, request as rawRequest, startReview, stopReview, type Review } from '../helpers/review.js';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="shared.css"></head>
<body><header class="top">Shop</header><main><h1>${title}</h1>${body}</main></body></html>`;
const css = (colour: string) => `body{margin:0;font:16px/1.5 sans-serif}.top{height:60px;background:${colour};color:#fff;padding:8px}main{padding:16px}`;
const SPEC = (name: string, extra = '') => `name: ${name}\nroute: /${name}.html\nviewports: [desktop]\nparity: {}\n${extra}`;
const PROJECT = {
  'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: off }\n',
  'site/shared.css': css('#246'),
  'site/a.html': page('Alpha', '<p>first page</p>'),
  'site/b.html': page('Beta', '<p>second page</p>'),
  'site/c.html': page('Cart', '<p>your cart</p><button id="buy" type="button">Buy now</button>'),
  'specs/a.yaml': SPEC('a'), 'specs/b.yaml': SPEC('b'),
  'specs/c.yaml': SPEC('c', 'required: [{ selector: "#buy", name: buy button }]\n'),
};

const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const devnull = { write: () => true } as unknown as NodeJS.WriteStream;
let dir: string, runDir: string, browser: Browser;
let review: Review;
const request = (opts: Parameters<typeof rawRequest>[1]) => rawRequest(review.url, opts);
const base = (spec: string) => path.join(dir, 'baselines', spec, 'default-desktop.png');
const shaOf = (file: string) => sha256(fs.readFileSync(file));
let before1: Record<string, string>;
const captured = (spec: string) => shaOf(path.join(runDir, spec, 'default-desktop.png'));
const reviewJson = () => JSON.parse(fs.readFileSync(path.join(runDir, 'review.json'), 'utf8'));
const run = async (updateBaselines = false) => runPipeline(await loadProject({ cwd: dir }), { reporters: ['json', 'html'], argv: ['run'], log: devnull, updateBaselines });

before(async () => {
  dir = tmpDir('veval-review-server-');
  writeTree(dir, PROJECT);
  await run(true);
  before1 = { a: shaOf(base('a')), b: shaOf(base('b')), c: shaOf(base('c')) };
  // the change: the shared header recoloured (a and b alike), and page c lost its buy button
  fs.writeFileSync(path.join(dir, 'site/shared.css'), css('#824'));
  // … and gained an image with no text alternative (a new accessibility violation)
  fs.writeFileSync(path.join(dir, 'site/c.html'), page('Cart', `<p>your cart is empty</p><img src="${GIF}" width="24" height="24"><button id="buy" type="button" style="visibility:hidden">Buy now</button>`));
  const second = await run();
  runDir = second.run.runDir;
  assert.deepEqual(second.report.specs.map((s: any) => [s.name, s.status]), [['a', 'fail'], ['b', 'fail'], ['c', 'fail']]);
  review = await startReview(dir, ['--run', runDir]);
  browser = await launchTestBrowser();
});
after(async () => {
  await browser?.close();
  await stopReview(review);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<{ p: Page; errors: string[] }> {
  const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await p.goto(review.url);
  await p.waitForSelector('#u-c-default-desktop .review-actions');
  return { p, errors };
}
const counts = (p: Page) => p.textContent('#review-bar .review-counts');
const said = (p: Page) => p.textContent('#review-bar .review-said');

test('the report page with actions: every capture has Approve / Reject, the group of identical changes is offered once, 3 left', async () => {
  const { p, errors } = await open();
  assert.match(await counts(p) ?? '', /0 approved · 0 rejected · 3 left/);
  const groups = await p.$$eval('#review-bar .review-group', (gs) => gs.map((g) => g.textContent));
  assert.equal(groups.length, 1);
  assert.match(groups[0]!, /the same change in 2 captures: a default @ desktop, b default @ desktop/);
  for (const u of ['a', 'b', 'c']) assert.equal(await p.$$eval(`#u-${u}-default-desktop .review-actions button.approve`, (b) => b.length), 1);
  // c's blocker is listed beside its tick box before anything is tried
  assert.match(await p.textContent('#u-c-default-desktop .review-tick') ?? '', /approve anyway.*required "buy button"/s);
  // the static page is untouched: no token, no review script
  assert.doesNotMatch(fs.readFileSync(path.join(runDir, 'index.html'), 'utf8'), /veval-review-token|review-bar/);
  assert.deepEqual(errors, []);
  await p.close();
});

test('requests without the token, with a foreign Origin or Host, or for paths outside the run folder are refused and change nothing', async () => {
  const html = await request({ path: '/' });
  const token = /name="veval-review-token" content="([^"]+)"/.exec(html.body)![1];
  const origin = new URL(review.url).origin;
  const body = JSON.stringify({ units: ['a/default-desktop'] });
  const json = { 'content-type': 'application/json' };
  const refused = [
    await request({ method: 'POST', path: '/api/approve', headers: { ...json, origin }, body }),
    await request({ method: 'POST', path: '/api/approve', headers: { ...json, origin, 'x-veval-token': 'x'.repeat(token.length) }, body }),
    await request({ method: 'POST', path: '/api/approve', headers: { ...json, origin: 'http://evil.example', 'x-veval-token': token }, body }),
    await request({ method: 'POST', path: '/api/reject', headers: { ...json, 'x-veval-token': token }, body }),
    await request({ method: 'POST', path: '/api/approve', headers: { ...json, origin, host: 'evil.example', 'x-veval-token': token }, body }),
    await request({ path: '/', headers: { host: `rebound.example:${new URL(review.url).port}` } }),
    await request({ path: '/api/state' }),
  ];
  assert.deepEqual(refused.map((r) => r.status), [403, 403, 403, 403, 403, 403, 403]);
  // outside the run folder: the project's files, the baselines themselves, a link that leads out
  fs.symlinkSync(path.join(dir, 'visual-eval.config.yaml'), path.join(runDir, 'a', 'link.yaml'));
  const outside = await Promise.all(['/../../../visual-eval.config.yaml', '/%2e%2e/%2e%2e/%2e%2e/baselines/a/manifest.json', '/..%2f..%2f..%2fbaselines/a/default-desktop.png', '/a/link.yaml', '/.gitignore']
    .map((p) => request({ path: p })));
  fs.rmSync(path.join(runDir, 'a', 'link.yaml'));
  assert.deepEqual(outside.map((r) => r.status), [404, 404, 404, 404, 404]);
  assert.doesNotMatch(outside.map((r) => r.body).join(''), /server:|images/);
  // the run's own images are served
  const img = await request({ path: '/a/default-desktop.png' });
  assert.equal(img.status, 200);
  assert.equal(fs.existsSync(path.join(runDir, 'review.json')), false, 'nothing recorded');
  assert.deepEqual({ a: shaOf(base('a')), b: shaOf(base('b')), c: shaOf(base('c')) }, before1, 'no baseline changed');
});

test('approving the group writes both baselines through approve, with the reviewer named', async () => {
  const { p, errors } = await open();
  await p.click('#review-bar [data-act=approve-group]');
  await p.waitForFunction(() => /2 approved/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  assert.match(await counts(p) ?? '', /2 approved · 0 rejected · 1 left/);
  assert.equal(shaOf(base('a')), captured('a'));
  assert.equal(shaOf(base('b')), captured('b'));
  assert.equal(shaOf(base('c')), before1.c);
  const m = JSON.parse(fs.readFileSync(path.join(dir, 'baselines/a/manifest.json'), 'utf8')).images['default-desktop'];
  assert.equal(m.approver, WHO);
  assert.equal(m.runId, path.basename(runDir));
  const r = reviewJson();
  assert.deepEqual(Object.keys(r.units).sort(), ['a/default-desktop', 'b/default-desktop']);
  assert.equal(r.units['a/default-desktop'].decision, 'approved');
  assert.equal(r.units['a/default-desktop'].by, WHO);
  assert.deepEqual(r.units['a/default-desktop'].baselines, ['baselines/a/default-desktop.png']);
  // the command that commits them
  assert.match(await p.textContent('#review-bar .cmd code') ?? '', /^git add baselines\/a baselines\/b && git commit -m /);
  assert.deepEqual(errors, []);
  // docs/img/review.png: REVIEW_SERVER_SHOT=docs/img/review.png node --import tsx --test test/review/server.test.ts
  if (process.env.REVIEW_SERVER_SHOT) {
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: process.env.REVIEW_SERVER_SHOT });
  }
  await p.close();
});

test('undo puts the previous baseline back; approving again with the keyboard (a) writes it again', async () => {
  const { p } = await open();
  await p.click('#u-a-default-desktop .review-actions [data-act=undo]');
  await p.waitForFunction(() => /1 approved/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  assert.equal(shaOf(base('a')), before1.a, 'the earlier baseline is back');
  const m = JSON.parse(fs.readFileSync(path.join(dir, 'baselines/a/manifest.json'), 'utf8')).images['default-desktop'];
  assert.equal(m.sha256, before1.a);
  assert.equal(reviewJson().units['a/default-desktop'], undefined);
  assert.deepEqual(reviewJson().log.map((l: any) => `${l.action} ${l.unit}`).slice(-1), ['undo a/default-desktop']);
  // a, with a's finding the current one (j/k or a click)
  await p.click('#u-a-default-desktop li.finding .msg');
  await p.keyboard.press('a');
  await p.waitForFunction(() => /2 approved/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  assert.equal(shaOf(base('a')), captured('a'));
  await p.close();
});

test('one approve for a selection: each capture gets its own answer (one written, one refused for its blocker), in the order asked', async () => {
  const html = await request({ path: '/' });
  const token = /name="veval-review-token" content="([^"]+)"/.exec(html.body)![1]!;
  const headers = { 'content-type': 'application/json', origin: new URL(review.url).origin, 'x-veval-token': token };
  const post = async (action: string, units: string[]) => JSON.parse((await request({ method: 'POST', path: `/api/${action}`, headers, body: JSON.stringify({ units }) })).body);
  await post('undo', ['b/default-desktop']);
  assert.equal(shaOf(base('b')), before1.b);
  const out = await post('approve', ['c/default-desktop', 'b/default-desktop', 'a/default-desktop']);
  const results: { unit: string; ok: boolean; message: string }[] = out.results ?? out;
  assert.deepEqual(results.map((r) => [r.unit, r.ok]), [['c/default-desktop', false], ['b/default-desktop', true], ['a/default-desktop', false]]);
  assert.match(results[0]!.message, /blocker finding.*required-visible/);
  assert.match(results[1]!.message, /^approved: wrote baselines\/b\/default-desktop\.png/);
  assert.doesNotMatch(results[1]!.message, /c\/default-desktop|image-alt/, 'no other capture\'s notes');
  assert.match(results[2]!.message, /already approved/);
  assert.equal(shaOf(base('b')), captured('b'));
  assert.equal(shaOf(base('c')), before1.c, 'refused: untouched');
});

test('a capture with a blocker is approved only with the explicit tick; rejecting it (r, with a comment) records it and leaves its baseline', async () => {
  const { p } = await open();
  await p.click('#u-c-default-desktop li.finding .msg');
  await p.keyboard.press('a');
  await p.waitForFunction(() => /c\/default-desktop:/.test(document.querySelector('#review-bar .review-said')!.textContent!));
  assert.match(await said(p) ?? '', /blocker finding.*required-visible/);
  assert.equal(shaOf(base('c')), before1.c, 'refused: untouched');
  // with the blocker tick: refused still, for the new accessibility violation, whose tick then shows
  await p.check('#u-c-default-desktop input[data-tick=force]');
  await p.click('#u-c-default-desktop button.approve');
  await p.waitForSelector('#u-c-default-desktop input[data-tick=acceptA11yDebt]');
  assert.match(await said(p) ?? '', /1 new accessibility violation.*image-alt/);
  assert.match(await p.textContent('#u-c-default-desktop .review-tick:has(input[data-tick=acceptA11yDebt])') ?? '', /known debt:.*image-alt at img/s);
  assert.equal(shaOf(base('c')), before1.c, 'refused: untouched');
  assert.equal(await p.isChecked('#u-c-default-desktop input[data-tick=force]'), true, 'the tick given survives the redraw');
  // both ticks: written, approved despite the blocker, the violation recorded as debt
  // the tick keeps the focus: `a` still approves from a checkbox (only a text field takes letters)
  await p.check('#u-c-default-desktop input[data-tick=acceptA11yDebt]');
  await p.keyboard.press('a');
  await p.waitForFunction(() => /3 approved/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  assert.equal(shaOf(base('c')), captured('c'));
  assert.match(await said(p) ?? '', /despite 1 blocker.*accessibility debt accepted: c\/default-desktop: image-alt/s);
  const debt = path.join(dir, 'baselines/c/a11y-debt.json');
  assert.equal(JSON.parse(fs.readFileSync(debt, 'utf8')).units['default-desktop'][0].rule, 'image-alt');
  const cManifest = () => JSON.parse(fs.readFileSync(path.join(dir, 'baselines/c/manifest.json'), 'utf8')).images['default-desktop'];
  assert.equal(cManifest().a11yDebt[0].acceptedBy, WHO);
  // undo: the image, the manifest entry and the debt as they were (there was none)
  await p.click('#u-c-default-desktop [data-act=undo]');
  await p.waitForFunction(() => /2 approved/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  assert.equal(shaOf(base('c')), before1.c);
  assert.equal(cManifest().sha256, before1.c);
  assert.equal(cManifest().a11yDebt, undefined);
  assert.equal(fs.existsSync(debt), false);
  // reject: a comment typed, then r on the capture
  await p.fill('#u-c-default-desktop .review-comment', 'the buy button must stay');
  await p.click('#u-c-default-desktop li.finding .msg');
  await p.keyboard.press('r');
  await p.waitForFunction(() => /1 rejected/.test(document.querySelector('#review-bar .review-counts')!.textContent!));
  assert.match(await counts(p) ?? '', /2 approved · 1 rejected · 0 left/);
  const c = reviewJson().units['c/default-desktop'];
  assert.equal(c.decision, 'rejected');
  assert.equal(c.comment, 'the buy button must stay');
  assert.equal(c.by, WHO);
  assert.ok(Date.now() - Date.parse(c.at) < 600_000);
  assert.equal(shaOf(base('c')), before1.c, 'rejected: untouched');
  assert.match(await p.textContent('#u-c-default-desktop .review-decision') ?? '', /rejected by Rita Reviewer.*the buy button must stay/);
  await p.close();
});

test('the next veval run passes the approved captures and still fails the rejected one', async () => {
  const next = await run();
  assert.deepEqual(next.report.specs.map((s: any) => [s.name, s.status]), [['a', 'pass'], ['b', 'pass'], ['c', 'fail']]);
});

test('a running or killed run cannot be reviewed', async () => {
  for (const [state, pid] of [['running', process.pid], ['running', 2 ** 22 + 17]] as const) {
    const copy = path.join(dir, 'evals', 'runs', `copy-${pid}`);
    fs.cpSync(runDir, copy, { recursive: true });
    const info = JSON.parse(fs.readFileSync(path.join(copy, 'run.json'), 'utf8'));
    fs.writeFileSync(path.join(copy, 'run.json'), JSON.stringify({ ...info, state, pid, host: os.hostname() }));
    const r = await runMain(['review', '--no-open', '--run', copy], dir);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, pid === process.pid ? /is still running.*only a completed run .* can be reviewed/ : /is killed.*only a completed run .* can be reviewed/);
    fs.rmSync(copy, { recursive: true });
  }
});

test('a bad --port or --idle is one clear line, exit 2, nothing served', async () => {
  for (const [args, said] of [[['--port', 'http'], /--port http: expected a port number/], [['--idle', 'soon'], /--idle soon: expected a duration such as 30s, 10m or 1h/]] as const) {
    const r = await runMain(['review', '--no-open', '--run', runDir, ...args], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, said);
    assert.doesNotMatch(r.stdout + r.stderr, /http:\/\/127|at .*\.ts:\d+/);
  }
});

test('a reviewer reading the page keeps it serving past --idle; Ctrl-C stops it and says so', { timeout: 90_000 }, async () => {
  const r = await startReview(dir, ['--run', runDir, '--idle', '3s']);
  try {
    const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await p.goto(r.url);
    await p.waitForSelector('#u-c-default-desktop .review-actions');
    // reading: scrolling and moving the mouse, no action taken, for more than twice --idle
    for (const until = Date.now() + 7000; Date.now() < until;) {
      await p.mouse.move(200 + Math.random() * 400, 300);
      await p.mouse.wheel(0, 60);
      await p.waitForTimeout(250);
    }
    assert.equal(r.child.exitCode, null, `still serving after 7 s of reading with --idle 3s:\n${r.out()}`);
    await p.close();
  } finally {
    await stopReview(r);
  }
  assert.match(r.out(), /stopped \(interrupted\): 2 approved, 1 rejected, 0 left/);
});

test('it stops by itself after --idle without a request, saying what was decided', { timeout: 60_000 }, async () => {
  const idle = await startReview(dir, ['--run', runDir, '--idle', '1s']);
  const code = await idle.exit;
  assert.equal(code, 0);
  assert.match(idle.out(), /stopped \(idle for 1s\): 2 approved, 1 rejected, 0 left/);
  assert.match(idle.out(), /commit the baselines: git add baselines\/a baselines\/b/);
});

test('an accepted design export is replaced only with its tick; undo refuses once a baseline changed under it', async () => {
  const token = /name="veval-review-token" content="([^"]+)"/.exec((await request({ path: '/' })).body)![1];
  const post = async (action: string, body: object) => {
    const r = await request({ method: 'POST', path: `/api/${action}`, headers: { 'content-type': 'application/json', origin: new URL(review.url).origin, 'x-veval-token': token }, body: JSON.stringify(body) });
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body).results[0] as { ok: boolean; message: string; needs?: { flag: string } };
  };
  const fromImage = async (spec: string) => {
    fs.mkdirSync(path.join(dir, 'design'), { recursive: true });
    fs.copyFileSync(path.join(runDir, spec, 'default-desktop.png'), path.join(dir, 'design', `${spec}.png`));
    const r = await runMain(['approve', '--from-image', `design/${spec}.png`, '--spec', spec, '--state', 'default', '--viewport', 'desktop'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    // the run stays the one of the current tree (approve refuses a stale run)
    fs.rmSync(path.join(dir, 'design'), { recursive: true });
  };
  const entry = (spec: string) => JSON.parse(fs.readFileSync(path.join(dir, `baselines/${spec}/manifest.json`), 'utf8')).images['default-desktop'];
  // a's baseline, approved in this review, is replaced by a design export: undo would lose it, so it refuses
  await fromImage('a');
  const undo = await post('undo', { units: ['a/default-desktop'] });
  assert.equal(undo.ok, false);
  assert.match(undo.message, /changed since this review approved it/);
  assert.equal(entry('a').provenance.file, 'design/a.png');
  // c: the rejection withdrawn, its baseline made a design export, then approved
  assert.equal((await post('undo', { units: ['c/default-desktop'] })).ok, true);
  await fromImage('c');
  const refused = await post('approve', { units: ['c/default-desktop'], force: true, acceptA11yDebt: true });
  assert.equal(refused.ok, false);
  assert.equal(refused.needs?.flag, 'replaceDesign');
  assert.equal(entry('c').provenance.file, 'design/c.png', 'kept');
  const replaced = await post('approve', { units: ['c/default-desktop'], force: true, acceptA11yDebt: true, replaceDesign: true });
  assert.equal(replaced.ok, true, replaced.message);
  assert.match(replaced.message, /replaces the design export design\/c\.png/);
  assert.equal(entry('c').provenance, undefined);
  assert.equal(entry('c').sha256, captured('c'));
});

// The review page as a reviewer meets it: a real run (pages served from 127.0.0.1, real captures,
// approved baselines, then a regression) with passing specs and one failing spec named last, opened
// from file:// in Chromium at 1400×900. What fails is on the first screen; filters, the hash, j/k,
// labels, links and the size-change diff behave as the page promises.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadProject } from '../../src/spec/project.js';
import { runPipeline } from '../../src/index.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{margin:0;font:16px/1.5 sans-serif}main{padding:16px}.tall{height:900px;background:#eef}.wrap{position:relative;width:240px}
button{font:inherit;padding:8px 24px}.promo{position:absolute;left:0;top:0;width:240px;height:44px;background:#c33;color:#fff}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
const form = (extra: string) => `<div class="tall">intro</div>${extra}<form><label>Name <input id="name"></label><div class="wrap"><button id="submit" type="button">Sign up</button>${'<div class="promo">50% off</div>'.repeat(extra ? 1 : 0)}</div></form>`;

const SPEC = (name: string, body: string) => `# yaml-language-server: $schema=../schema/spec.schema.json\nname: ${name}\n${body}`;
const PROJECT = {
  'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true }\njudge: { mode: off }\n',
  'site/about.html': page('About', '<p>We make forms.</p>'),
  'site/home.html': page('Home', '<p>Welcome.</p><a href="/signup.html">Sign up</a>'),
  'site/signup.html': page('Sign up', form('')),
  'specs/about.yaml': SPEC('about', 'route: /about.html\nviewports: [desktop, mobile]\nrequired: [{ selector: h1 }]\n'),
  'specs/home.yaml': SPEC('home', 'route: /home.html\nviewports: [desktop, mobile]\nparity: { maxDiffRatio: 0.001 }\n'),
  // named last: the failing spec must still come first
  'specs/signup.yaml': SPEC('signup', [
    'route: /signup.html', 'viewports: [desktop, mobile]', 'required: [{ selector: "#submit", name: sign-up button }]',
    'states:', '  - name: default', '  - name: sent', '    steps: [{ waitFor: { selector: "#thanks", timeout: 400 } }]',
    'parity: { maxDiffRatio: 0.001 }', '',
  ].join('\n')),
};

const devnull = { write: () => true } as unknown as NodeJS.WriteStream;
let browser: Browser;
let dir: string;
let runDir: string;
let report: any;

before(async () => {
  dir = tmpDir('veval-review-');
  writeTree(dir, PROJECT);
  const run = async (updateBaselines: boolean) => runPipeline(await loadProject({ cwd: dir }), { reporters: ['json', 'html'], argv: ['run'], log: devnull, updateBaselines });
  await run(true);
  // the regression: a promo box covers the sign-up button, and the page grew by a paragraph
  fs.writeFileSync(path.join(dir, 'site/signup.html'), page('Sign up', form('<p>New: refer a friend and both of you get a month free.</p>')));
  const second = await run(false);
  runDir = second.run.runDir;
  report = second.report;
  browser = await launchTestBrowser();
});
after(async () => { await browser?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

async function open(hash = ''): Promise<{ p: Page; errors: string[] }> {
  const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await p.goto(pathToFileURL(path.join(runDir, 'index.html')).href + hash, { waitUntil: 'load' });
  return { p, errors };
}
const rect = (p: Page, sel: string) => p.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height }; });

test('the run has passing specs and one failing spec, named last', () => {
  assert.deepEqual(report.specs.map((s: any) => [s.name, s.status]), [['about', 'pass'], ['home', 'pass'], ['signup', 'fail']]);
});

test('the first failing finding and its marked capture are on the first screen, without scrolling', async () => {
  const { p, errors } = await open();
  await p.waitForFunction(() => [...document.images].filter((i) => i.loading !== 'lazy').every((i) => i.complete));
  await p.waitForTimeout(100);
  assert.equal(await p.evaluate(() => window.scrollY), 0);
  const first = await p.$eval('li.finding', (li) => ({ id: li.id, unit: li.closest('details')!.id, text: li.textContent }));
  assert.match(first.unit, /^u-signup-default-/, 'the failing spec comes first although it is named last');
  assert.match(first.text!, /required-visible.*sign-up button.*covered by/);
  const li = await rect(p, 'li.finding');
  assert.ok(li.top >= 0 && li.bottom <= 900, `finding at ${li.top}..${li.bottom}`);
  // its box, on the candidate, inside the visible part of the figure's scroll area and of the window
  const box = await p.$eval(`figure.candidate .box[data-for="${first.id}"]`, (b) => {
    const r = b.getBoundingClientRect(), s = b.closest('.shot')!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, shot: { top: s.top, bottom: s.bottom } };
  });
  assert.ok(box.top >= Math.max(0, box.shot.top) && box.bottom <= Math.min(900, box.shot.bottom), `box ${box.top}..${box.bottom}, shot ${box.shot.top}..${box.shot.bottom}`);
  assert.ok(box.left >= 0 && box.right <= 1400);
  assert.deepEqual(errors, []);
  if (process.env.REVIEW_SHOT) await p.screenshot({ path: process.env.REVIEW_SHOT });
  await p.close();
});

test('a status filter hides the passing units, the page shrinks, and the hash restores the filter', async () => {
  const { p } = await open();
  const before = await p.evaluate(() => document.documentElement.scrollHeight);
  const passing = await p.$$eval('details.unit[data-status=pass]', (us) => us.map((u) => u.getBoundingClientRect().height + 8));
  assert.equal(passing.length, 4, 'about and home: 2 units each');
  await p.uncheck('input[name=status][value=pass]');
  assert.deepEqual(await p.$$eval('details.unit[data-status=pass]', (us) => us.map((u) => (u as HTMLElement).hidden)), passing.map(() => true));
  const afterH = await p.evaluate(() => document.documentElement.scrollHeight);
  const gone = passing.reduce((a, b) => a + b, 0);
  assert.ok(before - afterH >= gone - 2, `page ${before} → ${afterH} px; the passing units took ${gone} px`);
  const hash = await p.evaluate(() => location.hash);
  assert.equal(hash, '#status=fail,error');
  await p.close();

  const again = await open(hash);
  assert.equal(await again.p.isChecked('input[name=status][value=pass]'), false);
  assert.equal(await again.p.isChecked('input[name=status][value=fail]'), true);
  assert.ok((await again.p.$$eval('details.unit[data-status=pass]', (us) => us.every((u) => (u as HTMLElement).hidden))));
  assert.match(await again.p.textContent('#shown') ?? '', /^\d+ of 8 units shown$/);
  await again.p.close();
});

test('j moves to the next finding and k back', async () => {
  const { p } = await open();
  const ids = await p.$$eval('li.finding', (ls) => ls.map((l) => l.id));
  assert.ok(ids.length >= 2);
  const current = () => p.$eval('li.finding.current', (l) => l.id).catch(() => null);
  await p.keyboard.press('j');
  assert.equal(await current(), ids[0]);
  await p.keyboard.press('j');
  assert.equal(await current(), ids[1]);
  assert.ok(await p.$eval(`.box.current[data-for="${ids[1]}"], li.finding.current`, () => true));
  await p.keyboard.press('k');
  assert.equal(await current(), ids[0]);
  // a click zooms the candidate to the finding's box, inside its figure
  await p.click(`li#${ids[0]} .msg`);
  const z = await p.$eval(`figure.candidate .box[data-for="${ids[0]}"]`, (b) => {
    const stage = b.parentElement!, shot = b.closest('.shot')!;
    const r = b.getBoundingClientRect(), s = shot.getBoundingClientRect();
    return { zoom: stage.getBoundingClientRect().width / shot.clientWidth, inside: r.top >= s.top && r.bottom <= s.bottom && r.left >= s.left && r.right <= s.right };
  });
  assert.ok(z.zoom > 1.2, `zoom ${z.zoom}`);
  assert.ok(z.inside, 'the zoomed box is in view');
  await p.keyboard.press('Escape');
  assert.ok(await p.$eval(`figure.candidate .box[data-for="${ids[0]}"]`, (b) => Math.abs(b.parentElement!.getBoundingClientRect().width - b.closest('.shot')!.clientWidth) < 2));
  // the unit's approve command names this run folder, so a newer run is never approved by mistake
  const cmd = await p.$eval(`li#${ids[0]}`, (li) => li.closest('details')!.querySelector('.cmd code')!.textContent);
  assert.match(cmd!, new RegExp(`^veval approve --run ${runDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} --spec signup --state default --viewport (desktop|mobile)$`));
  await p.close();
});

test('no label covers the box it labels; every linked file exists', async () => {
  const { p } = await open();
  await p.evaluate(() => document.querySelectorAll('details').forEach((d) => { (d as HTMLDetailsElement).open = true; }));
  // every image now, not when scrolled near: a lazy one far below the window never loads, and this
  // test is about every linked file and every label, not about when a reader reaches them
  await p.evaluate(() => [...document.images].forEach((i) => { i.loading = 'eager'; }));
  await p.waitForFunction(() => [...document.images].every((i) => i.complete));
  const overlaps = await p.$$eval('.box', (boxes) => boxes.filter((b) => (b as HTMLElement).offsetParent).flatMap((b) => {
    const r = b.getBoundingClientRect(), t = b.querySelector('.tag')!.getBoundingClientRect();
    const hit = t.left < r.right && t.right > r.left && t.top < r.bottom && t.bottom > r.top;
    return hit ? [`${b.getAttribute('title')}: label ${JSON.stringify(t)} box ${JSON.stringify(r)}`] : [];
  }));
  assert.ok(await p.$$eval('.box', (b) => b.length) > 0);
  assert.deepEqual(overlaps, []);
  const links = await p.$$eval('img[src], a[href]', (els) => els.map((e) => e.getAttribute('src') ?? e.getAttribute('href')!).filter((u) => !u.startsWith('#')));
  assert.ok(links.length > 10);
  const missing = links.filter((u) => !fs.existsSync(fileURLToPath(new URL(u, pathToFileURL(path.join(runDir, 'index.html'))))));
  assert.deepEqual(missing, []);
  assert.deepEqual(await p.$$eval('img', (imgs) => imgs.filter((i) => !(i as HTMLImageElement).naturalWidth).map((i) => i.getAttribute('src'))), []);
  await p.close();
});

test('a size-changed capture has a diff image with the added strip marked; a failed step shows what the page looked like', async () => {
  const signup = report.specs.find((s: any) => s.name === 'signup');
  const sized = signup.units.filter((u: any) => u.parity === 'size-changed');
  assert.ok(sized.length >= 1, JSON.stringify(signup.units.map((u: any) => u.parity)));
  const { p } = await open();
  for (const u of sized) {
    const id = `u-signup-${u.state}-${u.viewport}`;
    assert.ok(u.files.diff, `${id} has a diff file`);
    assert.equal(await p.$eval(`#${id} figure.diff img`, (i) => i.getAttribute('src')), u.files.diff);
    assert.ok(await p.$eval(`#${id} figure.diff .box.strip .tag`, (t) => /added strip/.test(t.textContent ?? '')));
    assert.doesNotMatch(await p.$eval(`#${id} .side`, (e) => e.textContent ?? ''), /not compared/);
  }
  const failed = signup.units.find((u: any) => u.state === 'sent' && u.viewport === 'desktop');
  assert.equal(failed.status, 'error');
  assert.equal(failed.files.failure, 'signup/sent-desktop.failure.png');
  assert.equal(await p.$eval('#u-signup-sent-desktop figure.failure img', (i) => i.getAttribute('src')), 'signup/sent-desktop.failure.png');
  assert.match(await p.$eval('#u-signup-sent-desktop .side', (e) => e.textContent ?? ''), /step 1 \(waitFor "#thanks"\)/);
  await p.close();
});

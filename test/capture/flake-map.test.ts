// Flake maps (issue 16 B) as a user meets them, through the real CLI on a page served from
// 127.0.0.1: a news page with a ticking clock and an autoplaying carousel fails `stability`
// naming both elements, their causes and the masks to add; the console prints the masks as a
// line to paste; the flake map lies beside the capture and over it in the HTML report; pasting
// the printed masks into the spec makes the next run pass.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { pngSize } from '../../src/parity/store/png.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { STABILITY_PAGES } from './stability-cases.js';

const SPEC = 'route: /news.html\nviewports: [desktop]\nchecks: { axe: false }\n';
let dir: string, first: Awaited<ReturnType<typeof runMain>>, report: any, runDir: string;
let browser: Browser;

before(async () => {
  dir = tmpDir('veval-flake-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 1280, height: 800 }\njudge: { mode: off }\n',
    'site/news.html': fs.readFileSync(path.join(STABILITY_PAGES, 'clock-carousel.html'), 'utf8'),
    'specs/news.yaml': SPEC,
  });
  first = await runMain(['run', '--reporter', 'list,json,html'], dir);
  runDir = fs.realpathSync(path.join(dir, 'evals', 'latest'));
  report = JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8'));
  browser = await launchTestBrowser();
});
after(async () => { await browser?.close(); });

const stabilityFinding = () => report.specs[0].findings.find((f: any) => f.check === 'stability');

test('the clock and the carousel fail stability, both named with their cause and the mask to add', () => {
  assert.equal(first.code, 1, first.stdout + first.stderr);
  const f = stabilityFinding();
  assert.ok(f, JSON.stringify(report.specs[0].findings.map((x: any) => x.message)));
  assert.equal(f.severity, 'blocker');
  assert.match(f.message, /\.promos \(a carousel\)/);
  assert.match(f.message, /time\.updated \(a running clock\)/);
  assert.match(f.message, /add masks: \["\.promos", "time\.updated"\]/);
  assert.deepEqual(f.evidence.masks, ['.promos', 'time.updated']);
  const hot = f.evidence.hot as any[];
  const carousel = hot.find((h) => h.cause === 'carousel'), clock = hot.find((h) => h.cause === 'clock');
  // the carousel's mask is the part that stays (not the slide or the track, which move), the clock's its own element
  assert.ok(carousel && clock, JSON.stringify(hot));
  assert.equal(carousel.element, 'section.promos');
  assert.ok(carousel.box.width >= 590 && carousel.box.height >= 190, JSON.stringify(carousel.box));
  assert.ok(clock.box.y < 40 && clock.box.width < 80, JSON.stringify(clock.box));
  assert.ok(clock.changes >= 2 && carousel.changes >= 2, 'both kept changing over the shots');
});

test('the flake map is a PNG the size of the capture, beside it, cited by the finding and the report unit', () => {
  const f = stabilityFinding();
  const unit = report.specs[0].units[0];
  assert.equal(f.evidence.flakeMap, 'news/default-desktop.flake.png');
  assert.equal(unit.files.flakeMap, f.evidence.flakeMap);
  const map = fs.readFileSync(path.join(runDir, f.evidence.flakeMap));
  assert.deepEqual(pngSize(map), pngSize(fs.readFileSync(path.join(runDir, unit.files.capture))));
  assert.deepEqual(fs.readdirSync(path.join(runDir, 'news')).filter((n) => n.endsWith('.tmp')), [], 'written atomically: no temp file left');
  const record = JSON.parse(fs.readFileSync(path.join(runDir, 'news/default-desktop.json'), 'utf8'));
  assert.equal(record.stability.map, 'default-desktop.flake.png');
});

test('the console prints the masks to add as a line to paste into the spec', () => {
  assert.match(first.stderr, /^masks to add to specs\/news\.yaml \(stability\): masks: \["\.promos", "time\.updated"\]$/m, first.stderr);
});

test('the HTML report lays the flake map over the capture, the hot areas outlined and labelled', async () => {
  const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await p.goto(pathToFileURL(path.join(runDir, 'index.html')).href);
  const fig = p.locator('figure.flake');
  await fig.locator('img.heat').evaluate((img: HTMLImageElement) => img.decode());
  const [shot, heat] = await Promise.all(['img:first-child', 'img.heat'].map((s) => fig.locator(`.stage > ${s}`).boundingBox()));
  assert.ok(shot && heat && heat.width > 100, 'both images drawn');
  for (const k of ['x', 'y', 'width', 'height'] as const) assert.ok(Math.abs(shot![k] - heat![k]) < 1, `the map covers the capture exactly (${k})`);
  const labels = await fig.locator('.box .tag').allTextContents();
  assert.ok(labels.includes('mask .promos — carousel') && labels.includes('mask time.updated — clock'), labels.join(' | '));
  await p.close();
});

test('with the printed masks pasted into the spec, the next run passes', async () => {
  const line = first.stderr.split('\n').find((l) => l.startsWith('masks to add to'))!;
  fs.writeFileSync(path.join(dir, 'specs/news.yaml'), `${SPEC}${line.slice(line.indexOf('masks: ['))}\n`);
  const second = await runMain(['run', '--reporter', 'list,json'], dir);
  assert.equal(second.code, 0, second.stderr);
  const again = JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals', 'latest')), 'report.json'), 'utf8'));
  assert.equal(again.specs[0].findings.filter((f: any) => f.check === 'stability').length, 0);
  assert.doesNotMatch(second.stderr, /masks to add/);
});

// The HTML report in real headless Chromium, opened from file:// as a downloaded CI artifact would be.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { writeReports } from '../../src/report/index.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { CLUSTERS, editReport, gatedRun, HOSTILE, richReport } from './fixture.js';

let browser: Browser;
before(async () => { browser = await launchTestBrowser(); });
after(async () => { await browser?.close(); });

async function open(dir: string): Promise<{ page: Page; errors: string[] }> {
  const [file] = writeReports(dir, ['html']);
  assert.equal(path.basename(file), 'index.html');
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  // passing units start collapsed (their images load lazily): open them all
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { (d as HTMLDetailsElement).open = true; }));
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  return { page, errors };
}

test('index.html opens from file:// without console errors and loads every image', async () => {
  const { dir } = gatedRun();
  const { page, errors } = await open(dir);
  const broken = await page.$$eval('img', (imgs) => imgs.filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0).map((i) => i.getAttribute('src')));
  assert.deepEqual(broken, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('index.html lists every finding of the report', async () => {
  const { dir, report } = gatedRun();
  const { page } = await open(dir);
  const shown = await page.$$eval('li.finding .msg', (els) => els.map((e) => e.textContent));
  const all = report.specs.flatMap((s) => s.findings.map((f) => f.message));
  assert.equal(shown.length, all.length);
  assert.deepEqual([...shown].sort(), [...all].sort());
  await page.close();
});

test('evidence boxes sit on the cited element: CSS px scaled to the device-px capture', async () => {
  const { dir, report } = gatedRun();
  const { page } = await open(dir);
  const checkout = report.specs.find((s) => s.name === 'checkout')!;
  const withBox = checkout.findings.filter((f) => f.evidence.box && f.state);
  assert.ok(withBox.length >= 3);
  for (const f of withBox) {
    const unit = checkout.units.find((u) => u.state === f.state && u.viewport === f.viewport)!;
    const got = await page.evaluate(({ unitKey, message }) => {
      const u = document.getElementById(`u-checkout-${unitKey}`)!;
      const box = [...u.querySelectorAll<HTMLElement>('figure.candidate .box')].find((b) => b.title.endsWith(message))!;
      const img = box.parentElement!.querySelector('img')!;
      const r = box.getBoundingClientRect(), i = img.getBoundingClientRect();
      return { box: { x: r.x, y: r.y, w: r.width, h: r.height }, img: { x: i.x, y: i.y, w: i.width, h: i.height }, natural: img.naturalWidth };
    }, { unitKey: `${f.state}-${f.viewport}`, message: f.message });
    // device px per CSS px, then displayed px per device px
    const scale = (unit.viewportSize!.deviceScaleFactor * got.img.w) / got.natural;
    const b = f.evidence.box!;
    const expected = { x: got.img.x + b.x * scale, y: got.img.y + b.y * scale, w: b.width * scale, h: b.height * scale };
    for (const k of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(got.box[k] - expected[k]) < 1, `${f.check} ${k}: drawn ${got.box[k]}, expected ${expected[k]}`);
  }
  await page.close();
});

test('severity and check filters hide the other findings and boxes', async () => {
  const { dir } = gatedRun();
  const { page } = await open(dir);
  const visible = () => page.$$eval('li.finding', (els) => els.filter((e) => !(e as HTMLElement).hidden).map((e) => `${e.getAttribute('data-severity')}:${e.getAttribute('data-check')}`));
  const before = await visible();
  assert.ok(before.some((v) => v.startsWith('blocker')));
  await page.uncheck('input[name=sev][value="blocker"]');
  assert.ok((await visible()).every((v) => !v.startsWith('blocker')));
  assert.equal(await page.$eval('.box[data-severity="blocker"]', (b) => (b as HTMLElement).hidden), true);
  await page.check('input[name=sev][value="blocker"]');
  await page.selectOption('select[name=check]', 'min-gap');
  assert.deepEqual(await visible(), ['polish:min-gap']);
  // the units without a min-gap finding are hidden too, not just their bullets
  assert.deepEqual(await page.$$eval('details.unit', (us) => us.filter((u) => !(u as HTMLElement).hidden).map((u) => u.id)), ['u-checkout-default-desktop']);
  await page.close();
});

test('the slider reveals baseline over candidate by the chosen share', async () => {
  const { dir } = gatedRun();
  const { page } = await open(dir);
  await page.check('#u-checkout-default-mobile .modes input[value=slider]');
  assert.equal(await page.$eval('#u-checkout-default-mobile .mode-side', (e) => getComputedStyle(e).display), 'none', 'slider mode hides side by side');
  const slider = page.locator('#u-checkout-default-mobile input[data-slider]');
  await slider.fill('30');
  const ratio = await page.$eval('#u-checkout-default-mobile .compare', (c) => c.querySelector<HTMLElement>('.top')!.getBoundingClientRect().width / c.getBoundingClientRect().width);
  assert.ok(Math.abs(ratio - 0.3) < 0.02, `ratio ${ratio}`);
  await page.close();
});

test('candidate, baseline and diff are shown at one scale side by side, in the slider and in the overlay, whatever their sizes', async () => {
  const { dir } = gatedRun();
  // the approved baseline as a design export at another pixel size (1.5× the capture's width)
  const big = new PNG({ width: 1170, height: 3000 });
  big.data.fill(200);
  fs.writeFileSync(path.join(dir, 'checkout', 'default-mobile.baseline.png'), PNG.sync.write(big));
  const { page } = await open(dir);
  const scales = (sel: string) => page.$$eval(sel, (imgs) => imgs.map((i) => (i as HTMLImageElement).getBoundingClientRect().width / (i as HTMLImageElement).naturalWidth));
  const side = await scales('#u-checkout-default-mobile .mode-side figure .stage > img:first-child');
  assert.equal(side.length, 3, 'candidate, baseline, diff');
  for (const k of side) assert.ok(Math.abs(k - side[0]) / side[0] < 0.02, `CSS px per image px side by side: ${side.join(', ')}`);
  await page.check('#u-checkout-default-mobile .modes input[value=slider]');
  const slider = await scales('#u-checkout-default-mobile .compare img');
  assert.ok(Math.abs(slider[1] - slider[0]) / slider[0] < 0.02, `slider: ${slider.join(', ')}`);
  await page.check('#u-checkout-default-mobile .modes input[value=overlay]');
  const overlay = await scales('#u-checkout-default-mobile .overlay img');
  assert.ok(Math.abs(overlay[1] - overlay[0]) / overlay[0] < 0.02, `overlay: ${overlay.join(', ')}`);
  await page.close();
});

test('hostile page-derived text shows as text and never runs', async () => {
  const { dir } = gatedRun(true);
  const { page } = await open(dir);
  assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
  const text = await page.evaluate(() => document.body.innerText);
  for (const s of [HOSTILE.script, HOSTILE.attr, HOSTILE.selector]) assert.ok(text.includes(s), `missing as text: ${s}`);
  assert.equal(await page.$$eval('img[src="x"]', (e) => e.length), 0);
  assert.equal(await page.$$eval('a[href^="javascript:"]', (e) => e.length), 0);
  await page.close();
});

test('a parity finding outlines every changed area it lists, labelled, on the capture and on the diff', async () => {
  const { dir, report } = gatedRun();
  richReport(dir, report);
  const { page, errors } = await open(dir);
  const unit = report.specs.find((s) => s.name === 'checkout')!.units.find((u) => u.viewport === 'mobile')!;
  for (const fig of ['candidate', 'diff']) {
    const got = await page.$$eval(`#u-checkout-default-mobile figure.${fig}`, (figs) => {
      const f = figs[0];
      const img = f.querySelector('img')!.getBoundingClientRect();
      return [...f.querySelectorAll<HTMLElement>('.box[data-check="parity"]')].map((b) => {
        const r = b.getBoundingClientRect();
        return { tag: b.querySelector('.tag')!.textContent, x: (r.x - img.x) / img.width, y: (r.y - img.y) / img.height, w: r.width / img.width };
      });
    });
    // drawing order is not meaningful (the candidate draws its first finding last, on top)
    got.sort((a, b) => a.tag!.localeCompare(b.tag!));
    assert.deepEqual(got.map((g) => g.tag), ['changed area 1 of 3', 'changed area 2 of 3', 'changed area 3 of 3'], fig);
    const css = { w: unit.image!.width / unit.viewportSize!.deviceScaleFactor, h: unit.image!.height / unit.viewportSize!.deviceScaleFactor };
    CLUSTERS.forEach((c, i) => {
      assert.ok(Math.abs(got[i].x - c.x / css.w) < 0.005 && Math.abs(got[i].y - c.y / css.h) < 0.005 && Math.abs(got[i].w - c.width / css.w) < 0.005, `${fig} area ${i + 1}: ${JSON.stringify(got[i])}`);
    });
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a min-gap box is labelled as the gap between its two regions, not the second region\'s selector', async () => {
  const { dir, report } = gatedRun();
  richReport(dir, report);
  const { page } = await open(dir);
  assert.equal(await page.$eval('[data-spec=checkout] li.finding[data-check="min-gap"] code.target', (c) => c.textContent), 'gap between summary and footer');
  assert.equal(await page.$eval('[data-spec=checkout] .box[data-check="min-gap"] .tag', (t) => t.textContent), 'gap between summary and footer');
  assert.ok(!(await page.$eval('[data-spec=checkout] li.finding[data-check="min-gap"]', (l) => l.textContent))!.includes('aside.order-summary'));
  await page.close();
});

test('index.html says per spec which baselines the run wrote (listed in report.json, or only the units\' parity outcome)', async () => {
  for (const [how, shown] of [['listed', 'baselines/checkout/default-desktop.png'], ['outcome-only', 'default @ desktop']] as const) {
    const { dir, report } = gatedRun();
    richReport(dir, report, how);
    const { page } = await open(dir);
    assert.equal(await page.$eval('#spec-checkout .baselines', (p) => p.textContent), `baselines written: ${shown}`, how);
    assert.equal(await page.$$eval('#spec-home .baselines', (p) => p.length), 0);
    await page.close();
  }
});

test('a diff within tolerance is still shown, dimmed, and the table marks the unit as changed', async () => {
  const { dir, report } = gatedRun();
  editReport(dir, report, (r) => { r.specs.find((s) => s.name === 'checkout')!.units.find((u) => u.viewport === 'mobile')!.parity = 'within-tolerance'; });
  const { page } = await open(dir);
  assert.equal(await page.$eval('#u-checkout-default-mobile figure.diff', (f) => f.classList.contains('dim')), true);
  assert.match(await page.$eval('#u-checkout-default-mobile figure.diff figcaption', (f) => f.textContent ?? ''), /within tolerance, still shown/);
  assert.match(await page.$eval('a.cell[href="#u-checkout-default-mobile"]', (a) => a.getAttribute('title') ?? ''), /changed within tolerance/);
  await page.close();
});

test('with JavaScript off everything is visible: every unit open, every finding and mode shown, no filter controls', async () => {
  const { dir } = gatedRun();
  const [file] = writeReports(dir, ['html']);
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(pathToFileURL(file).href);
  assert.ok(await page.$$eval('details.unit', (ds) => ds.length > 0 && ds.every((d) => (d as HTMLDetailsElement).open)));
  assert.ok(await page.$$eval('li.finding', (ls) => ls.every((l) => (l as HTMLElement).offsetParent !== null)));
  assert.equal(await page.isVisible('#filters'), false, 'filters need the script');
  assert.equal(await page.isVisible('#u-checkout-default-mobile .mode-slider'), true, 'every mode is shown without the script');
  await ctx.close();
});

test('index.html draws a sweep strip per swept state: the widths on an axis, each failing range a bar linked to its screenshot', async () => {
  const { dir, report } = gatedRun();
  const shot = 'checkout/default-sweep-600.png';
  fs.copyFileSync(path.join(dir, 'checkout', 'default-desktop.png'), path.join(dir, shot));
  editReport(dir, report, (r) => {
    const spec = r.specs.find((s) => s.name === 'checkout')!;
    spec.units.push({
      state: 'default', viewport: 'sweep', status: 'fail', viewportSize: null, image: null, files: { capture: shot, record: 'checkout/default-sweep.json', axe: null },
      parity: null, ms: 4200, timings: null, fails: true, effect: 'blocker',
      sweep: { from: 320, to: 1400, step: 40, height: 900, measured: 41, breakpoints: [768], error: null, timings: { total: 4200, open: 800, measure: 3000, screenshots: 400 },
        ranges: [{ kind: 'overflow', severity: 'blocker', from: 600, to: 640, worst: 600, screenshot: shot }, { kind: 'collision', severity: 'important', from: 1023, to: 1023, worst: 1023, screenshot: null }] },
    });
  });
  const { page, errors } = await open(dir);
  const strip = await page.$$eval('#spec-checkout figure.sweep .seg', (segs) => segs.map((s) => ({ tag: s.tagName, label: s.getAttribute('title'), href: s.getAttribute('href'), left: (s as HTMLElement).style.left })));
  assert.deepEqual(strip, [
    { tag: 'A', label: 'overflow 600–640 px (worst 600 px)', href: shot, left: `${Math.round(10000 * 280 / 1081) / 100}%` },
    { tag: 'SPAN', label: 'collision at 1023 px (worst 1023 px)', href: null, left: `${Math.round(10000 * 703 / 1081) / 100}%` },
  ]);
  assert.deepEqual(await page.$$eval('#spec-checkout figure.sweep .axis span', (s) => s.map((x) => x.textContent)), ['320', '768', '1400']);
  assert.match(await page.$eval('#spec-checkout figure.sweep figcaption', (f) => f.textContent ?? ''), /320–1400 px, 41 widths measured in 4\.2 s/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('change labels on a thumbnail never lie on one another, however close their areas (issue 55)', async () => {
  const { dir, report } = gatedRun();
  richReport(dir, report);
  // three changed areas a few px apart: at thumbnail scale their labels start at one spot
  editReport(dir, report, (r) => {
    const parity = r.specs.find((s) => s.name === 'checkout')!.findings.find((f) => f.check === 'parity' && f.evidence.box)!;
    Object.assign(parity.evidence, { clusters: [0, 1, 2].map((i) => ({ box: { x: 40 + 6 * i, y: 300 + 4 * i, width: 30, height: 20 }, pixels: 900 - i })) });
  });
  const { page, errors } = await open(dir);
  await page.evaluate(() => window.dispatchEvent(new Event('resize')));
  const overlaps = await page.$$eval('.stage', (stages) => stages.flatMap((st) => {
    const r = [...st.querySelectorAll('.box > .tag')].map((t) => ({ text: t.textContent, b: t.getBoundingClientRect() })).filter((x) => x.b.width > 0);
    const out: string[] = [];
    for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
      const a = r[i].b, b = r[j].b;
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) out.push(`${r[i].text} / ${r[j].text}`);
    }
    return out;
  }));
  assert.deepEqual(overlaps, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('at 390 px the report does not overflow sideways on a long URL in a finding message (issue 55)', async () => {
  const { dir, report } = gatedRun();
  const url = 'https://dequeuniversity.com/rules/axe/4.14/landmark-no-duplicate-contentinfo?application=axeAPI';
  editReport(dir, report, (r) => { r.specs[0].findings[0].message = `axe landmark-no-duplicate-contentinfo (moderate) at mobile (default): Document should not have more than one contentinfo landmark (${url})`; });
  const [file] = writeReports(dir, ['html']);
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { (d as HTMLDetailsElement).open = true; }));
  const wide = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    return { scrollWidth: document.documentElement.scrollWidth, vw, past: [...document.querySelectorAll('li.finding')].filter((e) => e.getBoundingClientRect().right > vw + 0.5).map((e) => e.id) };
  });
  assert.deepEqual(wide.past, [], `findings wider than the screen: ${JSON.stringify(wide)}`);
  assert.ok(wide.scrollWidth <= wide.vw, `the page scrolls sideways: ${JSON.stringify(wide)}`);
  await page.close();
});

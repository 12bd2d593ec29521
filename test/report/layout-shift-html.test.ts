// A layout-shift finding in the HTML report: the moved element drawn where it is now and, dashed,
// where it was before it moved (and each element that moved with it); the unit's score beside its name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { writeReports } from '../../src/report/index.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { editReport, gatedRun } from './fixture.js';

let browser: Browser;
before(async () => { browser = await launchTestBrowser(); });
after(async () => { await browser?.close(); });

test('previous and current rectangles of a moved element, and the unit\'s layout-shift score', async () => {
  const { dir, report } = gatedRun();
  editReport(dir, report, (r) => {
    const spec = r.specs.find((s) => s.name === 'checkout')!;
    const unit = spec.units.find((u) => u.viewport === 'desktop')!;
    unit.layoutShift = { score: 0.0063, shifts: 1, excluded: 2 };
    const evidence: Record<string, unknown> & { file: string } = {
      file: 'checkout/default-desktop.png', selector: '#pay', box: { x: 16, y: 348, width: 200, height: 40 }, previousBox: { x: 16, y: 300, width: 200, height: 40 },
      also: [{ selector: 'label', box: { x: 16, y: 248, width: 300, height: 30 }, previousBox: { x: 16, y: 200, width: 300, height: 30 } }],
    };
    spec.findings.push({
      check: 'layout-shift', severity: 'blocker', state: unit.state, viewport: unit.viewport, fails: true, effect: 'blocker',
      message: '#pay (required "Pay") moved down 48 px at 593 ms after navigation, after it was painted; cause: div.promo-bar inserted above, 48 px tall, no space reserved',
      evidence,
    });
  });
  const [file] = writeReports(dir, ['html']);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(pathToFileURL(file!).href, { waitUntil: 'load' });
  const unit = '#u-checkout-default-desktop';
  const boxes = await page.$$eval(`${unit} figure.candidate .box[data-check="layout-shift"]`, (bs) => bs.map((b) => ({ was: b.classList.contains('was'), label: b.textContent })));
  assert.deepEqual(boxes.filter((b) => b.was).map((b) => b.label).sort(), ['before: #pay', 'before: label']);
  assert.equal(boxes.filter((b) => !b.was).length, 1, 'the element where it is now');
  assert.match(await page.$eval(`${unit} summary`, (s) => s.textContent ?? ''), /layout shift 0\.0063 \(1 shift\)/);
  await page.close();
});

// An accepted design export as the approved reference, end to end through the CLI: the export is
// a second page rendered here in Chromium with another font stack (the designer's serif) at 2×; the
// app is served from 127.0.0.1 by the project's own static server and captured by `veval run`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchTestBrowser } from '../helpers/browser.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DESIGN_DEFAULTS } from '../../src/core/limits.js';
import { render, screen, REGIONS, DESIGN_FONTS, WIDTH, HEIGHT, SCREENS } from './design-pairs.js';

let browser: Browser;
let exportPng: Buffer, wideExport: Buffer;
let boxes: string;
before(async () => {
  browser = await launchTestBrowser();
  wideExport = (await render(browser, screen({ font: DESIGN_FONTS[0] }, true), 2, REGIONS, SCREENS['checkout-wide'].viewport)).png;
  // the designer's frame: serif font stack, exported at 2× as design tools do
  const r = await render(browser, screen({ font: DESIGN_FONTS[0] }), 2);
  exportPng = r.png;
  // the boxes a plugin writes: frame units (1×), one per named region
  boxes = JSON.stringify({ version: 1, frame: { width: WIDTH }, regions: Object.fromEntries(Object.entries(r.regions).map(([k, b]) => [k, b])) }, null, 2);
});
after(async () => { await browser?.close(); });

const SPEC = `route: /checkout.html
viewports: [mobile]
regions: ${JSON.stringify(REGIONS)}
checks: { axe: false, min-gap: false, task-order: false, stability: false }
parity: {}
`;

function project(): string {
  const dir = tmpDir('veval-design-');
  writeTree(dir, {
    'visual-eval.config.yaml': `server: { static: site }\nviewports:\n  mobile: { width: ${WIDTH}, height: ${HEIGHT} }\n`,
    'site/checkout.html': screen(),
    'specs/checkout.yaml': SPEC,
    'design/checkout-mobile.png': exportPng,
    'design/checkout-mobile.boxes.json': boxes,
  });
  return dir;
}

const readJson = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8'));
const latest = (dir: string, rel: string) => readJson(path.join(dir, 'evals', 'latest', rel));
const IMPORT = ['approve', '--from-image', 'design/checkout-mobile.png', '--spec', 'checkout', '--state', 'default', '--viewport', 'mobile'];

test('a design export in another font stack passes for the matching implementation and fails, naming the region, when the summary moved below the form', async () => {
  const dir = project();
  let r = await runMain(IMPORT, dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /approved +baselines\/checkout\/default-mobile\.png from design export design\/checkout-mobile\.png \(780×\d+ px, sha256 [0-9a-f]{12}\)/);
  const entry = readJson(path.join(dir, 'baselines/checkout/manifest.json')).images['default-mobile'];
  assert.equal(entry.provenance.kind, 'design-export');
  assert.equal(entry.provenance.file, 'design/checkout-mobile.png');
  assert.equal(entry.provenance.sha256, entry.sha256);
  assert.equal(entry.environment, null, 'no browser made it');
  assert.equal(entry.runId, null);
  assert.ok(entry.approver && entry.approvedAt);
  assert.deepEqual(entry.settings.parity.design, { ...DESIGN_DEFAULTS }, 'every threshold, for the guard');
  assert.deepEqual(fs.readFileSync(path.join(dir, 'baselines/checkout/default-mobile.png')), exportPng);

  r = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  let unit = latest(dir, 'checkout/parity.json').units[0];
  assert.equal(unit.outcome, 'design-match', unit.message);
  // chosen by the baseline's provenance; named in parity.json and in report.json
  assert.deepEqual(unit.comparators, ['design-export']);
  assert.deepEqual(latest(dir, 'report.json').specs[0].units[0].comparators, ['design-export']);
  assert.equal(unit.design.regions.length, 4);
  assert.ok(unit.design.regions.every((x: { score: number }) => x.score >= 0.7), JSON.stringify(unit.design.regions));
  r = await runMain(['verify'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  // importing another export (here: with region boxes) makes that report stale, as any baseline change does
  r = await runMain([...IMPORT, '--boxes', 'design/checkout-mobile.boxes.json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runMain(['verify'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /baselines changed since run .*\n.*checkout: baselines\/checkout\/manifest\.json \(entry default-mobile\)/);
  r = await runMain(IMPORT, dir);   // back to the export without boxes
  assert.match(r.stdout, /approved +baselines\/checkout\/default-mobile\.png/);
  // run --update-baselines leaves the accepted export in place (only an explicit approve replaces it)
  r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'baselines/checkout/default-mobile.png')), exportPng);
  assert.match(latest(dir, 'checkout/parity.json').notes.join('\n'), /baseline not written for checkout\/default-mobile: its baseline is the accepted design export design\/checkout-mobile\.png/);

  // the implementation moves the order summary below the payment form
  fs.writeFileSync(path.join(dir, 'site/checkout.html'), screen({ summaryBelow: true }));
  r = await runMain(['run', '--reporter', 'json,html'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const parity = latest(dir, 'checkout/parity.json');
  unit = parity.units[0];
  // the review page draws the departure on both images: the capture and the export
  const html = fs.readFileSync(path.join(dir, 'evals', 'latest', 'index.html'), 'utf8');
  assert.match(html, /baseline \(approved design export\)/);
  assert.match(html, /region summary in the export/);
  assert.match(html, /region summary/);
  assert.equal(unit.outcome, 'design-departs');
  const summary = parity.findings.find((f: { evidence: { region?: string } }) => f.evidence.region === 'summary');
  assert.ok(summary, JSON.stringify(parity.findings.map((f: { message: string }) => f.message)));
  assert.equal(summary.severity, 'blocker');
  assert.match(summary.message, /region "summary" departs from the design export design\/checkout-mobile\.png: moved by \(-?\d+(\.\d)?, 4\d\d(\.\d)?\) px from where the export has it/);
  assert.ok(summary.evidence.kinds.includes('moved'), JSON.stringify(summary.evidence));
  assert.ok(summary.evidence.exportBox && summary.evidence.box, 'boxes for both images');
});

test('with region boxes the moved region\'s offset is reported in px against the tolerance; the matching implementation stays within it', async () => {
  const dir = project();
  let r = await runMain([...IMPORT, '--boxes', 'design/checkout-mobile.boxes.json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /with region boxes design\/checkout-mobile\.boxes\.json \(header, form, summary, cta\)/);
  r = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(latest(dir, 'checkout/parity.json').units[0].outcome, 'design-match');

  fs.writeFileSync(path.join(dir, 'site/checkout.html'), screen({ summaryBelow: true }));
  r = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const parity = latest(dir, 'checkout/parity.json');
  const summary = parity.findings.find((f: { evidence: { region?: string } }) => f.evidence.region === 'summary');
  assert.ok(summary, JSON.stringify(parity.findings.map((f: { message: string }) => f.message)));
  const dy = summary.evidence.offset.dy;
  assert.ok(dy > 200, `the summary sits below the form now: dy ${dy}`);
  assert.match(summary.message, new RegExp(`moved by \\(0, ${dy}\\) px from where the export has it \\(allowed: 8 px across, [\\d.]+ px up or down there`));
  // its content is still the export's summary, found at the export's box
  assert.ok(parity.units[0].design.regions.find((x: { name: string }) => x.name === 'summary').score >= 0.7);
  const layout = latest(dir, 'checkout/layout-diff.json').units[0];
  assert.equal(layout.boxes.find((b: { name: string }) => b.name === 'summary').change, 'moved');

  // loosening the bar after approval is the guard's blocker, as for any baseline
  fs.writeFileSync(path.join(dir, 'specs/checkout.yaml'), SPEC.replace('parity: {}', 'parity: { design: { tolerancePx: 50 } }'));
  fs.writeFileSync(path.join(dir, 'site/checkout.html'), screen());
  r = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const guard = latest(dir, 'checkout/parity.json').findings.find((f: { check: string }) => f.check === 'guard');
  assert.match(guard?.message ?? '', /parity\.design\.tolerancePx loosened from 8 to 50 since approval/);
});

/** The desktop checkout with `spec`, the wide export imported and a first run that matches it. */
async function wideProject(spec: string): Promise<string> {
  const { width, height } = SCREENS['checkout-wide'].viewport;
  const dir = tmpDir('veval-design-wide-');
  writeTree(dir, {
    'visual-eval.config.yaml': `server: { static: site }\nviewports:\n  desktop: { width: ${width}, height: ${height} }\n`,
    'site/checkout.html': screen({}, true),
    'specs/checkout.yaml': spec,
    'design/checkout-desktop.png': wideExport,
  });
  let r = await runMain(['approve', '--from-image', 'design/checkout-desktop.png', '--spec', 'checkout'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return dir;
}

test('at desktop width, a summary moved from beside the form to below it fails naming the summary as moved and resized (found in the export, not read at its own place)', async () => {
  const dir = await wideProject(SPEC.replace('viewports: [mobile]', 'viewports: [desktop]'));
  let unit = latest(dir, 'checkout/parity.json').units[0];
  assert.equal(unit.outcome, 'design-match', unit.message);
  assert.ok(unit.design.regions.every((x: { located: boolean }) => x.located), 'every region was looked for in the export');

  fs.writeFileSync(path.join(dir, 'site/checkout.html'), screen({ summaryBelow: true }, true));
  const r = await runMain(['run'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const parity = latest(dir, 'checkout/parity.json');
  unit = parity.units[0];
  const region = unit.design.regions.find((x: { name: string }) => x.name === 'summary');
  assert.deepEqual(region.kinds.filter((k: string) => k === 'moved' || k === 'resized'), ['moved', 'resized'], JSON.stringify(region));
  // found where the export has it: beside the form, about 320 px wide
  assert.ok(region.exportBox.x > 560 && Math.abs(region.exportBox.width - 320) < 20, JSON.stringify(region.exportBox));
  const summary = parity.findings.find((f: { evidence: { region?: string } }) => f.evidence.region === 'summary');
  assert.match(summary.message, /region "summary" departs from the design export design\/checkout-desktop\.png: moved by \(-6\d\d(\.\d)?, 4\d\d(\.\d)?\) px from where the export has it .*; 2\.\d× wider than in the export/);
  assert.equal(summary.severity, 'blocker');
});

test('without declared regions the page\'s main blocks (landmarks, top-level sections) are each found in the export: the moved summary fails naming its block', async () => {
  const dir = await wideProject(SPEC.replace('viewports: [mobile]', 'viewports: [desktop]').replace(/^regions: .*\n/m, ''));
  let unit = latest(dir, 'checkout/parity.json').units[0];
  assert.equal(unit.outcome, 'design-match', unit.message);
  // the banner, main and main's two sections; each looked for in the export, not compared as one page
  assert.deepEqual(unit.design.regions.map((x: { name: string }) => x.name), ['header', 'main', 'form', 'aside'], JSON.stringify(unit.design.regions));
  assert.ok(unit.design.regions.every((x: { located: boolean }) => x.located));

  fs.writeFileSync(path.join(dir, 'site/checkout.html'), screen({ summaryBelow: true }, true));
  const r = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const parity = latest(dir, 'checkout/parity.json');
  unit = parity.units[0];
  const aside = unit.design.regions.find((x: { name: string }) => x.name === 'aside');
  assert.ok(aside.kinds.includes('moved'), JSON.stringify(aside));
  const finding = parity.findings.find((f: { evidence: { region?: string } }) => f.evidence.region === 'aside');
  assert.match(finding.message, /region "aside" departs from the design export design\/checkout-desktop\.png: moved by \(-6\d\d(\.\d)?, 4\d\d(\.\d)?\) px/);
  // the header did not move: it is not named
  assert.ok(!parity.findings.some((f: { evidence: { region?: string } }) => f.evidence.region === 'header'), JSON.stringify(parity.findings.map((f: { message: string }) => f.message)));
});

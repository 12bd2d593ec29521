// veval's own HTML report passes veval: `veval look` (every deterministic check at its defaults,
// axe at serious and above, interactive elements that cannot be reached) on index.html served from
// 127.0.0.1, at 1400×900 and at 390×844, finds nothing the gate would fail. Two reports: the demo's
// failing run (made here by the pipeline, as `veval demo` makes it) and a large one — 15 captures,
// a unit compared with a design export of another size, and a flake map.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { chromium, type BrowserServer } from 'playwright-core';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { look, type LookResult } from '../../src/look/index.js';
import { renderHtml } from '../../src/report/html.js';
import type { Report } from '../../src/gate/report-schema.js';
import { GOLDEN_DIR } from '../gate/fixture.js';
import { demoFlow } from '../helpers/demo-flow.js';

let browser: BrowserServer;
let project: string;
const cleanup: string[] = [];
const servers: StaticServer[] = [];

/** The config every look and the demo run use: this file's browser; room for a loaded machine. */
const config = () => `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\ntimeout: 600000\nworkers: 1\n`;

before(async () => {
  browser = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: ['--no-sandbox', '--disable-gpu'], host: '127.0.0.1' });
  project = tmpDir('veval-report-look-');
  cleanup.push(project);
  writeTree(project, { 'visual-eval.config.yaml': config() });
});

after(async () => {
  for (const s of servers) await s.close();
  await browser?.close();
  for (const d of cleanup) fs.rmSync(d, { recursive: true, force: true });
});

/** Looks at a report folder's index.html as a user's page; the findings the gate fails on. */
async function lookAt(dir: string): Promise<{ result: LookResult; failing: string[] }> {
  const site = await serveStatic(dir);
  servers.push(site);
  const result = await look({ target: `${site.url}/index.html`, viewports: ['1400x900', '390x844'], cwd: project, log: fs.createWriteStream('/dev/null') });
  const report = JSON.parse(fs.readFileSync(path.join(result.runDir, 'report.json'), 'utf8')) as Report;
  const failing = report.specs.flatMap((s) => s.findings.filter((f) => f.fails).map((f) => `${f.viewport}: ${f.check}${f.rule ? ` ${f.rule}` : ''}: ${f.message}`));
  return { result, failing };
}

test('the demo\'s failing report passes veval\'s own checks at 1400×900 and 390×844', async () => {
  // the demo project, approved, then its regressed build: the report `veval demo` ends with
  // (built once per suite: test/helpers/demo-flow.ts)
  const flow = await demoFlow();
  assert.equal(flow.regressed.code, 1, 'the demo\'s regressed build fails');
  const { result, failing } = await lookAt(flow.regressed.run!);
  assert.deepEqual(failing, [], `veval look on the report: ${result.runDir}`);
  assert.equal(result.exitCode, 0);
});

const png = (width: number, height: number, rgb: [number, number, number]) => {
  const p = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) { p.data[i * 4] = rgb[0]; p.data[i * 4 + 1] = rgb[1]; p.data[i * 4 + 2] = rgb[2]; p.data[i * 4 + 3] = 255; }
  return PNG.sync.write(p);
};

test('a report with 15 captures, a design-export unit and a flake map passes veval\'s own checks', async () => {
  const dir = tmpDir('veval-report-big-');
  cleanup.push(dir);
  fs.cpSync(GOLDEN_DIR, dir, { recursive: true });
  const golden = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/golden-run.report.json'), 'utf8')) as Report;
  const checkout = golden.specs.find((s) => s.name === 'checkout')!;
  // five copies of the checkout spec under long names, each with three captures (its files reused)
  const specs = Array.from({ length: 5 }, (_, i) => {
    const name = `checkout-payment-with-a-long-spec-name-${i + 1}`;
    const units = [...checkout.units, { ...checkout.units[1], state: 'empty-submit-with-errors' }];
    const findings = checkout.findings.concat(checkout.findings.filter((f) => f.state === 'default' && f.viewport === 'mobile').map((f) => ({ ...f, state: 'empty-submit-with-errors' })));
    return { ...checkout, name, file: `specs/${name}.yaml`, units, findings };
  });
  // a unit compared with a design export (another pixel size than the capture) that departs from it
  fs.writeFileSync(path.join(dir, 'checkout', 'design-mobile.baseline.png'), png(1170, 2400, [240, 240, 250]));
  const design = specs[0];
  design.units = design.units.map((u) => (u.viewport === 'desktop' ? u : { ...u, parity: 'design-departs', files: { ...u.files, baseline: 'checkout/design-mobile.baseline.png', diff: undefined } }));
  design.findings = design.findings.map((f) => (f.check === 'parity' ? { ...f, message: 'region cta departs from the approved design export (score 0.61, min 0.85)', evidence: { ...f.evidence, exportBox: { x: 16, y: 700, width: 358, height: 60 }, exportSize: { width: 390, height: 800 }, region: 'cta' } } : f));
  // a capture that never settled: its flake map and the stability finding that names the mask
  fs.writeFileSync(path.join(dir, 'checkout', 'default-desktop.flake.png'), png(1280, 1000, [255, 200, 0]));
  const flaky = specs[1];
  flaky.units = flaky.units.map((u) => (u.viewport === 'desktop' ? { ...u, status: 'fail' as const, fails: true, files: { ...u.files, flakeMap: 'checkout/default-desktop.flake.png' } } : u));
  flaky.findings = [...flaky.findings, {
    ...flaky.findings[0], check: 'stability', rule: undefined, viewport: 'desktop', state: 'default', severity: 'blocker', fails: true, effect: 'blocker',
    message: 'the capture never settled over 6 shots: div.ticker-with-a-rather-long-class-name kept changing (clock); add it to masks',
    evidence: { file: 'checkout/default-desktop.png', box: { x: 900, y: 20, width: 300, height: 40 }, hot: [{ box: { x: 900, y: 20, width: 300, height: 40 }, element: 'div.ticker-with-a-rather-long-class-name', elementBox: null, mask: '.ticker-with-a-rather-long-class-name', cause: 'clock', pixels: 4000, changes: 5, detail: 'text', repeated: true }], masks: ['.ticker-with-a-rather-long-class-name'] },
  } as never];
  const report: Report = { ...golden, specs: [...specs, ...golden.specs.filter((s) => s.name !== 'checkout')] as Report['specs'] };
  report.totals = { ...report.totals, specs: report.specs.length, units: report.specs.reduce((n, s) => n + s.units.length, 0) };
  assert.ok(report.totals.units >= 15);
  fs.writeFileSync(path.join(dir, 'index.html'), renderHtml(report));
  const { result, failing } = await lookAt(dir);
  assert.deepEqual(failing, [], `veval look on the report: ${result.runDir}`);
  assert.equal(result.exitCode, 0);
});

// A second engine end to end, in real Firefox (Debian's firefox-esr over WebDriver BiDi) and
// Chromium on a page served on 127.0.0.1: a layout that breaks only in Firefox fails there and
// passes in Chromium; each engine has its own files and baselines; reports name the engine.
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FIREFOX_BROWSERS } from '../../src/capture/browser.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const firefox = FIREFOX_BROWSERS.find((p) => fs.existsSync(p));
const NO_FIREFOX = firefox ? false : 'firefox-esr is not installed (apt-get install -y firefox-esr; scripts/setup.sh installs it when a config asks for firefox)';

// `width: stretch` fills the container less the margins in Chromium; Firefox ESR 153 does not know
// the keyword (measured: CSS.supports('width', 'stretch') is false there), keeps width: 100%, and
// the margin pushes the bar 24 px past the right edge of a phone.
const TOOLBAR = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<style>
body { margin: 0; font: 16px/1.4 sans-serif; }
.bar { display: flex; width: 100%; width: stretch; margin: 0 24px; padding: 8px; box-sizing: border-box; background: #234; color: #fff; }
.bar a { color: #fff; margin-left: auto; }
</style></head><body>
<header class="bar"><strong>Shop</strong><a href="#cart" id="cart">Cart</a></header>
<main><h1>Shop</h1><p>Everything for the garden.</p></main>
</body></html>`;

function project(engines: string, spec = ''): string {
  const dir = tmpDir();
  writeTree(dir, {
    'site/index.html': TOOLBAR,
    'visual-eval.config.yaml': `server: { static: site }\nviewports: { mobile: { width: 375, height: 700 } }\nbrowser: { engines: ${engines} }\n`,
    'specs/home.yaml': `route: /\nrequired: [{ selector: "#cart", name: cart }]\nparity: { threshold: 0.1 }\n${spec}`,
  });
  return dir;
}

const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));

describe('Firefox as a second engine', { skip: NO_FIREFOX }, () => {
  test('a page that breaks only in Firefox fails there and passes in Chromium; files, baselines and reports are per engine', async () => {
    const dir = project('[chromium, firefox]');
    const first = await runMain(['run', '--update-baselines'], dir);
    assert.equal(first.code, 1, first.stdout + first.stderr);
    const r = report(dir);
    const home = r.specs[0];
    assert.deepEqual(home.units.map((u: any) => [u.viewport, u.engine]), [['mobile', 'chromium'], ['mobile.firefox', 'firefox']]);
    const overflow = home.findings.filter((f: any) => f.check === 'overflow');
    assert.deepEqual(overflow.map((f: any) => [f.viewport, f.severity]), [['mobile.firefox', 'blocker']], JSON.stringify(overflow));
    assert.match(overflow[0].message, /"header\.bar" by 24 px stick out past the right edge/);
    assert.equal(home.units.find((u: any) => u.engine === 'chromium').status, 'pass');
    // the terminal and junit name the engine; the HTML matrix has a column for it
    assert.match(first.stdout + first.stderr, /home default @ mobile · firefox/);
    const runDir = path.join(dir, 'evals', 'latest');
    assert.match(fs.readFileSync(path.join(runDir, 'junit.xml'), 'utf8'), /name="default @ mobile · firefox"/);
    assert.match(fs.readFileSync(path.join(runDir, 'index.html'), 'utf8'), /<th>mobile · firefox<\/th>/);
    // Chromium's file names stay; Firefox's carry the engine, records and baselines alike
    for (const f of ['home/default-mobile.png', 'home/default-mobile.firefox.png', 'home/default-mobile.firefox.axe.json']) assert.ok(fs.existsSync(path.join(runDir, f)), f);
    const rec = JSON.parse(fs.readFileSync(path.join(runDir, 'home/default-mobile.firefox.json'), 'utf8'));
    assert.equal(rec.engine, 'firefox');
    assert.equal(rec.environment.browserName, 'firefox');
    assert.ok(rec.aria?.includes('heading "Shop"'), 'the ARIA snapshot is taken in Firefox too');
    assert.deepEqual(rec.skipped.map((s: any) => s.what), ['css-rules', 'font-fallbacks', 'layout-shift']);
    for (const f of ['default-mobile.png', 'default-mobile.firefox.png']) assert.ok(fs.existsSync(path.join(dir, 'baselines', 'home', f)), `baseline ${f}`);

    // the second run compares each engine with its own baseline: both repeat byte for byte
    // (a Chromium baseline against a Firefox capture would differ: the bar's width alone)
    const second = await runMain(['run'], dir);
    assert.equal(second.code, 1);
    const parity = report(dir).specs[0].units.map((u: any) => [u.viewport, u.parity]);
    assert.deepEqual(parity, [['mobile', 'identical'], ['mobile.firefox', 'identical']]);
    // approving one engine: --viewport mobile.firefox names only Firefox's unit (refused: its overflow blocker)
    const approve = await runMain(['approve', '--viewport', 'mobile.firefox'], dir);
    assert.match(approve.stdout + approve.stderr, /refused +home\/default-mobile\.firefox: .*overflow/);
    assert.doesNotMatch(approve.stdout + approve.stderr, /home\/default-mobile[^.]/);
  });

  test('a spec narrows the engines: engines: [chromium] captures no Firefox unit and passes', async () => {
    const dir = project('[chromium, firefox]', 'engines: [chromium]\n');
    const r = await runMain(['run', '--update-baselines'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(report(dir).specs[0].units.map((u: any) => u.viewport), ['mobile']);
  });
});

describe('engines in the plan (no browser)', () => {
  test('an engine the config does not capture in is an error at its line', async () => {
    const dir = project('[chromium]', 'engines: [firefox]\n');
    const r = await runMain(['validate'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /specs\/home\.yaml:4:\d+ .*engine "firefox" is not in the config's browser\.engines \(chromium\)/);
  });

  test('a Firefox that is not there stops the run before anything is captured: exit 3 with how to install it', async () => {
    const dir = project('[chromium, firefox]');
    fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), 'server: { static: site }\nviewports: { mobile: { width: 375, height: 700 } }\nbrowser: { engines: [chromium, firefox], firefox: { executablePath: /nonexistent/firefox } }\n');
    const r = await runMain(['run'], dir);
    assert.equal(r.code, 3, r.stdout + r.stderr);
    assert.match(r.stderr, /Firefox not found at \/nonexistent\/firefox/);
    assert.match(r.stderr, /apt-get install -y firefox-esr/);
  });

  test('veval plan lists each engine and what it skips there; a spec Firefox cannot capture names why', async () => {
    const dir = project('[chromium, firefox]');
    const r = await runMain(['plan'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /viewports: mobile 375×700@1x light · mobile\.firefox 375×700@1x light/);
    assert.match(r.stdout, /engine: +firefox; skipped there: css-rules \(.*CDP/);
    // an isMobile viewport: Firefox does not emulate it, and the plan says so for that unit
    const phone = project('[chromium, firefox]');
    fs.writeFileSync(path.join(phone, 'visual-eval.config.yaml'), 'server: { static: site }\nviewports: { mobile: { width: 375, height: 700, isMobile: true } }\nbrowser: { engines: [chromium, firefox] }\n');
    const m = await runMain(['plan'], phone);
    assert.match(m.stdout, /engine: +firefox at mobile\.firefox: also skipped: mobile-emulation \(isMobile is not emulated in Firefox/);
    assert.doesNotMatch(r.stdout, /mobile-emulation/);
    const still = project('[chromium, firefox]', 'context: { reducedMotion: no-preference }\n');
    const p = await runMain(['plan'], still);
    assert.doesNotMatch(p.stdout, /mobile\.firefox/);
    assert.match(p.stdout, /engine: +firefox: skipped, Firefox sets prefers-reduced-motion for the whole browser/);
  });
});

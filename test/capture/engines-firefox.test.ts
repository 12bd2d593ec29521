// Firefox's own guarantees beyond the smoke in engines.test.ts (npm test), in the e2e tier beside
// the corpus in Firefox: units of a 2-worker run do not blur each other, and a page that never
// settles is unstable in each engine with its own flake map (Firefox proves stillness by shots).
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FIREFOX_BROWSERS } from '../../src/capture/browser.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const firefox = FIREFOX_BROWSERS.find((p) => fs.existsSync(p));
const NO_FIREFOX = firefox ? false : 'firefox-esr is not installed (apt-get install -y firefox-esr; scripts/setup.sh installs it when a config asks for firefox)';
const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));

describe('Firefox: workers and stillness', { skip: NO_FIREFOX }, () => {
  // Pages of one Firefox share focus (a click in one context blurs the others: measured with ESR 153
  // over BiDi), so two units at a time would capture each other's blur. Each page shows a hint
  // while its field has focus; with two workers and both states waiting after the click, the first
  // page's hint was gone by its capture. Firefox units run one at a time: both keep it.
  test('Firefox units do not blur each other: a focus-driven hint is captured in every unit of a 2-worker run', async () => {
    const dir = tmpDir();
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Field</title></head><body><main>
<h1>Field</h1><label>Name <input id="field"></label><p id="hint" hidden>Your full name</p>
<script>field.addEventListener('focus', () => { hint.hidden = false; }); field.addEventListener('blur', () => { hint.hidden = true; });</script>
</main></body></html>`;
    const spec = (route: string) => `route: ${route}\nstates:\n  - name: typing\n    steps: [{ click: "#field" }, { wait: 1500 }]\n    required: [{ selector: "#hint", name: hint }]\n`;
    writeTree(dir, {
      'site/a.html': page, 'site/b.html': page,
      'visual-eval.config.yaml': 'server: { static: site }\nviewports: { desktop: { width: 800, height: 600 } }\nbrowser: { engines: [firefox] }\nworkers: 2\nchecks: { stability: false }\n',
      'specs/a.yaml': spec('/a.html'), 'specs/b.yaml': spec('/b.html'),
    });
    const r = await runMain(['run'], dir);
    const hints = report(dir).specs.map((s: any) => [s.name, s.findings.filter((f: any) => f.check === 'required-visible').map((f: any) => f.message)]);
    assert.deepEqual(hints, [['a', []], ['b', []]], r.stdout + r.stderr);
  });

  // Firefox has no paint signal veval reads, so its stillness is proven by shots alone: a page that
  // changes by itself must fail there too, with the flake map of that engine's shots
  test('a page that never settles is unstable in each engine, each with its own flake map', async () => {
    const dir = tmpDir();
    writeTree(dir, {
      'site/index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clock</title></head><body><main>
<h1>Departures</h1><p>Now: <span id="clock" style="font: bold 32px monospace">0</span></p>
<script>let n = 0; setInterval(() => { clock.textContent = String(++n); }, 250);</script></main></body></html>`,
      'visual-eval.config.yaml': 'server: { static: site }\nviewports: { desktop: { width: 800, height: 600 } }\nbrowser: { engines: [chromium, firefox] }\n',
      'specs/clock.yaml': 'route: /\n',
    });
    const r = await runMain(['run'], dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const runDir = path.join(dir, 'evals', 'latest');
    for (const [vp, base] of [['desktop', 'default-desktop'], ['desktop.firefox', 'default-desktop.firefox']]) {
      const rec = JSON.parse(fs.readFileSync(path.join(runDir, 'clock', `${base}.json`), 'utf8'));
      assert.equal(rec.stability.stable, false, `${vp}: ${JSON.stringify(rec.stability)}`);
      assert.equal(rec.stability.map, `${base}.flake.png`, vp);
      assert.ok(fs.existsSync(path.join(runDir, 'clock', rec.stability.map)), `${vp}: the flake map is written`);
      assert.ok(rec.stability.hot.some((h: any) => /#clock|span/.test(h.element)), `${vp}: the map points at the clock: ${JSON.stringify(rec.stability.hot)}`);
    }
    const unstable = report(dir).specs[0].findings.filter((f: any) => f.check === 'stability').map((f: any) => f.viewport);
    assert.deepEqual(unstable.sort(), ['desktop', 'desktop.firefox']);
  });
});

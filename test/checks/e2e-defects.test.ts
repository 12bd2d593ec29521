// End to end over the defect fixture pages: real Chromium captures each page (src/capture), the
// checks run over the saved records, and each page must produce exactly the findings its README
// line names — the clean pages none at all.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CheckResult } from '../../src/core/artifacts.js';
import type { RunContext } from '../../src/core/run.js';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { loadProject } from '../../src/spec/project.js';
import { REPO, tmpDir } from '../helpers/tmp.js';

const DIR = path.join(REPO, 'test', 'fixtures', 'defects');
const BOTH = ['desktop', 'mobile'];
const at = (check: string, severity: string, viewports: string[], state = 'default', message?: RegExp) =>
  viewports.map((vp) => ({ key: `${check} ${severity} ${state}-${vp}`, message }));

/** Per spec: "check severity state-viewport" of every finding, and what its message must say. */
const EXPECTED: Record<string, { key: string; message?: RegExp }[]> = {
  'sticky-summary': at('required-visible', 'blocker', ['mobile'], 'default', /covered by "aside\.summary" over 8 px/),
  'cookie-banner': at('required-visible', 'blocker', BOTH, 'default', /covered by "#cookie-banner"/),
  'modal-behind': at('required-visible', 'blocker', BOTH, 'default', /covered by "main"/),
  'offscreen-cta': at('required-visible', 'blocker', BOTH, 'default', /400 px left of the viewport/),
  'menu-clipped': [...at('required-visible', 'blocker', BOTH, 'menu-open', /clipped by "section\.card"/), ...at('text-clipped', 'important', BOTH, 'menu-open')],
  'mobile-overflow': at('overflow', 'blocker', ['mobile'], 'default', /"table" by \d+ px, "a" by \d+ px/),
  'overlapping-regions': at('overlap', 'blocker', BOTH, 'default', /regions promo and signup overlap by \d+×40 px/),
  'collapsed-spacing': at('min-gap', 'important', BOTH, 'default', /regions form and summary are 2 px apart \(vertical\)/),
  'button-nowrap': at('text-clipped', 'important', BOTH, 'default', /"button\.next".*"Continue to payment"/),
  'rtl-overflow': at('overflow', 'blocker', ['mobile'], 'default', /"table\.orders" by \d+ px stick out past the left edge/),
  'ghost-overlay': at('required-visible', 'blocker', BOTH, 'default', /required "#subscribe" is not fully visible .*covered by "div\.fade"/),
  'faded-out': [...at('required-visible', 'blocker', ['desktop'], 'default', /#trial.*opacity 0/), ...at('required-visible', 'blocker', ['desktop'], 'default', /Cancel anytime.*its text colour is transparent/)],
  'pseudo-overlay': at('required-visible', 'blocker', BOTH, 'default', /covered by "section\.hero::before"/),
  'link-button-spill': at('text-clipped', 'important', BOTH, 'default', /"a\.btn\.buy" runs \d+ px out of its box .*"In den Warenkorb legen"/),
  'long-words': at('overflow', 'blocker', ['mobile'], 'default', /: "h2" by \d+ px stick out past the right edge/),
  'field-covered': at('required-visible', 'blocker', ['desktop'], 'default', /"#message".*covered by "button\.chat-bubble"/),
  'clipped-button-label': at('text-clipped', 'important', BOTH, 'default', /"button\.pay".*"Pay €1,249\.00 now"/),
  'mobile-reordered-cta': at('task-order', 'important', ['mobile'], 'default', /cta comes before pitch/),
  'form-no-error': at('required-visible', 'blocker', BOTH, 'empty-submit', /not present/),
  'missing-labels': at('axe', 'blocker', BOTH, 'default', /axe label \(critical\)/),
  'low-contrast': at('axe', 'blocker', BOTH, 'default', /axe color-contrast \(serious\)/),
  'skipped-headings': at('axe', 'important', BOTH, 'default', /axe heading-order/),
  'no-main': [...at('axe', 'important', BOTH, 'default', /landmark-one-main/), ...at('axe', 'important', BOTH, 'default', /axe region/)],
  'script-error': [...at('console', 'important', BOTH, 'default', /uncaught exception: "window\.initGallery is not a function"/), ...at('requests', 'important', BOTH, 'default', /image request answered HTTP 404/)],
  'server-error': at('http-status', 'blocker', BOTH, 'default', /HTTP 500/),
  'clean-fixed-header': [], 'clean-modal': [], 'clean-animated-hero': [], 'clean-landing': [], 'clean-shapes': [], 'clean-rtl': [], 'clean-fields': [], 'clean-dynamic': [], 'clean-fractional': [],
};

describe('defect fixture pages, captured and checked', () => {
  let server: StaticServer;
  const results = new Map<string, CheckResult[]>();

  before(async () => {
    const plan = await loadProject({ cwd: DIR });
    server = await serveStatic(DIR, [(req, res) => {
      if (req.url !== '/status/500') return false;
      res.writeHead(500, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>Error</title><main><h1>Server error</h1></main></html>');
      return true;
    }]);
    const out = tmpDir('veval-e2e-defects-');
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    for (const spec of plan.specs) results.set(spec.name, await runChecks(run, spec));
  });
  after(async () => { await server?.close(); });

  it('every page has a spec, a README line and an expectation here', () => {
    const pages = fs.readdirSync(DIR).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5)).sort();
    const specs = fs.readdirSync(path.join(DIR, 'specs')).map((f) => f.replace(/\.yaml$/, '')).sort();
    const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
    assert.deepEqual(specs, Object.keys(EXPECTED).sort());
    for (const p of pages) assert.ok(specs.includes(p), `specs/${p}.yaml`);
    for (const s of specs) assert.match(readme, new RegExp(`^\\| ${s}\\b`, 'm'), `README line for ${s}`);
  });

  for (const [spec, expected] of Object.entries(EXPECTED)) {
    it(`${spec}: ${expected.length ? [...new Set(expected.map((e) => e.key.split(' ')[0]))].join(' + ') : 'no finding at all'}`, () => {
      const res = results.get(spec);
      assert.ok(res, `checks ran for ${spec}`);
      for (const r of res) assert.notEqual(r.status, 'error', `${r.check}: ${r.error}`);
      const got = res.flatMap((r) => r.findings).map((f) => ({ key: `${f.check} ${f.severity} ${f.state}-${f.viewport}`, message: f.message }));
      assert.deepEqual(got.map((g) => g.key).sort(), expected.map((e) => e.key).sort(), got.map((g) => `${g.key}: ${g.message}`).join('\n'));
      for (const e of expected) {
        if (e.message) assert.ok(got.some((g) => g.key === e.key && e.message!.test(g.message)), `${e.key} message ${e.message}: ${got.map((g) => g.message).join(' | ')}`);
      }
    });
  }
});

// server: { static }: what the static server answers. A history-routed single-page app answers
// its deep routes with its index.html when the config names it as the fallback (a missing asset
// still 404s); real builds' MIME types are served (a .wasm module instantiated by streaming
// needs application/wasm).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';

// (module (func (export "answer") (result i32) i32.const 42))
const WASM = Buffer.from('0061736d010000000105016000017f03020100070a0106616e7377657200000a06010400412a0b', 'hex');

const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Console</title>
<script type="module" src="/assets/app.js"></script></head>
<body><nav><a href="/" data-link>Home</a> <a href="/settings/profile" data-link>Profile</a></nav><main id="view"></main></body></html>`;
// a history router: the path decides what renders, links push state instead of loading pages
const APP = `const views = { '/': 'Welcome home', '/settings/profile': 'Profile settings', '/reports': 'Monthly reports' };
const { instance } = await WebAssembly.instantiateStreaming(fetch('/assets/answer.wasm'));
function render() {
  const main = document.getElementById('view');
  main.innerHTML = '';
  const h = document.createElement('h1');
  h.textContent = views[location.pathname] ?? 'Page not found';
  const p = document.createElement('p');
  p.textContent = 'wasm says ' + instance.exports.answer();
  main.append(h, p);
}
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-link]');
  if (!a) return;
  e.preventDefault();
  history.pushState(null, '', a.getAttribute('href'));
  render();
});
addEventListener('popstate', render);
render();
`;

const SITE = { 'dist/index.html': INDEX, 'dist/assets/app.js': APP, 'dist/assets/answer.wasm': WASM, 'dist/assets/hero.avif': Buffer.from('00000020667479706176696600000000', 'hex') };

describe('static server', () => {
  const dir = tmpDir('veval-static-');
  let spa: StaticServer, plain: StaticServer;
  before(async () => {
    writeTree(dir, SITE);
    spa = await serveStatic(path.join(dir, 'dist'), [], { fallback: 'index.html' });
    plain = await serveStatic(path.join(dir, 'dist'));
  });
  after(async () => { await spa?.close(); await plain?.close(); });

  it('with a fallback, deep routes of a history-routed app answer 200 with its index.html; a missing asset with an extension still 404s', async () => {
    for (const route of ['/settings/profile', '/reports', '/settings/profile?tab=2', '/']) {
      const r = await fetch(spa.url + route);
      assert.equal(r.status, 200, route);
      assert.match(r.headers.get('content-type') ?? '', /^text\/html/, route);
      assert.equal(await r.text(), INDEX, route);
    }
    for (const missing of ['/assets/missing.js', '/logo.png', '/settings/app.css']) {
      assert.equal((await fetch(spa.url + missing)).status, 404, missing);
    }
  });

  it('without a fallback, a deep route is a 404 (a multi-page site keeps reporting broken routes)', async () => {
    assert.equal((await fetch(plain.url + '/settings/profile')).status, 404);
    assert.equal((await fetch(plain.url + '/')).status, 200);
  });

  it('serves the MIME types real builds need, and never a file outside the folder', async () => {
    const type = async (p: string) => (await fetch(spa.url + p)).headers.get('content-type');
    assert.equal(await type('/assets/answer.wasm'), 'application/wasm');
    assert.equal(await type('/assets/hero.avif'), 'image/avif');
    assert.match((await type('/assets/app.js'))!, /^text\/javascript/);
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside');
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt']) {
      const r = await fetch(spa.url + p);
      assert.notEqual(await r.text(), 'outside', p);
    }
  });

  it('a fallback that is not an HTML file inside the folder is refused when the server starts', async () => {
    await assert.rejects(serveStatic(path.join(dir, 'dist'), [], { fallback: 'nope.html' }), /static fallback nope\.html is not a file in/);
    await assert.rejects(serveStatic(path.join(dir, 'dist'), [], { fallback: '../secret.txt' }), /must be an HTML file/);
  });
});

describe('server: { static: { dir, fallback } } through the CLI', () => {
  it('a history-routed app answers its deep routes: http-status passes and the routed view (with its wasm) renders', () => {
    const dir = tmpDir('veval-static-cli-');
    writeTree(dir, {
      ...SITE,
      'visual-eval.config.yaml': 'server: { static: { dir: dist, fallback: index.html } }\nviewports:\n  phone: { width: 390, height: 700, isMobile: true }\n',
      'specs/profile.yaml': 'route: /settings/profile\nviewports: [phone]\nrequired:\n  - text: "Profile settings"\n  - text: "wasm says 42"\n',
      'specs/reports.yaml': 'route: /reports\nviewports: [phone]\nrequired:\n  - text: "Monthly reports"\n',
    });
    const r = runCli(['run', '--reporter', 'json'], dir, { OPENAI_API_KEY: '' });
    // evals/latest names the newest completed run (a failing gate completes a run too)
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));
    const blockers = report.specs.flatMap((s: any) => s.findings.filter((f: any) => f.severity !== 'polish').map((f: any) => `${s.name}: ${f.check}: ${f.message}`));
    assert.deepEqual(blockers, [], r.stdout + r.stderr);
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });

  it('a fallback outside the folder is a located config error (exit 2)', () => {
    const dir = tmpDir('veval-static-cli-');
    writeTree(dir, { ...SITE, 'visual-eval.config.yaml': 'server: { static: { dir: dist, fallback: ../index.html } }\n', 'specs/a.yaml': 'route: /\n' });
    const r = runCli(['validate'], dir);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /visual-eval\.config\.yaml:1:\d+.*server\.static\.fallback: "\.\.\/index\.html" is outside server\.static\.dir/);
  });
});

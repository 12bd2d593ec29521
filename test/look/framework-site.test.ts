// A framework site on day one, served from 127.0.0.1 the way Astro, Next.js and other routers
// build theirs: cross-document view transitions opted into under a reduced-motion query, link
// prefetch on hover, a click that navigates, a web font whose stylesheet is unreachable, and the
// user's own preview already running. Each part is one of issue 45's items; one browser server
// for the whole file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import type { CaptureRecord } from '../../src/core/artifacts.js';
import type { Report } from '../../src/gate/report-schema.js';

const PAGE = (title: string, body: string, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><main>${body}</main></body></html>`;
// the old page opts in unconditionally, the new one only without reduced motion (a common pattern):
// under the emulated `reduce` the new page's opt-in is off and the transition the old one started is aborted
const VT_ALWAYS = '<style>@view-transition { navigation: auto; }</style>';
const VT_MOTION = '<style>@media (prefers-reduced-motion: no-preference) { @view-transition { navigation: auto; } }</style>'
  + '<script>addEventListener("pagereveal", (e) => { if (e.viewTransition) e.viewTransition.ready.then(() => {}); });</script>';
// a router's prefetch: a <link rel=prefetch> for each link in view, as Astro's prefetch does with
// its viewport strategy; the click then leaves the page while the other link's prefetch is in flight
const PREFETCH = `<script>
  for (const a of document.querySelectorAll('a[data-prefetch]')) {
    const l = document.createElement('link'); l.rel = 'prefetch'; l.href = a.href; document.head.append(l);
  }
</script>`;

let browser: BrowserServer;
let site: http.Server;
let base: string;
let deadPort: number;
const hits: string[] = [];

function route(url: string): { status: number; body: string; delay?: number; type?: string } {
  switch (url) {
    case '/': return { status: 200, body: PAGE('Home', '<h1>Home</h1><nav><a id="about" data-prefetch href="/about/">About</a> <a data-prefetch href="/blog/">Blog</a></nav>' + PREFETCH, VT_ALWAYS) };
    case '/about/': return { status: 200, body: PAGE('About', '<h1 id="about-title">About</h1>', VT_MOTION) };
    // slow, so its prefetch is still in flight when the click leaves the page
    case '/blog/': return { status: 200, delay: 20_000, body: PAGE('Blog', '<h1>Blog</h1>') };
    case '/prefetch-404': return { status: 200, body: PAGE('Broken prefetch', '<h1>Broken</h1>', '<link rel="prefetch" href="/gone/">') };
    case '/hidden-menu': return { status: 200, body: PAGE('Menu', '<h1>Menu</h1><button id="menu" style="display:none">Menu</button><div class="drawer" style="display:none"><a id="deep" href="/">Deep</a></div>') };
    case '/fonts': return { status: 200, body: PAGE('Fonts', '<h1>Web fonts</h1><p>Text set in a web font that never arrived.</p>', `<link rel="stylesheet" href="http://127.0.0.1:${deadPort}/css2?family=Inter"><style>body { font-family: "Inter", sans-serif; }</style>`) };
    case '/settings': return { status: 200, body: PAGE('Settings', '<h1>Settings</h1><button id="open-dialog" onclick="document.getElementById(\'d\').showModal()">Edit profile</button><dialog id="d"><p>Profile</p><button onclick="this.closest(\'dialog\').close()">Close</button></dialog>') };
    default: return { status: 404, body: PAGE('Not found', '<h1>Not found</h1>') };
  }
}

before(async () => {
  browser = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: ['--no-sandbox', '--disable-gpu'], host: '127.0.0.1' });
  site = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    hits.push(url);
    const r = route(url);
    setTimeout(() => { res.writeHead(r.status, { 'content-type': r.type ?? 'text/html; charset=utf-8' }); res.end(r.body); }, r.delay ?? 0);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;
  // a port nothing listens on: the web-font stylesheet's host is unreachable
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  deadPort = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
});

after(async () => {
  site?.closeAllConnections();
  await new Promise<void>((r) => site.close(() => r()));
  await browser?.close();
});

/** A project whose config would build and start an app on the port the user's preview already holds. */
function project(extra = ''): string {
  const dir = tmpDir('veval-framework-');
  const marker = path.join(dir, 'server-started');
  const port = new URL(base).port;
  writeTree(dir, {
    'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\nserver:\n  command: node -e "require('fs').writeFileSync(process.argv[1], 'x')" ${JSON.stringify(marker)} && sleep 30\n  url: http://127.0.0.1:${port}/\n  timeout: 5000\n${extra}`,
  });
  return dir;
}

const lastRun = (dir: string) => fs.realpathSync(path.join(dir, 'evals', 'latest'));
const record = (runDir: string, spec: string, unit: string) => JSON.parse(fs.readFileSync(path.join(runDir, spec, `${unit}.json`), 'utf8')) as CaptureRecord;
const report = (runDir: string) => JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8')) as Report;

test('look at a full URL or with --base-url uses the preview that answers there: nothing is built or started', async () => {
  const dir = project();
  const full = await runMain(['look', `${base}/about/`, '--viewport', 'desktop', '--json'], dir);
  assert.equal(full.code, 0, full.stderr);
  assert.doesNotMatch(full.stderr, /already answers/);
  const routed = await runMain(['look', '/about/', '--base-url', base, '--viewport', 'desktop', '--json'], dir);
  assert.equal(routed.code, 0, routed.stderr);
  assert.equal(JSON.parse(routed.stdout).url ?? `${base}/about/`, `${base}/about/`);
  // run --base-url too
  writeTree(dir, { 'specs/about.yaml': 'route: /about/\nviewports: [desktop]\n' });
  const run = await runMain(['run', '--base-url', base, '--reporter', 'json'], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(!fs.existsSync(path.join(dir, 'server-started')), 'the config\'s server command never ran');
  // without --base-url a route still needs the config's server, which refuses the busy port (as before)
  const busy = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(busy.code, 3);
  assert.match(busy.stderr, /already answers before the server command started/);
});

test('a click that navigates under view transitions and a router prefetch: no error of veval\'s making, no failed request, the URL after the steps', async () => {
  const dir = project();
  writeTree(dir, { 'specs/nav.yaml': [
    'url: ' + base + '/', 'viewports: [desktop]', 'states:', '  - name: default', '  - name: about', '    steps:',
    '      - hover: "#about"', '      - wait: 100', '      - click: "#about"', '      - waitFor: "#about-title"', '',
  ].join('\n') });
  const res = await runMain(['run', '--reporter', 'json'], dir);
  const runDir = lastRun(dir);
  const about = record(runDir, 'nav', 'about-desktop');
  assert.match(about.finalUrl ?? '', /\/about\/$/, 'finalUrl is the page captured, after the steps');
  assert.match(record(runDir, 'nav', 'default-desktop').finalUrl ?? '', /\/$/);
  const vt = about.console.find((c) => /Transition was aborted/.test(c.text));
  assert.ok(vt, `the emulation's error is recorded: ${JSON.stringify(about.console)}`);
  assert.match(vt!.causedBy ?? '', /reduced-motion.*context\.reducedMotion: no-preference/);
  assert.ok((about.abandoned ?? []).some((q) => q.url.endsWith('/blog/') && /speculative/.test(q.why)), `the cancelled prefetch is abandoned, not failed: ${JSON.stringify(about)}`);
  assert.deepEqual(about.failedRequests, []);
  const findings = report(runDir).specs[0].findings;
  assert.deepEqual(findings.filter((f) => f.check === 'console' || f.check === 'requests'), []);
  assert.equal(res.code, 0, res.stderr + JSON.stringify(findings));

  // context.reducedMotion: no-preference — the page as most users get it: no error at all
  const calm = project('context:\n  reducedMotion: no-preference\n');
  fs.copyFileSync(path.join(dir, 'specs', 'nav.yaml'), path.join(writeDir(calm, 'specs'), 'nav.yaml'));
  const res2 = await runMain(['run', '--reporter', 'json'], calm);
  assert.equal(res2.code, 0, res2.stderr);
  assert.deepEqual(record(lastRun(calm), 'nav', 'about-desktop').console, []);
});

function writeDir(root: string, rel: string): string { const d = path.join(root, rel); fs.mkdirSync(d, { recursive: true }); return d; }

test('a prefetch that answers 404 is still a failed request', async () => {
  const dir = project();
  const r = await runMain(['look', `${base}/prefetch-404`, '--viewport', 'desktop', '--json'], dir);
  const out = JSON.parse(r.stdout);
  assert.ok(out.units[0].failedRequests.some((q: { url: string; status: number }) => q.url.endsWith('/gone/') && q.status === 404), JSON.stringify(out.units[0].failedRequests));
  assert.ok(out.units[0].findings.some((f: { check: string; message: string }) => f.check === 'requests' && /HTTP 404: \/gone\//.test(f.message)));
});

test('a failed step is one blocker: its message says the element is not displayed; parity is skipped with the reason', async () => {
  const dir = project();
  writeTree(dir, { 'specs/menu.yaml': `url: ${base}/hidden-menu\nviewports: [desktop]\nparity: {}\nstates:\n  - name: open\n    steps:\n      - click: { selector: "#deep" }\n` });
  const res = await runMain(['run', '--reporter', 'json'], dir);
  assert.equal(res.code, 1);
  const runDir = lastRun(dir);
  const rep = report(runDir);
  const blockers = rep.specs[0].findings.filter((f) => f.severity === 'blocker');
  assert.equal(blockers.length, 1, JSON.stringify(blockers, null, 1));
  assert.equal(blockers[0].check, 'capture');
  assert.match(blockers[0].message, /in the page but not displayed \(display: none on div\.drawer\) within 5000 ms/);
  const parity = JSON.parse(fs.readFileSync(path.join(runDir, 'menu', 'parity.json'), 'utf8'));
  assert.equal(parity.units[0].outcome, 'skipped');
  assert.match(parity.units[0].message, /parity not checked: capture failed \(step-failed/);
});

test('a web font whose stylesheet never arrived: the failed request says which family fell back to which font', async () => {
  const dir = project();
  const r = await runMain(['look', `${base}/fonts`, '--viewport', 'desktop', '--json'], dir);
  const unit = JSON.parse(r.stdout).units[0];
  const f = unit.findings.find((x: { check: string }) => x.check === 'requests');
  assert.ok(f, JSON.stringify(unit.findings));
  assert.match(f.message, /stylesheet request failed .*css2\?family=Inter; text fell back to other fonts: "Inter" → DejaVu Sans \(\d+ text nodes?\)/);
  const rec = record(lastRun(dir), 'look', 'default-desktop');
  assert.deepEqual(rec.fontFallbacks?.map((x) => [x.family, x.usedFont]), [['Inter', 'DejaVu Sans']]);
});

test('the README\'s agent loop, run as written (the dev server\'s URL swapped for this one)', async () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const block = readme.split('## For coding agents')[1].split('```bash')[1].split('```')[0];
  const lines = block.split('\n').map((l) => l.replace(/\s+#\s.*$/, '').trim()).filter((l) => l.startsWith('veval look'));
  assert.equal(lines.length, 3, block);
  // the app answers where the config says (the first line says it with --base-url instead)
  const dir = tmpDir('veval-agent-loop-');
  writeTree(dir, { 'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\nbaseURL: ${base}\n` });
  for (const line of lines) {
    // the words as a shell would split them (the quoted --step value is one word)
    const args = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).slice(1).map((w) => w.replace('http://localhost:5173', base));
    const words = args;
    const r = await runMain(args, dir);
    assert.equal(r.code, 0, `${line}\n${r.stderr}\n${r.stdout.slice(0, 2000)}`);
    if (words.includes('--json')) assert.equal(JSON.parse(r.stdout).units.length, 4, 'default + after-steps at desktop and mobile');
    if (words.includes('desktop,375x667')) assert.match(r.stdout + r.stderr, /w375x667/);
  }
});

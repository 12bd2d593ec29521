// A third party's real app (MDN's TodoMatic React tutorial, built with Vite: test/fixtures/todo-react,
// MPL-2.0, see SOURCE.md), run through the real CLI from 127.0.0.1 with one browser server for the
// file. Issue 31: a page that did not render fails naming why; `look` fails on a page that throws;
// a run captures only the server its command started.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type BrowserServer } from 'playwright-core';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { REPO, runCliAsync, tmpDir, writeTree } from '../helpers/tmp.js';

const APP = path.join(REPO, 'test', 'fixtures', 'todo-react');
const BUNDLE = '/assets/index-BD88YEyh.js';
const LONG = 600_000;
let browser: BrowserServer;
const made: string[] = [];

before(async () => {
  browser = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: ['--no-sandbox', '--disable-gpu'], host: '127.0.0.1' });
});
after(async () => {
  await browser?.close();
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
});

/** A node static server for app/ (what a `preview` command does); DIE_AFTER_MS: it crashes that long after its first request;
 *  DIE_ON_JS: it crashes 200 ms after the browser first asks for a script (surely mid-capture, on a fast machine too). */
const SERVE = `import http from 'node:http'; import fs from 'node:fs'; import path from 'node:path';
const port = Number(process.argv[2]); const die = Number(process.env.DIE_AFTER_MS || 0); const dieOnJs = process.env.DIE_ON_JS === '1'; let armed = false;
const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };
http.createServer((q, r) => {
  if (die && !armed) { armed = true; setTimeout(() => { console.log('GET handled'); console.error('FATAL: out of memory (simulated)'); process.exit(1); }, die); }
  const p = path.join('app', decodeURIComponent(new URL(q.url, 'http://x').pathname));
  if (dieOnJs && !armed && p.endsWith('.js')) { armed = true; setTimeout(() => { console.log('GET handled'); console.error('FATAL: out of memory (simulated)'); process.exit(1); }, 200); }
  const f = fs.existsSync(p) && fs.statSync(p).isFile() ? p : path.join('app', 'index.html');
  r.writeHead(200, { 'content-type': types[path.extname(f)] || 'application/octet-stream' }); fs.createReadStream(f).pipe(r);
}).listen(port, '127.0.0.1', () => console.log('serving on http://127.0.0.1:' + port + '/'));
`;

/** A project around a copy of the built app; `server` is the config's server: block (default: the static folder). */
function project(edit: (app: string) => void = () => {}, server = 'server: { static: app }'): string {
  const dir = tmpDir('veval-todo-react-');
  made.push(dir);
  fs.cpSync(path.join(APP, 'dist'), path.join(dir, 'app'), { recursive: true });
  edit(path.join(dir, 'app'));
  writeTree(dir, {
    'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\n${server}\nviewports:\n  desktop: { width: 1280, height: 800 }\nspecs: [specs/*.yaml]\n`,
    // mdn.github.io is blocked so that the published build never depends on the internet
    'specs/home.yaml': 'name: home\nroute: /\nviewports: [desktop]\nnetwork:\n  block: ["https://mdn.github.io/*"]\n',
    'serve.mjs': SERVE,
  });
  return dir;
}

const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));
const findings = (dir: string) => report(dir).specs.flatMap((s: any) => s.findings) as { check: string; severity: string; message: string; fails: boolean }[];

test('the app as built renders: no renders, requests or console finding', async () => {
  const dir = project();
  const r = await runCliAsync(['run', '--reporter', 'json'], dir, {}, LONG);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  const got = findings(dir).filter((f) => ['renders', 'requests', 'console'].includes(f.check));
  assert.deepEqual(got, [], JSON.stringify(got));
});

test('its bundle unreachable: run fails with a blocker naming the failed script and the blank capture', async () => {
  const dir = project((app) => fs.rmSync(path.join(app, BUNDLE)));
  const r = await runCliAsync(['run', '--reporter', 'list,json'], dir, {}, LONG);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const f = findings(dir);
  const blank = f.find((x) => x.check === 'renders');
  assert.ok(blank, JSON.stringify(f.map((x) => x.message)));
  assert.equal(blank!.severity, 'blocker');
  assert.match(blank!.message, new RegExp(`blank page: .*likely cause: its own script ${BUNDLE.replace(/[.]/g, '\\.')} failed to load \\(HTTP 404\\)`));
  const script = f.find((x) => x.check === 'requests' && x.message.includes(BUNDLE));
  assert.equal(script?.severity, 'blocker', 'the own bundle that failed is a blocker of its own');
  assert.match(r.stdout + r.stderr, /blank page/);
});

test('built as published (Vite base "https://mdn.github.io/todo-react/"), served elsewhere: blank, naming the absolute asset base', async () => {
  const dir = project((app) => fs.copyFileSync(path.join(APP, 'published.html'), path.join(app, 'index.html')));
  const r = await runCliAsync(['run', '--reporter', 'json'], dir, {}, LONG);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const blank = findings(dir).find((x) => x.check === 'renders');
  assert.ok(blank, r.stdout + r.stderr);
  // the bundle's script or stylesheet, whichever failed first: both come from the absolute base
  assert.match(blank!.message, /https:\/\/mdn\.github\.io\/todo-react\/assets\/index-(BD88YEyh\.js|bEUtZErQ\.css) failed to load from another origin .*absolute asset base, such as Vite's `base: "https:\/\/…"`/);
});

test('look fails on the app when a script of the page throws', async () => {
  const dir = project((app) => {
    const f = path.join(app, 'index.html');
    // an analytics call to a global that is not there: the app renders, then the page throws
    fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('</body>', '<script>window.analytics.track("view")</script></body>'));
  });
  const r = await runCliAsync(['look', '/', '--viewport', 'desktop', '--json'], dir, {}, LONG);
  assert.equal(r.code, 1, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, 'fail');
  assert.ok(out.reasons.some((x: string) => /^blocker console .*uncaught exception: "Cannot read properties of undefined \(reading 'track'\)"/.test(x)), out.reasons.join('\n'));
  assert.ok(!out.units[0].findings.some((x: any) => x.check === 'renders'), 'it rendered');
});

test('the app server crashing mid-run stops the run: exit 3 with its output as lines, no verdict', async () => {
  const port = await freePort();
  const dir = project(() => {}, `server:\n  command: node serve.mjs ${port}\n  url: http://127.0.0.1:${port}/\n  env: { DIE_ON_JS: "1" }`);
  const r = await runCliAsync(['run', '--reporter', 'json'], dir, {}, LONG);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /app server `node serve\.mjs \d+` exited \(exit code 1\) while the run was using it/);
  assert.match(r.stderr, /\n--- server output \(tail\) ---\nserving on http:\/\/127\.0\.0\.1:\d+\/\nGET handled\nFATAL: out of memory \(simulated\)\n/);
  assert.equal(fs.existsSync(path.join(dir, 'evals', 'latest', 'report.json')), false, 'no verdict');
});

test('another program takes the port while the command builds: exit 3 naming the port and that program, never a verdict', async () => {
  const port = await freePort();
  const dir = project(() => {}, `server:\n  command: sleep 3 && node serve.mjs ${port}\n  url: http://127.0.0.1:${port}/\n  timeout: 60000`);
  let squatter: ChildProcess | null = null;
  const running = runCliAsync(['run', '--reporter', 'json'], dir, {}, LONG);
  await new Promise((r) => setTimeout(r, 1000));
  writeTree(dir, { 'other.mjs': `import http from 'node:http'; http.createServer((q, r) => r.end('<h1>Another app</h1>')).listen(${port}, '127.0.0.1');` });
  squatter = spawn(process.execPath, ['other.mjs'], { cwd: dir, stdio: 'ignore' });
  try {
    const r = await running;
    assert.equal(r.code, 3, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`port ${port} is held by process ${squatter.pid} \\(.*other\\.mjs\\)`));
    assert.equal(fs.existsSync(path.join(dir, 'evals', 'latest', 'report.json')), false, 'no verdict');
  } finally { squatter.kill(); }
});

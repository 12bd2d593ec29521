// Benchmark (b): the same 20 pages × 2 viewports, each tool as a whole process, same browser
// binary, same pool size, same static server: veval `run` (capture, every deterministic check,
// parity against approved baselines, reports) vs Playwright Test `toHaveScreenshot` and BackstopJS
// `test` (screenshot comparison only). Each tool first writes its references (untimed), then the
// timed comparison run is repeated ROUNDS times (best kept). Peers live in bench/peers/ (own
// package.json, installed here on first use with PUPPETEER_SKIP_DOWNLOAD=1), not in veval's deps.
// Run: node --import tsx bench/peers.ts   (WORKERS=n, ROUNDS=n)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LAUNCH_FLAGS } from '../src/capture/browser.js';
import { serveStatic } from '../src/core/static-server.js';
import { BENCH, BROWSER, PAGES, PAGES_DIR, VIEWPORTS, emit, makeBenchProject } from './project.js';

const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const PEERS = path.join(BENCH, 'peers');
const WORK = path.join(PEERS, 'work');
const REPO = path.resolve(BENCH, '..');
const NO_DOWNLOAD = { PUPPETEER_SKIP_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

type ShResult = { code: number | null; out: string; ms: number };

/** Runs a whole process (asynchronously: the static server lives in this process and must keep answering). */
function sh(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<ShResult> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...NO_DOWNLOAD, CI: '1', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('error', (err) => { out += String(err); });
    child.on('close', (code) => resolve({ code, out, ms: performance.now() - t0 }));
  });
}

/** Installs bench/peers on first use; returns why it could not, or null. */
async function ensurePeers(): Promise<string | null> {
  if (fs.existsSync(path.join(PEERS, 'node_modules', '.bin', 'backstop')) && fs.existsSync(path.join(PEERS, 'node_modules', '.bin', 'playwright'))) return null;
  console.log('peers: installing @playwright/test and backstopjs into bench/peers (first use; no browser download)');
  const lock = fs.existsSync(path.join(PEERS, 'package-lock.json'));
  const r = await sh('npm', [lock ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error'], PEERS);
  return r.code === 0 ? null : `npm ${lock ? 'ci' : 'install'} in bench/peers failed: ${r.out.trim().split('\n').slice(-3).join(' / ')}`;
}

type Outcome = { ms: number | null; note: string };

async function timed(name: string, reference: () => Promise<ShResult>, compare: () => Promise<ShResult>, okCodes = [0]): Promise<Outcome> {
  const ref = await reference();
  if (!okCodes.includes(ref.code!)) return { ms: null, note: `${name}: writing references failed (exit ${ref.code}): ${tail(ref.out)}` };
  let best = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const r = await compare();
    if (!okCodes.includes(r.code!)) return { ms: null, note: `${name}: comparison run failed (exit ${r.code}): ${tail(r.out)}` };
    best = Math.min(best, r.ms);
  }
  return { ms: best, note: '' };
}
const tail = (s: string) => s.trim().split('\n').slice(-6).join(' / ').slice(0, 600);

function playwrightTest(url: string): Promise<Outcome> {
  const dir = path.join(WORK, 'playwright');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const projects = VIEWPORTS.map((v) => ({ name: v.name, use: { viewport: { width: v.width, height: v.height }, isMobile: v.isMobile, hasTouch: v.hasTouch } }));
  fs.writeFileSync(path.join(dir, 'playwright.config.mjs'), `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.', workers: ${WORKERS}, fullyParallel: true, reporter: 'dot', retries: 0,
  snapshotPathTemplate: '{testDir}/snapshots/{projectName}/{arg}{ext}',
  use: { baseURL: ${JSON.stringify(url)}, launchOptions: { executablePath: ${JSON.stringify(BROWSER)}, args: ${JSON.stringify(LAUNCH_FLAGS)} } },
  projects: ${JSON.stringify(projects)},
});
`);
  fs.writeFileSync(path.join(dir, 'pages.spec.mjs'), `import { test, expect } from '@playwright/test';
for (const p of ${JSON.stringify(PAGES)}) {
  test(p, async ({ page }) => {
    await page.goto('/' + p);
    await expect(page).toHaveScreenshot(p + '.png', { fullPage: true });
  });
}
`);
  const cli = path.join(PEERS, 'node_modules', '@playwright', 'test', 'cli.js');
  const run = (...extra: string[]) => sh(process.execPath, [cli, 'test', '-c', 'playwright.config.mjs', ...extra], dir);
  return timed('Playwright Test', () => run('--update-snapshots'), () => run());
}

function backstop(url: string): Promise<Outcome> {
  const dir = path.join(WORK, 'backstop');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const config = {
    id: 'bench',
    viewports: VIEWPORTS.map((v) => ({ label: v.name, width: v.width, height: v.height })),
    scenarios: PAGES.map((p) => ({ label: p, url: `${url}/${p}`, misMatchThreshold: 0.1 })),
    paths: { bitmaps_reference: 'data/ref', bitmaps_test: 'data/test', engine_scripts: 'data/scripts', html_report: 'data/html', ci_report: 'data/ci', json_report: 'data/json' },
    report: ['CI'], engine: 'puppeteer',
    engineOptions: { executablePath: BROWSER, args: ['--no-sandbox', ...LAUNCH_FLAGS.filter((f) => f !== '--no-sandbox')], headless: 'shell' },
    asyncCaptureLimit: WORKERS, asyncCompareLimit: 50, debug: false, debugWindow: false,
  };
  fs.writeFileSync(path.join(dir, 'backstop.json'), JSON.stringify(config, null, 2));
  const bin = path.join(PEERS, 'node_modules', 'backstopjs', 'cli', 'index.js');
  return timed('BackstopJS', () => sh(process.execPath, [bin, 'reference'], dir), () => sh(process.execPath, [bin, 'test'], dir));
}

function vevalProcess(url: string, noAxe = false): Promise<Outcome> {
  const dir = makeBenchProject({ units: PAGES.length * VIEWPORTS.length, baseURL: url, parity: true, noAxe });
  const dist = path.join(REPO, 'dist', 'cli', 'main.js');
  const cmd = fs.existsSync(dist) ? [dist] : ['--import', 'tsx', path.join(REPO, 'src', 'cli', 'main.ts')];
  const run = (...extra: string[]) => sh(process.execPath, [...cmd, 'run', '--workers', String(WORKERS), ...extra], dir, { OPENAI_API_KEY: '' });
  // exit 1 (findings) is a completed run; 2/3 are not
  return timed('veval', () => run('--update-baselines'), () => run(), [0, 1]);
}

const why = await ensurePeers();
const srv = await serveStatic(PAGES_DIR);
const v = await vevalProcess(srv.url);
const lean = await vevalProcess(srv.url, true);
const pw = why ? { ms: null, note: why } : await playwrightTest(srv.url);
const bs = why ? { ms: null, note: why } : await backstop(srv.url);
await srv.close();
if (v.ms === null) throw new Error(v.note);
if (lean.ms === null) throw new Error(lean.note);
const fmt = (o: Outcome) => (o.ms === null ? `did not run — ${o.note}` : `${o.ms.toFixed(0)} ms  (veval / this: ${(v.ms! / o.ms).toFixed(2)}; veval without axe / this: ${(lean.ms! / o.ms).toFixed(2)})`);
console.log(`peers: ${PAGES.length} pages × ${VIEWPORTS.length} viewports, ${WORKERS} workers, whole processes, best of ${ROUNDS}`);
console.log(`  veval run (capture + checks + axe + parity + reports): ${v.ms.toFixed(0)} ms`);
console.log(`  veval run without axe (capture + checks + parity + reports): ${lean.ms.toFixed(0)} ms`);
console.log(`  Playwright Test toHaveScreenshot: ${fmt(pw)}`);
console.log(`  BackstopJS test (puppeteer): ${fmt(bs)}`);
emit({ units: PAGES.length * VIEWPORTS.length, workers: WORKERS, rounds: ROUNDS, vevalMs: v.ms, vevalNoAxeMs: lean.ms, playwrightMs: pw.ms, playwrightNote: pw.note, backstopMs: bs.ms, backstopNote: bs.note });

// Benchmark (b): the same 20 pages × 2 viewports, each tool as a whole process, same browser
// binary, same worker count (WORKERS, given to every tool: Playwright Test would default to 1 on 2
// cores), same static server: veval `run` (capture, every deterministic check, axe, parity against
// approved baselines, reports) vs Playwright Test (`toHaveScreenshot` + `@axe-core/playwright`
// 4.13 per page, blockers asserted softly) and BackstopJS `test` with its Playwright engine and
// with its puppeteer engine (screenshot comparison only). Two page sets: the clean pages, and the
// defect set (bench/project.ts DEFECTS: covered CTA, overflow, console errors, missing labels, a
// moved region) served at the same URLs after every tool approved its references on the clean
// pages. Each tool first writes its references (untimed), then the timed comparison run is
// repeated ROUNDS times (best kept). Peers live in bench/peers/ (own package.json, installed
// there on first use with PUPPETEER_SKIP_DOWNLOAD=1), not in veval's deps.
// Run: node --import tsx bench/peers.ts   (WORKERS=n, ROUNDS=n, SETS=clean,defects)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LAUNCH_FLAGS } from '../src/capture/browser.js';
import { serveStatic } from '../src/core/static-server.js';
import { BENCH, BROWSER, PAGES, VIEWPORTS, emit, makeBenchProject, writePages } from './project.js';

const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const SETS = (process.env.SETS ?? 'clean,defects').split(',').map((x) => x.trim()) as ('clean' | 'defects')[];
const UNITS = PAGES.length * VIEWPORTS.length;
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

type Outcome = { ms: number | null; note: string; caught?: string };
type PageSet = 'clean' | 'defects';

const SITE = path.join(WORK, 'site');
const tail = (s: string) => s.trim().split('\n').slice(-6).join(' / ').slice(0, 600);

/** References on the clean pages (untimed); then, for the defect set, the defect pages at the same
 *  URLs; then ROUNDS timed comparison runs, best kept; then the clean pages back. `caught` says
 *  what the tool reported on its last run, so a fast run that saw nothing is visible. */
async function timed(name: string, set: PageSet, reference: () => Promise<ShResult>, compare: () => Promise<ShResult>, okCodes: number[], caught: (r: ShResult) => string): Promise<Outcome> {
  writePages(SITE, false);
  const ref = await reference();
  // exit 1 from writing references: findings on the pages (veval) or soft assertions (Playwright Test); 2+ is a broken run
  if (ref.code !== 0 && ref.code !== 1) return { ms: null, note: `${name}: writing references failed (exit ${ref.code}): ${tail(ref.out)}` };
  if (set === 'defects') writePages(SITE, true);
  let best = Infinity;
  let last: ShResult | null = null;
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const r = await compare();
      last = r;
      if (!okCodes.includes(r.code!)) return { ms: null, note: `${name}: comparison run failed (exit ${r.code}): ${tail(r.out)}` };
      best = Math.min(best, r.ms);
    }
  } finally {
    writePages(SITE, false);
  }
  return { ms: best, note: '', caught: last ? caught(last) : '' };
}

const count = (out: string, re: RegExp) => Number(out.match(re)?.[1] ?? 0);

function playwrightTest(url: string, set: PageSet): Promise<Outcome> {
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
  // the screenshot comparison and an axe pass per page, its blockers asserted softly (the test
  // fails, the run goes on), as a team would write it with @axe-core/playwright
  fs.writeFileSync(path.join(dir, 'pages.spec.mjs'), `import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
for (const p of ${JSON.stringify(PAGES)}) {
  test(p, async ({ page }) => {
    await page.goto('/' + p);
    await expect.soft(page).toHaveScreenshot(p + '.png', { fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    expect.soft(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}
`);
  const cli = path.join(PEERS, 'node_modules', '@playwright', 'test', 'cli.js');
  const run = (...extra: string[]) => sh(process.execPath, [cli, 'test', '-c', 'playwright.config.mjs', ...extra], dir);
  // exit 1: tests failed (the defect set); every test must still have run
  return timed('Playwright Test', set, () => run('--update-snapshots'), async () => {
    const r = await run();
    const ran = count(r.out, /(\d+) passed/) + count(r.out, /(\d+) failed/);
    return ran === UNITS ? r : { ...r, code: 99, out: `${ran} of ${UNITS} tests ran\n${r.out}` };
  }, set === 'clean' ? [0] : [0, 1], (r) => `${count(r.out, /(\d+) failed/)} of ${UNITS} tests failed`);
}

function backstop(url: string, set: PageSet, engine: 'playwright' | 'puppeteer'): Promise<Outcome> {
  const dir = path.join(WORK, `backstop-${engine}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const args = ['--no-sandbox', ...LAUNCH_FLAGS.filter((f) => f !== '--no-sandbox')];
  const config = {
    id: 'bench',
    viewports: VIEWPORTS.map((v) => ({ label: v.name, width: v.width, height: v.height })),
    scenarios: PAGES.map((p) => ({ label: p, url: `${url}/${p}`, misMatchThreshold: 0.1 })),
    paths: { bitmaps_reference: 'data/ref', bitmaps_test: 'data/test', engine_scripts: 'data/scripts', html_report: 'data/html', ci_report: 'data/ci', json_report: 'data/json' },
    report: ['CI'], engine,
    engineOptions: engine === 'playwright' ? { browser: 'chromium', executablePath: BROWSER, args } : { executablePath: BROWSER, args, headless: 'shell' },
    asyncCaptureLimit: WORKERS, asyncCompareLimit: 50, debug: false, debugWindow: false,
  };
  fs.writeFileSync(path.join(dir, 'backstop.json'), JSON.stringify(config, null, 2));
  const bin = path.join(PEERS, 'node_modules', 'backstopjs', 'cli', 'index.js');
  return timed(`BackstopJS (${engine})`, set, () => sh(process.execPath, [bin, 'reference'], dir), () => sh(process.execPath, [bin, 'test'], dir),
    set === 'clean' ? [0] : [0, 1], (r) => `${count(r.out, /(\d+) Failed/i)} of ${UNITS} screenshots differ`);
}

const projects: string[] = [];   // veval's bench projects, removed at the end
function vevalProcess(url: string, set: PageSet, noAxe = false): Promise<Outcome> {
  const dir = makeBenchProject({ units: UNITS, baseURL: url, parity: true, noAxe });
  projects.push(dir);
  const dist = path.join(REPO, 'dist', 'cli', 'main.js');
  // the process is the built CLI: a build older than src/ measured the code before the change
  // (run-all.ts started without `npm run bench`'s setup did so once)
  execFileSync('bash', [path.join(REPO, 'scripts', 'build.sh'), '--if-stale'], { stdio: 'ignore' });
  const cmd = fs.existsSync(dist) ? [dist] : ['--import', 'tsx', path.join(REPO, 'src', 'cli', 'main.ts')];
  const run = (...extra: string[]) => sh(process.execPath, [...cmd, 'run', '--workers', String(WORKERS), ...extra], dir, { OPENAI_API_KEY: '' });
  const caught = () => {
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));
    const byCheck = new Map<string, number>();
    for (const f of report.specs.flatMap((x: any) => x.findings)) if (f.severity === 'blocker' || f.severity === 'important') byCheck.set(f.check, (byCheck.get(f.check) ?? 0) + 1);
    return `${report.totals.unitsFailed} of ${report.totals.units} units failed; blocker/important findings by check: ${[...byCheck].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`;
  };
  // the clean pages' known heading-order debt is recorded when the baselines are approved, as a
  // team adopting veval would; exit 1 (findings) is a completed run, 2/3 are not
  return timed('veval', set, () => run('--update-baselines', '--accept-a11y-debt'), () => run(), set === 'clean' ? [0] : [0, 1], caught);
}

const why = await ensurePeers();
fs.mkdirSync(SITE, { recursive: true });
writePages(SITE, false);
const srv = await serveStatic(SITE);
const results: Record<string, Record<string, Outcome>> = {};
for (const set of SETS) {
  const r: Record<string, Outcome> = {};
  r.veval = await vevalProcess(srv.url, set);
  if (set === 'clean') r.vevalNoAxe = await vevalProcess(srv.url, set, true);
  const skip = { ms: null, note: why ?? '' };
  r.playwright = why ? skip : await playwrightTest(srv.url, set);
  r.backstopPlaywright = why ? skip : await backstop(srv.url, set, 'playwright');
  r.backstopPuppeteer = why ? skip : await backstop(srv.url, set, 'puppeteer');
  results[set] = r;
  if (r.veval.ms === null) throw new Error(r.veval.note);
}
await srv.close();
for (const dir of projects) fs.rmSync(dir, { recursive: true, force: true });
fs.rmSync(WORK, { recursive: true, force: true });
const NAMES: Record<string, string> = {
  veval: 'veval run (capture + checks + axe + parity + reports)',
  vevalNoAxe: 'veval run without axe (capture + checks + parity + reports)',
  playwright: 'Playwright Test toHaveScreenshot + @axe-core/playwright',
  backstopPlaywright: 'BackstopJS test (playwright engine)',
  backstopPuppeteer: 'BackstopJS test (puppeteer engine)',
};
console.log(`peers: ${PAGES.length} pages × ${VIEWPORTS.length} viewports, ${WORKERS} workers for every tool, whole processes, best of ${ROUNDS}`);
for (const [set, r] of Object.entries(results)) {
  console.log(`  ${set === 'clean' ? 'clean pages' : 'defect set (covered CTA, overflow, console errors, missing labels, moved region; references from the clean pages)'}:`);
  for (const [id, o] of Object.entries(r)) {
    const vs = id.startsWith('veval') || o.ms === null ? '' : `  (veval / this: ${(r.veval.ms! / o.ms).toFixed(2)})`;
    console.log(`    ${NAMES[id]}: ${o.ms === null ? `did not run — ${o.note}` : `${o.ms.toFixed(0)} ms${vs}`}${o.caught ? `; ${o.caught}` : ''}`);
  }
}
emit({ units: UNITS, workers: WORKERS, rounds: ROUNDS, sets: results });

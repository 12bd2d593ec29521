// Stability over an interval (issue 16), measured three ways:
//  1. the 20-run loops: each page of test/capture/stability-cases.ts captured RUNS times (default
//     stability options) through the real capture stage; prints how many runs were judged right;
//  2. which periods the shot spacings alias (pixels alone, random phase, simulated): the chance a
//     page flipping between two looks every `half` ms shows the same look in every shot;
//  3. cost per unit on the bench pages (desktop, axe off): stability off, then shots 2, 3, 5;
//  4. the Radix motion classes on a real shadcn/ui build (test/fixtures/shadcn-admin, issue 55):
//     each state captured RUNS times; right = proven still AND parity-equal to the first run's image
//     (default threshold, not one pixel over: what a second run after approval compares).
// Run: node --import tsx bench/stability-loops.ts   (RUNS=n, WORKERS=n, SKIP=loops,cost,radix)
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { captureRun } from '../src/capture/index.js';
import { diffBox, gapAt } from '../src/capture/still/by-shots.js';
import { compareImages } from '../src/parity/compare/pixel-diff.js';
import { DEFAULT_MAX_PIXELS } from '../src/core/limits.js';
import { serveStatic } from '../src/core/static-server.js';
import type { CaptureRecord } from '../src/core/artifacts.js';
import { files } from '../src/core/run.js';
import { desktop, makeRun, makeSpec, state, step } from '../test/capture/plan-fixture.js';
import type { StepPlan } from '../src/spec/plan.js';
import { FLAKE_MASKS, FLAKE_PAGE, STABILITY_CASES, STABILITY_PAGES } from '../test/capture/stability-cases.js';
import { tmpDir } from '../test/helpers/tmp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.RUNS ?? 20);
const WORKERS = Number(process.env.WORKERS ?? 2);
const SKIP = new Set((process.env.SKIP ?? '').split(','));
// CASES=flip,cover: only those pages (a re-check of one class); the flake map's page runs with all cases only
const ONLY = process.env.CASES ? new Set(process.env.CASES.split(',')) : null;
const CASES = STABILITY_CASES.filter((c) => !ONLY || ONLY.has(c.page));

if (!SKIP.has('loops')) {
  const srv = await serveStatic(STABILITY_PAGES);
  const dir = tmpDir('veval-stab-loops-');
  const specs = CASES.flatMap((c) => Array.from({ length: RUNS }, (_, i) => makeSpec(`${c.page}-${i + 1}`, { route: `/${c.page}` })));
  // the flake map's page: unmasked (must fail, naming both masks), then with the masks it names (must pass)
  if (!ONLY) for (let i = 1; i <= RUNS; i++) specs.push(makeSpec(`${FLAKE_PAGE}-${i}`, { route: `/${FLAKE_PAGE}` }), makeSpec(`${FLAKE_PAGE}-masked-${i}`, { route: `/${FLAKE_PAGE}`, masks: FLAKE_MASKS }));
  const run = makeRun(dir, specs, srv.url);
  const t0 = performance.now();
  await captureRun(run, { workers: WORKERS });
  console.log(`loops: ${RUNS} runs per page, default stability options, ${WORKERS} workers, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  for (const c of CASES) {
    let right = 0, ms = 0;
    for (let i = 1; i <= RUNS; i++) {
      const rec: CaptureRecord = JSON.parse(fs.readFileSync(path.join(run.runDir, files.record(`${c.page}-${i}`, 'default', 'desktop')), 'utf8'));
      if (rec.ok && rec.stability.stable === c.stable) right++;
      ms += rec.timings.screenshot + (rec.timings.stability ?? 0);
    }
    console.log(`  ${c.page.padEnd(18)} expected ${c.stable ? 'pass' : 'fail'}: ${right}/${RUNS} right   (shots ${(ms / RUNS).toFixed(0)} ms/unit)  ${c.what}`);
  }
  if (!ONLY) {
  const rec = (name: string): CaptureRecord => JSON.parse(fs.readFileSync(path.join(run.runDir, files.record(name, 'default', 'desktop')), 'utf8'));
  let named = 0, passed = 0, msA = 0, msB = 0;
  for (let i = 1; i <= RUNS; i++) {
    const a = rec(`${FLAKE_PAGE}-${i}`), b = rec(`${FLAKE_PAGE}-masked-${i}`);
    const masks = new Set((a.stability.hot ?? []).filter((h) => h.repeated && h.mask).map((h) => h.mask));
    if (a.ok && !a.stability.stable && a.stability.map && FLAKE_MASKS.every((m) => masks.has(m)) && masks.size === FLAKE_MASKS.length) named++;
    if (b.ok && b.stability.stable) passed++;
    msA += a.timings.screenshot + (a.timings.stability ?? 0); msB += b.timings.screenshot + (b.timings.stability ?? 0);
  }
  console.log(`  ${FLAKE_PAGE.padEnd(18)} expected fail naming ${FLAKE_MASKS.join(' + ')} (and nothing else): ${named}/${RUNS} right   (shots ${(msA / RUNS).toFixed(0)} ms/unit)`);
  console.log(`  ${(FLAKE_PAGE + ' + masks').padEnd(18)} expected pass: ${passed}/${RUNS} right   (shots ${(msB / RUNS).toFixed(0)} ms/unit)`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await srv.close();
}

// 2. aliasing of pixel shots alone (the in-page watch catches DOM-driven changes within the window
// whatever their period); the screenshot itself takes time, modelled as 30 ms per shot
{
  const SHOT_MS = 30, TRIALS = 20000;
  const schemes: [string, number[]][] = [
    ['old: 2 shots, 100', [100]],
    ['2 shots, 100 (new)', [gapAt(100, 0)]],
    ['3 shots, 100+170', [gapAt(100, 0), gapAt(100, 1)]],
    ['4 shots, 100+170+230', [gapAt(100, 0), gapAt(100, 1), gapAt(100, 2)]],
  ];
  console.log(`aliasing (pixels alone): chance that every shot shows the same look, page flipping every H ms, random phase, ${SHOT_MS} ms per shot`);
  const halves = [50, 85, 100, 115, 170, 200, 270, 500, 1000];
  console.log(`  ${'scheme'.padEnd(24)} ${halves.map((h) => `H=${h}`.padStart(7)).join('')}`);
  for (const [name, gaps] of schemes) {
    const row = halves.map((h) => {
      let same = 0;
      for (let t = 0; t < TRIALS; t++) {
        let at = Math.random() * 2 * h;
        const look = (x: number) => Math.floor(x / h) % 2;
        const first = look(at);
        let all = true;
        for (const g of gaps) { at += g + SHOT_MS; if (look(at) !== first) { all = false; break; } }
        if (all) same++;
      }
      return `${((100 * same) / TRIALS).toFixed(0)}%`.padStart(7);
    });
    console.log(`  ${name.padEnd(24)} ${row.join('')}`);
  }
}

if (!SKIP.has('cost')) {
  const srv = await serveStatic(path.join(here, 'pages'));
  const pages = Array.from({ length: 20 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`);
  const cost = async (stability: false | Record<string, unknown>) => {
    const specs = pages.map((p) => makeSpec(p, { checkOptions: { axe: false, stability } }));
    const dir = tmpDir('veval-stab-cost-');
    const run = makeRun(dir, specs, srv.url);
    const t0 = performance.now();
    await captureRun(run, { workers: WORKERS });
    const wall = performance.now() - t0;
    let shot = 0;
    for (const p of pages) shot += (JSON.parse(fs.readFileSync(path.join(run.runDir, files.record(p, 'default', 'desktop')), 'utf8')) as CaptureRecord).timings.screenshot;
    fs.rmSync(dir, { recursive: true, force: true });
    return { wall: wall / pages.length, shot: shot / pages.length };
  };
  await cost(false); // warm-up
  console.log(`cost per unit, ${pages.length} bench pages × desktop, axe off, ${WORKERS} workers (best of 2)`);
  for (const [name, opt] of [['stability off', false], ['shots 2', { shots: 2 }], ['shots 3 (default)', {}], ['shots 5', { shots: 5 }]] as const) {
    const a = await cost(opt), b = await cost(opt);
    const m = a.wall < b.wall ? a : b;
    console.log(`  ${name.padEnd(18)} wall ${m.wall.toFixed(0)} ms/unit, screenshot stage ${m.shot.toFixed(0)} ms/unit`);
  }
  await srv.close();
}

// 4. the motion a Radix app makes when a state opens a popup, each class by its own state
if (!SKIP.has('radix')) {
  const srv = await serveStatic(path.join(here, '..', 'test', 'fixtures', 'shadcn-admin'), [], { fallback: 'index.html' });
  const dir = tmpDir('veval-stab-radix-');
  const steps = (click: string, wait: string) => [step({ action: 'click', selector: click } as Partial<StepPlan> & { action: 'click' }), step({ action: 'waitFor', selector: wait } as Partial<StepPlan> & { action: 'waitFor' })];
  const classes = [
    { name: 'popper-in-scroller', route: '/users', steps: steps("tbody tr:nth-child(10) button:has-text('Open menu')", '[role=menu]'), what: 'a dropdown (floating-ui) opened from a row of a horizontally scrolled table' },
    { name: 'focus-into-view', route: '/tasks', steps: steps("[role=combobox]:has-text('10')", '[role=listbox]'), what: 'a select whose opening focuses its chosen item and scrolls it into view' },
    { name: 'scroll-lock', route: '/users', steps: steps("button:has-text('Add User')", '[role=dialog]'), what: 'a modal dialog: react-remove-scroll locks the body' },
  ].filter((c) => !ONLY || ONLY.has(c.name));
  const specs = classes.flatMap((c) => Array.from({ length: RUNS }, (_, i) => makeSpec(`${c.name}-${i + 1}`, { route: c.route, viewports: [desktop], states: [state('open', [], c.steps)] })));
  const run = makeRun(dir, specs, srv.url);
  const t0 = performance.now();
  await captureRun(run, { workers: WORKERS });
  console.log(`radix (test/fixtures/shadcn-admin): ${RUNS} runs per state, ${WORKERS} workers, ${((performance.now() - t0) / 1000).toFixed(0)} s; right = still and parity-equal to the first run's image`);
  for (const c of classes) {
    let right = 0, signals = 0, first: Buffer | null = null;
    for (let i = 1; i <= RUNS; i++) {
      const rec: CaptureRecord = JSON.parse(fs.readFileSync(path.join(run.runDir, files.record(`${c.name}-${i}`, 'open', 'desktop')), 'utf8'));
      const png = rec.ok ? fs.readFileSync(path.join(run.runDir, files.capture(`${c.name}-${i}`, 'open', 'desktop'))) : null;
      first ??= png;
      // the same image as parity sees it: default threshold, not one pixel over (maxDiffRatio 0)
      const o = png && first ? compareImages({ baseline: first, current: png, threshold: 0.1, deviceScaleFactor: 1, ignore: [], regions: [], wantDiff: false, maxPixels: DEFAULT_MAX_PIXELS }) : null;
      const changed = !o ? -1 : o.kind === 'identical' ? 0 : o.kind === 'compared' ? o.changed : -1;
      if (rec.ok && rec.stability.stable && changed === 0) right++;
      else if (!png) console.log(`    run ${i}: not captured (${JSON.stringify(rec.error).slice(0, 300)})`);
      else if (first) {
        const box = changed === 0 ? null : diffBox(first, png, [], 1);
        console.log(`    run ${i}: ${rec.ok ? '' : `not captured (${JSON.stringify(rec.error).slice(0, 160)}), `}${rec.stability.stable ? 'still' : 'not still'} (${rec.timings.stillBy}), ${box ? `${changed} px differ from run 1's (parity's default threshold), within ${box.width}×${box.height} at ${box.x},${box.y}` : 'the same image'}`);
        if (process.env.KEEP) { fs.writeFileSync(`/tmp/radix-${c.name}-1.png`, first); fs.writeFileSync(`/tmp/radix-${c.name}-${i}.png`, png); }
      }
      if (rec.timings.stillBy === 'paint signals') signals++;
    }
    console.log(`  ${c.name.padEnd(20)} ${right}/${RUNS} right (${signals} by paint signals, the rest by shots)  ${c.what}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await srv.close();
}

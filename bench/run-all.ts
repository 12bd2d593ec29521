// `npm run bench`: every benchmark in its own fresh process, one after another (so they do not
// compete for the cores), then a results table on the console and in bench/RESULTS.md.
// Figures that travel between machines are ratios measured in the same run; absolute times are
// given for context only. BENCH_ONLY=floor,peers,… runs a subset (RESULTS.md is then not written,
// unless BENCH_WRITE=1: then it holds only the benchmarks that ran, and says so).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH, BROWSER, resultOf } from './project.js';

interface Job { id: string; file: string; title: string; env?: Record<string, string> }
const JOBS: Job[] = [
  { id: 'floor', file: 'floor.ts', title: 'veval run vs the bare floor (goto + full-page screenshot + axe), per phase, same process' },
  { id: 'peers', file: 'peers.ts', title: 'whole processes at equal workers: veval vs Playwright Test (+ axe) vs BackstopJS (playwright and puppeteer engines), clean pages and the defect set' },
  { id: 'memory', file: 'memory.ts', title: 'wall time and peak RSS by units' },
  { id: 'scaling', file: 'scaling.ts', title: 'wall time by workers' },
  { id: 'storybook', file: 'storybook.ts', title: 'a story unit vs a route unit of the same page (the example Storybook as one storybook spec, and as route specs on its iframe.html pages)' },
  { id: 'capture', file: 'capture.ts', title: 'capture stage vs bare goto + screenshot (capture engineer)' },
  { id: 'engines', file: 'engines.ts', title: 'cost per unit in Firefox vs Chromium (second engine)' },
  { id: 'checks', file: 'checks.ts', title: 'checks per record' },
  { id: 'parity', file: 'parity.ts', title: 'parity comparator vs pixelmatch' },
  { id: 'validate', file: 'validate.ts', title: 'validation of large and bad specs vs the yaml parse of the same text' },
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

function runJob(job: Job): Promise<{ code: number | null; out: string; ms: number }> {
  const t0 = performance.now();
  console.log(`\n── ${job.id}: ${job.title}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH, job.file)], { cwd: path.resolve(BENCH, '..'), env: { ...process.env, OPENAI_API_KEY: '', ...job.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (d: Buffer) => { out += d; process.stdout.write(d.toString().split('\n').filter((l) => !l.startsWith('RESULT ')).join('\n')); };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => resolve({ code, out, ms: performance.now() - t0 }));
  });
}

const results: Record<string, { code: number | null; out: string; ms: number; result?: any }> = {};
for (const job of JOBS) {
  if (only && !only.includes(job.id)) continue;
  if (!fs.existsSync(path.join(BENCH, job.file))) { results[job.id] = { code: null, out: `${job.file} is not in this checkout`, ms: 0 }; continue; }
  const r = await runJob(job);
  let result: any;
  try { result = resultOf(r.out); } catch { /* text-only benchmarks */ }
  results[job.id] = { ...r, result };
}

const browserVersion = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox'] }).then(async (b) => { const v = b.version(); await b.close(); return v; }).catch(() => 'unknown');
const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const machine = `${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.platform()} ${os.release()}, Node ${process.versions.node}, Chromium ${browserVersion} (${BROWSER})`;
const date = new Date().toISOString().slice(0, 10);
const x = (n: number) => n.toFixed(2);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const rows: string[][] = [];
const f = results.floor?.result;
if (f) rows.push(['veval `run` per-unit cost / the floor (context + goto until load + full-page screenshot + axe.run with the rules a moderate threshold can report), same process', x(f.ratio), '≤ 1.25', `${s(f.vevalMs)} vs ${s(f.floorMs)}; ${f.units} units, ${f.workers} workers, best of ${f.rounds}`]);
const p = results.peers?.result;
if (p) {
  const PEER_NAMES: [string, string][] = [['playwright', 'Playwright Test `toHaveScreenshot` + `@axe-core/playwright` 4.13'], ['backstopPlaywright', 'BackstopJS `test` (playwright engine)'], ['backstopPuppeteer', 'BackstopJS `test` (puppeteer engine)']];
  for (const [set, r] of Object.entries<any>(p.sets)) {
    const label = set === 'clean' ? 'clean pages' : 'defect set';
    for (const [id, name] of PEER_NAMES) {
      const o = r[id];
      if (!o) continue;
      rows.push([`veval \`run\` process / ${name} process, ${label}`, o.ms ? x(r.veval.ms / o.ms) : 'n/a', '≤ 1.0', o.ms ? `${s(r.veval.ms)} vs ${s(o.ms)}; ${p.units} units, ${p.workers} workers each, best of ${p.rounds}` : `did not run: ${o.note}`]);
    }
    if (r.vevalNoAxe && r.backstopPlaywright?.ms) rows.push([`veval \`run\` without axe / BackstopJS (playwright engine), ${label} (context: BackstopJS runs no accessibility audit)`, x(r.vevalNoAxe.ms / r.backstopPlaywright.ms), '—', `${s(r.vevalNoAxe.ms)} vs ${s(r.backstopPlaywright.ms)}`]);
  }
}
const m = results.memory?.result;
if (m) {
  const [a, b] = [m.rows[0], m.rows[m.rows.length - 1]];
  rows.push([`peak RSS ${b.units} units / ${a.units} units (veval process)`, x(b.maxRssMB / a.maxRssMB), '≤ 1.25', m.rows.map((r: any) => `${r.units}: ${r.maxRssMB.toFixed(0)} MB`).join(', ')]);
  rows.push([`wall time per unit, ${b.units} units / ${a.units} units`, x((b.ms / b.units) / (a.ms / a.units)), '≤ 1.1', m.rows.map((r: any) => `${r.units}: ${s(r.ms)}`).join(', ') + `; ${m.workers} workers`]);
}
const sb = results.storybook?.result;
if (sb) rows.push(['veval `run` per story unit (one `storybook:` spec) / per route unit (route specs on the same iframe.html pages), same checks', x(sb.ratio), '≤ 1.2', `${s(sb.storyMs)} vs ${s(sb.routeMs)}; ${sb.units} units, ${sb.workers} workers, best of ${sb.rounds}`]);
const sc = results.scaling?.result;
if (sc) for (const r of sc.rows.slice(1)) rows.push([`speed-up ${r.workers} workers / 1 worker (${sc.units} units)`, x(sc.rows[0].ms / r.ms), '—', `${s(r.ms)} vs ${s(sc.rows[0].ms)}`]);

const table = ['| measure | ratio | target | detail |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const textOf = (id: string) => (results[id]?.out ?? '').split('\n').filter((l) => l.trim() && !l.startsWith('RESULT ') && !l.startsWith('peers: installing')).join('\n');
const failed = Object.entries(results).filter(([, r]) => r.code !== 0).map(([id, r]) => `${id} (exit ${r.code})`);
const md = [
  '# veval benchmarks',
  '',
  `Measured ${date} by \`npm run bench\` (bench/run-all.ts) on ${machine}.`,
  'Ratios compare runs made in the same benchmark on the same machine; absolute times are context only.',
  ...(only ? [`Only these benchmarks ran (BENCH_ONLY): ${only.join(', ')}; environment: ROUNDS=${process.env.ROUNDS ?? 'default'}${process.env.SIZES ? `, SIZES=${process.env.SIZES}` : ''}.`] : []),
  `Load average when the table was written (1 / 5 / 15 min): ${load} — the machine was shared with other work, so absolute times are inflated and ratios noisy.`,
  '',
  table,
  '',
  ...JOBS.filter((j) => results[j.id]).flatMap((j) => [`## ${j.id}: ${j.title}`, '', '```', textOf(j.id) || '(no output)', '```', '']),
  ...(failed.length ? [`Benchmarks that failed: ${failed.join(', ')}.`, ''] : []),
].join('\n');

console.log(`\n${table}\n`);
if (!only || process.env.BENCH_WRITE === '1') {
  fs.writeFileSync(path.join(BENCH, 'RESULTS.md'), md);
  console.log('wrote bench/RESULTS.md');
}
if (failed.length) { console.log(`failed: ${failed.join(', ')}`); process.exitCode = 1; }

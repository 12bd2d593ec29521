// `npm run bench`: every benchmark in its own fresh process, one after another (so they do not
// compete for the cores), then a results table on the console and in bench/RESULTS.md.
// Figures that travel between machines are ratios measured in the same run; absolute times are
// given for context only. BENCH_ONLY=overhead,peers,… runs a subset (RESULTS.md is then not written).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH, BROWSER, resultOf } from './project.js';

interface Job { id: string; file: string; title: string; env?: Record<string, string> }
const JOBS: Job[] = [
  { id: 'overhead', file: 'overhead.ts', title: 'veval run vs bare Playwright + axe (same process)' },
  { id: 'peers', file: 'peers.ts', title: 'whole processes: veval vs Playwright Test vs BackstopJS' },
  { id: 'memory', file: 'memory.ts', title: 'wall time and peak RSS by units' },
  { id: 'scaling', file: 'scaling.ts', title: 'wall time by workers' },
  { id: 'capture', file: 'capture.ts', title: 'capture stage vs bare goto + screenshot (capture engineer)' },
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
const machine = `${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.platform()} ${os.release()}, Node ${process.versions.node}, Chromium ${browserVersion} (${BROWSER})`;
const date = new Date().toISOString().slice(0, 10);
const x = (n: number) => n.toFixed(2);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const rows: string[][] = [];
const o = results.overhead?.result;
if (o) {
  rows.push(['veval `run` / bare Playwright (goto + screenshot + axe, same result types), in-process', x(o.ratio), '≤ 1.3', `${s(o.vevalMs)} vs ${s(o.bareMs)}; ${o.units} units, ${o.workers} workers, best of ${o.rounds}`]);
  rows.push(['veval `run` / bare Playwright with `axe.run()` defaults', x(o.ratioDefault), '≤ 1.3', `${s(o.vevalMs)} vs ${s(o.bareDefaultMs)}`]);
}
const p = results.peers?.result;
if (p) {
  for (const [name, ms, note] of [['Playwright Test `toHaveScreenshot`', p.playwrightMs, p.playwrightNote], ['BackstopJS `test` (puppeteer)', p.backstopMs, p.backstopNote]] as const) {
    rows.push([`veval \`run\` process / ${name} process`, ms ? x(p.vevalMs / ms) : 'n/a', '< 1', ms ? `${s(p.vevalMs)} vs ${s(ms)}; ${p.units} units, ${p.workers} workers, best of ${p.rounds}` : `did not run: ${note}`]);
    if (ms) rows.push([`veval \`run\` without axe / ${name} (like for like: no accessibility audit)`, x(p.vevalNoAxeMs / ms), '< 1', `${s(p.vevalNoAxeMs)} vs ${s(ms)}`]);
  }
}
const m = results.memory?.result;
if (m) {
  const [a, b] = [m.rows[0], m.rows[m.rows.length - 1]];
  rows.push([`peak RSS ${b.units} units / ${a.units} units (veval process)`, x(b.maxRssMB / a.maxRssMB), 'flat (≈ 1)', m.rows.map((r: any) => `${r.units}: ${r.maxRssMB.toFixed(0)} MB`).join(', ')]);
  rows.push([`wall time per unit, ${b.units} units / ${a.units} units`, x((b.ms / b.units) / (a.ms / a.units)), '≤ 1', m.rows.map((r: any) => `${r.units}: ${s(r.ms)}`).join(', ') + `; ${m.workers} workers`]);
}
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
  '',
  table,
  '',
  ...JOBS.filter((j) => results[j.id]).flatMap((j) => [`## ${j.id}: ${j.title}`, '', '```', textOf(j.id) || '(no output)', '```', '']),
  ...(failed.length ? [`Benchmarks that failed: ${failed.join(', ')}.`, ''] : []),
].join('\n');

console.log(`\n${table}\n`);
if (!only) {
  fs.writeFileSync(path.join(BENCH, 'RESULTS.md'), md);
  console.log('wrote bench/RESULTS.md');
}
if (failed.length) { console.log(`failed: ${failed.join(', ')}`); process.exitCode = 1; }

// The width sweep against ReDeCheck's published results (ISSTA 2017): the subjects of
// redecheck/example-webpages, the authors' fault reports and classifications from
// redecheck/redecheck (see bench/redecheck/published.ts). Neither is copied into this repository:
// both are read from local clones (bare git dirs), by default where `fetch` puts them:
//   REDECHECK_PAGES=/work/.mirror/redecheck+example-webpages/repo/.git
//   REDECHECK_REPORTS=/work/.mirror/redecheck+redecheck/repo
// (get them with `git clone --bare https://github.com/redecheck/example-webpages` and
// `git clone --bare https://github.com/redecheck/redecheck`). Without them the bench says so and
// exits 0 (skipped).
//
// 1. Which published true positives of the types veval targets (OL collision, OF element
//    protrusion, VO viewport protrusion) still reproduce in today's Chromium: one measurement of
//    the published elements at the middle of the published range (else at its ends), in plain
//    page code, without veval's.
// 2. veval's sweep (320–1400 px, its defaults) of every subject, timed; each reproduced true
//    positive is found when a range of the same type with the same elements (the same node, or one
//    inside the other: veval names the outermost element that sticks out) overlaps its range.
// 3. bench/REDECHECK.md: found/missed per failure, every other range veval reported with its
//    screenshot, and the sweep's time per page.
// Run: node --import tsx bench/redecheck.ts   (ONLY=Subject,Subject to run some)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../src/capture/browser.js';
import { sweepState } from '../src/capture/sweep/index.js';
import { serveStatic } from '../src/core/static-server.js';
import { inPageScript } from '../src/capture/in-page/script.js';
import type { SweepResult } from '../src/core/artifact-sweep.js';
import { makeRun, makeSpec, state } from '../test/capture/plan-fixture.js';
import { SWEEP_DEFAULTS } from '../src/spec/schema.js';
import { readPublished, REPORTS_COMMIT, type Published } from './redecheck/published.js';
import { treeCpuMs } from './cpu.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES_GIT = process.env.REDECHECK_PAGES ?? '/work/.mirror/redecheck+example-webpages/repo/.git';
const REPORTS_GIT = process.env.REDECHECK_REPORTS ?? '/work/.mirror/redecheck+redecheck/repo';
const OUT = path.resolve(here, '..', 'evals', 'bench-redecheck');
const SWEEP = { ...SWEEP_DEFAULTS, states: null };
const TARGETED = ['OL', 'OF', 'VO'] as const;
const ONLY = process.env.ONLY?.split(',').map((s) => s.trim().toLowerCase()) ?? null;

for (const [what, dir] of [['subjects', PAGES_GIT], ['published reports', REPORTS_GIT]]) {
  if (!fs.existsSync(dir)) { console.log(`redecheck: skipped — the ${what} are not at ${dir} (see the comment at the top of bench/redecheck.ts)`); process.exit(0); }
}

const published = readPublished(REPORTS_GIT);
const subjectsInRepo = execFileSync('git', ['--git-dir', PAGES_GIT, 'ls-tree', '--name-only', 'HEAD'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const folderOf = (subject: string) => subjectsInRepo.find((s) => s.toLowerCase() === subject.toLowerCase()) ?? null;
const subjects = [...new Set(published.map((p) => p.subject))].filter((s) => !ONLY || ONLY.includes(s.toLowerCase())).sort();

fs.rmSync(OUT, { recursive: true, force: true });
const site = path.join(OUT, 'site');
fs.mkdirSync(site, { recursive: true });
for (const s of subjects) {
  const f = folderOf(s);
  if (f) execFileSync('bash', ['-c', `git --git-dir "$0" archive HEAD "$1" | tar -x -C "$2"`, PAGES_GIT, f, site]);
}
const pagesCommit = execFileSync('git', ['--git-dir', PAGES_GIT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const reportsCommit = execFileSync('git', ['--git-dir', REPORTS_GIT, 'rev-parse', REPORTS_COMMIT], { encoding: 'utf8' }).trim();

const srv = await serveStatic(site);
const run = makeRun(OUT, [], srv.url, 'run');
const { browser, environment } = await launchBrowser(run.plan);

// ---- 1. reproduction, in plain page code ----
function probe(a: { type: string; xpaths: string[] }) {
  const get = (xp: string) => document.evaluate(xp, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as Element | null;
  const els = a.xpaths.map(get);
  if (els.some((e) => !e)) return { ok: false, why: 'element not found' };
  const r = els.map((e) => e!.getBoundingClientRect());
  if (r.some((b) => b.width < 1 || b.height < 1)) return { ok: false, why: 'element not laid out (zero size)' };
  const vw = document.documentElement.clientWidth;
  if (a.type === 'VO') return r[0]!.right > vw + 0.5 || r[0]!.left < -0.5 ? { ok: true, why: `right edge ${Math.round(r[0]!.right)} px, viewport ${vw} px` } : { ok: false, why: 'inside the viewport' };
  if (a.type === 'OF') {
    const [c, p] = r as [DOMRect, DOMRect];
    const out = Math.max(p.left - c.left, c.right - p.right, p.top - c.top, c.bottom - p.bottom);
    return out > 0.5 ? { ok: true, why: `${Math.round(out)} px outside its parent` } : { ok: false, why: 'inside its parent' };
  }
  const [x, y] = r as [DOMRect, DOMRect];
  const w = Math.min(x.right, y.right) - Math.max(x.left, y.left), h = Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top);
  return w > 0.5 && h > 0.5 ? { ok: true, why: `overlap ${Math.round(w)}×${Math.round(h)} px` } : { ok: false, why: 'apart' };
}

async function open(subject: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: SWEEP.height } });
  await page.goto(`${srv.url}/${encodeURIComponent(folderOf(subject)!)}/index.html`, { waitUntil: 'load', timeout: 30_000 }).catch(() => {});
  return page;
}

interface Row { p: Published; reproduced: boolean; at: number | null; why: string; found: SweepResult['ranges'][number] | null }
const rows: Row[] = [];
const tps = published.filter((p) => p.classification === 1 && (TARGETED as readonly string[]).includes(p.type) && subjects.includes(p.subject));
// the reproduction does not depend on veval's code: kept per Chromium build and subjects' commit
// (REPRO_FRESH=1 measures again)
const reproFile = path.resolve(here, '..', 'evals', 'redecheck-reproduction.json');
const reproKey = `${environment.browserVersion} ${pagesCommit}`;
const cached: Record<string, { reproduced: boolean; at: number | null; why: string }> = (() => {
  try { const j = JSON.parse(fs.readFileSync(reproFile, 'utf8')); return !process.env.REPRO_FRESH && j.key === reproKey ? j.rows : {}; } catch { return {}; }
})();
for (const p of tps) {
  const hit = cached[`${p.subject}#${p.index}`];
  if (hit) { rows.push({ p, ...hit, found: null }); continue; }
  if (!folderOf(p.subject)) { rows.push({ p, reproduced: false, at: null, why: 'subject not in redecheck/example-webpages', found: null }); continue; }
  let row: Row = { p, reproduced: false, at: null, why: '', found: null };
  for (const w of [...new Set([Math.floor((p.from + p.to) / 2), p.from, p.to])]) {
    const page = await open(p.subject, w);
    const r = await page.evaluate(inPageScript([], probe, { type: p.type, xpaths: p.xpaths })) as { ok: boolean; why: string };
    await page.close();
    row = { p, reproduced: r.ok, at: w, why: r.why, found: null };
    if (r.ok) break;
  }
  rows.push(row);
}

fs.writeFileSync(reproFile, JSON.stringify({ key: reproKey, rows: { ...cached, ...Object.fromEntries(rows.map((r) => [`${r.p.subject}#${r.p.index}`, { reproduced: r.reproduced, at: r.at, why: r.why }])) } }, null, 1));

// ---- 2. veval's sweep of every subject ----
const sweeps = new Map<string, SweepResult>();
const floors = new Map<string, number>();
const cpu = new Map<string, number>();   // CPU ms of this process and the browser's during the sweep
for (const s of subjects) {
  if (!folderOf(s)) continue;
  const spec = makeSpec(s.replace(/[^A-Za-z0-9-]/g, '-'), { route: `/${folderOf(s)}/index.html`, sweep: SWEEP, wait: { for: 'load', selector: null, timeout: 30_000 }, timeout: 120_000 });
  fs.mkdirSync(path.join(run.runDir, spec.name), { recursive: true });
  const c0 = treeCpuMs();
  const r = await sweepState(run, browser, { spec, state: state('default'), url: `${srv.url}/${encodeURIComponent(folderOf(s)!)}/index.html` });
  cpu.set(s, treeCpuMs() - c0);
  sweeps.set(s, r);
  // the floor for the same widths, same page, same process: resize, let the page lay out, read one number
  const page = await open(s, SWEEP.from);
  const t0 = performance.now();
  for (const w of r.measured) {
    await page.setViewportSize({ width: w, height: SWEEP.height });
    await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(() => res(document.documentElement.scrollWidth)))));
  }
  floors.set(s, performance.now() - t0);
  await page.close();
  console.log(`${s}: ${r.ok ? 'ok' : `error: ${r.error}`}, ${r.measured.length} widths, ${r.ranges.length} ranges, ${(r.timings.total / 1000).toFixed(1)} s (open ${(r.timings.open / 1000).toFixed(1)} s, measure ${(r.timings.measure / 1000).toFixed(1)} s, screenshots ${(r.timings.screenshots / 1000).toFixed(1)} s)`);
}

// ---- 3. matching: same type, same elements (or one inside the other), overlapping range ----
const KINDS: Record<string, string[]> = { VO: ['overflow', 'offscreen'], OF: ['protrusion', 'overflow', 'offscreen'], OL: ['collision', 'protrusion', 'overflow'] };
function related(a: { xpaths: string[]; sels: string[]; type: string }) {
  const x = a.xpaths.map((xp) => document.evaluate(xp, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as Element | null);
  const v = a.sels.map((s) => { try { return document.querySelector(s); } catch { return null; } });
  const rel = (p: Element | null, q: Element | null) => !!p && !!q && (p === q || p.contains(q) || q.contains(p));
  if (a.type === 'VO' || a.type === 'OF') return rel(x[0]!, v[0]!);
  // a collision: both pairs related, crosswise or straight; an ancestor and its descendant
  // overlapping (the descendant out of its ancestor) is a protrusion or overflow of the descendant
  if (v.length === 2 && x.length === 2 && ((rel(x[0]!, v[0]!) && rel(x[1]!, v[1]!)) || (rel(x[0]!, v[1]!) && rel(x[1]!, v[0]!)))) return true;
  const nested = x[0] && x[1] && (x[0].contains(x[1]) || x[1].contains(x[0]));
  return !!nested && v.length >= 1 && x.some((e) => e && v[0] && (e === v[0] || e.contains(v[0]!) || v[0]!.contains(e)) && x.some((o) => o !== e && o!.contains(e)));
}
const used = new Set<SweepResult['ranges'][number]>();
for (const row of rows.filter((r) => r.reproduced)) {
  const sw = sweeps.get(row.p.subject);
  for (const g of sw?.ranges ?? []) {
    if (!KINDS[row.p.type]!.includes(g.kind) || g.from > row.p.to || g.to < row.p.from) continue;
    const page = await open(row.p.subject, Math.max(g.from, row.p.from));
    const ok = await page.evaluate(inPageScript([], related, { xpaths: row.p.xpaths, sels: g.elements, type: row.p.type })) as boolean;
    await page.close();
    if (ok) { row.found = g; used.add(g); break; }
  }
}
await browser.close();
await srv.close();

// ---- the table ----
const rel = (f: string | null, subject: string) => (f ? path.relative(path.resolve(here, '..'), path.join(run.runDir, subject.replace(/[^A-Za-z0-9-]/g, '-'), f)) : '—');
const short = (x: string) => x.replace(/^\/HTML\/BODY/, '…');
const reproduced = rows.filter((r) => r.reproduced);
const found = reproduced.filter((r) => r.found);
const lines: string[] = [];
lines.push('# ReDeCheck subjects: veval\'s width sweep against the published results', '');
lines.push(`Measured ${new Date().toISOString().slice(0, 10)} by \`node --import tsx bench/redecheck.ts\` on ${os.cpus().length} cores, Node ${process.version}, ${environment.browserName} ${environment.browserVersion} (${environment.flavour}).`);
lines.push(`Subjects: redecheck/example-webpages@${pagesCommit.slice(0, 8)}; published fault reports and classifications: redecheck/redecheck@${reportsCommit.slice(0, 8)} (reports-final, MIT licence). Sweep: ${SWEEP.from}–${SWEEP.to} px, step ${SWEEP.step}, height ${SWEEP.height}.`, '');
const inScope = published.filter((p) => subjects.includes(p.subject) && (TARGETED as readonly string[]).includes(p.type));
lines.push(`Published failures of the targeted types (OL collision, OF element protrusion, VO viewport protrusion): ${inScope.length}, of which the authors classified ${tps.length} as true positives. Reproduced in today's Chromium: **${reproduced.length} / ${tps.length}**. Found by veval: **${found.length} / ${reproduced.length}${reproduced.length ? ` (${Math.round((100 * found.length) / reproduced.length)} %)` : ''}** (target ≥ 90 %).`, '');
lines.push('| subject | type | published elements | published range | reproduces today? | veval |', '|---|---|---|---|---|---|');
for (const r of rows) {
  lines.push(`| ${r.p.subject} | ${r.p.type} | ${r.p.xpaths.map(short).join(' ↔ ')} | ${r.p.from}–${r.p.to} | ${r.reproduced ? `yes at ${r.at} px (${r.why})` : `no${r.at ? ` at ${r.at} px` : ''}: ${r.why}`} | ${!r.reproduced ? '—' : r.found ? `found: ${r.found.kind} ${r.found.from}–${r.found.to} px (${r.found.elements.join(' ↔ ')})` : '**missed**'} |`);
}
lines.push('', '## Time per page', '', 'measure: every width measured and judged; floor: the same widths in the same process with nothing measured (resize, two animation frames, read one number) — the ratio is the figure that survives a loaded machine.', '', '| subject | widths measured | sweep (s) | CPU (s) | open | measure | ms per width | floor (s) | measure / floor | screenshots | breakpoints read | status |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const [s, r] of sweeps) {
  const floor = floors.get(s) ?? 0;
  lines.push(`| ${s} | ${r.measured.length} | ${(r.timings.total / 1000).toFixed(1)} | ${((cpu.get(s) ?? 0) / 1000).toFixed(1)} | ${(r.timings.open / 1000).toFixed(1)} | ${(r.timings.measure / 1000).toFixed(1)} | ${Math.round(r.timings.measure / Math.max(1, r.measured.length))} | ${(floor / 1000).toFixed(1)} | ${floor ? (r.timings.measure / floor).toFixed(1) : '–'} | ${(r.timings.screenshots / 1000).toFixed(1)} | ${r.breakpoints.length}${r.unreadSheets ? ` (+${r.unreadSheets} unreadable sheets)` : ''} | ${r.ok ? (r.failedWidths.length ? `${r.failedWidths.length} width(s) not measured` : 'ok') : `error: ${r.error}`} |`);
}
const totals = [...sweeps.values()].map((r) => r.timings.total).sort((a, b) => a - b);
const ratios = [...sweeps].map(([s, r]) => r.timings.measure / Math.max(1, floors.get(s) ?? 0)).sort((a, b) => a - b);
if (ratios.length) lines.push('', `Measuring costs a median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(1)}× the floor of merely resizing to the same widths.`);
if (totals.length) lines.push(`Median ${(totals[Math.floor(totals.length / 2)]! / 1000).toFixed(1)} s, max ${(totals[totals.length - 1]! / 1000).toFixed(1)} s per page (target ≤ 10 s on 2 cores); load average when written: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}.`);
const cpus = [...cpu.values()].sort((a, b) => a - b);
if (cpus.length) lines.push(`CPU time per page (this process and the browser's, all processes; what the sweep needs whatever the load): median ${(cpus[Math.floor(cpus.length / 2)]! / 1000).toFixed(1)} s, max ${(cpus[cpus.length - 1]! / 1000).toFixed(1)} s.`);
lines.push('', '## Every other range veval reported', '', 'Not matched to a published true positive: for a person to review with its screenshot (kept in the run folder, not committed).', '', '| subject | kind | severity | range (worst) | failure | screenshot |', '|---|---|---|---|---|---|');
for (const [s, r] of sweeps) for (const g of r.ranges) if (!used.has(g)) lines.push(`| ${s} | ${g.kind} | ${g.severity} | ${g.from}–${g.to} (${g.worst}) | ${g.detail.replace(/\|/g, '\\|')} | ${rel(g.screenshot, s)} |`);
const md = path.join(here, 'REDECHECK.md');
fs.writeFileSync(md, lines.join('\n') + '\n');
console.log(`wrote ${path.relative(process.cwd(), md)}: reproduced ${reproduced.length}/${tps.length}, found ${found.length}/${reproduced.length}`);

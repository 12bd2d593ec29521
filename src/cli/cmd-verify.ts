// verify (the done-check), approve (baselines), calibrate (judge agreement).
import path from 'node:path';
import { EXIT, InputError } from '../core/errors.js';
import { describeState, listRuns, openRunDir, type RunEntry } from '../core/run-folder.js';
import { readArtifact } from '../core/artifact-read.js';
import { forTerminal } from '../report/terminal.js';
import { files, unitsOf } from '../core/run.js';
import { diffManifests, freshness } from '../core/freshness.js';
import { shown } from '../core/paths.js';
import { loadProject } from '../spec/project.js';
import { staleBaselineSpecs } from '../parity/store/digest.js';
import type { ApproveWhere } from '../parity/approve/index.js';
import type { CommonOptions } from './common.js';
import { ioOf, resolved } from './common.js';

type Reported = { name: string; status?: string; reasons?: string[]; units?: { state: string; viewport: string }[]; baselines?: unknown };
interface Candidate { entry: RunEntry; report: any; units: Set<string> }

/** What a run selected, in words: "--grep checkout, --viewport desktop" (or "every spec"). */
function selectionWords(e: RunEntry): string {
  const s = e.info?.selection;
  if (!s) return e.info?.shard ? `shard ${e.info.shard}` : 'unknown selection';
  const parts = [s.args?.length ? s.args.join(' ') : '', s.grep ? `--grep ${s.grep}` : '', s.viewport ? `--viewport ${s.viewport.join(',')}` : '', s.shard ? `--shard ${s.shard}` : '', s.changed ? `--changed ${s.changed}` : ''].filter(Boolean);
  return parts.join(', ') || 'every spec';
}

export async function cmdVerify(opts: CommonOptions): Promise<number> {
  const r = resolved(opts);
  const { root } = r;
  const io = ioOf(opts);
  const say = (s: string) => io.stdout.write(forTerminal(s) + '\n');
  const outShown = shown(r.out, io.cwd);
  // Coverage needs only names, states and viewports, so a base URL given at run time is not needed.
  let plan: Awaited<ReturnType<typeof loadProject>> | null = null;
  let planProblem: string | null = null;
  try { plan = await loadProject({ config: opts.config, cwd: io.cwd, baseURL: 'http://127.0.0.1/' }); } catch (err) {
    planProblem = err instanceof InputError ? err.problems[0] : (err as Error).message;
  }
  const wanted = (plan?.specs ?? []).flatMap((s) => unitsOf(s).map((u) => `${s.name}/${u.state}-${u.viewport}`));
  const runs = listRuns(r.out);
  if (!runs.length) { say(`verify: FAIL — no report: no run in ${outShown}/runs; run \`veval run\``); return EXIT.fail; }
  const completed: Candidate[] = [];
  const unusable = new Map<RunEntry, string>();
  for (const entry of runs) {
    if (entry.state !== 'completed') continue;
    const loaded = readArtifact('report', path.join(entry.dir, files.report));
    const report: any = loaded.value;
    if (!report) { unusable.set(entry, `completed, but its report.json is ${loaded.problem}`); continue; }
    completed.push({ entry, report, units: new Set(report.specs.flatMap((s: Reported) => (s.units ?? []).map((u) => `${s.name}/${u.state}-${u.viewport}`))) });
  }
  // the newest completed run is a `veval look`: verify judges that look (fresh, no blocker, no spec yet)
  if (completed[0]) {
    const { isLookPlan, verifyLook } = await import('../look/verify.js');
    const o = openRunDir(root, completed[0].entry.dir);
    if (isLookPlan(o.run.plan)) return (await verifyLook(o.run, o.info, completed[0].report, opts, say)) ? EXIT.pass : EXIT.fail;
  }
  const now = freshness(root, path.relative(root, r.out).split(path.sep).join('/'));
  // a Storybook spec's units are its stories, known only to the run that read them: it is covered by
  // a run that has the spec and picked none of its stories out (--grep)
  const stories = (plan?.specs ?? []).filter((s) => s.storybook).map((s) => s.name);
  const full = (c: Candidate) => !!plan && wanted.every((u) => c.units.has(u))
    && stories.every((n) => c.report.specs.some((s: Reported) => s.name === n) && !c.entry.info?.selection?.grep);
  // the newest full run of this tree; else the newest full run (then reported stale); a partial
  // run never counts as full, and never hides an older full one
  const chosen = completed.find((c) => full(c) && c.entry.info?.treeHash === now.treeHash) ?? completed.find(full);
  const newer = runs.slice(0, chosen ? runs.indexOf(chosen.entry) : runs.length);
  const skipped = newer.map((e) => {
    const c = completed.find((x) => x.entry === e);
    const why = c ? `covers part of the project (${selectionWords(e)}; ${wanted.filter((u) => c.units.has(u)).length} of ${wanted.length} units)` : unusable.get(e) ?? describeState(e.info, e.state, e.problem);
    return `run ${e.id} (${e.info?.startedAt ?? 'start unknown'}): ${why}`;
  });
  if (planProblem) { say(`verify: FAIL — cannot load the project to check what the report covers: ${planProblem}`); return EXIT.fail; }
  if (!chosen) {
    const partial = completed[0];
    say(partial
      ? `verify: FAIL — no completed run covers the whole project (a --changed, --grep, --viewport or --shard run?); the newest, ${partial.entry.id} (${selectionWords(partial.entry)}), misses: ${wanted.filter((u) => !partial.units.has(u)).slice(0, 20).join(', ')}${wanted.filter((u) => !partial.units.has(u)).length > 20 ? ' …' : ''}. Run \`veval run\` (or merge every shard)`
      : `verify: FAIL — no report: no completed run in ${outShown}/runs; run \`veval run\``);
    for (const l of skipped) say(`  not used: ${l}`);
    return EXIT.fail;
  }
  const { entry, report } = chosen;
  const info = entry.info!;
  const runId = entry.id;
  say(`verify: using run ${runId} (${info.startedAt}, ${selectionWords(entry)}), the newest completed run covering every spec`);
  for (const l of skipped) say(`  not used: ${l}`);
  let ok = true;
  if (now.treeHash !== info.treeHash) {
    ok = false;
    const d = diffManifests(info.files ?? {}, now.files);
    const list = (label: string, xs: string[]) => xs.length ? [`  ${label}: ${xs.slice(0, 20).join(', ')}${xs.length > 20 ? ` (+${xs.length - 20} more)` : ''}`] : [];
    say(`verify: FAIL — the report is stale: the working tree changed since run ${runId}`);
    for (const l of [...list('changed', d.changed), ...list('added', d.added), ...list('removed', d.removed)]) say(l);
  }
  // the tree hash leaves baselines/ out, so the baselines the run compared against are checked here
  const moved = staleBaselineSpecs(root, report.specs, info.runId ?? runId);
  if (moved.length) {
    ok = false;
    say(`verify: FAIL — the report is stale: baselines changed since run ${runId}; run \`veval run\` again`);
    for (const l of moved) say(`  ${l}`);
  }
  if (report.incomplete) { ok = false; say(`verify: FAIL — run ${runId} was interrupted; its report is incomplete`); }
  if (report.status !== 'pass') {
    ok = false;
    say(`verify: FAIL — the report of run ${runId} failed the gate`);
    for (const s of report.specs as Reported[]) if (s.status !== 'pass') say(`  ${s.name}: ${(s.reasons ?? []).join('; ') || 'failed'}`);
  }
  if (ok) say(`verify: ok — report ${runId} passed and matches the working tree`);
  return ok ? EXIT.pass : EXIT.fail;
}

export type ApproveFlags = CommonOptions & { spec?: string; state?: string; prune?: boolean; force?: boolean; fromImage?: string; boxes?: string };

export async function cmdApprove(opts: ApproveFlags): Promise<number> {
  const io = ioOf(opts);
  const say = (s: string) => io.stdout.write(forTerminal(s) + '\n');
  if (opts.fromImage !== undefined || opts.boxes !== undefined) return approveFromImage(opts);
  const { approveRun, approveLines } = await import('../parity/approve/index.js');
  const out = await approveRun(approveWhere(opts), opts);
  if ('repeated' in out) {
    for (const k of out.repeated) say(`refused   --${k} given more than once: approve one ${k} at a time (leave it out for all)`);
    return EXIT.fail;
  }
  say(`veval: ${out.note}`);
  for (const l of approveLines(out.res)) say(l);
  return out.res.refused.length ? EXIT.fail : EXIT.pass;
}

/** approve --from-image: an accepted design export becomes one unit's baseline (parity/approve/design-import.ts). */
async function approveFromImage(opts: ApproveFlags): Promise<number> {
  const io = ioOf(opts);
  const { importExport } = await import('../parity/approve/index.js');
  for (const l of (await importExport(approveWhere(opts), opts)).lines) io.stdout.write(forTerminal(l) + '\n');
  return EXIT.pass;
}

/** Where approve works, from the command's options (parity/approve/index.ts). */
function approveWhere(opts: CommonOptions): ApproveWhere {
  const r = resolved(opts);
  return { root: r.root, out: r.out, cwd: ioOf(opts).cwd, config: opts.config };
}

export async function cmdCalibrate(goldDir: string, opts: CommonOptions): Promise<number> {
  const io = ioOf(opts);
  const plan = await loadProject({ config: opts.config, baseURL: opts.baseUrl, cwd: io.cwd }).catch((err) => {
    if (err instanceof InputError && /no spec files found/.test(err.message)) return null;
    throw err;
  });
  const { calibrate } = await import('../judge/calibrate.js');
  const r = resolved(opts);
  const projectPlan = plan ?? { version: 1 as const, root: r.root, configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: null, out: path.relative(r.root, r.out) || '.', specs: [] };
  const report: any = await calibrate(path.resolve(io.cwd, goldDir), projectPlan, { noCache: opts.cache === false });
  io.stdout.write((opts.json ? JSON.stringify(report, null, 2) : report.text ?? JSON.stringify(report, null, 2)) + '\n');
  return report.pass ? EXIT.pass : EXIT.fail;
}

// Run folders: one per invocation, <out>/runs/<timestamp>-<short id>/, never emptied or reused by
// another run. run.json records what the run was made from (git SHA, tree hash and manifest), what
// it selected and its state; `<out>/latest` (a symbolic link, or a file naming the folder where the
// OS cannot link) moves atomically, and only to a run whose gate wrote report.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FatalError, InputError } from './errors.js';
import { writeFileAtomic, writeJsonAtomic, readJsonIfExists } from './fsx.js';
import type { RunInfo, RunState, Selection, TreeChange } from './artifacts.js';
import { readArtifact } from './artifact-read.js';
import { files, type RunContext } from './run.js';
import { freshness, type Freshness } from './freshness.js';
import { outsideRoot, shown } from './paths.js';
import { TOOL_VERSION } from './version.js';
import type { ProjectPlan } from '../spec/plan.js';

export const RUNS = 'runs';
export const LATEST = 'latest';

export type { RunInfo, RunState, Selection, TreeChange } from './artifacts.js';
/** What a reader makes of a run: a `running` run whose process is gone was killed. */
export type EffectiveState = RunState | 'killed';

/** problem: why run.json could not be read, when state is `unreadable` */
export interface RunEntry { dir: string; id: string; info: RunInfo | null; state: EffectiveState | 'unreadable'; problem?: string }

const rel = (root: string, p: string) => path.relative(root, p).split(path.sep).join('/');

/** The artifacts folder, refused when a symbolic link inside the project takes it out (exit 3:
 *  unusable). An out: or --out written as a path outside the project is the user's choice. */
export function artifactsDir(root: string, out: string): string {
  const why = outsideRoot(root, out, 'artifacts folder', true);
  if (why) throw new FatalError(why, 'keep out: (or --out) inside the project, as a real folder');
  return out;
}

function usableDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.veval-write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err: any) {
    throw new FatalError(`artifacts folder ${dir} is unusable: ${err?.code ?? ''} ${err?.message ?? err}`.trim());
  }
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.(\d{3})Z$/, '$1Z');

/** Claims a new folder under <out>/runs (mkdir fails when it exists: two runs never share one). */
function claimRunDir(runsDir: string, now: Date): { id: string; dir: string } {
  for (let i = 0; ; i++) {
    const id = `${stamp(now)}-${crypto.randomBytes(3).toString('hex')}`;
    const dir = path.join(runsDir, id);
    try { fs.mkdirSync(dir); return { id, dir }; } catch (err: any) {
      if (err?.code !== 'EEXIST' || i > 20) throw new FatalError(`cannot create run folder ${dir}: ${err?.code ?? ''} ${err?.message ?? err}`.trim());
    }
  }
}

export interface CreateOptions {
  out?: string;                    // absolute; default <root>/<plan.out>
  argv?: string[];
  shard?: string | null;
  selection?: Partial<Selection>;
  startedBy?: RunInfo['startedBy'];
  /** a tree hashed already for this run (merge copies its shards') */
  fresh?: Freshness;
}

/** A new run folder with plan.json and run.json (state running). `latest` does not move. */
export function createRun(plan: ProjectPlan, opts: CreateOptions = {}): { run: RunContext; info: RunInfo; fresh: Freshness } {
  const outDir = artifactsDir(plan.root, path.resolve(plan.root, opts.out ?? plan.out));
  usableDir(outDir);
  const runsDir = path.join(outDir, RUNS);
  usableDir(runsDir);
  const fresh = opts.fresh ?? freshness(plan.root, rel(plan.root, outDir));
  const now = new Date();
  const { id, dir } = claimRunDir(runsDir, now);
  const info: RunInfo = {
    version: 1, runId: id, startedBy: opts.startedBy ?? 'run', state: 'running', pid: process.pid, host: os.hostname(),
    gitSha: fresh.gitSha, treeHash: fresh.treeHash, dirty: fresh.dirty,
    startedAt: now.toISOString(), finishedAt: null, toolVersion: TOOL_VERSION, argv: opts.argv ?? [], files: fresh.files,
    shard: opts.shard ?? null,
    selection: {
      args: opts.selection?.args ?? [], grep: opts.selection?.grep ?? null, viewport: opts.selection?.viewport ?? null,
      shard: opts.selection?.shard ?? opts.shard ?? null, changed: opts.selection?.changed ?? null,
      specs: plan.specs.map((s) => s.name),
    },
    treeAtEnd: null, error: null,
  };
  const run: RunContext = { root: plan.root, outDir, runId: id, runDir: dir, plan };
  writeJsonAtomic(path.join(dir, files.plan), plan);
  writeJsonAtomic(path.join(dir, files.run), info);
  return { run, info, fresh };
}

/** run.json, validated against its schema: null when missing; throws (with why) when it is not JSON
 *  or not a veval run.json — callers turn that into their own fail-closed reason. */
export function readRunInfo(runDir: string): RunInfo | null {
  const r = readArtifact('run', path.join(runDir, files.run));
  if (r.problem === 'missing') return null;
  if (r.problem) throw new Error(r.problem.replace(/^unreadable: /, ''));
  return r.value;
}

/** Rewrites run.json with `patch` (atomically). */
export function updateRun(run: Pick<RunContext, 'runDir'>, patch: Partial<RunInfo>): RunInfo {
  const current = readRunInfo(run.runDir);
  if (!current) throw new FatalError(`${path.join(run.runDir, files.run)} is missing: cannot record the run's state`);
  const info = { ...current, ...patch };
  writeJsonAtomic(path.join(run.runDir, files.run), info);
  return info;
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err: any) { return err?.code === 'EPERM'; }
}

export function effectiveState(info: RunInfo): EffectiveState {
  const state = info.state;
  if (state === 'running' && info.pid && info.host === os.hostname() && !alive(info.pid)) return 'killed';
  return state;
}

/** Says what a state means, for refusals ("killed: its process 123 ended without finishing"). */
export function describeState(info: RunInfo | null, state: EffectiveState | 'unreadable', problem?: string): string {
  switch (state) {
    case 'killed': return `killed (its process ${info?.pid} ended while the run was ${info?.state})`;
    case 'running': return `still running (process ${info?.pid} on ${info?.host})`;
    case 'captured': return 'captured only (check, judge and gate have not completed it)';
    case 'interrupted': return 'interrupted (its report is incomplete)';
    case 'failed-to-start': return `failed to start${info?.error ? ` (${info.error})` : ''}`;
    case 'failed': return `failed${info?.error ? ` (${info.error})` : ''}`;
    case 'unreadable': return `unreadable (${problem ?? 'run.json missing, not JSON, or not a veval run.json'})`;
    default: return state;
  }
}

/** Ends a run: its state and the tree at the end; a completed run becomes `latest`, old runs are pruned. */
export function finishRun(run: RunContext, state: RunState, opts: { keepRuns?: number; error?: string | null; treeAtEnd?: TreeChange | null } = {}): { notes: string[] } {
  updateRun(run, { state, finishedAt: new Date().toISOString(), pid: state === 'running' ? process.pid : null, error: opts.error ?? null, ...(opts.treeAtEnd !== undefined ? { treeAtEnd: opts.treeAtEnd } : {}) });
  const notes: string[] = [];
  if (state !== 'completed') return { notes };
  notes.push(...moveLatest(run.outDir, run.runId));
  if (opts.keepRuns) notes.push(...pruneRuns(run.outDir, opts.keepRuns).map((r) => `removed old run folder ${RUNS}/${r} (keepRuns)`));
  return { notes };
}

/** Points <out>/latest at runs/<id>: a symbolic link renamed over the old one (atomic); a file
 *  naming the folder where links cannot be made. A real folder named latest is left alone. */
export function moveLatest(outDir: string, runId: string): string[] {
  const target = path.join(outDir, LATEST);
  try {
    if (fs.lstatSync(target).isDirectory()) return [`${target} is a folder, not a link: left alone, so it does not name run ${runId}`];
  } catch { /* none yet */ }
  const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.symlinkSync(path.join(RUNS, runId), tmp, 'dir');
    fs.renameSync(tmp, target);
  } catch (err: any) {
    try { fs.rmSync(tmp, { force: true }); } catch { /* the original error matters more */ }
    if (err?.code !== 'EPERM' && err?.code !== 'ENOSYS' && err?.code !== 'EACCES') throw new FatalError(`cannot point ${target} at run ${runId}: ${err?.message ?? err}`);
    writeFileAtomic(target, `${RUNS}/${runId}\n`);
  }
  return [];
}

/** The run folder `latest` names, or null. */
export function latestRunDir(outDir: string): string | null {
  const target = path.join(outDir, LATEST);
  let st: fs.Stats;
  try { st = fs.lstatSync(target); } catch { return null; }
  try {
    if (st.isSymbolicLink() || st.isDirectory()) return fs.realpathSync(target);
    const name = fs.readFileSync(target, 'utf8').trim();
    return name ? path.join(outDir, ...name.split('/')) : null;
  } catch { return null; }
}

/** Every run folder under <out>/runs, newest first (by start time, then name). */
export function listRuns(outDir: string): RunEntry[] {
  const runsDir = path.join(outDir, RUNS);
  let names: string[];
  try { names = fs.readdirSync(runsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name); } catch { return []; }
  const entries = names.map((id): RunEntry => {
    const dir = path.join(runsDir, id);
    let info: RunInfo | null = null, problem = 'run.json missing';
    try { info = readRunInfo(dir); } catch (err) { problem = (err as Error).message; }
    return info ? { dir, id, info, state: effectiveState(info) } : { dir, id, info, state: 'unreadable', problem: `run.json ${problem}` };
  });
  const key = (e: RunEntry) => `${e.info?.startedAt ?? ''}\0${e.id}`;
  return entries.sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}

/** Removes the oldest run folders beyond `keep`; never the latest completed one, never a running one. */
export function pruneRuns(outDir: string, keep: number): string[] {
  const latest = latestRunDir(outDir);
  const removed: string[] = [];
  listRuns(outDir).slice(keep).forEach((e) => {
    if (e.state === 'running' || (latest && path.resolve(e.dir) === path.resolve(latest))) return;
    try { fs.rmSync(e.dir, { recursive: true, force: true }); removed.push(e.id); } catch { /* kept; tried again next time */ }
  });
  return removed;
}

export interface Opened { run: RunContext; info: RunInfo; state: EffectiveState }

/** Opens one run folder (plan.json + run.json), refusing one that leads out of the project. */
export function openRunDir(root: string, runDir: string): Opened {
  const why = outsideRoot(root, runDir, 'run folder', true);
  if (why) throw new FatalError(why);
  let plan: ProjectPlan | null, info: RunInfo | null;
  try {
    plan = readJsonIfExists<ProjectPlan>(path.join(runDir, files.plan));
    info = readRunInfo(runDir);
  } catch (err: any) {
    throw new FatalError(`run folder ${runDir} is unreadable: ${err?.message}`);
  }
  if (!plan || !info) throw new InputError([`${shown(runDir)}: not a veval run folder (plan.json or run.json missing)`]);
  const real = fs.realpathSync(runDir);
  return { run: { root: plan.root, outDir: path.dirname(path.dirname(real)), runId: path.basename(real), runDir: real, plan }, info, state: effectiveState(info) };
}

/** The states a stage command (check, judge, gate) can continue: the capture finished. */
export const CONTINUABLE: readonly EffectiveState[] = ['captured', 'completed', 'interrupted'];

/** "veval run", "veval capture", "veval look", "veval mcp run": the command that started a run. */
export function startedByText(info: RunInfo): string {
  const [cmd, sub] = info.argv;
  if (cmd === 'mcp' && sub) return `veval mcp ${sub}`;
  return `veval ${cmd && /^[a-z]+$/.test(cmd) ? cmd : info.startedBy}`;
}

/** Which run a command works on. `--run` (a folder, or a run id under <out>/runs) wins; otherwise
 *  `capture` picks the newest run whose capture finished, whichever command started it (capture,
 *  run, merge), `completed` the one `latest` names, `report` the newest run with a report.json.
 *  `note` says which, for the user. */
export function pickRun(root: string, outDir: string, want: 'capture' | 'completed' | 'report', runArg?: string, cwd = process.cwd()): Opened & { note: string } {
  artifactsDir(root, outDir);
  if (runArg) {
    const asId = path.join(outDir, RUNS, runArg);
    const dir = !runArg.includes('/') && !runArg.includes(path.sep) && fs.existsSync(asId) ? asId : path.resolve(cwd, runArg);
    if (!fs.existsSync(dir)) throw new InputError([`--run ${runArg}: no such run folder (looked for ${shown(dir, cwd)})`]);
    const o = openRunDir(root, dir);
    return { ...o, note: `using run ${o.run.runId} (--run)` };
  }
  const outShown = shown(outDir, cwd);
  if (want === 'completed') {
    const dir = latestRunDir(outDir);
    if (!dir) throw new InputError([`${outShown}: no completed run (no ${outShown}/${LATEST}); run \`veval run\` first`]);
    const o = openRunDir(root, dir);
    return { ...o, note: `using run ${o.run.runId} (the latest completed run, ${outShown}/${LATEST})` };
  }
  const runs = listRuns(outDir);
  const found = want === 'capture'
    ? runs.find((e) => e.info && CONTINUABLE.includes(e.state as EffectiveState))
    : runs.find((e) => e.info && fs.existsSync(path.join(e.dir, files.report)));
  if (!found) {
    throw new InputError([want === 'capture'
      ? `${outShown}: no run whose capture finished in ${outShown}/${RUNS}; run \`veval capture\` or \`veval run\` first, or name one with --run`
      : `${outShown}: no run with a report.json in ${outShown}/${RUNS}; run \`veval run\` first, or name one with --run`]);
  }
  const o = openRunDir(root, found.dir);
  const why = want === 'capture' ? 'the newest run whose capture finished' : 'the newest run with a report';
  return { ...o, note: `using run ${o.run.runId} (${why}, started by \`${startedByText(o.info)}\` at ${o.info.startedAt})` };
}

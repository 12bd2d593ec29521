// The pipeline behind the library entry (src/index.ts, which re-exports it): capture → checks +
// parity → judge → gate → reports, for one ProjectPlan. Stage modules are imported lazily so that
// `validate` and `plan` answer fast and never load a browser driver.
import path from 'node:path';
import { createRun, finishRun, readRunInfo, type RunInfo, type RunState, type Selection, type TreeChange } from './core/run-folder.js';
import { diffManifests, hashManifest, treeManifest } from './core/freshness.js';
import { readArtifact } from './core/artifact-read.js';
import { withBaselineLock } from './parity/store/lock.js';
import { files, SWEEP } from './core/run.js';
import type { RunContext } from './core/run.js';
import type { ProjectPlan } from './spec/plan.js';
import { forTerminal } from './report/terminal.js';
import { typed } from './report/load.js';
import type { LiveReporter } from './report/index.js';

import type { Report } from './gate/report-schema.js';


export interface PipelineOptions {
  /** artifacts folder, absolute (default: the plan's out, under its root) */
  out?: string;
  keepRuns?: number;
  selection?: Partial<Selection>;
  workers?: number;
  trace?: 'off' | 'on-failure';
  updateBaselines?: boolean;
  acceptA11yDebt?: boolean;
  noCache?: boolean;
  reporters: string[];
  baseURL?: string;
  argv: string[];
  shard?: string | null;
  log: NodeJS.WriteStream;
  signal?: AbortSignal;
  /** each captured unit and each stage as it starts (`veval mcp` turns these into progress notifications) */
  onProgress?: (e: ProgressEvent) => void;
}

export type ProgressEvent =
  | { kind: 'unit'; spec: string; state: string; viewport: string; ok: boolean; ms: number; reason?: string }
  | { kind: 'stage'; name: string; spec?: string };

export interface StageSet { capture: boolean; checks: boolean; judge: boolean; gate: boolean }

/** Records why a run stopped (run.json) before the error goes on to the exit code. */
function failRun(run: RunContext, state: RunState, err: unknown): never {
  try { finishRun(run, state, { error: (err as Error)?.message ?? String(err) }); } catch { /* the original error matters more */ }
  throw err;
}

/** Whether the run starts the config's app server: only when a spec names a route and no
 *  `--base-url` says where the app already answers. A full URL (`look http://localhost:4400/x`)
 *  or `--base-url` means: use what answers there and start (and build) nothing — the user's own
 *  preview keeps its `dist/` and its port. */
export function needsAppServer(plan: Pick<ProjectPlan, 'server' | 'specs'>, baseURL?: string | null): boolean {
  if (!plan.server || baseURL) return false;
  // a running Storybook (storybook.url) may be what the config's server command starts
  return plan.specs.some((s) => s.route !== null || !!s.storybook?.url);
}

/** Starts the app server (if any) and captures every unit of the plan into a new run folder. */
export async function captureStage(plan: ProjectPlan, opts: PipelineOptions, reporter?: LiveReporter, startedBy: RunInfo['startedBy'] = 'run'): Promise<RunContext> {
  const { run } = createRun(plan, { out: opts.out, argv: opts.argv, shard: opts.shard ?? null, selection: opts.selection, startedBy });
  if (!plan.specs.length) return run;
  let captured = 0;
  try {
    const { startAppServer } = await import('./capture/app-server.js');
    const { captureRun } = await import('./capture/index.js');
    const server = needsAppServer(plan, opts.baseURL) ? await startAppServer(plan) : { baseURL: null, stop: async () => {}, lost: undefined };
    // the app server exiting mid-run stops the capture: what answers after it is not the app
    const capture = new AbortController();
    const forward = () => capture.abort();
    opts.signal?.addEventListener('abort', forward, { once: true });
    if (opts.signal?.aborted) capture.abort();
    let lost: Error | null = null;
    void server.lost?.then((err) => { lost = err; capture.abort(); });
    try {
      reporter?.onStage?.('capture');
      await captureRun(run, {
        baseURL: opts.baseURL ?? server.baseURL,
        workers: opts.workers,
        trace: opts.trace ?? 'off',
        signal: capture.signal,
        onUnit: (u) => { captured++; reporter?.onUnit?.(u); },
      });
      // the width sweep, in its own pages after the captures (it resizes on purpose; they never do)
      const { sweepRun } = await import('./capture/sweep/index.js');
      if (!capture.signal.aborted && plan.specs.some((s) => s.sweep)) {
        reporter?.onStage?.('sweep');
        await sweepRun(run, { baseURL: opts.baseURL ?? server.baseURL, signal: capture.signal, onState: (s) => reporter?.onUnit?.({ ...s, viewport: SWEEP }) });
      }
    } catch (err) {
      throw lost ?? err;
    } finally {
      opts.signal?.removeEventListener('abort', forward);
      await server.stop();
    }
    if (lost) throw lost;
  } catch (err) {
    failRun(run, captured ? 'failed' : 'failed-to-start', err);
  }
  return run;
}

/** The working tree at the end of a run, when it is not the one hashed at its start (a log file
 *  written into the repository while the run ran): named, so a stale verdict is explained. */
export function treeChangeSince(run: RunContext): TreeChange | null {
  let info;
  try { info = readRunInfo(run.runDir); } catch { return null; }   // the gate names a broken run.json
  if (!info) return null;
  const outRel = path.relative(run.root, run.outDir).split(path.sep).join('/');
  const now = treeManifest(run.root, outRel && !outRel.startsWith('..') ? [outRel] : []);
  const treeHash = hashManifest(now);
  if (treeHash === info.treeHash) return null;
  return { treeHash, ...diffManifests(info.files ?? {}, now) };
}

export function describeTreeChange(c: TreeChange): string {
  const named = [...c.changed.map((f) => `${f} (changed)`), ...c.added.map((f) => `${f} (added)`), ...c.removed.map((f) => `${f} (removed)`)];
  return `the working tree changed while the run ran: ${named.slice(0, 10).join(', ')}${named.length > 10 ? ` (+${named.length - 10} more)` : ''}; the run's tree is the one at its start. Keep logs and outputs out of the repository or in .gitignore`;
}

/** Deterministic layer: checks, then parity, per spec. */
export async function checkStage(run: RunContext, opts: Pick<PipelineOptions, 'updateBaselines' | 'acceptA11yDebt'>, reporter?: LiveReporter): Promise<void> {
  const { runChecks, recheck } = await import('./checks/runner.js');
  const { runParity } = await import('./parity/index.js');
  for (const spec of run.plan.specs) {
    reporter?.onStage?.('checks', spec.name);
    const results = await runChecks(run, spec);
    const parity = await runParity(run, spec, { updateBaselines: opts.updateBaselines, acceptA11yDebt: opts.acceptA11yDebt });
    // debt this run accepted is known from now on: axe ran before the approve and is judged again
    if (parity.acceptedDebt) recheck(run, spec, ['axe'], results);
  }
}

export async function judgeStage(run: RunContext, opts: Pick<PipelineOptions, 'noCache'>, reporter?: LiveReporter): Promise<void> {
  const judge = await import('./judge/index.js');
  const ledger = judge.createLedger(run.plan);
  for (const spec of run.plan.specs) {
    reporter?.onStage?.('judge', spec.name);
    await judge.runJudge(run, spec, { noCache: opts.noCache, ledger });
  }
}

export async function gateStage(run: RunContext, info: { startedAt: string; incomplete: boolean; argv: string[] }, reporters: string[]): Promise<{ report: Report; written: string[]; check: () => void }> {
  const { gateRun } = await import('./gate/index.js');
  const report = gateRun(run, { startedAt: info.startedAt, finishedAt: new Date().toISOString(), incomplete: info.incomplete, argv: info.argv });
  return { report, ...(await reportStage(run, report, reporters)) };
}

/** The reporters over the report.json the gate wrote. `check`: call after the console has had its
 *  say — a report not written fails the command. */
export async function reportStage(run: RunContext, report: Report, reporters: string[]): Promise<{ written: string[]; check: () => void }> {
  const { writeReportsDetailed, failOnUnwritten } = await import('./report/index.js');
  const { written, failures } = writeReportsDetailed(run.runDir, reporters);
  return { written, check: () => failOnUnwritten(failures, report.status) };
}


/** The live reporters asked for (the console list) and the progress hook (when given) as one
 *  multiplexed reporter; a broken progress listener never stops the run. */
export async function liveReporter(reporters: readonly string[], ctx: { stream: NodeJS.WriteStream; signal?: AbortSignal }, onProgress?: PipelineOptions['onProgress']): Promise<Required<LiveReporter>> {
  const { liveReporters } = await import('./report/index.js');
  const progress: LiveReporter[] = onProgress ? [{
    onUnit: (u) => onProgress({ kind: 'unit', ...u }),
    onStage: (name, spec) => onProgress({ kind: 'stage', name, spec }),
  }] : [];
  return liveReporters(reporters, ctx, progress);
}

/** After the reports are written: the console list (`list`) names what was written; without it,
 *  each written file is named on its own line. Silent after an interrupt; report.json is said by `json`'s own stdout. */
export function announce(log: NodeJS.WriteStream, reporters: string[], written: string[], signal?: AbortSignal): void {
  if (reporters.includes('list') || signal?.aborted) return;
  for (const f of written) if (path.basename(f) !== files.report) log.write(`wrote ${forTerminal(typed(f))}\n`);
}

/** run --update-baselines: parity approved each spec's successful captures before comparing. */
function reportBaselines(run: RunContext, log: NodeJS.WriteStream): void {
  let written = 0, kept = 0;
  const refused: string[] = [];
  for (const spec of run.plan.specs) {
    const p = readArtifact('parity', path.join(run.runDir, files.parity(spec.name))).value;
    written += p?.units?.filter((u) => u.outcome === 'baseline-written').length ?? 0;
    kept += p?.units?.filter((u) => u.outcome === 'identical').length ?? 0;
    refused.push(...(p?.notes ?? []).filter((n) => n.startsWith('baseline not written')));
  }
  log.write(`baselines: ${written} written, ${kept} unchanged, ${refused.length} refused\n`);
  for (const r of refused) log.write(`  ${forTerminal(r)}\n`);
}

export interface RunOutcome { run: RunContext; report: Report; written: string[] }

/** The whole pipeline. Returns the gated report; never throws for a unit's fault. */
export async function runPipeline(plan: ProjectPlan, opts: PipelineOptions): Promise<RunOutcome> {
  const startedAt = new Date().toISOString();
  const reporter = await liveReporter(opts.reporters, { stream: opts.log, signal: opts.signal }, opts.onProgress);
  const run = await captureStage(plan, opts, reporter);
  const interrupted = () => !!opts.signal?.aborted;
  let gated;
  try {
    if (!interrupted()) {
      // the baselines are written during the check stage: one writer at a time (see lock.ts)
      const checks = () => checkStage(run, opts, reporter);
      await (opts.updateBaselines ? withBaselineLock(plan.root, `veval run --update-baselines (run ${run.runId})`, checks) : checks());
    }
    if (!interrupted()) await judgeStage(run, opts, reporter);
    if (opts.updateBaselines && !interrupted()) reportBaselines(run, opts.log);
    gated = await gateStage(run, { startedAt, incomplete: interrupted(), argv: opts.argv }, opts.reporters);
  } catch (err) {
    failRun(run, 'failed', err);
  }
  const { report, written, check } = gated;
  reporter.onEnd?.(report, run.runDir, written);
  announce(opts.log, opts.reporters, written, opts.signal);
  const change = treeChangeSince(run);
  // (after an interrupt the one line it printed stays the last)
  if (change && !interrupted()) opts.log.write(`veval: ${describeTreeChange(change)}\n`);
  const { notes } = finishRun(run, interrupted() || report.incomplete ? 'interrupted' : 'completed', { keepRuns: opts.keepRuns, treeAtEnd: change });
  for (const n of notes) opts.log.write(`veval: ${n}\n`);
  // report.json was written, so the run completed; another report not written fails the command
  check();
  return { run, report, written };
}


// run, and the stage commands that work from a run folder alone.
import fs from 'node:fs';
import path from 'node:path';
import { EXIT, InputError } from '../core/errors.js';
import { CONTINUABLE, describeState, finishRun, pickRun, type Opened, type Selection } from '../core/run-folder.js';
import { readJsonIfExists } from '../core/fsx.js';
import { readArtifact } from '../core/artifact-read.js';
import { forTerminal } from '../report/terminal.js';
import { files } from '../core/run.js';
import { shown } from '../core/paths.js';
import type { ProjectPlan } from '../spec/plan.js';
import type { CommonOptions } from './common.js';
import { humanStream, ioOf, jsonOnStdout, loadSelected, nothingChanged, reportersOf, resolved, traceOf } from './common.js';
// exit codes: the gate's one mapping from a verdict (0 pass, 1 fail; an incomplete run never passes)
import { exitCodeOf } from '../gate/policy.js';
import { announce, captureStage, checkStage, gateStage, judgeStage, reportStage, runPipeline, liveReporter, type PipelineOptions } from '../index.js';


/** In GitHub Actions, the run's summary.md goes to the job summary page too. */
function stepSummary(opts: CommonOptions, runDir: string): void {
  const target = process.env.GITHUB_STEP_SUMMARY;
  const summary = path.join(runDir, 'summary.md');
  if (!target || !fs.existsSync(summary)) return;
  try { fs.appendFileSync(target, fs.readFileSync(summary, 'utf8') + '\n'); } catch (err: any) {
    ioOf(opts).stderr.write(`veval: could not append to GITHUB_STEP_SUMMARY: ${err?.message}\n`);
  }
}

function printJson(opts: CommonOptions, runDir: string): void {
  if (!jsonOnStdout(opts)) return;
  const report = readJsonIfExists(path.join(runDir, files.report));
  ioOf(opts).stdout.write(JSON.stringify(report, null, 2) + '\n');
}

/** What a run selected, recorded in run.json (verify tells a partial run from a full one by it). */
function selectionOf(specs: string[], opts: CommonOptions, plan: ProjectPlan): Partial<Selection> {
  const list = (v: string | string[] | undefined) => (v === undefined ? null : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean));
  return {
    args: specs, grep: opts.grep ?? null, viewport: list(opts.viewport), shard: opts.shard ?? null,
    changed: opts.changed === undefined || opts.changed === false ? null : String(opts.changed === true ? '' : opts.changed) || 'default base',
    specs: plan.specs.map((s) => s.name),
  };
}

function pipelineOptions(specs: string[], opts: CommonOptions, plan: ProjectPlan): Omit<PipelineOptions, 'reporters'> {
  const r = resolved(opts);
  const io = ioOf(opts);
  const log = humanStream(opts);
  return {
    out: r.out, keepRuns: r.keepRuns, workers: r.workers, trace: traceOf(opts), argv: io.argv, shard: opts.shard ?? null,
    selection: selectionOf(specs, opts, plan), log, signal: io.signal, baseURL: opts.baseUrl,
  };
}

/** `veval run` without its printing: the selected specs through the whole pipeline, in a new run
 *  folder (`veval mcp` calls this too). null: --changed selected nothing, so nothing ran. */
export async function runSelected(specs: string[], opts: CommonOptions, extra: Pick<PipelineOptions, 'onProgress'> & { reporters?: string[] } = {}) {
  const reporters = extra.reporters ?? reportersOf(opts);
  const plan = await loadSelected(specs, opts);
  if (nothingChanged(plan, opts)) return null;
  // CI runs a fixed number of shards; one whose slice is empty still writes its run folder (merge
  // checks that every shard arrived) and passes — outside --shard, no specs stays a failure
  if (opts.shard && !plan.specs.length) humanStream(opts).write(`shard ${opts.shard} has no specs\n`);
  return runPipeline(plan, {
    ...pipelineOptions(specs, opts, plan), updateBaselines: !!opts.updateBaselines, acceptA11yDebt: !!opts.acceptA11yDebt, noCache: opts.cache === false, reporters,
    onProgress: extra.onProgress,
  });
}

export async function cmdRun(specs: string[], opts: CommonOptions): Promise<number> {
  const result = await runSelected(specs, opts);
  if (!result) {
    // An agent reading stdout still gets JSON: nothing to evaluate, so nothing failed.
    if (jsonOnStdout(opts)) ioOf(opts).stdout.write(JSON.stringify({ status: 'pass', nothingChanged: true, specs: [] }, null, 2) + '\n');
    return EXIT.pass;
  }
  stepSummary(opts, result.run.runDir);
  printJson(opts, result.run.runDir);
  return exitCodeOf(result.report);
}

export async function cmdCapture(specs: string[], opts: CommonOptions): Promise<number> {
  const plan = await loadSelected(specs, opts);
  if (nothingChanged(plan, opts)) return EXIT.pass;
  const log = humanStream(opts);
  const po = pipelineOptions(specs, opts, plan);
  let failed = 0;
  const reporter = await liveReporter(['list'], { stream: log, signal: po.signal }, (e) => { if (e.kind === 'unit' && !e.ok) failed++; });
  const run = await captureStage(plan, { ...po, reporters: ['list'] }, reporter, 'capture');
  const interrupted = !!po.signal?.aborted;
  finishRun(run, interrupted ? 'interrupted' : 'captured');
  if (!interrupted) log.write(`captures written to ${shown(run.runDir, ioOf(opts).cwd)} (run ${run.runId}); continue it with \`veval check\`, \`veval judge\`, \`veval gate\`\n`);
  return failed || interrupted ? EXIT.fail : EXIT.pass;
}

/** check, judge and gate continue a run whose capture finished: `--run`, else the newest such run,
 *  whichever command started it. They say which run they use. */
function reopen(opts: CommonOptions, want: 'capture' | 'report' = 'capture'): Opened {
  const r = resolved(opts);
  const picked = pickRun(r.root, r.out, want, opts.run, ioOf(opts).cwd);
  ioOf(opts).stderr.write(`veval: ${picked.note}\n`);
  return picked;
}

function continuable(o: Opened, command: string): Opened {
  if (CONTINUABLE.includes(o.state)) return o;
  throw new InputError([`veval ${command}: run ${o.run.runId} is ${describeState(o.info, o.state)}; only a run whose capture finished can be continued. Run \`veval capture\` again, or name another with --run`]);
}

export async function cmdCheck(opts: CommonOptions): Promise<number> {
  const { run } = continuable(reopen(opts), 'check');
  const out = ioOf(opts).stdout;
  const checks = () => checkStage(run, { updateBaselines: !!opts.updateBaselines, acceptA11yDebt: !!opts.acceptA11yDebt });
  if (opts.updateBaselines) {
    // it writes baselines: one writer at a time, like approve and run --update-baselines
    const { withBaselineLock } = await import('../parity/store/lock.js');
    await withBaselineLock(run.root, `veval check --update-baselines (run ${run.runId})`, checks);
  } else await checks();
  // the gate's policy over checks.json and parity.json decides the exit code (gate/index.ts stageVerdict)
  const { stageVerdict } = await import('../gate/index.js');
  let failed = false;
  for (const spec of run.plan.specs) {
    const checks = readArtifact('checks', path.join(run.runDir, files.checks(spec.name)));
    const parity = readArtifact('parity', path.join(run.runDir, files.parity(spec.name))).value;
    const results = checks.value ?? [];
    const findings = results.flatMap((r) => r.findings).length + (parity?.findings.length ?? 0);
    const v = stageVerdict(run, spec, 'checks');
    if (v.status === 'fail') failed = true;
    out.write(`${spec.name}: ${findings} finding(s)${results.some((r) => r.status === 'error') ? ', check errors' : ''}${v.other.map((u) => `; ${forTerminal(u)}`).join('')}\n`);
  }
  return exitCodeOf({ status: failed ? 'fail' : 'pass' });
}

export async function cmdJudge(opts: CommonOptions): Promise<number> {
  const { run } = continuable(reopen(opts), 'judge');
  const out = ioOf(opts).stdout;
  await judgeStage(run, { noCache: opts.cache === false });
  const { stageVerdict } = await import('../gate/index.js');
  let failed = false;
  for (const spec of run.plan.specs) {
    const loaded = readArtifact('judge', path.join(run.runDir, files.judge(spec.name)));
    const j = loaded.value;
    out.write(`${spec.name}: judge ${forTerminal(j?.status ?? loaded.problem ?? 'missing')}${j?.reason ? ` (${forTerminal(j.reason)})` : ''}\n`);
    if (stageVerdict(run, spec, 'judge').status === 'fail') failed = true;
  }
  return exitCodeOf({ status: failed ? 'fail' : 'pass' });
}

export async function cmdGate(opts: CommonOptions): Promise<number> {
  const { run, info, state } = continuable(reopen(opts), 'gate');
  const reporters = reportersOf(opts);
  const incomplete = state === 'interrupted';
  const { report, written, check } = await gateStage(run, { startedAt: info.startedAt, incomplete, argv: ioOf(opts).argv }, reporters);
  (await liveReporter(reporters, { stream: humanStream(opts) })).onEnd(report, run.runDir, written);
  announce(humanStream(opts), reporters, written);
  // the gate wrote report.json: the run is completed (an interrupted capture stays interrupted)
  const { notes } = finishRun(run, incomplete ? 'interrupted' : 'completed', { keepRuns: resolved(opts).keepRuns });
  for (const n of notes) humanStream(opts).write(`veval: ${n}\n`);
  // another report not written fails the command
  check();
  stepSummary(opts, run.runDir);
  printJson(opts, run.runDir);
  return exitCodeOf(report);
}

export async function cmdReport(opts: CommonOptions): Promise<number> {
  const { run } = reopen(opts, 'report');
  const { writeReportsDetailed, readReport, failOnUnwritten } = await import('../report/index.js');
  const reporters = reportersOf(opts);
  const { written, failures } = writeReportsDetailed(run.runDir, reporters);
  // a report.json that cannot be read was already named by the reporters that failed on it
  const report = written.length ? (() => { try { return readReport(run.runDir); } catch { return null; } })() : null;
  if (report) (await liveReporter(reporters, { stream: humanStream(opts) })).onEnd(report, run.runDir, written);
  announce(humanStream(opts), reporters, written);
  failOnUnwritten(failures, report?.status ?? null);
  printJson(opts, run.runDir);
  return EXIT.pass;
}

export async function cmdMerge(dirs: string[], opts: CommonOptions): Promise<number> {
  const { mergeRuns } = await import('../gate/merge.js');
  const r = resolved(opts);
  const cwd = ioOf(opts).cwd;
  const reporters = reportersOf(opts);
  const { run, report, notes, missing, incomplete, shards } = await mergeRuns(dirs.map((d) => path.resolve(cwd, d)), { root: r.root, out: r.out, argv: ioOf(opts).argv });
  for (const m of missing) ioOf(opts).stderr.write(`veval merge: ${forTerminal(m)}\n`);
  const { written, check } = await reportStage(run, report, reporters);
  notes.push(...finishRun(run, incomplete ? 'interrupted' : 'completed', { keepRuns: r.keepRuns }).notes);
  // report.json was written (the run completed); another report not written fails the merge
  check();
  const runDir = run.runDir;
  for (const n of notes) humanStream(opts).write(`veval: ${forTerminal(n)}\n`);
  humanStream(opts).write(`merged ${shards} shard(s) into ${shown(runDir, cwd)}: ${report.status}\n`);
  (await liveReporter(reporters, { stream: humanStream(opts) })).onEnd(report, runDir, written);
  announce(humanStream(opts), reporters, written);
  stepSummary(opts, runDir);
  printJson(opts, runDir);
  return exitCodeOf(report);
}

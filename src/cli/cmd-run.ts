// run, and the stage commands that work from a run folder alone.
import fs from 'node:fs';
import path from 'node:path';
import { EXIT } from '../core/errors.js';
import { openRun } from '../core/run-folder.js';
import { readJsonIfExists } from '../core/fsx.js';
import { readArtifact } from '../core/artifact-read.js';
import { files } from '../core/run.js';
import { loadProject } from '../spec/project.js';
import { forTerminal } from '../report/terminal.js';
import type { CommonOptions } from './commands.js';
import { humanStream, interruptSignal, jsonOnStdout, loadSelected, nothingChanged, reportersOf, traceOf, workersOf } from './common.js';
import { announce, captureStage, checkStage, gateStage, judgeStage, runPipeline, consoleReporter } from './pipeline.js';

const exitOf = (report: { status: string; incomplete?: boolean }) => (report.status === 'pass' && !report.incomplete ? EXIT.pass : EXIT.fail);

/** In GitHub Actions, the run's summary.md goes to the job summary page too. */
function stepSummary(runDir: string): void {
  const target = process.env.GITHUB_STEP_SUMMARY;
  const summary = path.join(runDir, 'summary.md');
  if (!target || !fs.existsSync(summary)) return;
  try { fs.appendFileSync(target, fs.readFileSync(summary, 'utf8') + '\n'); } catch (err: any) {
    process.stderr.write(`veval: could not append to GITHUB_STEP_SUMMARY: ${err?.message}\n`);
  }
}

function printJson(opts: CommonOptions, runDir: string): void {
  if (!jsonOnStdout(opts)) return;
  const report = readJsonIfExists(path.join(runDir, files.report));
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
}

export async function cmdRun(specs: string[], opts: CommonOptions): Promise<number> {
  const reporters = reportersOf(opts);
  const plan = await loadSelected(specs, opts);
  if (nothingChanged(plan, opts)) {
    // An agent reading stdout still gets JSON: nothing to evaluate, so nothing failed.
    if (jsonOnStdout(opts)) process.stdout.write(JSON.stringify({ status: 'pass', nothingChanged: true, specs: [] }, null, 2) + '\n');
    return EXIT.pass;
  }
  const log = humanStream(opts);
  // CI runs a fixed number of shards; one whose slice is empty still writes its run folder (merge
  // checks that every shard arrived) and passes — outside --shard, no specs stays a failure
  if (opts.shard && !plan.specs.length) log.write(`shard ${opts.shard} has no specs\n`);
  const { run, report } = await runPipeline(plan, {
    out: opts.out, workers: workersOf(opts), trace: traceOf(opts), updateBaselines: !!opts.updateBaselines, acceptA11yDebt: !!opts.acceptA11yDebt,
    noCache: opts.cache === false, reporters, argv: process.argv.slice(2), shard: opts.shard ?? null, log,
    signal: interruptSignal(log), baseURL: opts.baseUrl,
  });
  stepSummary(run.runDir);
  printJson(opts, run.runDir);
  return exitOf(report);
}

export async function cmdCapture(specs: string[], opts: CommonOptions): Promise<number> {
  const plan = await loadSelected(specs, opts);
  if (nothingChanged(plan, opts)) return EXIT.pass;
  const log = humanStream(opts);
  const signal = interruptSignal(log);
  const reporter = await consoleReporter(log, signal);
  let failed = 0;
  const run = await captureStage(plan, {
    out: opts.out, workers: workersOf(opts), trace: traceOf(opts), reporters: ['list'], argv: process.argv.slice(2),
    shard: opts.shard ?? null, log, signal, baseURL: opts.baseUrl,
  }, { ...reporter, onUnit: (u) => { if (!u.ok) failed++; reporter.onUnit(u); } });
  if (!signal.aborted) log.write(`captures written to ${path.relative(process.cwd(), run.runDir) || run.runDir}\n`);
  return failed ? EXIT.fail : EXIT.pass;
}

function reopen(opts: CommonOptions) {
  const root = opts.config ? path.dirname(path.resolve(opts.config)) : process.cwd();
  const out = opts.out ?? 'evals';
  return openRun(root, out, opts.run);
}

export async function cmdCheck(opts: CommonOptions): Promise<number> {
  const { run } = reopen(opts);
  await checkStage(run, { updateBaselines: !!opts.updateBaselines, acceptA11yDebt: !!opts.acceptA11yDebt });
  // Exit 1 when any check errored or found something the gate would not let pass.
  let bad = false;
  for (const spec of run.plan.specs) {
    const checks = readArtifact('checks', path.join(run.runDir, files.checks(spec.name)));
    const loaded = readArtifact('parity', path.join(run.runDir, files.parity(spec.name)));
    const results = checks.value ?? [];
    const parity = loaded.value;
    const findings = [...results.flatMap((r) => r.findings), ...(parity?.findings ?? [])];
    // a corrupt or foreign checks.json / parity.json fails, named (a missing parity.json is no parity)
    const unreadable = [checks.problem === 'missing' ? null : checks.problem && `${files.checks(spec.name)} is ${checks.problem}`,
      loaded.problem?.startsWith('unreadable') ? `${files.parity(spec.name)} is ${loaded.problem}` : null].filter((x): x is string => !!x);
    if (unreadable.length || results.some((r) => r.status === 'error') || parity?.status === 'error' || findings.some((f) => !spec.gate.warn.includes(f.severity))) bad = true;
    process.stdout.write(`${spec.name}: ${findings.length} finding(s)${results.some((r) => r.status === 'error') ? ', check errors' : ''}${unreadable.map((u) => `; ${forTerminal(u)}`).join('')}\n`);
  }
  return bad ? EXIT.fail : EXIT.pass;
}

export async function cmdJudge(opts: CommonOptions): Promise<number> {
  const { run } = reopen(opts);
  await judgeStage(run, { noCache: opts.cache === false });
  let bad = false;
  for (const spec of run.plan.specs) {
    const loaded = readArtifact('judge', path.join(run.runDir, files.judge(spec.name)));
    const j = loaded.value;
    process.stdout.write(`${spec.name}: judge ${forTerminal(j?.status ?? loaded.problem ?? 'missing')}${j?.reason ? ` (${forTerminal(j.reason)})` : ''}\n`);
    if (!j || ['error', 'FAIL_EVIDENCE', 'fail'].includes(j.status)) bad = true;
  }
  return bad ? EXIT.fail : EXIT.pass;
}

export async function cmdGate(opts: CommonOptions): Promise<number> {
  const { run, info } = reopen(opts);
  const reporters = reportersOf(opts);
  const { report, written, check } = await gateStage(run, { startedAt: info.startedAt, incomplete: false, argv: process.argv.slice(2) }, reporters);
  if (reporters.includes('list')) (await consoleReporter(humanStream(opts))).end(report, run.runDir, written);
  announce(humanStream(opts), reporters, written);
  check();
  stepSummary(run.runDir);
  printJson(opts, run.runDir);
  return exitOf(report);
}

export async function cmdReport(opts: CommonOptions): Promise<number> {
  const { run } = reopen(opts);
  const { writeReportsDetailed, readReport, failOnUnwritten } = await import('../report/index.js');
  const reporters = reportersOf(opts);
  const { written, failures } = writeReportsDetailed(run.runDir, reporters.filter((r) => r !== 'list'));
  // a report.json that cannot be read was already named by the reporters that failed on it
  const report = written.length ? (() => { try { return readReport(run.runDir); } catch { return null; } })() : null;
  if (report && reporters.includes('list')) (await consoleReporter(humanStream(opts))).end(report, run.runDir, written);
  announce(humanStream(opts), reporters, written);
  failOnUnwritten(failures, report?.status ?? null);
  printJson(opts, run.runDir);
  return EXIT.pass;
}

export async function cmdMerge(dirs: string[], opts: CommonOptions): Promise<number> {
  const { mergeRuns } = await import('../gate/merge.js');
  const plan = await loadProject({ config: opts.config }).catch(() => null);
  const reporters = reportersOf(opts);
  const { runDir, report, written } = await mergeRuns(dirs.map((d) => path.resolve(d)), { out: path.resolve(plan?.root ?? process.cwd(), opts.out ?? 'evals'), reporters });
  humanStream(opts).write(`merged ${dirs.length} shard(s) into ${runDir}: ${report.status}\n`);
  if (reporters.includes('list')) (await consoleReporter(humanStream(opts))).end(report, runDir, written);
  announce(humanStream(opts), reporters, written);
  stepSummary(runDir);
  printJson(opts, runDir);
  return exitOf(report);
}

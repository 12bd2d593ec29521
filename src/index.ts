// The veval library: `import { run } from 'veval-cli'` (package.json exports, with types). The CLI
// (src/cli), the demo, the MCP server and the bench use this entry for running; what it exports
// is the library's public surface. It never exits the process: bad input throws InputError.
import { runPipeline, type PipelineOptions, type RunOutcome } from './pipeline.js';
import { loadProject, type LoadOptions } from './spec/project.js';
import { FILE_REPORTER_IDS } from './report/reporters.js';
import type { LookOptions, LookResult } from './look/index.js';

export * from './pipeline.js';
export { loadProject, type LoadOptions } from './spec/project.js';
export type { RunContext } from './core/run.js';
export type { LookOptions, LookResult } from './look/index.js';
export type { Report, SpecReport, UnitReport, ReportFinding, ChecklistItem, Effect } from './gate/report-schema.js';
export type { ProjectPlan, SpecPlan } from './spec/plan.js';
export type { ConsoleReporter } from './report/console.js';
export type { LiveReporter } from './report/index.js';
export { REPORTERS, REPORTER_IDS, FILE_REPORTER_IDS, type ReporterId } from './report/reporters.js';

export interface RunOptions extends Partial<Omit<PipelineOptions, 'log' | 'argv' | 'reporters'>> {
  /** where the project is: the config is found upward from here (default: process.cwd()) */
  cwd?: string;
  /** config file (default visual-eval.config.yaml, found upward from cwd) */
  config?: string;
  /** spec files or names (default: every spec of the config) */
  specs?: string[];
  /** reporter ids (default: every file reporter; `list` prints to `log`) */
  reporters?: string[];
  /** human output (default: process.stderr) */
  log?: NodeJS.WriteStream;
  /** recorded in run.json and report.json (default: ['run', ...specs]) */
  argv?: string[];
}

/** Loads the project and runs it like `veval run`: a new run folder, report.json and the reports.
 *  Bad input throws InputError (its `problems` are file:line:col lines); never exits the process. */
export async function run(opts: RunOptions = {}): Promise<RunOutcome> {
  const { cwd, config, specs = [], reporters, log, argv, ...rest } = opts;
  const plan = await loadProject({ cwd, config, specs, baseURL: opts.baseURL } satisfies LoadOptions);
  return runPipeline(plan, { ...rest, reporters: reporters ?? [...FILE_REPORTER_IDS], log: log ?? process.stderr, argv: argv ?? ['run', ...specs] });
}

/** `veval look`: a screen with no spec — every deterministic check at its defaults, in a run folder. */
export async function look(opts: LookOptions): Promise<LookResult> {
  const m = await import('./look/index.js');
  return m.look(opts);
}

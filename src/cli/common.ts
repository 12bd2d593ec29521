// Shared option handling for commands: loading and narrowing the plan, reporters, output streams.
import { InputError } from '../core/errors.js';
import { REPORTER_IDS } from '../report/reporters.js';
import { resolveOptions, workersFlag, type ResolvedOptions } from './resolve.js';
import { loadProject } from '../spec/project.js';
import { selectPlan } from './select.js';
import { sweepPlan } from '../spec/compile.js';
import type { ProjectPlan } from '../spec/plan.js';

/** Every reporter (report/reporters.ts declares them): what runs without --reporter. */
export const ALL_REPORTERS: readonly string[] = REPORTER_IDS;

/** Without --reporter: every reporter. With it: exactly those named (--json adds json). */
export function reportersOf(opts: CommonOptions): string[] {
  if (!opts.reporter) return [...ALL_REPORTERS];
  const names = (Array.isArray(opts.reporter) ? opts.reporter : [opts.reporter]).flatMap((r) => String(r).split(',')).map((r) => r.trim()).filter(Boolean);
  const unknown = names.filter((n) => !ALL_REPORTERS.includes(n));
  if (unknown.length) throw new InputError([`--reporter: unknown reporter ${unknown.join(', ')} (choose from ${ALL_REPORTERS.join(', ')})`]);
  return opts.json && !names.includes('json') ? [...names, 'json'] : names;
}

/** The options every command handler gets (declared in commands.ts). */
export interface CommonOptions {
  config?: string; out?: string; baseUrl?: string; viewport?: string | string[]; grep?: string;
  workers?: number; shard?: string; reporter?: string | string[]; json?: boolean; trace?: string;
  updateBaselines?: boolean; cache?: boolean; run?: string;
  /** --sweep: every spec sweeps its widths (its own sweep: range, else the defaults) */
  sweep?: boolean;
  /** approve / run --update-baselines: record new axe violations as accepted accessibility debt */
  acceptA11yDebt?: boolean;
  /** set by main(): the streams, cwd, argv and interrupt signal of this invocation */
  io?: CliIO;
  /** --changed [ref]: true = the default base (see changed.ts) */
  changed?: string | boolean;
}

/** Where a command's output goes and where it runs: main() passes its own (tests pass buffers). */
export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  cwd: string;
  /** the arguments as typed (recorded in run.json and report.json) */
  argv: string[];
  /** aborted on SIGINT/SIGTERM (main.ts listens; a second signal exits there) */
  signal?: AbortSignal;
}

export const ioOf = (opts: CommonOptions): CliIO => opts.io ?? { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), argv: process.argv.slice(2) };

/** Root, artifacts folder, workers, keepRuns: flag → config → default, the same for every command. */
export const resolved = (opts: CommonOptions): ResolvedOptions => resolveOptions(opts, ioOf(opts).cwd);

/** --workers as given (validated), for commands that only check it. */
export const workersOf = (opts: CommonOptions): number | undefined => workersFlag(opts.workers);

export function traceOf(opts: CommonOptions): 'off' | 'on-failure' {
  if (opts.trace === undefined) return 'off';
  if (opts.trace !== 'on-failure' && opts.trace !== 'off') throw new InputError([`--trace "${opts.trace}": expected on-failure or off`]);
  return opts.trace;
}

export async function loadSelected(specs: string[], opts: CommonOptions): Promise<ProjectPlan> {
  let plan = await loadProject({ config: opts.config, specs, baseURL: opts.baseUrl, cwd: ioOf(opts).cwd });
  if (opts.changed !== undefined && opts.changed !== false) {
    const { selectChanged, describeChanged } = await import('./changed.js');
    const sel = selectChanged(plan, opts.changed === true || opts.changed === '' ? true : String(opts.changed));
    humanStream(opts).write(describeChanged(sel, plan.specs.length));
    plan = { ...plan, specs: sel.specs.map((s) => s.spec) };
    if (!plan.specs.length) return plan;
  }
  if (opts.sweep) plan = { ...plan, specs: plan.specs.map((s) => ({ ...s, sweep: s.sweep ?? sweepPlan(true) })) };
  return selectPlan(plan, { grep: opts.grep, viewport: opts.viewport, shard: opts.shard });
}

/** `--changed` selected nothing: the command stops here, successfully, writing nothing. */
export const nothingChanged = (plan: ProjectPlan, opts: CommonOptions) => !plan.specs.length && opts.changed !== undefined && opts.changed !== false;

/** Human output (the console list, progress, where files went) goes to stderr: stdout carries
 *  report.json and nothing else when the json reporter is asked for. */
export const humanStream = (opts: CommonOptions): NodeJS.WriteStream => ioOf(opts).stderr;

/** report.json goes to stdout when asked for by name: `--json`, or `--reporter json` (not the default set, which only writes the file). */
export const jsonOnStdout = (opts: CommonOptions): boolean => !!opts.json || (!!opts.reporter && reportersOf(opts).includes('json'));

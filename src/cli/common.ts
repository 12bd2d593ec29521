// Shared option handling for commands: loading and narrowing the plan, reporters, output streams.
import { InputError } from '../core/errors.js';
import { loadProject } from '../spec/project.js';
import { selectPlan } from './select.js';
import type { CommonOptions } from './commands.js';
import type { ProjectPlan } from '../spec/plan.js';

export const ALL_REPORTERS = ['list', 'json', 'junit', 'markdown', 'html'];

export function reportersOf(opts: CommonOptions): string[] {
  if (!opts.reporter) return ALL_REPORTERS;
  const names = (Array.isArray(opts.reporter) ? opts.reporter : [opts.reporter]).flatMap((r) => String(r).split(',')).map((r) => r.trim()).filter(Boolean);
  const unknown = names.filter((n) => !ALL_REPORTERS.includes(n));
  if (unknown.length) throw new InputError([`--reporter: unknown reporter ${unknown.join(', ')} (choose from ${ALL_REPORTERS.join(', ')})`]);
  return names;
}

export function workersOf(opts: CommonOptions): number | undefined {
  if (opts.workers === undefined) return undefined;
  const n = Number(opts.workers);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InputError([`--workers "${opts.workers}": expected a whole number from 1 to 64`]);
  return n;
}

export function traceOf(opts: CommonOptions): 'off' | 'on-failure' {
  if (opts.trace === undefined) return 'off';
  if (opts.trace !== 'on-failure' && opts.trace !== 'off') throw new InputError([`--trace "${opts.trace}": expected on-failure or off`]);
  return opts.trace;
}

export async function loadSelected(specs: string[], opts: CommonOptions): Promise<ProjectPlan> {
  let plan = await loadProject({ config: opts.config, specs, baseURL: opts.baseUrl });
  if (opts.changed !== undefined && opts.changed !== false) {
    const { selectChanged, describeChanged } = await import('./changed.js');
    const sel = selectChanged(plan, opts.changed === true || opts.changed === '' ? true : String(opts.changed));
    humanStream(opts).write(describeChanged(sel, plan.specs.length));
    plan = { ...plan, specs: sel.specs.map((s) => s.spec) };
    if (!plan.specs.length) return plan;
  }
  return selectPlan(plan, { grep: opts.grep, viewport: opts.viewport, shard: opts.shard });
}

/** `--changed` selected nothing: the command stops here, successfully, writing nothing. */
export const nothingChanged = (plan: ProjectPlan, opts: CommonOptions) => !plan.specs.length && opts.changed !== undefined && opts.changed !== false;

/** Human output goes to stderr when stdout carries JSON. */
export const humanStream = (opts: CommonOptions): NodeJS.WriteStream => (opts.json ? process.stderr : process.stdout);

/** An interrupt (SIGINT/SIGTERM) stops the run cleanly: partial results, marked incomplete, exit ≠ 0. */
export function interruptSignal(log: NodeJS.WriteStream): AbortSignal {
  const ctrl = new AbortController();
  const onSignal = (sig: string) => {
    if (ctrl.signal.aborted) process.exit(130);
    log.write(`\nveval: ${sig} — stopping: closing the browser and app server, writing partial results (again to force)\n`);
    ctrl.abort(new Error(sig));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  return ctrl.signal;
}

// `veval look`: a screen with no spec and no baseline yet. An in-memory spec (the route or URL,
// the viewports, the --step's as one state) is loaded like any spec file and run through the same
// pipeline as `veval run` — capture, every deterministic check at its defaults plus
// interactive-reachable, no parity, no judge — into a run folder of its own. Its verdict is the
// gate's (gate/policy.ts, written to report.json): a look fails on every finding the gate fails;
// it has no score, so gate.minScore does not apply. The result is plain data (the CLI prints it;
// an MCP tool may return it).
import path from 'node:path';
import YAML from 'yaml';
import { InputError } from '../core/errors.js';
import { readArtifact } from '../core/artifact-read.js';
import { files, unitsOf } from '../core/run.js';
import type { ReportFinding } from '../gate/report-schema.js';
import { loadProject } from '../spec/project.js';
import { selectPlan } from '../cli/select.js';
import type { ProjectPlan } from '../spec/plan.js';
import type { ChecklistItem, Report } from '../gate/report-schema.js';
import { exitCodeOf } from '../gate/policy.js';
import { parseSteps } from './steps.js';

export const LOOK_SPEC = 'look';
/** Where the in-memory spec would live (relative to the project root): the name problems are reported under. */
export const LOOK_FILE = 'look.yaml';
export const STEPS_STATE = 'after-steps';

export interface LookOptions {
  /** a route ("/settings", joined to --base-url, the config's baseURL or its server) or an absolute URL */
  target: string;
  baseURL?: string;
  config?: string;
  cwd?: string;
  out?: string;
  /** viewport names from the config (or desktop/mobile), or WIDTHxHEIGHT */
  viewports?: string[];
  /** "click:#open", "fill:#email=a@b.c", "press:Enter", … (see parseSteps) */
  steps?: string[];
  /** stress variants (core/stress.ts): each state is also captured under each, as `veval run` does with `stress:` */
  stress?: string[];
  argv?: string[];
  /** progress lines (stderr in the CLI) */
  log: NodeJS.WritableStream;
  signal?: AbortSignal;
  onProgress?: import('../pipeline.js').PipelineOptions['onProgress'];
}

export interface LookUnit {
  state: string;
  viewport: string;
  size: { width: number; height: number } | null;
  /** paths relative to the run folder */
  screenshot: string | null;
  record: string;
  captureError: string | null;
  httpStatus: number | null;
  finalUrl: string | null;
  consoleErrors: { type: string; text: string; location: string | null }[];
  failedRequests: { url: string; status: number | null; failure: string | null }[];
  overflow: { px: number; offenders: { selector: string; overflowPx: number }[] };
  clippedText: { selector: string; text: string; hiddenPx: number; axis: string }[];
  interactive: { checked: number; total: number } | null;
  unreachable: { selector: string; role: string; name: string; level: string; message: string; severity: string }[];
  /** axe findings that fail the gate, and every serious or critical one */
  axe: { rule: string; impact: string; message: string; targets: string[] }[];
  /** blocker and important findings of the other checks (text-clipped, overlap, stability, http-status, capture …), and any other that fails the gate */
  other: { check: string; severity: string; message: string }[];
  /** every finding of this unit, blockers first */
  findings: ReportFinding[];
}

export interface LookResult {
  url: string | null;
  runId: string;
  runDir: string;
  /** the gate's verdict (report.json) */
  status: 'pass' | 'fail';
  /** findings the gate fails on (blockers, and any other severity not in gate.warn) */
  failing: number;
  blockers: number;
  /** why the gate failed the look, as report.json says */
  reasons: string[];
  units: LookUnit[];
  /** findings that fail the gate and concern no one capture (a check that errored, a guard) */
  specWide: { check: string; severity: string; message: string }[];
  checklist: ChecklistItem[];
  notes: string[];
  /** the spec the look ran, as YAML text (for --spec-out) */
  plan: ProjectPlan;
  exitCode: 0 | 1;
}

const VIEWPORT_SIZE = /^(\d{2,5})x(\d{2,5})$/;

/** The spec the look runs, as YAML text (validated and compiled exactly like a spec file). */
export function lookSpecText(opts: Pick<LookOptions, 'target' | 'viewports' | 'steps' | 'stress'>): string {
  const abs = /^https?:\/\//i.test(opts.target);
  if (!abs && !opts.target.startsWith('/')) throw new InputError([`veval look: "${opts.target}" is neither a route (starting with /) nor an http(s) URL`]);
  const spec: Record<string, unknown> = { name: LOOK_SPEC, [abs ? 'url' : 'route']: opts.target };
  const custom = (opts.viewports ?? []).filter((v) => VIEWPORT_SIZE.test(v));
  if (custom.length) {
    // a size given on the command line is a viewport of its own; named ones come from the config
    spec.viewports = (opts.viewports ?? []).map((v) => {
      const m = VIEWPORT_SIZE.exec(v);
      return m ? { name: `w${m[1]}x${m[2]}`, width: Number(m[1]), height: Number(m[2]) } : v;
    });
  }
  const states: Record<string, unknown>[] = [{ name: 'default' }];
  if (opts.steps?.length) states.push({ name: STEPS_STATE, steps: parseSteps(opts.steps) });
  spec.states = states;
  if (opts.stress?.length) spec.stress = opts.stress;
  spec.checks = { 'interactive-reachable': true };
  return YAML.stringify(spec);
}

/** A problem with a viewport named on the command line also says what else --viewport takes. */
function withSizeHint(err: unknown): unknown {
  if (!(err instanceof InputError)) return err;
  return new InputError(err.problems.map((p) => (/viewport/i.test(p) && !/WIDTHxHEIGHT/.test(p) ? `${p}; --viewport takes viewport names from the config or a size WIDTHxHEIGHT (e.g. 390x844)` : p)));
}

/** The project plan of the look: the config (its server, viewports, context) and the in-memory spec. */
export async function lookPlan(opts: LookOptions): Promise<ProjectPlan> {
  const text = lookSpecText(opts);
  let plan: ProjectPlan;
  try {
    plan = await loadProject({ cwd: opts.cwd, config: opts.config, baseURL: opts.baseURL, inline: [{ file: LOOK_FILE, text }] });
  } catch (err) {
    // a problem in the made-up spec is a problem with the flags: said without its line and column
    if (err instanceof InputError) throw withSizeHint(new InputError(err.problems.map((p) => p.replace(/^(?:\S*[\\/])?look\.yaml:\d+:\d+ /, 'veval look: '))));
    throw err;
  }
  const named = (opts.viewports ?? []).filter((v) => !VIEWPORT_SIZE.test(v));
  if (named.length && named.length === (opts.viewports ?? []).length) {
    try { plan = selectPlan(plan, { viewport: named }); } catch (err) { throw withSizeHint(err); }
  }
  // a look compares with nothing and asks no model: the config's parity and judge are not for it
  // a look has no score: minScore is not part of its verdict
  return { ...plan, specs: plan.specs.map((s) => ({ ...s, parity: null, judge: null, gate: { ...s.gate, minScore: 0 } })) };
}

/** Checks whose findings have a section of their own in a unit's report. */
const SHOWN = new Set(['console', 'requests', 'overflow', 'interactive-reachable', 'axe']);

const ORDER = { blocker: 0, important: 1, polish: 2 } as Record<string, number>;

/** What the look found, per capture, from the run folder's files alone. */
export function lookResult(runDir: string, runId: string, plan: ProjectPlan, report: Report): LookResult {
  const spec = plan.specs[0];
  const specReport = report.specs.find((s) => s.name === spec.name);
  const findings = [...(specReport?.findings ?? [])].sort((a, b) => (ORDER[a.severity] ?? 3) - (ORDER[b.severity] ?? 3));
  const units: LookUnit[] = unitsOf(spec).map(({ state, viewport }) => {
    const recFile = files.record(spec.name, state, viewport);
    const r = readArtifact('record', path.join(runDir, recFile)).value;
    const mine = findings.filter((f) => f.state === state && f.viewport === viewport);
    return {
      state, viewport,
      size: r ? { width: r.viewport.width, height: r.viewport.height } : null,
      screenshot: r?.screenshot ? `${spec.name}/${r.screenshot}` : null,
      record: recFile,
      captureError: !r ? 'no capture record' : r.ok ? null : r.error?.reason ?? 'capture failed',
      httpStatus: r?.httpStatus ?? null,
      finalUrl: r?.finalUrl ?? null,
      consoleErrors: (r?.console ?? []).map((c) => ({ type: c.type, text: c.text, location: c.location })),
      failedRequests: (r?.failedRequests ?? []).map((q) => ({ url: q.url, status: q.status, failure: q.failure })),
      overflow: { px: r?.overflow.overflowPx ?? 0, offenders: (r?.overflow.offenders ?? []).slice(0, 5).map((o) => ({ selector: o.selector, overflowPx: o.overflowPx })) },
      clippedText: (r?.clippedText ?? []).filter((c) => !c.spill).map((c) => ({ selector: c.selector, text: c.text, hiddenPx: c.hiddenPx, axis: c.axis })),
      interactive: r?.interactive ? { checked: r.interactive.checked, total: r.interactive.total } : null,
      unreachable: mine.filter((f) => f.check === 'interactive-reachable').map((f) => {
        const h = r?.interactive?.hidden.find((x) => x.selector === f.evidence?.selector);
        return { selector: String(f.evidence?.selector ?? ''), role: h?.role ?? '', name: h?.name ?? '', level: h?.verdict.level ?? '', message: f.message, severity: f.severity };
      }),
      // every axe finding that fails the gate (moderate ones at important too), and serious+ always
      axe: mine.filter((f) => f.check === 'axe' && (f.fails || /^(serious|critical)$/.test(String((f as any).impact)))).map((f) => ({
        rule: String((f as any).rule ?? ''), impact: String((f as any).impact ?? ''), message: f.message,
        targets: ((f.evidence as any)?.targets ?? []).map(String),
      })),
      other: mine.filter((f) => !SHOWN.has(f.check) && (f.fails || f.severity !== 'polish')).map((f) => ({ check: f.check, severity: f.severity, message: f.message })),
      findings: mine,
    };
  });
  // findings not tied to one capture (a check that errored) still count
  const blockers = findings.filter((f) => f.severity === 'blocker').length;
  return {
    url: spec.url, runId, runDir, status: report.status, failing: findings.filter((f) => f.fails).length, blockers,
    reasons: specReport?.reasons ?? [], units,
    specWide: findings.filter((f) => f.fails && !units.some((u) => u.state === f.state && u.viewport === f.viewport)).map((f) => ({ check: f.check, severity: f.severity, message: f.message })),
    checklist: report.checklist ?? [],
    notes: [...(specReport?.reasons ?? []).filter((x) => /error|could not|cannot/i.test(x)), ...(specReport?.notes ?? [])],
    plan,
    exitCode: exitCodeOf(report),
  };
}

/** Captures and checks the target; never throws for a fault of the page (that is in the result). */
export async function look(opts: LookOptions): Promise<LookResult> {
  const plan = await lookPlan(opts);
  const { runPipeline } = await import('../pipeline.js');
  const { run, report } = await runPipeline(plan, {
    out: opts.out, reporters: ['json', 'markdown', 'html'], argv: opts.argv ?? [], shard: null,
    log: opts.log as NodeJS.WriteStream, signal: opts.signal, baseURL: opts.baseURL, onProgress: opts.onProgress,
  });
  return lookResult(run.runDir, run.runId, plan, report as Report);
}

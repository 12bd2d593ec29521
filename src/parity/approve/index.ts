// Approve, the one entry: `veval approve`, `veval review` and the MCP approve tool call these, so
// they refuse, lock and write alike. approveRun picks the completed run, judges orphans against the
// whole project, holds the baselines lock and promotes (promote.ts: all or nothing, stale runs and
// blockers refused, new accessibility debt only when accepted); importExport makes an accepted
// design export one unit's baseline; approveLines says what either did, one line each; undoApproval
// puts back what review's approve replaced. Nothing here prints.
import { InputError } from '../../core/errors.js';
import { pickRun } from '../../core/run-folder.js';
import type { RunContext } from '../../core/run.js';
import type { SpecPlan } from '../../spec/plan.js';
import { loadProject } from '../../spec/project.js';
import { withBaselineLock } from '../store/lock.js';
import { importDesign } from './design-import.js';
import { approve, whoApproves, type ApproveResult } from './promote.js';
import { restore, type Kept } from './undo.js';

export { approve, reportBlockers, whoApproves, type ApproveOptions, type ApproveResult, type Refusal } from './promote.js';
export { keep, wrote, type Kept } from './undo.js';

/** Where approve works: the project root, its artifacts folder (both absolute), the folder names are
 *  given from, and the config file as given (the project's specs are loaded from it). */
export interface ApproveWhere { root: string; out: string; cwd: string; config?: string }

/** What to approve, as the caller was asked (a flag given twice arrives as a list and is refused). */
export interface ApproveAsk {
  run?: string; spec?: unknown; state?: unknown; viewport?: unknown;
  prune?: boolean; force?: boolean; acceptA11yDebt?: boolean;
  /** only these units (`<spec>/<state>-<viewport>`): `veval review` approves its selection in one pass */
  units?: ReadonlySet<string>;
  /** runs holding the baselines lock just before approving (`veval review` keeps what it replaces, for undo) */
  inLock?: (run: RunContext) => void;
}

/** approve --from-image: the design export (and its region boxes), with the unit it is for. */
export type ImportAsk = ApproveAsk & { fromImage?: unknown; boxes?: unknown };

export type ApproveOutcome = { note: string; res: ApproveResult } | { repeated: string[] };

/** a value the parser read as a number or a bare flag is still a name to check, never "all" */
const one = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

/** Which run it used, and what it changed or refused; or the flags given more than once (refused
 *  before any run is opened). */
export async function approveRun(where: ApproveWhere, ask: ApproveAsk): Promise<ApproveOutcome> {
  // a repeated --viewport/--state arrives as a list; dropping it would approve every unit
  const repeated = (['spec', 'state', 'viewport'] as const).filter((k) => Array.isArray(ask[k]));
  if (repeated.length) return { repeated };
  const { run, note } = pickRun(where.root, where.out, 'completed', ask.run, where.cwd);
  // Orphans are judged against every spec of the project (the run may have covered only some);
  // without a loadable project nothing is pruned.
  let projectSpecs: SpecPlan[] | undefined;
  try { projectSpecs = (await loadProject({ config: where.config, cwd: where.cwd })).specs; } catch (err) {
    if (ask.prune) throw err;
  }
  const res = await withBaselineLock(where.root, `veval ${ask.inLock ? 'review' : 'approve'} (run ${run.runId})`, () => {
    ask.inLock?.(run);
    return approve(run, { spec: one(ask.spec), state: one(ask.state), viewport: one(ask.viewport), prune: !!ask.prune, force: !!ask.force, projectSpecs, acceptA11yDebt: !!ask.acceptA11yDebt, ...(ask.units ? { units: ask.units } : {}) });
  });
  return { note, res };
}

/** Puts back what an approval replaced (review's undo), holding the baselines lock; why not, else null. */
export async function undoApproval(run: RunContext, kept: Kept): Promise<string | null> {
  return withBaselineLock(run.root, `veval review undo (run ${run.runId})`, async () => restore(run, kept));
}

/** What approve changed or refused, one line each (the CLI prints them; `veval mcp` returns them). */
export function approveLines(res: ApproveResult): string[] {
  return [
    ...res.written.map((w) => `approved  ${w}`),
    ...res.unchanged.map((u) => `unchanged ${u}`),
    ...res.refused.map((x) => `refused   ${x.unit}: ${x.reason}`),
    ...res.warnings.map((w) => `warning   ${w}`),
    ...res.acceptedDebt.map((d) => `a11y debt ${d} (accepted)`),
    ...res.orphans.map((o) => `${res.removed.includes(o) ? 'removed  ' : 'orphan   '} ${o}${res.removed.includes(o) ? '' : ' (no spec produces it; --prune removes it)'}`),
    ...withheldLines(res),
    `${res.written.length} written, ${res.unchanged.length} unchanged, ${res.refused.length} refused, ${res.orphans.length} orphaned`,
  ];
}

/** What a refusal held back, and the ways forward: fix, the flag the refusals name, or choose units. */
function withheldLines(res: ApproveResult): string[] {
  if (!res.withheld?.length) return [];
  const flags = (['acceptA11yDebt', 'force'] as const).map((f) => [f, res.refused.filter((r) => r.needs?.flag === f).length] as const).filter(([, n]) => n)
    .map(([f, n]) => `add ${f === 'force' ? '--force' : '--accept-a11y-debt'} (${n} refused for that)`);
  return [
    ...res.withheld.map((w) => `withheld  ${w}`),
    `nothing written: ${res.refused.length} unit(s) refused, so the ${res.withheld.length} that would pass are withheld too — approve writes all it is asked to, or none. ` +
    `Fix the refused ones${flags.length ? `, or ${flags.join(', or ')}` : ''}, or approve chosen units: --spec/--state/--viewport, or \`veval review\``,
  ];
}

/** approve --from-image (`veval approve` and the MCP approve tool, so both check the same things): the
 *  lines to show. Bad input is an InputError; nothing is written then. */
export async function importExport(where: ApproveWhere, ask: ImportAsk): Promise<{ lines: string[]; written: string | null; unchanged: string | null }> {
  const usage: string[] = [];
  if (typeof ask.fromImage !== 'string' || !ask.fromImage) usage.push(ask.boxes !== undefined && ask.fromImage === undefined ? '--boxes goes with --from-image <png>: the region boxes of that design export' : '--from-image needs a PNG file: --from-image design/checkout-mobile.png');
  if (ask.boxes !== undefined && (typeof ask.boxes !== 'string' || !ask.boxes)) usage.push('--boxes needs a JSON file of named region boxes (docs/design-parity.md#region-boxes)');
  for (const k of ['spec', 'state', 'viewport', 'fromImage', 'boxes'] as const) if (Array.isArray(ask[k])) usage.push(`--${k === 'fromImage' ? 'from-image' : k} given more than once: a design export is imported for one unit`);
  for (const [k, v] of [['--prune', ask.prune], ['--force', ask.force], ['--run', ask.run], ['--accept-a11y-debt', ask.acceptA11yDebt]] as const) if (v) usage.push(`${k} does not go with --from-image (a design export is not a run's capture)`);
  if (usage.length) throw new InputError(usage.slice(0, 1));
  const plan = await loadProject({ config: where.config, cwd: where.cwd });
  const res = await withBaselineLock(plan.root, `veval approve --from-image ${ask.fromImage}`, async () => importDesign(plan, {
    image: ask.fromImage as string, boxes: ask.boxes as string | undefined, spec: one(ask.spec), state: one(ask.state), viewport: one(ask.viewport),
    approver: whoApproves(plan.root), now: new Date(), cwd: where.cwd,
  }));
  const p = res.entry.provenance!;
  const what = `design export ${p.file} (${p.width}×${p.height} px, sha256 ${p.sha256.slice(0, 12)})${p.boxes ? ` with region boxes ${p.boxes.file} (${Object.keys(res.entry.layout.regions).join(', ')})` : ''}`;
  const lines = [...res.notes.map((n) => `note      ${n}`), res.written ? `approved  ${res.written} from ${what}` : `unchanged ${res.unchanged} (already ${what})`];
  return { lines, written: res.written, unchanged: res.unchanged };
}

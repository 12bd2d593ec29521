// verify (the done-check), approve (baselines), calibrate (judge agreement).
import path from 'node:path';
import { EXIT, InputError } from '../core/errors.js';
import { describeState, listRuns, openRunDir, pickRun, type RunEntry } from '../core/run-folder.js';
import { readArtifact } from '../core/artifact-read.js';
import { forTerminal } from '../report/terminal.js';
import { files, unitsOf } from '../core/run.js';
import { diffManifests, freshness } from '../core/freshness.js';
import { shown } from '../core/paths.js';
import { loadProject } from '../spec/project.js';
import { staleBaselineSpecs } from '../parity/store/digest.js';
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

export type ApproveFlags = CommonOptions & { spec?: string; state?: string; prune?: boolean; force?: boolean; fromImage?: string; boxes?: string; units?: ReadonlySet<string> };

/** approve without its printing (`veval mcp` and `veval review` call it too): which run it used, and
 *  what it changed or refused; or the flags given more than once (refused before any run is opened).
 *  `inLock` runs holding the baselines lock just before approving (review keeps what it replaces, for undo). */
export async function approveRun(opts: ApproveFlags, inLock?: (run: import('../core/run.js').RunContext) => void): Promise<{ note: string; res: import('../parity/approve/promote.js').ApproveResult } | { repeated: string[] }> {
  const r = resolved(opts);
  const io = ioOf(opts);
  // a repeated --viewport/--state arrives as a list; dropping it would approve every unit
  const repeated = (['spec', 'state', 'viewport'] as const).filter((k) => Array.isArray(opts[k]));
  if (repeated.length) return { repeated };
  const { run, note } = pickRun(r.root, r.out, 'completed', opts.run, io.cwd);
  const { approve } = await import('../parity/approve/promote.js');
  const { withBaselineLock } = await import('../parity/store/lock.js');
  // Orphans are judged against every spec of the project (the run may have covered only some);
  // without a loadable project nothing is pruned.
  let projectSpecs: import("../spec/plan.js").SpecPlan[] | undefined;
  try { projectSpecs = (await loadProject({ config: opts.config, cwd: io.cwd })).specs; } catch (err) {
    if (opts.prune) throw err;
  }
  // a value the parser read as a number or a bare flag is still a name to check, never "all"
  const one = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const res = await withBaselineLock(r.root, `veval ${inLock ? 'review' : 'approve'} (run ${run.runId})`, () => {
    inLock?.(run);
    return approve(run, { spec: one(opts.spec), state: one(opts.state), viewport: one(opts.viewport), prune: !!opts.prune, force: !!opts.force, projectSpecs, acceptA11yDebt: !!opts.acceptA11yDebt, ...(opts.units ? { units: opts.units } : {}) });
  });
  return { note, res };
}

/** What approve changed or refused, one line each (the CLI prints them; `veval mcp` returns them). */
export function approveLines(res: import('../parity/approve/promote.js').ApproveResult): string[] {
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
function withheldLines(res: import('../parity/approve/promote.js').ApproveResult): string[] {
  if (!res.withheld?.length) return [];
  const flags = (['acceptA11yDebt', 'force'] as const).map((f) => [f, res.refused.filter((r) => r.needs?.flag === f).length] as const).filter(([, n]) => n)
    .map(([f, n]) => `add ${f === 'force' ? '--force' : '--accept-a11y-debt'} (${n} refused for that)`);
  return [
    ...res.withheld.map((w) => `withheld  ${w}`),
    `nothing written: ${res.refused.length} unit(s) refused, so the ${res.withheld.length} that would pass are withheld too — approve writes all it is asked to, or none. ` +
    `Fix the refused ones${flags.length ? `, or ${flags.join(', or ')}` : ''}, or approve chosen units: --spec/--state/--viewport, or \`veval review\``,
  ];
}

export async function cmdApprove(opts: ApproveFlags): Promise<number> {
  const io = ioOf(opts);
  const say = (s: string) => io.stdout.write(forTerminal(s) + '\n');
  if (opts.fromImage !== undefined || opts.boxes !== undefined) return approveFromImage(opts);
  const out = await approveRun(opts);
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
  for (const l of (await importExport(opts)).lines) io.stdout.write(forTerminal(l) + '\n');
  return EXIT.pass;
}

/** approve --from-image without its printing (`veval mcp`'s approve calls it too, so both check the
 *  same things): the lines to show. Bad input is an InputError; nothing is written then. */
export async function importExport(opts: ApproveFlags): Promise<{ lines: string[]; written: string | null; unchanged: string | null }> {
  const io = ioOf(opts);
  const usage: string[] = [];
  if (typeof opts.fromImage !== 'string' || !opts.fromImage) usage.push(opts.boxes !== undefined && opts.fromImage === undefined ? '--boxes goes with --from-image <png>: the region boxes of that design export' : '--from-image needs a PNG file: --from-image design/checkout-mobile.png');
  if (opts.boxes !== undefined && (typeof opts.boxes !== 'string' || !opts.boxes)) usage.push('--boxes needs a JSON file of named region boxes (docs/design-parity.md#region-boxes)');
  for (const k of ['spec', 'state', 'viewport', 'fromImage', 'boxes'] as const) if (Array.isArray(opts[k])) usage.push(`--${k === 'fromImage' ? 'from-image' : k} given more than once: a design export is imported for one unit`);
  for (const [k, v] of [['--prune', opts.prune], ['--force', opts.force], ['--run', opts.run], ['--accept-a11y-debt', opts.acceptA11yDebt]] as const) if (v) usage.push(`${k} does not go with --from-image (a design export is not a run's capture)`);
  if (usage.length) throw new InputError(usage.slice(0, 1));
  const plan = await loadProject({ config: opts.config, cwd: io.cwd });
  const { importDesign } = await import('../parity/approve/design-import.js');
  const { whoApproves } = await import('../parity/approve/promote.js');
  const { withBaselineLock } = await import('../parity/store/lock.js');
  const one = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const res = await withBaselineLock(plan.root, `veval approve --from-image ${opts.fromImage}`, async () => importDesign(plan, {
    image: opts.fromImage!, boxes: opts.boxes, spec: one(opts.spec), state: one(opts.state), viewport: one(opts.viewport),
    approver: whoApproves(plan.root), now: new Date(), cwd: io.cwd,
  }));
  const p = res.entry.provenance!;
  const what = `design export ${p.file} (${p.width}×${p.height} px, sha256 ${p.sha256.slice(0, 12)})${p.boxes ? ` with region boxes ${p.boxes.file} (${Object.keys(res.entry.layout.regions).join(', ')})` : ''}`;
  const lines = [...res.notes.map((n) => `note      ${n}`), res.written ? `approved  ${res.written} from ${what}` : `unchanged ${res.unchanged} (already ${what})`];
  return { lines, written: res.written, unchanged: res.unchanged };
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

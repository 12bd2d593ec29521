// verify (the done-check), approve (baselines), calibrate (judge agreement).
import path from 'node:path';
import { EXIT, InputError } from '../core/errors.js';
import { openRun } from '../core/run-folder.js';
import { readArtifact } from '../core/artifact-read.js';
import { files, unitsOf } from '../core/run.js';
import { diffManifests, freshness } from '../core/freshness.js';
import { loadProject } from '../spec/project.js';
import { staleBaselineSpecs } from '../parity/digest.js';
import type { CommonOptions } from './commands.js';
import { forTerminal } from '../report/terminal.js';

const rootOf = (opts: CommonOptions) => (opts.config ? path.dirname(path.resolve(opts.config)) : process.cwd());

export async function cmdVerify(opts: CommonOptions): Promise<number> {
  const root = rootOf(opts);
  const out = opts.out ?? 'evals';
  const say = (s: string) => process.stdout.write(forTerminal(s) + '\n');
  let opened;
  try { opened = openRun(root, out); } catch (err) {
    if (err instanceof InputError) { say(`verify: FAIL — no report: ${err.problems[0]}`); return EXIT.fail; }
    throw err;
  }
  const { run, info } = opened;
  const loaded = readArtifact('report', path.join(run.runDir, files.report));
  const report = loaded.value;
  if (loaded.problem?.startsWith('unreadable')) { say(`verify: FAIL — ${run.runDir}/report.json is ${loaded.problem}`); return EXIT.fail; }
  if (!report) { say(`verify: FAIL — run ${run.runId} has no report.json (the run did not finish); run \`veval run\``); return EXIT.fail; }
  const { isLookPlan, verifyLook } = await import('../look/verify.js');
  if (isLookPlan(run.plan)) return (await verifyLook(run, info, report, opts, say)) ? EXIT.pass : EXIT.fail;
  const now = freshness(root, path.relative(root, run.outDir).split(path.sep).join('/'));
  let ok = true;
  if (now.treeHash !== info.treeHash) {
    ok = false;
    const d = diffManifests(info.files ?? {}, now.files);
    const list = (label: string, xs: string[]) => xs.length ? [`  ${label}: ${xs.slice(0, 20).join(', ')}${xs.length > 20 ? ` (+${xs.length - 20} more)` : ''}`] : [];
    say(`verify: FAIL — the report is stale: the working tree changed since run ${run.runId}`);
    for (const l of [...list('changed', d.changed), ...list('added', d.added), ...list('removed', d.removed)]) say(l);
  }
  // the tree hash leaves baselines/ out, so the baselines the run compared against are checked here
  const moved = staleBaselineSpecs(root, Array.isArray(report.specs) ? report.specs : [], info.runId ?? run.runId);
  if (moved.length) {
    ok = false;
    say(`verify: FAIL — the report is stale: baselines changed since run ${run.runId}; run \`veval run\` again`);
    for (const l of moved) say(`  ${l}`);
  }
  if (report.incomplete) { ok = false; say(`verify: FAIL — run ${run.runId} was interrupted; its report is incomplete`); }
  // a --changed, --grep, --viewport or --shard run checked part of the project: not a done-check.
  // Coverage needs only names, states and viewports, so a base URL given at run time is not needed.
  let plan: Awaited<ReturnType<typeof loadProject>> | null = null;
  try { plan = await loadProject({ config: opts.config ? path.resolve(opts.config) : undefined, cwd: root, baseURL: 'http://127.0.0.1/' }); } catch (err) {
    ok = false;
    const first = err instanceof InputError ? err.problems[0] : (err as Error).message;
    say(`verify: FAIL — cannot load the project to check what the report covers: ${first}`);
  }
  const reportedUnits = new Set((report.specs ?? []).flatMap((s: { name: string; units?: { state: string; viewport: string }[] }) =>
    (s.units ?? []).map((u) => `${s.name}/${u.state}-${u.viewport}`)));
  const missing = (plan?.specs ?? []).flatMap((s) => unitsOf(s).map((u) => `${s.name}/${u.state}-${u.viewport}`)).filter((u) => !reportedUnits.has(u));
  if (missing.length) {
    ok = false;
    say(`verify: FAIL — report ${run.runId} does not cover the whole project (a --changed, --grep, --viewport or --shard run?); missing: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` (+${missing.length - 20} more)` : ''}. Run \`veval run\` (or merge every shard)`);
  }
  if (report.status !== 'pass') {
    ok = false;
    say(`verify: FAIL — the latest report failed the gate (${run.runId})`);
    for (const s of report.specs ?? []) if (s.status !== 'pass') say(`  ${s.name}: ${(s.reasons ?? []).join('; ') || 'failed'}`);
  }
  if (ok) say(`verify: ok — report ${run.runId} passed and matches the working tree`);
  return ok ? EXIT.pass : EXIT.fail;
}

export async function cmdApprove(opts: CommonOptions & { spec?: string; state?: string; prune?: boolean }): Promise<number> {
  const root = rootOf(opts);
  const { run } = openRun(root, opts.out ?? 'evals', opts.run);
  const { approve } = await import('../parity/approve.js');
  // Orphans are judged against every spec of the project (the run may have covered only some);
  // without a loadable project nothing is pruned.
  let projectSpecs;
  try { projectSpecs = (await loadProject({ config: opts.config ? path.resolve(opts.config) : undefined, cwd: root })).specs; } catch (err) {
    if (opts.prune) throw err;
  }
  const say = (s: string) => process.stdout.write(forTerminal(s) + '\n');
  // a repeated --viewport/--state arrives as a list; dropping it would approve every unit
  const repeated = (['spec', 'state', 'viewport'] as const).filter((k) => Array.isArray(opts[k]));
  if (repeated.length) {
    for (const k of repeated) say(`refused   --${k} given more than once: approve one ${k} at a time (leave it out for all)`);
    return EXIT.fail;
  }
  // a value the parser read as a number or a bare flag is still a name to check, never "all"
  const one = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const res = await approve(run, { spec: one(opts.spec), state: one(opts.state), viewport: one(opts.viewport), prune: !!opts.prune, projectSpecs, acceptA11yDebt: !!opts.acceptA11yDebt });
  for (const w of res.written) say(`approved  ${w}`);
  for (const u of res.unchanged) say(`unchanged ${u}`);
  for (const r of res.refused) say(`refused   ${r.unit}: ${r.reason}`);
  for (const w of res.warnings) say(`warning   ${w}`);
  for (const d of res.acceptedDebt) say(`a11y debt ${d} (accepted)`);
  for (const o of res.orphans) say(`${res.removed.includes(o) ? 'removed  ' : 'orphan   '} ${o}${res.removed.includes(o) ? '' : ' (no spec produces it; --prune removes it)'}`);
  say(`${res.written.length} written, ${res.unchanged.length} unchanged, ${res.refused.length} refused, ${res.orphans.length} orphaned`);
  return res.refused.length ? EXIT.fail : EXIT.pass;
}

export async function cmdCalibrate(goldDir: string, opts: CommonOptions): Promise<number> {
  const plan = await loadProject({ config: opts.config, baseURL: opts.baseUrl }).catch((err) => {
    if (err instanceof InputError && /no spec files found/.test(err.message)) return null;
    throw err;
  });
  const { calibrate } = await import('../judge/calibrate.js');
  const projectPlan = plan ?? { version: 1 as const, root: rootOf(opts), configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: null, out: 'evals', specs: [] };
  const report: any = await calibrate(path.resolve(goldDir), projectPlan, { noCache: opts.cache === false });
  process.stdout.write((opts.json ? JSON.stringify(report, null, 2) : report.text ?? JSON.stringify(report, null, 2)) + '\n');
  return report.pass ? EXIT.pass : EXIT.fail;
}

// approve: promote a run's successful captures to baselines with provenance. Explicit only; refuses
// failed captures and stale runs; prints nothing (returns what it changed; the CLI prints).
// Writes are atomic and ordered image-then-manifest, so a crash leaves the old manifest, whose
// sha256 then no longer matches — which comparison reports — never a half-written file.
import { viewportMatches } from '../../core/engines.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sha256, writeFileAtomic } from '../../core/fsx.js';
import { readArtifact } from '../../core/artifact-read.js';
import { diffManifests, hashManifest, treeManifest } from '../../core/freshness.js';
import { describeState, effectiveState, readRunInfo, type RunInfo as RunJson } from '../../core/run-folder.js';
import { comparedUnitsOf, files, unitKey, unitsOf, type RunContext } from '../../core/run.js';
import type { SpecPlan } from '../../spec/plan.js';
import { baselineAbs, baselineDir, baselineRel, cssRel, readManifest, structureRel, writeManifest } from '../store/baselines.js';
import { loadCapture } from '../store/capture-unit.js';
import { layoutOf } from '../store/layout-boxes.js';
import { decodePng } from '../store/png.js';
import { settingsOf } from '../store/settings.js';
import type { BaselineEntry, BaselineManifest } from '../store/types.js';
import { pruneOrphans } from './prune.js';
import { axeFilterOf, debtRel, matchDebt, vouched, nodeText, readDebt, reportedNodes, toEntry, writeDebt,
  type DebtAcceptance, type DebtEntry, type DebtFile, type DebtNode } from '../store/a11y-debt.js';

export interface ApproveOptions {
  spec?: string; state?: string; viewport?: string; prune?: boolean; dryRun?: boolean; approver?: string;
  /** record axe violations that are not yet known debt as accepted debt (else such a unit is refused) */
  acceptA11yDebt?: boolean;
  /** every spec of the project: orphans are judged against these, not against a partial run's plan
   *  (after `veval run specs/a.yaml`, b's baselines are not orphans) */
  projectSpecs?: SpecPlan[];
  /** approve captures with blocker findings anyway (they are listed as warnings) */
  force?: boolean;
  /** run --update-baselines: the run approves its own captures before it is gated; the tree is the
   *  one hashed at its start (changes during the run are reported when it ends) */
  inRun?: boolean;
  /** only these units (`<spec>/<state>-<viewport>`, as refusals name them): `veval review` approves
   *  a group of captures in one pass (one lock, one staleness check) instead of one per capture */
  units?: ReadonlySet<string>;
}

/** Why a unit was refused when an explicit acceptance would let it through (`veval review` offers
 *  the tick box for it): `blockers` → force, `a11y-debt` → acceptA11yDebt; `items` lists what is accepted. */
export interface Refusal { unit: string; reason: string; needs?: { flag: 'force' | 'acceptA11yDebt'; items: string[] } }

export interface ApproveResult {
  written: string[]; unchanged: string[]; refused: Refusal[]; orphans: string[]; removed: string[];
  /** baselines written from captures the run found blockers or important findings in */
  warnings: string[];
  /** new accessibility debt recorded with --accept-a11y-debt, one line per node */
  acceptedDebt: string[];
  /** baselines not written because another unit asked for was refused: approve writes all it is
   *  asked to or none (a half-approved set is one nobody asked for) */
  withheld?: string[];
}

type RunInfo = Partial<RunJson>;

/** Seams for tests: the working tree now (its hash and manifest, path → sha256) and the clock. */
export interface ApproveDeps { tree: (root: string, extraExcluded: string[]) => { treeHash: string; files: Record<string, string> }; now: () => Date }

const workingTree = (root: string, extraExcluded: string[]) => {
  const files = treeManifest(root, extraExcluded);
  return { treeHash: hashManifest(files), files };
};

export async function approve(run: RunContext, opts: ApproveOptions): Promise<ApproveResult> {
  return approveWith(run, opts, { tree: workingTree, now: () => new Date() });
}

export async function approveWith(run: RunContext, opts: ApproveOptions, deps: ApproveDeps): Promise<ApproveResult> {
  // all or none: a dry pass first; one refusal and nothing is written. A run's own
  // --update-baselines approves each capture that succeeded (the contract), and review's chosen
  // units each get their own answer.
  if (!opts.inRun && !opts.units && !opts.dryRun) {
    const dry = await approveUnits(run, { ...opts, dryRun: true }, deps);
    if (dry.refused.length) return { ...dry, withheld: dry.written, written: [], acceptedDebt: [], orphans: dry.orphans, removed: [] };
  }
  return approveUnits(run, opts, deps);
}

async function approveUnits(run: RunContext, opts: ApproveOptions, deps: ApproveDeps): Promise<ApproveResult> {
  const res: ApproveResult = { written: [], unchanged: [], refused: [], orphans: [], removed: [], warnings: [], acceptedDebt: [] };
  const specs = pickSpecs(run, opts, res);
  // a --viewport or --state that names nothing (a typo, a rename) must not read as a clean approve
  const unknown = unknownFilters(specs, opts);
  if (unknown.length) { res.refused.push(...unknown); return res; }
  const stale = opts.inRun ? ownRun(run) : staleness(run, deps);
  const blockers = opts.inRun ? null : reportBlockers(run);
  const approver = opts.approver ?? whoApproves(run.root);
  const approvedAt = deps.now().toISOString();
  for (const spec of specs) {
    const units = comparedUnitsOf(spec).filter((u) => (!opts.state || u.state === opts.state) && (!opts.viewport || viewportMatches(u.viewport, opts.viewport))
      && (!opts.units || opts.units.has(`${spec.name}/${unitKey(u.state, u.viewport)}`)));
    if (opts.units && !units.length) continue;
    const outside = outsideBaselines(run, spec.name);
    const whole = stale.reason ?? outside ?? (blockers && 'error' in blockers ? blockers.error : null);
    if (whole) { for (const u of units) res.refused.push({ unit: `${spec.name}/${unitKey(u.state, u.viewport)}`, reason: whole }); continue; }
    const read = readManifest(run, spec.name);
    // an unreadable manifest is replaced only by entries we can vouch for: the ones written now
    const manifest: BaselineManifest = read.manifest ?? { version: 1, spec: spec.name, images: {} };
    let changed = false;
    const debtRead = readDebt(run, spec.name);
    const debtOnDisk = JSON.stringify(debtRead.file?.units ?? {});
    const debt: DebtFile = { version: 1, spec: spec.name, units: { ...(debtRead.file?.units ?? {}) } };
    for (const u of units) {
      const key = unitKey(u.state, u.viewport);
      const design = manifest.images[key]?.provenance;
      // an accepted design export is the intent: only an explicit approve replaces it with a capture
      if (design && opts.inRun) {
        res.refused.push({ unit: `${spec.name}/${key}`, reason: `its baseline is the accepted design export ${design.file}; run --update-baselines does not replace it (\`veval approve --spec ${spec.name} --state ${u.state} --viewport ${u.viewport}\` does, explicitly)` });
        continue;
      }
      const cap = loadCapture(run, spec.name, u.state, u.viewport);
      if (!cap.ok) { res.refused.push({ unit: `${spec.name}/${key}`, reason: cap.reason }); continue; }
      const gated = blockers && 'at' in blockers ? blockers.at(spec.name, u.state, u.viewport) : [];
      if (gated.length && !opts.force) {
        res.refused.push({ unit: `${spec.name}/${key}`, reason: `the run's report has ${gated.length} blocker finding(s) in this capture: ${gated.join('; ')}; fix them, or approve anyway with --force`, needs: { flag: 'force', items: gated } });
        continue;
      }
      let size: { width: number; height: number };
      try { size = decodePng(cap.png, spec.parity?.maxPixels); } catch (err) {
        res.refused.push({ unit: `${spec.name}/${key}`, reason: `screenshot ${cap.file} is not a readable PNG: ${(err as Error).message}` });
        continue;
      }
      if (!cap.record.environment) { res.refused.push({ unit: `${spec.name}/${key}`, reason: `capture record has no environment fingerprint` }); continue; }
      const ratchet = debtOf(run, spec, u.state, u.viewport, cap.record, debtRead.file?.units[key] ?? [], manifest.images[key]?.a11yDebt ?? [],
        { acceptedBy: approver, acceptedAt: approvedAt, gitSha: stale.info.gitSha ?? null, runId: stale.info.runId ?? run.runId });
      if (ratchet.fresh.length && !opts.acceptA11yDebt) {
        res.refused.push({ unit: `${spec.name}/${key}`, reason: `${ratchet.fresh.length} new accessibility violation${ratchet.fresh.length === 1 ? '' : 's'} not in the recorded debt: ${ratchet.fresh.map(nodeText).join('; ')}; fix ${ratchet.fresh.length === 1 ? 'it' : 'them'}, or record ${ratchet.fresh.length === 1 ? 'it' : 'them'} as known debt with --accept-a11y-debt`, needs: { flag: 'acceptA11yDebt', items: ratchet.fresh.map(nodeText) } });
        continue;
      }
      const struct = structureToApprove(run, spec, cap.record);
      if ('reason' in struct) { res.refused.push({ unit: `${spec.name}/${key}`, reason: struct.reason }); continue; }
      if (ratchet.warning) res.warnings.push(`${spec.name}/${key}: ${ratchet.warning}`);
      const css = cssToApprove(run, spec, cap.record);
      if (css.warning) res.warnings.push(`${spec.name}/${key}: ${css.warning}`);
      const entry: BaselineEntry = {
        file: `${key}.png`, state: u.state, viewport: u.viewport,
        sha256: sha256(cap.png), bytes: cap.png.length, width: size.width, height: size.height,
        approver, approvedAt, runId: stale.info.runId ?? run.runId, gitSha: stale.info.gitSha ?? null, treeHash: stale.info.treeHash ?? null,
        specHash: spec.specHash, settings: settingsOf(spec), environment: cap.record.environment, layout: layoutOf(cap.record),
        ...(ratchet.acceptances.length ? { a11yDebt: ratchet.acceptances } : {}),
        ...(struct.bytes ? { structure: { file: `${key}.structure.json`, sha256: sha256(struct.bytes) } } : struct.none ? { structure: null } : {}),
        ...(css.bytes ? { css: { file: `${key}.css.json`, sha256: sha256(css.bytes) } } : spec.parity ? { css: null } : {}),
      };
      if (ratchet.entries.length) debt.units[key] = ratchet.entries; else delete debt.units[key];
      const rel = baselineRel(spec.name, key);
      const old = manifest.images[key];
      const onDisk = fileSha(baselineAbs(run, rel));
      if (old && onDisk === entry.sha256 && sameApart(old, entry) && (!entry.structure || fileSha(baselineAbs(run, structureRel(spec.name, key))) === entry.structure.sha256)
        // the CSS record differs from run to run (its timings, how far lookups got): an unchanged capture keeps the approved one
        && (old.css ? fileSha(baselineAbs(run, cssRel(spec.name, key))) === old.css.sha256 : !entry.css)) { res.unchanged.push(rel); continue; }
      for (const n of ratchet.fresh) res.acceptedDebt.push(`${spec.name}/${key}: ${nodeText(n)}`);
      if (!opts.dryRun) {
        // image and structure snapshot before the manifest that vouches for them (each atomic)
        try {
          if (onDisk !== entry.sha256) writeFileAtomic(baselineAbs(run, rel), cap.png);
          if (struct.bytes && fileSha(baselineAbs(run, structureRel(spec.name, key))) !== entry.structure!.sha256) writeFileAtomic(baselineAbs(run, structureRel(spec.name, key)), struct.bytes);
          if (css.bytes && fileSha(baselineAbs(run, cssRel(spec.name, key))) !== entry.css!.sha256) writeFileAtomic(baselineAbs(run, cssRel(spec.name, key)), css.bytes);
        } catch (err) {
          res.refused.push({ unit: `${spec.name}/${key}`, reason: `could not write ${rel}: ${(err as Error).message}` });
          continue;
        }
      }
      manifest.images[key] = entry;
      changed = true;
      res.written.push(rel);
      if (design) res.warnings.push(`${rel}: replaces the design export ${design.file} (approved by ${old?.approver ?? 'unknown'}) with this run's capture`);
      if (gated.length) res.warnings.push(`${rel}: approved with --force despite ${gated.length} blocker finding(s): ${gated.join('; ')}`);
      const found = gated.length ? [] : findingsAt(run, spec.name, u.state, u.viewport);
      if (found.length) res.warnings.push(`${rel}: the run found ${found.join(', ')} in this capture; approving bakes them into the baseline`);
    }
    // debt before manifest: a crash in between leaves entries the manifest does not vouch for, which the guard reports
    if (!opts.dryRun && JSON.stringify(debt.units) !== debtOnDisk) {
      try { writeDebt(run, debt); } catch (err) {
        res.refused.push({ unit: spec.name, reason: `could not write ${debtRel(spec.name)}: ${(err as Error).message}` });
        continue;
      }
    }
    if (changed && !opts.dryRun) writeManifest(run, manifest);
  }
  // a Storybook spec's stories are known from the run that read them
  const projectSpecs = opts.projectSpecs?.map((s) => (s.storybook && !s.storybook.read ? run.plan.specs.find((r) => r.name === s.name) ?? s : s));
  const pruned = pruneOrphans(projectSpecs ? { ...run, plan: { ...run.plan, specs: projectSpecs } } : run, !!opts.prune && !opts.dryRun);
  res.orphans = pruned.orphans;
  res.removed = pruned.removed;
  return res;
}

/** The structure snapshot a unit's baseline keeps (the capture's file, byte for byte); none when
 *  parity.structure is false. A snapshot that is unreadable or incomplete is refused: every later
 *  run would fail on it. */
function structureToApprove(run: RunContext, spec: SpecPlan, record: { structure?: string | null }): { bytes: Buffer | null; none?: boolean } | { reason: string } {
  if (!spec.parity || spec.parity.structure === false) return { bytes: null };
  // a capture that took none (an older veval, another writer): approved as such, `structure: null`;
  // parity then says in a note that structure is not compared for it
  if (!record.structure) return { bytes: null, none: true };
  const hint = 'run `veval run` again, or set `parity: { structure: false }` to compare pixels only';
  const rel = path.posix.join(spec.name, record.structure);
  let bytes: Buffer;
  try { bytes = fs.readFileSync(path.join(run.runDir, rel)); } catch (err) { return { reason: `structure snapshot ${rel} cannot be read (${(err as Error).message}); ${hint}` }; }
  const snap = readArtifact('structure', path.join(run.runDir, rel));
  if (!snap.value) return { reason: `structure snapshot ${rel} is ${snap.problem}; ${hint}` };
  if (snap.value.error) return { reason: `structure snapshot ${rel} is incomplete (${snap.value.error}); ${hint}` };
  return { bytes };
}

/** The CSS record a unit's baseline keeps (the capture's file, byte for byte). It only explains a
 *  change, so a missing or unreadable one is approved as none, with a warning. */
function cssToApprove(run: RunContext, spec: SpecPlan, record: { css?: string | null; cssError?: string }): { bytes: Buffer | null; warning?: string } {
  if (!spec.parity) return { bytes: null };
  if (!record.css) return { bytes: null, ...(record.cssError ? { warning: `no CSS record (${record.cssError}): a later change cannot be traced to its rule` } : {}) };
  const rel = path.posix.join(spec.name, record.css);
  const read = readArtifact('css', path.join(run.runDir, rel));
  if (!read.value) return { bytes: null, warning: `CSS record ${rel} is ${read.problem}: a later change cannot be traced to its rule` };
  return { bytes: fs.readFileSync(path.join(run.runDir, rel)) };
}

interface Ratchet { entries: DebtEntry[]; acceptances: DebtAcceptance[]; fresh: DebtNode[]; warning: string | null }

/** The debt a unit's capture would record: its reported axe violations, each paired with the entry
 *  it matches among those an earlier approve accepted (keeping that acceptance), else new. Entries in
 *  the debt file the manifest does not vouch for (a hand edit) are not known debt. */
function debtOf(run: RunContext, spec: SpecPlan, state: string, viewport: string, record: { axe?: string | null; axeError?: string | null },
  recorded: DebtEntry[], accepted: DebtAcceptance[], now: Omit<DebtAcceptance, 'id' | 'rule'>): Ratchet {
  const filter = axeFilterOf(spec);
  if (!filter) return { entries: [], acceptances: [], fresh: [], warning: null };
  const rel = record.axe ? path.posix.join(spec.name, record.axe) : files.axe(spec.name, state, viewport);
  const axe = readArtifact('axe', path.join(run.runDir, rel));
  // without axe results no debt is recorded: the next run then fails on every violation (closed, not open)
  if (!axe.value) {
    // said only when the capture ran axe (a record naming no results and no error did not)
    const said = record.axe || record.axeError ? `${rel} is ${axe.problem}${record.axeError ? ` (${record.axeError})` : ''}: no accessibility debt recorded, so every violation a later run finds fails` : null;
    return { entries: [], acceptances: [], fresh: [], warning: said };
  }
  const byId = new Map(accepted.map((a) => [a.id, a]));
  const known = vouched(recorded, accepted);
  const match = matchDebt(reportedNodes(axe.value, filter), known);
  const entries: DebtEntry[] = [], acceptances: DebtAcceptance[] = [];
  for (const { node, entry } of match.known) {
    // the node as seen now (a refactor may have moved its selector), accepted when its entry was
    const e = toEntry(node);
    entries.push(e);
    acceptances.push({ ...byId.get(entry.id)!, id: e.id, rule: e.rule });
  }
  for (const node of match.fresh) {
    const e = toEntry(node);
    entries.push(e);
    acceptances.push({ id: e.id, rule: e.rule, ...now });
  }
  return { entries, acceptances, fresh: match.fresh, warning: null };
}

/** Blocker and important findings the run's checks reported for one unit ("2 blocker (required-visible, overlap)"). */
function findingsAt(run: RunContext, spec: string, state: string, viewport: string): string[] {
  const results = readArtifact('checks', path.join(run.runDir, files.checks(spec))).value;
  if (!results) return [];
  const out: string[] = [];
  for (const sev of ['blocker', 'important']) {
    // axe findings are settled by the accessibility debt (refused unless accepted), not warned about
    const hits = results.flatMap((r) => r.findings ?? []).filter((f) => f.check !== 'axe' && f.severity === sev && (f.state ?? state) === state && (f.viewport ?? viewport) === viewport);
    if (hits.length) out.push(`${hits.length} ${sev} (${[...new Set(hits.map((f) => f.check))].join(', ')})`);
  }
  return out;
}

function pickSpecs(run: RunContext, opts: ApproveOptions, res: ApproveResult): SpecPlan[] {
  if (opts.spec) {
    const spec = run.plan.specs.find((s) => s.name === opts.spec);
    if (!spec) { res.refused.push({ unit: opts.spec, reason: `no spec named "${opts.spec}" in this run` }); return []; }
    if (!spec.parity) { res.refused.push({ unit: opts.spec, reason: `spec "${opts.spec}" has no parity section, so it needs no baseline` }); return []; }
    return [spec];
  }
  const withParity = run.plan.specs.filter((s) => s.parity);
  // approving nothing must not look like a clean approve
  if (!withParity.length) res.refused.push({ unit: `run ${run.runId}`, reason: 'no spec in this run has a parity: section, so there is nothing to approve (added one since? run veval run first)' });
  return withParity;
}

function unknownFilters(specs: SpecPlan[], opts: ApproveOptions): { unit: string; reason: string }[] {
  const where = opts.spec ? `spec ${opts.spec}` : 'any spec of this run';
  const out: { unit: string; reason: string }[] = [];
  for (const [flag, name, of] of [['--viewport', opts.viewport, 'viewport'], ['--state', opts.state, 'state']] as const) {
    if (!name || !specs.length) continue;
    const have = [...new Set(specs.flatMap((s) => unitsOf(s).map((u) => u[of])))];
    if (!have.some((h) => of === 'viewport' ? viewportMatches(h, name) : h === name)) out.push({ unit: `${flag} ${name}`, reason: `no ${of} named "${name}" in ${where}; ${of}s: ${have.join(', ') || 'none'}` });
  }
  return out;
}

function readInfo(run: RunContext): { info: RunInfo | null; problem: string | null } {
  try { return { info: readRunInfo(run.runDir), problem: null }; } catch (err) {
    return { info: null, problem: `${files.run} of run ${run.runId} is unreadable (${(err as Error).message}); cannot tell which tree the captures were made from` };
  }
}

/** run --update-baselines approving its own captures: the tree is the one hashed at its start. */
function ownRun(run: RunContext): { reason: string | null; info: RunInfo } {
  const { info, problem } = readInfo(run);
  if (problem || !info?.treeHash) return { reason: problem ?? `${files.run} of run ${run.runId} has no treeHash`, info: info ?? {} };
  return { reason: null, info };
}

/** Only a completed run made from the current working tree may become the reference. */
function staleness(run: RunContext, deps: ApproveDeps): { reason: string | null; info: RunInfo } {
  const { info, problem } = readInfo(run);
  if (problem) return { reason: problem, info: {} };
  if (!info?.treeHash) return { reason: `${files.run} of run ${run.runId} is missing or has no treeHash; cannot tell which tree the captures were made from`, info: info ?? {} };
  const state = effectiveState(info as RunJson);
  if (state !== 'completed') return { reason: `run ${run.runId} is ${describeState(info as RunJson, state)}: only a completed run (its gate wrote report.json) can be approved; run \`veval run\` again`, info };
  const outRel = path.relative(run.root, run.outDir).split(path.sep).join('/');
  let now: { treeHash: string; files: Record<string, string> };
  try { now = deps.tree(run.root, outRel && !outRel.startsWith('..') ? [outRel] : []); } catch (err) {
    return { reason: `cannot hash the working tree (${(err as Error).message}); refusing to approve a run that may be stale`, info };
  }
  const nowHash = now.treeHash;
  if (nowHash === info.treeHash) return { reason: null, info };
  const d = diffManifests(info.files ?? {}, now.files);
  const named = [...d.changed.map((f) => `${f} changed`), ...d.added.map((f) => `${f} added`), ...d.removed.map((f) => `${f} removed`)];
  const which = named.length ? `: ${named.slice(0, 5).join(', ')}${named.length > 5 ? ` (+${named.length - 5} more)` : ''}` : ` (tree ${info.treeHash.slice(0, 12)} → ${nowHash.slice(0, 12)})`;
  return { reason: `stale run: the working tree changed since run ${run.runId}${which}; run \`veval run\` again and approve that`, info };
}

/** A spec's baseline folder that symbolic links take out of the project: nothing is written there. */
function outsideBaselines(run: RunContext, spec: string): string | null {
  try { baselineDir(run, spec); return null; } catch (err) { return (err as Error).message; }
}

/** The gated report's blocker findings per unit (parity differences are what approving settles, and axe
 *  violations have their own gate, the accessibility debt (--accept-a11y-debt), so
 *  they do not count). A spec-wide finding counts for every unit of its spec. */
export function reportBlockers(run: RunContext): { at: (spec: string, state: string, viewport: string) => string[] } | { error: string } {
  const loaded = readArtifact('report', path.join(run.runDir, files.report));
  const report = loaded.value;
  if (!report) return { error: `${files.report} of run ${run.runId} is ${loaded.problem}: approve only what was gated (run \`veval run\`)` };
  return {
    at: (spec, state, viewport) => (report.specs.find((s) => s.name === spec)?.findings ?? [])
      .filter((f) => f.severity === 'blocker' && f.check !== 'parity' && f.check !== 'axe' && (f.state ?? state) === state && (f.viewport ?? viewport) === viewport)
      .map((f) => `${f.check}: ${f.message}`),
  };
}

function fileSha(file: string): string | null {
  try { return sha256(fs.readFileSync(file)); } catch { return null; }
}

/** Same baseline apart from who/when/which run: nothing to rewrite. */
function sameApart(a: BaselineEntry, b: BaselineEntry): boolean {
  const strip = ({ approver, approvedAt, runId, gitSha, treeHash, css, ...rest }: BaselineEntry) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

export function whoApproves(root: string): string {
  const git = (key: string) => {
    const r = spawnSync('git', ['config', key], { cwd: root, encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : '';
  };
  const name = git('user.name'), email = git('user.email');
  if (name || email) return [name, email && `<${email}>`].filter(Boolean).join(' ');
  try { return os.userInfo().username; } catch { return process.env.USER ?? 'unknown'; }
}

// approve: promote a run's successful captures to baselines with provenance. Explicit only; refuses
// failed captures and stale runs; prints nothing (returns what it changed; the CLI prints).
// Writes are atomic and ordered image-then-manifest, so a crash leaves the old manifest, whose
// sha256 then no longer matches — which comparison reports — never a half-written file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { readJsonIfExists, sha256, writeFileAtomic } from '../core/fsx.js';
import { readArtifact } from '../core/artifact-read.js';
import { treeHash as computeTreeHash } from '../core/freshness.js';
import { files, unitKey, unitsOf, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import { baselineAbs, baselineRel, readManifest, writeManifest } from './baselines.js';
import { loadCapture } from './capture-unit.js';
import { layoutOf } from './layout.js';
import { decodePng } from './png.js';
import { settingsOf } from './settings.js';
import type { BaselineEntry, BaselineManifest } from './types.js';
import { pruneOrphans } from './prune.js';

export interface ApproveOptions {
  spec?: string; state?: string; viewport?: string; prune?: boolean; dryRun?: boolean; approver?: string;
  /** every spec of the project: orphans are judged against these, not against a partial run's plan
   *  (after `veval run specs/a.yaml`, b's baselines are not orphans) */
  projectSpecs?: SpecPlan[];
}

export interface ApproveResult {
  written: string[]; unchanged: string[]; refused: { unit: string; reason: string }[]; orphans: string[]; removed: string[];
  /** baselines written from captures the run found blockers or important findings in */
  warnings: string[];
}

interface RunInfo { runId?: string; gitSha?: string | null; treeHash?: string | null; startedAt?: string }

/** Seams for tests: the tree hash and the clock. */
export interface ApproveDeps { treeHash: (root: string, extraExcluded: string[]) => string; now: () => Date }

export async function approve(run: RunContext, opts: ApproveOptions): Promise<ApproveResult> {
  return approveWith(run, opts, { treeHash: computeTreeHash, now: () => new Date() });
}

export async function approveWith(run: RunContext, opts: ApproveOptions, deps: ApproveDeps): Promise<ApproveResult> {
  const res: ApproveResult = { written: [], unchanged: [], refused: [], orphans: [], removed: [], warnings: [] };
  const specs = pickSpecs(run, opts, res);
  // a --viewport or --state that names nothing (a typo, a rename) must not read as a clean approve
  const unknown = unknownFilters(specs, opts);
  if (unknown.length) { res.refused.push(...unknown); return res; }
  const stale = staleness(run, deps);
  const approver = opts.approver ?? whoApproves(run.root);
  const approvedAt = deps.now().toISOString();
  for (const spec of specs) {
    const units = unitsOf(spec).filter((u) => (!opts.state || u.state === opts.state) && (!opts.viewport || u.viewport === opts.viewport));
    if (stale.reason) { for (const u of units) res.refused.push({ unit: `${spec.name}/${unitKey(u.state, u.viewport)}`, reason: stale.reason }); continue; }
    const read = readManifest(run, spec.name);
    // an unreadable manifest is replaced only by entries we can vouch for: the ones written now
    const manifest: BaselineManifest = read.manifest ?? { version: 1, spec: spec.name, images: {} };
    let changed = false;
    for (const u of units) {
      const key = unitKey(u.state, u.viewport);
      const cap = loadCapture(run, spec.name, u.state, u.viewport);
      if (!cap.ok) { res.refused.push({ unit: `${spec.name}/${key}`, reason: cap.reason }); continue; }
      let size: { width: number; height: number };
      try { size = decodePng(cap.png, spec.parity?.maxPixels); } catch (err) {
        res.refused.push({ unit: `${spec.name}/${key}`, reason: `screenshot ${cap.file} is not a readable PNG: ${(err as Error).message}` });
        continue;
      }
      if (!cap.record.environment) { res.refused.push({ unit: `${spec.name}/${key}`, reason: `capture record has no environment fingerprint` }); continue; }
      const entry: BaselineEntry = {
        file: `${key}.png`, state: u.state, viewport: u.viewport,
        sha256: sha256(cap.png), bytes: cap.png.length, width: size.width, height: size.height,
        approver, approvedAt, runId: stale.info.runId ?? run.runId, gitSha: stale.info.gitSha ?? null, treeHash: stale.info.treeHash ?? null,
        specHash: spec.specHash, settings: settingsOf(spec), environment: cap.record.environment, layout: layoutOf(cap.record),
      };
      const rel = baselineRel(spec.name, key);
      const old = manifest.images[key];
      const onDisk = fileSha(baselineAbs(run, rel));
      if (old && onDisk === entry.sha256 && sameApart(old, entry)) { res.unchanged.push(rel); continue; }
      if (!opts.dryRun) {
        try { if (onDisk !== entry.sha256) writeFileAtomic(baselineAbs(run, rel), cap.png); } catch (err) {
          res.refused.push({ unit: `${spec.name}/${key}`, reason: `could not write ${rel}: ${(err as Error).message}` });
          continue;
        }
      }
      manifest.images[key] = entry;
      changed = true;
      res.written.push(rel);
      const found = findingsAt(run, spec.name, u.state, u.viewport);
      if (found.length) res.warnings.push(`${rel}: the run found ${found.join(', ')} in this capture; approving bakes them into the baseline`);
    }
    if (changed && !opts.dryRun) writeManifest(run, manifest);
  }
  const pruned = pruneOrphans(opts.projectSpecs ? { ...run, plan: { ...run.plan, specs: opts.projectSpecs } } : run, !!opts.prune && !opts.dryRun);
  res.orphans = pruned.orphans;
  res.removed = pruned.removed;
  return res;
}

/** Blocker and important findings the run's checks reported for one unit ("2 blocker (required-visible, overlap)"). */
function findingsAt(run: RunContext, spec: string, state: string, viewport: string): string[] {
  const results = readArtifact('checks', path.join(run.runDir, files.checks(spec))).value;
  if (!results) return [];
  const out: string[] = [];
  for (const sev of ['blocker', 'important']) {
    const hits = results.flatMap((r) => r.findings ?? []).filter((f) => f.severity === sev && (f.state ?? state) === state && (f.viewport ?? viewport) === viewport);
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
    if (!have.includes(name)) out.push({ unit: `${flag} ${name}`, reason: `no ${of} named "${name}" in ${where}; ${of}s: ${have.join(', ') || 'none'}` });
  }
  return out;
}

/** A run made from another working tree than the current one must not become the reference. */
function staleness(run: RunContext, deps: ApproveDeps): { reason: string | null; info: RunInfo } {
  let info: RunInfo | null;
  try { info = readJsonIfExists<RunInfo>(path.join(run.runDir, files.run)); } catch (err) {
    return { reason: `${files.run} of run ${run.runId} is unreadable (${(err as Error).message}); cannot tell which tree the captures were made from`, info: {} };
  }
  if (!info?.treeHash) return { reason: `${files.run} of run ${run.runId} is missing or has no treeHash; cannot tell which tree the captures were made from`, info: info ?? {} };
  const outRel = path.relative(run.root, run.outDir).split(path.sep).join('/');
  let now: string;
  try { now = deps.treeHash(run.root, outRel && !outRel.startsWith('..') ? [outRel] : []); } catch (err) {
    return { reason: `cannot hash the working tree (${(err as Error).message}); refusing to approve a run that may be stale`, info };
  }
  if (now !== info.treeHash) return { reason: `stale run: the working tree changed since run ${run.runId} (tree ${info.treeHash.slice(0, 12)} → ${now.slice(0, 12)}); run \`veval run\` again and approve that`, info };
  return { reason: null, info };
}

function fileSha(file: string): string | null {
  try { return sha256(fs.readFileSync(file)); } catch { return null; }
}

/** Same baseline apart from who/when/which run: nothing to rewrite. */
function sameApart(a: BaselineEntry, b: BaselineEntry): boolean {
  const strip = ({ approver, approvedAt, runId, gitSha, treeHash, ...rest }: BaselineEntry) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

function whoApproves(root: string): string {
  const git = (key: string) => {
    const r = spawnSync('git', ['config', key], { cwd: root, encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : '';
  };
  const name = git('user.name'), email = git('user.email');
  if (name || email) return [name, email && `<${email}>`].filter(Boolean).join(' ');
  try { return os.userInfo().username; } catch { return process.env.USER ?? 'unknown'; }
}

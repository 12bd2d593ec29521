// veval merge: shard run folders (from `run --shard i/n` on several CI machines) → one run folder
// and one gate verdict (report.json); the CLI writes the other reports from it, as after any gate. Shards must come from the same tree; a spec may appear in
// one shard only. A shard that cannot be read fails the merge — a missing shard is never a pass.
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { createRun, LATEST, openRunDir, RUNS, updateRun, type Opened } from '../core/run-folder.js';
import { files, type RunContext } from '../core/run.js';
import type { ProjectPlan } from '../spec/plan.js';
import { gateRun } from './index.js';
import type { Report } from './report-schema.js';
import { readArtifact } from '../core/artifact-read.js';

const isRunFolder = (dir: string) => fs.existsSync(path.join(dir, files.plan)) && fs.existsSync(path.join(dir, files.run));

/** The run folder an argument names: itself when it is one (plan.json + run.json); else, of the run
 *  folders in it or in its runs/, the newest with a report.json (else the newest). Anything else in
 *  it — a `latest` link, file or copied folder, stray files — is ignored. */
/** A `latest` link given as an argument (a glob like shards/*\/*\/ passes it) is read as the name of
 *  the run folder next to it, never followed: a copy (cp, CI artifact stores) may have made its
 *  target absolute, pointing out of the project. */
function besideLatest(dir: string): string {
  const abs = path.resolve(dir);
  try {
    if (path.basename(abs) !== LATEST || !fs.lstatSync(abs).isSymbolicLink()) return dir;
    const sibling = path.join(path.dirname(abs), RUNS, path.basename(fs.readlinkSync(abs)));
    return fs.existsSync(sibling) ? sibling : dir;
  } catch { return dir; }
}

function shardRun(root: string, given: string, notes: string[]): Opened {
  const dir = besideLatest(given);
  if (!fs.existsSync(dir)) throw new InputError([`${dir}: shard folder not found`]);
  if (isRunFolder(dir)) return openRunDir(root, dir);
  const candidates = [dir, path.join(dir, RUNS)].flatMap((d) => {
    try { return fs.readdirSync(d, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== LATEST).map((e) => path.join(d, e.name)); } catch { return []; }
  }).filter(isRunFolder).map((d) => openRunDir(root, d));
  if (!candidates.length) throw new InputError([`${dir}: no veval run folder in it (a run folder holds plan.json and run.json; an artifacts folder holds them under runs/)`]);
  const newest = (xs: Opened[]) => [...xs].sort((a, b) => (a.info.startedAt < b.info.startedAt ? 1 : -1))[0];
  const gated = candidates.filter((c) => fs.existsSync(path.join(c.run.runDir, files.report)));
  const pick = newest(gated.length ? gated : candidates);
  if (candidates.length > 1) notes.push(`${dir} holds ${candidates.length} runs; merging ${pick.run.runId} (the newest${gated.length ? ' with a report' : ''})`);
  return pick;
}

/** Each shard records "i/n"; every i of 1..n must be present, all with the same n. */
export function missingShards(recorded: (string | null)[]): string[] {
  const parsed = recorded.map((r) => /^(\d+)\/(\d+)$/.exec(r ?? ''));
  if (parsed.every((p) => !p)) return [];
  if (parsed.some((p) => !p)) return ['some folders are shards (--shard i/n) and some are not'];
  const totals = new Set(parsed.map((p) => Number(p![2])));
  if (totals.size > 1) return [`the shards were split differently (${[...totals].map((t) => `/${t}`).join(', ')})`];
  const n = [...totals][0];
  const have = new Set(parsed.map((p) => Number(p![1])));
  return Array.from({ length: n }, (_, i) => i + 1).filter((i) => !have.has(i)).map((i) => `shard ${i}/${n} is missing: the merged verdict is incomplete`);
}

export interface MergeOptions { root: string; out: string; argv?: string[] }

/** `missing`: shards that never arrived (the merged run is incomplete); `incomplete`: the state
 *  the caller finishes the run with once its reports are written. */
export async function mergeRuns(dirs: string[], opts: MergeOptions): Promise<{ run: RunContext; report: Report; notes: string[]; missing: string[]; incomplete: boolean; shards: number }> {
  if (!dirs.length) throw new InputError(['merge: name at least one shard folder']);
  const notes: string[] = [];
  const given = dirs.map((d) => path.resolve(d));
  const twice = given.find((d, i) => given.indexOf(d) !== i);
  if (twice) throw new InputError([`merge: ${twice} is given twice`]);
  const picked = dirs.map((d) => shardRun(opts.root, d, notes));
  // the same run reached twice (its folder, a `latest` link or an uploaded copy of it) counts once
  const shards: Opened[] = [];
  for (const s of picked) {
    const twin = shards.find((x) => x.info.runId === s.info.runId);
    if (!twin) { shards.push(s); continue; }
    if (path.resolve(twin.run.runDir) !== path.resolve(s.run.runDir)) notes.push(`${s.run.runDir} is a copy of run ${s.info.runId} (already merged from ${twin.run.runDir}); ignored`);
  }
  const trees = new Set(shards.map((s) => s.info.treeHash));
  if (trees.size > 1) throw new InputError([`merge: the shards come from different working trees (${[...trees].map((t) => t.slice(0, 12)).join(', ')}); merge shards of one commit`]);
  const seen = new Map<string, string>();
  for (const s of shards) for (const spec of s.run.plan.specs) {
    const prev = seen.get(spec.name);
    if (prev) throw new InputError([`merge: spec "${spec.name}" appears in two shards (${prev} and ${s.run.runDir})`]);
    seen.set(spec.name, s.run.runDir);
  }

  const first = shards[0];
  const plan: ProjectPlan = { ...first.run.plan, root: opts.root, specs: shards.flatMap((s) => s.run.plan.specs).sort((a, b) => (a.name < b.name ? -1 : 1)) };
  const fi = first.info;
  const argv = opts.argv ?? ['merge', ...dirs];
  const { run } = createRun(plan, {
    out: opts.out, argv, startedBy: 'merge', shard: `merged from ${shards.length} shard(s)`,
    fresh: { runId: '', gitSha: fi.gitSha, treeHash: fi.treeHash, dirty: fi.dirty, files: fi.files ?? {} },
  });
  updateRun(run, { startedAt: shards.map((s) => s.info.startedAt).sort()[0] });
  for (const s of shards) for (const spec of s.run.plan.specs) {
    fs.cpSync(path.join(s.run.runDir, spec.name), path.join(run.runDir, spec.name), { recursive: true });
  }
  // A shard whose own run was interrupted (no report.json), or a shard that never arrived (a CI job
  // that did not upload), makes the merged run incomplete: it can never pass.
  const missing = missingShards(shards.map((s) => s.info.shard));
  const incomplete = missing.length > 0 || shards.some((s) => {
    return readArtifact('report', path.join(s.run.runDir, files.report)).value?.incomplete ?? true;
  });
  const startedAt = shards.map((s) => s.info.startedAt).sort()[0];
  const report = gateRun(run, { startedAt, finishedAt: new Date().toISOString(), incomplete, argv });
  // shards: the runs merged, a copy of one counted once (what "merged N shard(s)" says)
  return { run, report, notes, missing, incomplete, shards: shards.length };
}

// veval merge: shard run folders (from `run --shard i/n` on several CI machines) → one run folder,
// one gate verdict, one set of reports. Shards must come from the same tree; a spec may appear in
// one shard only. A shard that cannot be read fails the merge — a missing shard is never a pass.
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { sha256, writeFileAtomic, writeJsonAtomic } from '../core/fsx.js';
import { openRun, type RunInfo } from '../core/run-folder.js';
import { files, type RunContext } from '../core/run.js';
import type { ProjectPlan } from '../spec/plan.js';
import { gateRun } from './index.js';
import { failOnUnwritten, writeReportsDetailed } from '../report/index.js';
import { forTerminal } from '../report/terminal.js';
import type { Report } from './report-schema.js';
import { readArtifact } from '../core/artifact-read.js';

/** A shard argument is a run folder (has plan.json) or an artifacts folder (has `latest`). */
function openShard(dir: string): { run: RunContext; info: RunInfo } {
  if (!fs.existsSync(dir)) throw new InputError([`${dir}: shard folder not found`]);
  if (fs.existsSync(path.join(dir, files.plan))) return openRun(path.dirname(dir), '.', dir);
  return openRun(dir, '.');
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

export async function mergeRuns(dirs: string[], opts: { out: string; reporters: string[] }): Promise<{ runDir: string; report: Report; written: string[] }> {
  if (!dirs.length) throw new InputError(['merge: name at least one shard folder']);
  const shards = dirs.map(openShard);
  const trees = new Set(shards.map((s) => s.info.treeHash));
  if (trees.size > 1) throw new InputError([`merge: the shards come from different working trees (${[...trees].map((t) => t.slice(0, 12)).join(', ')}); merge shards of one commit`]);
  const seen = new Map<string, string>();
  for (const s of shards) for (const spec of s.run.plan.specs) {
    const prev = seen.get(spec.name);
    if (prev) throw new InputError([`merge: spec "${spec.name}" appears in two shards (${prev} and ${s.run.runDir})`]);
    seen.set(spec.name, s.run.runDir);
  }

  const first = shards[0];
  const runId = `merged-${sha256(shards.map((s) => s.run.runDir).sort().join('\n')).slice(0, 12)}`;
  const runDir = path.join(opts.out, runId);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  for (const s of shards) for (const spec of s.run.plan.specs) {
    fs.cpSync(path.join(s.run.runDir, spec.name), path.join(runDir, spec.name), { recursive: true });
  }
  const plan: ProjectPlan = { ...first.run.plan, specs: shards.flatMap((s) => s.run.plan.specs).sort((a, b) => (a.name < b.name ? -1 : 1)) };
  const startedAt = shards.map((s) => s.info.startedAt).sort()[0];
  const info: RunInfo = { ...first.info, runId, startedAt, shard: `merged from ${shards.length} shard(s)`, argv: ['merge', ...dirs] };
  writeJsonAtomic(path.join(runDir, files.plan), plan);
  writeJsonAtomic(path.join(runDir, files.run), info);

  const run: RunContext = { root: plan.root, outDir: opts.out, runId, runDir, plan };
  // A shard whose own run was interrupted (no report.json), or a shard that never arrived (a CI job
  // that did not upload), makes the merged run incomplete: it can never pass.
  const missing = missingShards(shards.map((s) => s.info.shard));
  for (const m of missing) process.stderr.write(`veval merge: ${forTerminal(m)}\n`);
  const incomplete = missing.length > 0 || shards.some((s) => {
    return readArtifact('report', path.join(s.run.runDir, files.report)).value?.incomplete ?? true;
  });
  const report = gateRun(run, { startedAt, finishedAt: new Date().toISOString(), incomplete, argv: info.argv });
  const { written, failures } = writeReportsDetailed(runDir, opts.reporters.filter((r) => r !== 'list'));
  failOnUnwritten(failures, report.status);
  writeFileAtomic(path.join(opts.out, 'latest'), runId + '\n');
  return { runDir, report, written };
}

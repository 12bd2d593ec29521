// Creating and reopening run folders. `<out>/latest` holds the name of the newest run folder.
import fs from 'node:fs';
import path from 'node:path';
import { FatalError, InputError } from './errors.js';
import { writeFileAtomic, writeJsonAtomic, readJsonIfExists } from './fsx.js';
import { files, type RunContext } from './run.js';
import { freshness, type Freshness } from './freshness.js';
import { TOOL_VERSION } from './version.js';
import type { ProjectPlan } from '../spec/plan.js';

export interface RunInfo {
  runId: string;
  gitSha: string | null;
  treeHash: string;
  dirty: boolean;
  startedAt: string;
  toolVersion: string;
  argv: string[];
  files: Record<string, string>;   // tree manifest: what `verify` compares against
  shard: string | null;
}

function usableDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.veval-write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err: any) {
    throw new FatalError(`artifacts folder ${dir} is unusable: ${err?.code ?? ''} ${err?.message ?? err}`.trim());
  }
}

/** A fresh run folder for this working tree (emptied if it exists), with plan.json and run.json. */
export function createRun(plan: ProjectPlan, opts: { out?: string; argv?: string[]; shard?: string | null } = {}): { run: RunContext; info: RunInfo; fresh: Freshness } {
  const outRel = opts.out ?? plan.out;
  const outDir = path.resolve(plan.root, outRel);
  const fresh = freshness(plan.root, path.relative(plan.root, outDir).split(path.sep).join('/'));
  const runDir = path.join(outDir, fresh.runId);
  usableDir(outDir);
  try {
    fs.rmSync(runDir, { recursive: true, force: true });
  } catch (err: any) {
    throw new FatalError(`cannot clear run folder ${runDir}: ${err?.message}`);
  }
  usableDir(runDir);
  const info: RunInfo = {
    runId: fresh.runId, gitSha: fresh.gitSha, treeHash: fresh.treeHash, dirty: fresh.dirty,
    startedAt: new Date().toISOString(), toolVersion: TOOL_VERSION, argv: opts.argv ?? [], files: fresh.files,
    shard: opts.shard ?? null,
  };
  const run: RunContext = { root: plan.root, outDir, runId: fresh.runId, runDir, plan };
  writeJsonAtomic(path.join(runDir, files.plan), plan);
  writeJsonAtomic(path.join(runDir, files.run), info);
  writeFileAtomic(path.join(outDir, 'latest'), fresh.runId + '\n');
  return { run, info, fresh };
}

/** Reopens a run folder: `runDir` itself, or `<out>/latest`. Stage commands work from this alone. */
export function openRun(root: string, out: string, runDirArg?: string): { run: RunContext; info: RunInfo } {
  const outDir = path.resolve(root, out);
  let runDir: string;
  if (runDirArg) runDir = path.resolve(root, runDirArg);
  else {
    let latest: string;
    try { latest = fs.readFileSync(path.join(outDir, 'latest'), 'utf8').trim(); } catch {
      throw new InputError([`${path.relative(root, outDir) || outDir}: no run found (no ${path.join(out, 'latest')}); run \`veval run\` or \`veval capture\` first`]);
    }
    runDir = path.join(outDir, latest);
  }
  let plan: ProjectPlan | null, info: RunInfo | null;
  try {
    plan = readJsonIfExists<ProjectPlan>(path.join(runDir, files.plan));
    info = readJsonIfExists<RunInfo>(path.join(runDir, files.run));
  } catch (err: any) {
    throw new FatalError(`run folder ${runDir} is unreadable: ${err?.message}`);
  }
  if (!plan || !info) throw new InputError([`${runDir}: not a veval run folder (plan.json or run.json missing)`]);
  return { run: { root: plan.root, outDir: path.dirname(runDir), runId: path.basename(runDir), runDir, plan }, info };
}

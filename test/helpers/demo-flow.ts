// The demo shop's approve → pass → regress flow through the real CLI, run once per test suite and
// read by every test that asserts on it (test/cli/run, test/parity/root-cause,
// test/report/report-passes-veval) instead of each capturing the same 4 units 4 times. scripts/
// test.sh names a suite-wide folder (VEVAL_TEST_SHARED); the flow is kept there under a hash of
// what it depends on, built by the first test file that asks (a lock: the others wait) and never
// changed after: a test that needs to write copies it (copyProject). Without VEVAL_TEST_SHARED (one
// file run by hand) it is built in this process's temp folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO, tmpDir, type CliResult } from './tmp.js';
import { runMain } from './cli.js';

export interface Step extends CliResult { args: string[]; run: string | null }
export interface DemoFlow {
  /** the project after the flow: baselines approved, build.css regressed, evals/ with every run */
  project: string;
  /** no baseline: run --reporter markdown,junit,html (fails closed) */
  first: Step;
  /** run --update-baselines --reporter markdown */
  approved: Step;
  /** the manifest as that approval wrote it */
  approvedManifest: string;
  /** run --reporter json on the approved build (passes) */
  passed: Step;
  /** verify right after the passing run, then approve of that run (nothing to change) */
  verifiedFresh: Step; approvedAgain: Step;
  /** verify after demo/regressed/build.css replaced demo/app/build.css (stale) */
  verifiedStale: Step;
  /** run with the default reporters on the regressed build, GITHUB_STEP_SUMMARY set (fails) */
  regressed: Step;
  stepSummary: string;
}

const SOURCES = ['visual-eval.config.yaml', 'specs', 'briefs', 'demo/app', 'demo/regressed/build.css'];
const NO_KEY = { OPENAI_API_KEY: '' };

/** sha256 over the files the flow reads and the code that runs it */
function flowKey(): string {
  const h = crypto.createHash('sha256');
  const add = (rel: string) => {
    const abs = path.join(REPO, rel);
    if (fs.statSync(abs).isDirectory()) for (const e of fs.readdirSync(abs).sort()) add(path.join(rel, e));
    else h.update(rel).update(fs.readFileSync(abs));
  };
  for (const rel of [...SOURCES, 'src', 'package.json']) add(rel);
  return h.digest('hex').slice(0, 16);
}

async function build(dir: string): Promise<DemoFlow> {
  const project = path.join(dir, 'project');
  for (const rel of SOURCES.slice(0, 4)) fs.cpSync(path.join(REPO, rel), path.join(project, rel), { recursive: true });
  const latest = () => { try { return fs.realpathSync(path.join(project, 'evals', 'latest')); } catch { return null; } };
  const step = async (args: string[], env: Record<string, string> = {}): Promise<Step> => {
    const r = await runMain(args, project, { ...NO_KEY, ...env });
    return { args, ...r, run: latest() };
  };
  const first = await step(['run', '--reporter', 'markdown,junit,html']);
  const approved = await step(['run', '--update-baselines', '--reporter', 'markdown']);
  const approvedManifest = fs.readFileSync(path.join(project, 'baselines/checkout-payment/manifest.json'), 'utf8');
  const passed = await step(['run', '--reporter', 'json']);
  const verifiedFresh = await step(['verify']);
  const approvedAgain = await step(['approve']);
  fs.copyFileSync(path.join(REPO, 'demo/regressed/build.css'), path.join(project, 'demo/app/build.css'));
  const verifiedStale = await step(['verify']);
  const stepSummary = path.join(dir, 'step-summary.md');
  const regressed = await step(['run'], { GITHUB_STEP_SUMMARY: stepSummary });
  return { project, first, approved, approvedManifest, passed, verifiedFresh, approvedAgain, verifiedStale, regressed, stepSummary };
}

let mine: Promise<DemoFlow> | null = null;

/** The flow, built once per suite (see the top of this file). Treat every file in it as read-only. */
export function demoFlow(): Promise<DemoFlow> {
  mine ??= shared();
  return mine;
}

async function shared(): Promise<DemoFlow> {
  const root = process.env.VEVAL_TEST_SHARED;
  if (!root) return build(tmpDir('veval-demo-flow-'));
  const dir = path.join(root, `demo-flow-${flowKey()}`);
  const done = path.join(dir, 'flow.json');
  const lock = `${dir}.lock`;
  for (;;) {
    if (fs.existsSync(done)) return JSON.parse(fs.readFileSync(done, 'utf8')) as DemoFlow;
    try {
      fs.mkdirSync(lock);
    } catch {
      // another test file builds it; a lock whose builder died is taken over
      const pid = Number(fs.readFileSync(path.join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (pid && !alive(pid)) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      const flow = await build(dir);
      fs.writeFileSync(`${done}.tmp`, JSON.stringify(flow));
      fs.renameSync(`${done}.tmp`, done);
      return flow;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

/** A private copy of the flow's project (its run folders and links too), for a test that writes. */
export function copyProject(flow: DemoFlow): string {
  const dir = tmpDir('veval-demo-copy-');
  fs.cpSync(flow.project, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

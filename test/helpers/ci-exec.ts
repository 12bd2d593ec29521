// Runs a GitHub Actions workflow or a GitLab CI file the way their runners would, here: each job on a
// fresh copy of the project (the checkout), matrix / parallel expanded, every `run:` / `script:` line
// executed in order with bash, stopping a job at its first failure except for `if: always()` steps.
// Only `uses:` actions are simulated: checkout and setup-node are the copy itself, upload-artifact /
// download-artifact copy folders to and from an artifact store. Any other `${{ }}` expression fails
// the run, so the file cannot lean on something this does not model.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import picomatch from 'picomatch';
import YAML from 'yaml';

export interface StepResult { name: string; ok: boolean; output: string }
export interface JobResult { job: string; ok: boolean; steps: StepResult[]; dir: string }
export interface CiResult { jobs: JobResult[]; summary: string; store: string }

const SKIP = new Set(['node_modules', '.git']);

/** A fresh "checkout": the project as committed, without what runs left behind. Beside the project,
 *  so that the lockfile's relative paths (a file: dependency) resolve the same. */
function checkout(project: string, work: string, name: string, ignore: string[]): string {
  const dir = path.join(path.dirname(project), `${path.basename(work)}-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const ig = picomatch(ignore.map((p) => p.replace(/\/$/, '')));
  fs.cpSync(project, dir, { recursive: true, filter: (src) => {
    const rel = path.relative(project, src);
    return !rel || (!SKIP.has(rel.split(path.sep)[0]) && !ig(rel.split(path.sep)[0]));
  } });
  return dir;
}

/** Removes the work folder and the job folders made beside the project. */
export function cleanCi(work: string, project: string): void {
  const parent = path.dirname(project), prefix = `${path.basename(work)}-`;
  for (const e of fs.readdirSync(parent)) if (e.startsWith(prefix)) fs.rmSync(path.join(parent, e), { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}

function sh(line: string, cwd: string, env: Record<string, string>): { ok: boolean; output: string } {
  const r = spawnSync('bash', ['-eo', 'pipefail', '-c', line], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 300_000 });
  return { ok: r.status === 0, output: `$ ${line}\n${r.stdout}${r.stderr}` };
}

/** Top-level entries of dir matching a glob like `evals-shard-*` or `evals/` */
const matching = (dir: string, glob: string) => {
  const m = picomatch(glob.replace(/\/$/, ''));
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((e) => m(e)) : [];
};

const BASE_ENV = { CI: 'true', NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_offline: 'true', npm_config_update_notifier: 'false' };

export function runGithubWorkflow(text: string, project: string, work: string, ignore: string[]): CiResult {
  const wf = YAML.parse(text);
  const store = path.join(work, 'artifacts');
  fs.mkdirSync(store, { recursive: true });
  const summaryFile = path.join(work, 'step-summary.md');
  fs.writeFileSync(summaryFile, '');
  const jobs: JobResult[] = [];
  const order = Object.keys(wf.jobs).sort((a, b) => ([] as string[]).concat(wf.jobs[b].needs ?? []).includes(a) ? -1 : ([] as string[]).concat(wf.jobs[a].needs ?? []).includes(b) ? 1 : 0);
  for (const id of order) {
    const job = wf.jobs[id];
    const matrix: Record<string, unknown[]> = job.strategy?.matrix ?? {};
    const keys = Object.keys(matrix);
    if (keys.length > 1) throw new Error('ci-exec: one matrix dimension is modelled');
    const combos = keys.length ? matrix[keys[0]].map((v) => ({ [keys[0]]: v })) : [{}];
    for (const combo of combos) {
      const expand = (s: string) => s.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr) => {
        const m = /^matrix\.(\w+)$/.exec(expr);
        if (m && m[1] in combo) return String((combo as any)[m[1]]);
        throw new Error(`ci-exec: expression not modelled: \${{ ${expr} }}`);
      });
      const dir = checkout(project, work, `${id}-${Object.values(combo).join('-') || 'job'}`, ignore);
      const steps: StepResult[] = [];
      let failed = false;
      for (const step of job.steps) {
        const always = step.if === 'always()';
        if (step.if && !always) throw new Error(`ci-exec: if: ${step.if} not modelled`);
        if (failed && !always) continue;
        const name = step.name ?? step.run ?? step.uses;
        let r: { ok: boolean; output: string };
        if (step.run) r = sh(expand(step.run), dir, { ...BASE_ENV, GITHUB_STEP_SUMMARY: summaryFile });
        else if (/^actions\/(checkout|setup-node)@/.test(step.uses)) r = { ok: true, output: '' };
        else if (/^actions\/upload-artifact@/.test(step.uses)) {
          const art = expand(step.with.name), src = path.join(dir, expand(step.with.path));
          if (fs.existsSync(src)) fs.cpSync(src, path.join(store, art), { recursive: true });
          r = { ok: true, output: fs.existsSync(src) ? `uploaded ${art}` : `no files for ${art}` };
        } else if (/^actions\/download-artifact@/.test(step.uses)) {
          const dest = path.join(dir, expand(step.with.path));
          for (const art of matching(store, expand(step.with.pattern))) fs.cpSync(path.join(store, art), path.join(dest, art), { recursive: true });
          r = { ok: true, output: '' };
        } else throw new Error(`ci-exec: action not modelled: ${step.uses}`);
        steps.push({ name, ...r });
        if (!r.ok) failed = true;
      }
      jobs.push({ job: `${id}${keys.length ? ` ${Object.values(combo).join(',')}` : ''}`, ok: !failed, steps, dir });
    }
  }
  return { jobs, summary: fs.readFileSync(summaryFile, 'utf8'), store };
}

export function runGitlabCi(text: string, project: string, work: string, ignore: string[]): CiResult {
  const ci = YAML.parse(text);
  const stages: string[] = ci.stages;
  const store = path.join(work, 'artifacts');
  fs.mkdirSync(store, { recursive: true });
  const jobIds = Object.keys(ci).filter((k) => ci[k] && typeof ci[k] === 'object' && 'script' in ci[k])
    .sort((a, b) => stages.indexOf(ci[a].stage) - stages.indexOf(ci[b].stage));
  const jobs: JobResult[] = [];
  let pipelineFailed = false;
  for (const id of jobIds) {
    const job = ci[id];
    if (pipelineFailed && job.when !== 'always') continue;
    const n = job.parallel ?? 0;
    const nodes = n ? Array.from({ length: n }, (_, i) => i + 1) : [0];
    for (const node of nodes) {
      const dir = checkout(project, work, `${id}-${node || 'job'}`, ignore);
      for (const need of job.needs ?? []) for (const art of matching(store, `${need}-*`)) fs.cpSync(path.join(store, art), dir, { recursive: true });
      const env: Record<string, string> = { ...BASE_ENV, ...(node ? { CI_NODE_INDEX: String(node), CI_NODE_TOTAL: String(n) } : {}) };
      const steps: StepResult[] = [];
      let failed = false;
      for (const line of job.script) {
        const r = sh(line, dir, env);
        steps.push({ name: line, ...r });
        if (!r.ok) { failed = true; break; }
      }
      if (job.artifacts && (job.artifacts.when === 'always' || !failed)) {
        const keep = path.join(store, `${id}-${node || 'job'}`);
        for (const p of job.artifacts.paths ?? []) for (const e of matching(dir, p)) fs.cpSync(path.join(dir, e), path.join(keep, e), { recursive: true });
      }
      jobs.push({ job: `${id}${node ? ` ${node}/${n}` : ''}`, ok: !failed, steps, dir });
      if (failed) pipelineFailed = true;
    }
  }
  return { jobs, summary: '', store };
}

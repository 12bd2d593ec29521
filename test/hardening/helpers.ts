// Shared pieces of the hardening tests: a project around the fixture app server, a browser wrapper
// that records its pid, an asynchronous CLI run (for signals), and small readers.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { CLI_ARGS, REPO, tmpDir, writeTree, type CliResult } from '../helpers/tmp.js';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';

export const APP = path.join(REPO, 'test', 'fixtures', 'hardening', 'app.mjs');

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface AppProject { dir: string; appPidFile: string; browserPidFile: string; wrapper: string; env: Record<string, string> }

/** A project whose config starts the fixture app (one small viewport, judge off) and whose
 *  specs are { name: route-or-url }. The browser runs through a wrapper that records its pid. */
export async function appProject(specs: Record<string, string>, extraConfig = ''): Promise<AppProject> {
  const dir = tmpDir('veval-hard-');
  const port = await freePort();
  const appPidFile = path.join(dir, 'app.pid');
  const browserPidFile = path.join(dir, 'browser.pid');
  const wrapper = path.join(dir, 'browser.sh');
  writeTree(dir, {
    'visual-eval.config.yaml': `server:
  command: "${process.execPath} ${APP}"
  url: http://127.0.0.1:${port}/ok/
  env: { PORT: "${port}", APP_PID_FILE: "${appPidFile}", BROWSER_PID_FILE: "${browserPidFile}" }
  timeout: 20000
viewports:
  desktop: { width: 640, height: 480 }
judge: { mode: off }
${extraConfig}`,
    ...Object.fromEntries(Object.entries(specs).map(([name, route]) => [`specs/${name}.yaml`, /^https?:/.test(route) ? `url: ${route}\n` : `route: ${route}\n`])),
    'browser.sh': `#!/bin/sh\necho $$ > "${browserPidFile}"\nexec "${TEST_BROWSER_PATH}" "$@"\n`,
  });
  fs.chmodSync(wrapper, 0o755);
  return { dir, appPidFile, browserPidFile, wrapper, env: { VEVAL_BROWSER: wrapper, OPENAI_API_KEY: '' } };
}

/** The real CLI, asynchronously: `during` sees stdout as it comes and may signal the child. */
export function runCliAsync(args: string[], cwd: string, env: Record<string, string>, during?: (out: string, child: ReturnType<typeof spawn>) => void): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env } });
    let stdout = '', stderr = '';
    // `during` sees both streams as they arrive (the console list is on stderr)
    let both = '';
    child.stdout.on('data', (b) => { stdout += b; both += b; during?.(both, child); });
    child.stderr.on('data', (b) => { stderr += b; both += b; during?.(both, child); });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A running process; a zombie (dead, not yet reaped: PID 1 in a container may never reap it) is gone. */
export const alive = (pid: number): boolean => {
  try { process.kill(pid, 0); } catch { return false; }
  try { return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return false; }
};
export const readPid = (file: string) => Number(fs.readFileSync(file, 'utf8').trim());

/** The latest completed run: evals/latest is a link to evals/runs/<id>. */
export const latestRun = (dir: string) => fs.realpathSync(path.join(dir, 'evals', 'latest'));
export const readReport = (dir: string) => JSON.parse(fs.readFileSync(path.join(latestRun(dir), 'report.json'), 'utf8'));
/** The newest run folder, whatever its state (an interrupted run never becomes latest). */
export const newestRun = (dir: string, out = 'evals') => {
  const runs = path.join(dir, out, 'runs');
  return path.join(runs, fs.readdirSync(runs).sort().at(-1)!);
};
export const runJson = (runDir: string) => JSON.parse(fs.readFileSync(path.join(runDir, 'run.json'), 'utf8'));
export const specOf = (report: any, name: string) => report.specs.find((s: any) => s.name === name);
/** Every file under dir, relative. */
export const filesUnder = (dir: string): string[] => fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];

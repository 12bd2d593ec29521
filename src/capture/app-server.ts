// The config's `server:`: a command started before capture (like Playwright's webServer) or a
// static folder. A server that exits or never answers stops the run (exit 3) with its output.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { FatalError } from '../core/errors.js';
import { serveStatic, StaticServeError } from '../core/static-server.js';
import type { ProjectPlan } from '../spec/plan.js';

/** Resolves true when `url` answers with any HTTP status. */
export function answers(url: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { timeout: timeoutMs, rejectUnauthorized: false }, (res) => { res.resume(); resolve(true); });
    req.on('timeout', () => { req.destroy(); resolve(false); });
    req.on('error', () => resolve(false));
  });
}

/** Resolves true when something accepts a TCP connection at the host and port of `url`. */
export function listening(url: string, timeoutMs = 2000): Promise<boolean> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const sock = net.connect({ host, port, timeout: timeoutMs });
    const done = (v: boolean) => { sock.destroy(); resolve(v); };
    sock.once('connect', () => done(true));
    sock.once('timeout', () => done(false));
    sock.once('error', () => done(false));
  });
}

const TAIL = 4000;

/** server: { static, build }: the build runs to completion first; a failed build stops the run (exit 3). */
function buildStatic(command: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, { shell: true, cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (b: Buffer) => { output = (output + b.toString()).slice(-TAIL); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('error', (err) => reject(new FatalError(`app build \`${command}\` could not start: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.trim() ? `\n--- build output (tail) ---\n${output.trim()}` : '';
      reject(new FatalError(`app build \`${command}\` failed (${signal ? `signal ${signal}` : `exit code ${code}`})${tail}`));
    });
  });
}

export async function startAppServer(plan: ProjectPlan): Promise<{ baseURL: string | null; stop(): Promise<void> }> {
  const s = plan.server;
  if (!s) return { baseURL: plan.baseURL, stop: async () => {} };
  if (s.kind === 'static') {
    if (s.build) await buildStatic(s.build, plan.root);
    const srv = await serveStatic(path.resolve(plan.root, s.dir), [], { fallback: s.fallback }).catch((err) => {
      throw err instanceof StaticServeError ? new FatalError(`server.static: ${err.message}`) : err;
    });
    return { baseURL: srv.url, stop: () => srv.close() };
  }
  const baseURL = plan.baseURL ?? s.url;
  if (s.reuseExisting && (await answers(s.url))) return { baseURL, stop: async () => {} };
  // Something else already listening there would be what gets tested (another app, an old build):
  // refuse, as Playwright's webServer does, unless the config says to reuse it.
  if (!s.reuseExisting && (await listening(s.url))) {
    throw new FatalError(`${s.url} already answers before the server command started; stop it or set server.reuseExisting`);
  }

  let output = '';
  const keep = (b: Buffer) => { output = (output + b.toString()).slice(-TAIL); };
  // own process group, so stop() ends the shell and everything it started
  const child = spawn(s.command, {
    shell: true, detached: true, cwd: path.resolve(plan.root, s.cwd || '.'),
    env: { ...process.env, ...s.env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: string | null = null;
  child.on('exit', (code, signal) => { exited = signal ? `signal ${signal}` : `exit code ${code}`; });
  child.on('error', (err) => { exited = err.message; });

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
    const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 5000);
    await done;
    clearTimeout(timer);
  };

  const deadline = Date.now() + s.timeout;
  while (Date.now() < deadline) {
    if (exited) break;
    if (await answers(s.url, 1000)) return { baseURL, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  const why = exited ? `exited (${exited}) before ${s.url} answered` : `did not answer at ${s.url} within ${s.timeout} ms`;
  await stop();
  const tail = output.trim() ? `\n--- server output (tail) ---\n${output.trim()}` : '\n(the server printed nothing)';
  throw new FatalError(`app server \`${s.command}\` ${why}${tail}`);
}

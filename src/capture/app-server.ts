// The config's `server:`: a command started before capture (like Playwright's webServer) or a
// static folder. A run captures only a server it can show is its own: on Linux, the socket that
// listens at server.url is held by a process of the command's tree (/proc, port-owner.ts);
// elsewhere, the command is alive when the url first answers. A server that exits (before it
// answers or while the run uses it), never answers, answers from another program, or announces
// another address stops the run (exit 3) with its output. One run at a time holds a port: a second
// run waits for the claim (or refuses naming who holds it). server.reuseExisting is the one,
// explicit, exception: it captures whatever answers.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { FatalError } from '../core/errors.js';
import { claim, describeHolder, lockWaitMs } from '../core/claim.js';
import { heldBy, listenersFor, ownersOf, processTree } from './port-owner.js';
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
const TAIL_LINES = 40;

/** The end of a process's output, as whole lines (the CLI prints each on its own). */
export function outputTail(output: string, label: string, none: string): string {
  const lines = output.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd()).filter(Boolean);
  if (!lines.length) return `\n${none}`;
  // the first kept line may be cut by the byte tail: dropped unless it is all there is
  const whole = output.length >= TAIL && lines.length > 1 ? lines.slice(1) : lines;
  return `\n--- ${label} output (tail) ---\n${whole.slice(-TAIL_LINES).join('\n')}`;
}

/** server: { static, build } (and storybook: { static, build }): the build runs to completion first;
 *  a failed build stops the run (exit 3). */
export function buildStatic(command: string, cwd: string, what = 'app build'): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, { shell: true, cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (b: Buffer) => { output = (output + b.toString()).slice(-TAIL); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('error', (err) => reject(new FatalError(`${what} \`${command}\` could not start: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.trim() ? outputTail(output, 'build', '') : '';
      reject(new FatalError(`${what} \`${command}\` failed (${signal ? `signal ${signal}` : `exit code ${code}`})${tail}`));
    });
  });
}

/** The app server of a run. `lost`: settles with the reason when the server veval started exits
 *  while the run uses it (never for a static folder or a reused server). */
export interface AppServer { baseURL: string | null; stop(): Promise<void>; lost: Promise<FatalError> | null }

const portOf = (url: string) => { const u = new URL(url); return Number(u.port || (u.protocol === 'https:' ? 443 : 80)); };

/** What holds the port of `url`, in words: the processes (Linux), else the HTTP answer it gives. */
async function whatAnswers(url: string): Promise<string> {
  const owners = ownersOf((await listenersFor(url)) ?? []);
  if (owners.length) return owners.map((o) => `process ${o.pid} (${o.command})`).join(', ');
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { timeout: 2000, rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(`a server answering HTTP ${res.statusCode}${res.headers.server ? ` (Server: ${res.headers.server})` : ''}`);
    });
    req.on('timeout', () => { req.destroy(); resolve('a program that accepts connections'); });
    req.on('error', () => resolve('a program that accepts connections'));
  });
}

/** Whether what answers at `url` is the process tree of `pid`; null when that cannot be read here
 *  (not Linux, or the url is not served from this machine's sockets). */
async function ownedBy(url: string, pid: number): Promise<boolean | null> {
  const listeners = await listenersFor(url);
  if (!listeners?.length) return null;
  return heldBy(listeners, processTree(pid));
}

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
/** Local addresses a server's output announces ("Local: http://localhost:5173/"), as origins; a
 *  line about a proxy or an API target is not where it listens. */
export function announcedOrigins(output: string): string[] {
  const out = new Set<string>();
  for (const line of output.replace(ANSI, '').split(/\r?\n/)) {
    if (/proxy|api\b|backend/i.test(line)) continue;
    for (const m of line.matchAll(/https?:\/\/(?:localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[[0-9a-f:]+\])(?::\d+)?/gi)) {
      try { out.add(new URL(m[0].replace('0.0.0.0', '127.0.0.1')).origin); } catch { /* not a URL */ }
    }
  }
  return [...out];
}

export async function startAppServer(plan: ProjectPlan): Promise<AppServer> {
  const s = plan.server;
  if (!s) return { baseURL: plan.baseURL, stop: async () => {}, lost: null };
  if (s.kind === 'static') {
    if (s.build) await buildStatic(s.build, plan.root);
    const srv = await serveStatic(path.resolve(plan.root, s.dir), [], { fallback: s.fallback }).catch((err) => {
      throw err instanceof StaticServeError ? new FatalError(`server.static: ${err.message}`) : err;
    });
    return { baseURL: srv.url, stop: () => srv.close(), lost: null };
  }
  const baseURL = plan.baseURL ?? s.url;
  if (s.reuseExisting && (await answers(s.url))) return { baseURL, stop: async () => {}, lost: null };
  const port = portOf(s.url);
  // one run at a time starts a server on this port: a second run waits for the first to stop it,
  // rather than capturing the first one's server
  const waitMs = lockWaitMs();
  const release = await claim(path.join(os.tmpdir(), `veval-server-port-${port}.claim`), {
    command: `veval: ${s.command}`, waitMs,
    broken: (err) => new FatalError(`cannot claim port ${port} for the app server: ${err.message}`),
    busy: (holder) => new FatalError(`port ${port} (server.url ${s.url}) is in use by another veval run: ${describeHolder(holder)}; waited ${Math.round(waitMs / 1000)} s`,
      'run one at a time, or give each run its own server.url port'),
  });
  try {
    return await startCommand(s, plan.root, baseURL, port, release);
  } catch (err) {
    release();
    throw err;
  }
}

type CommandServer = Extract<NonNullable<ProjectPlan['server']>, { kind: 'command' }>;

async function startCommand(s: CommandServer, root: string, baseURL: string, port: number, release: () => void): Promise<AppServer> {
  // Something else already listening there would be what gets tested (another app, an old build):
  // refuse, as Playwright's webServer does, unless the config says to reuse it.
  if (!s.reuseExisting && (await listening(s.url))) {
    throw new FatalError(`${s.url} already answers before the server command started: port ${port} is held by ${await whatAnswers(s.url)}`,
      'stop it, or set server.reuseExisting: true to test what answers there');
  }

  let output = '';
  const keep = (b: Buffer) => { output = (output + b.toString()).slice(-TAIL); };
  // own process group, so stop() ends the shell and everything it started
  const child = spawn(s.command, {
    shell: true, detached: true, cwd: path.resolve(root, s.cwd || '.'),
    env: { ...process.env, ...s.env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: string | null = null;
  let stopping = false;
  let onLost: (e: FatalError) => void = () => {};
  const lost = new Promise<FatalError>((resolve) => { onLost = resolve; });
  const tail = () => outputTail(output, 'server', '(the server printed nothing)');
  const fatal = (why: string, hint?: string) => new FatalError(`app server \`${s.command}\` ${why}${tail()}`, hint);
  let serving = false;
  child.on('exit', (code, signal) => {
    exited = signal ? `signal ${signal}` : `exit code ${code}`;
    if (serving && !stopping) onLost(fatal(`exited (${exited}) while the run was using it at ${s.url}`));
  });
  child.on('error', (err) => { exited = err.message; });

  const stop = async () => {
    stopping = true;
    try {
      if (exited || child.pid === undefined) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
      const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 5000);
      await done;
      clearTimeout(timer);
    } finally {
      release();
    }
  };

  const deadline = Date.now() + s.timeout;
  let elsewhere = null as { origin: string; since: number } | null;
  let why: string | null = null;
  let hint: string | undefined;
  while (Date.now() < deadline) {
    if (exited) break;
    if (await answers(s.url, 1000)) {
      const own = child.pid === undefined ? false : await ownedBy(s.url, child.pid);
      // where the owner cannot be read: the command must at least be alive when the url answers
      if (own === true || (own === null && !exited)) {
        serving = true;
        // an exit before `serving` was set has no `lost` to settle: said here
        if (!exited) return { baseURL, stop, lost };
        why = `exited (${exited}) right after it answered at ${s.url}`;
        break;
      }
      why = `did not answer at ${s.url}: port ${port} is held by ${await whatAnswers(s.url)}, not by a process the command started (another program took the port while the command was starting?)`;
      hint = 'stop that program, or give server.url a free port (with server.reuseExisting: true veval tests whatever answers there)';
      break;
    }
    // a dev server that listens elsewhere (another port, or localhost on IPv6 only) says where
    const other = announcedOrigins(output).find((o) => o !== new URL(s.url).origin);
    if (other && (await answers(other, 500))) {
      elsewhere = elsewhere?.origin === other ? elsewhere : { origin: other, since: Date.now() };
      if (Date.now() - elsewhere.since >= 1500) {
        why = `listens at ${other} (its output says so and it answers there), but server.url ${s.url} does not answer`;
        hint = `set server.url to ${other}/, or make the command listen on ${new URL(s.url).host}`;
        break;
      }
    } else elsewhere = null;
    await new Promise((r) => setTimeout(r, 200));
  }
  why ??= exited ? `exited (${exited}) before ${s.url} answered` : `did not answer at ${s.url} within ${s.timeout} ms`;
  await stop();
  throw fatal(why, hint);
}

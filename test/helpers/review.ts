// `veval review` through the real CLI (tsx, no build) and raw HTTP requests to it: the review
// tests start it as a user does and talk to it as a browser or an attacker would.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_ARGS } from './tmp.js';

export const REVIEWER = 'Rita Reviewer <rita@example.com>';

export interface Review { child: ChildProcess; url: string; out: () => string; exit: Promise<number | null> }

/** Starts `veval review --no-open …` in `cwd` as git user REVIEWER; resolves once it printed its address. */
export function startReview(cwd: string, args: string[]): Promise<Review> {
  const gitconfig = path.join(path.dirname(cwd), `${path.basename(cwd)}.${process.pid}.gitconfig`);
  fs.writeFileSync(gitconfig, '[user]\n\tname = Rita Reviewer\n\temail = rita@example.com\n');
  const child = spawn(process.execPath, [...CLI_ARGS, 'review', '--no-open', ...args], { cwd, env: { ...process.env, NO_COLOR: '1', GIT_CONFIG_GLOBAL: gitconfig } });
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => { fs.rmSync(gitconfig, { force: true }); resolve(code); }));
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /veval review: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ child, url: m[1], out: () => out, exit });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then((code) => reject(new Error(`veval review exited ${code} before serving:\n${out}`)));
  });
}

/** Stops it as Ctrl-C does and waits for it to exit. */
export async function stopReview(r: Review | undefined): Promise<void> {
  if (!r || r.child.exitCode !== null) return;
  r.child.kill('SIGINT');
  await r.exit;
}

/** A raw request to the review server: any method, path, Host or Origin (no browser rules). */
export function request(url: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(u.port), method: opts.method ?? 'GET', path: opts.path, headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d) => { body += d; }).on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

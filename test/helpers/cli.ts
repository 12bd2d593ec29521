// The CLI in process: main(argv, io) with buffers for stdout and stderr and a cwd of the test's
// choosing — no process start per command (about a CPU-second each) and one Chromium for the whole
// test file (capture/shared-browser.ts), closed when the file's tests end. Tests that are about the
// process boundary (exit codes of the binary, signals, stdout flushing) spawn it: runCli in tmp.ts.
import { after } from 'node:test';
import { main } from '../../src/cli/cli.js';
import { closeKeptBrowsers, keepBrowsers } from '../../src/capture/shared-browser.js';
import type { CliResult } from './tmp.js';

class Buffered {
  text = '';
  isTTY = false;
  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  }
}

keepBrowsers();
after(closeKeptBrowsers);

/** What runCli's child would see: no colour, CI set (tmp.ts), plus the test's own variables. */
const BASE_ENV = { NO_COLOR: '1', CI: 'true' };

/** Runs fn in `cwd` with `env` set (undefined deletes), as a child process would see them, then
 *  puts the directory and every variable back. */
async function asIfSpawned<T>(cwd: string, env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  const before = process.cwd();
  for (const [k, v] of Object.entries(env)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  process.chdir(cwd);
  try { return await fn(); } finally {
    process.chdir(before);
    for (const [k, v] of saved) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  }
}

/** One veval command in this process; `env` is set while it runs (commands in one file run one at a time). */
export async function runMain(
  args: string[], cwd: string, env: Record<string, string | undefined> = {}, signal?: AbortSignal,
): Promise<CliResult> {
  const stdout = new Buffered(), stderr = new Buffered();
  const io = { stdout: stdout as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream, cwd, argv: args, signal };
  const code = await asIfSpawned(cwd, { ...BASE_ENV, ...env }, () => main(args, io));
  return { code, stdout: stdout.text, stderr: stderr.text };
}

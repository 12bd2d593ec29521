// The CLI in process: main(argv, io) with buffers for stdout and stderr and a cwd of the test's
// choosing. Usage errors and option normalisation are tested this way (no process start per
// case); test/cli/smoke-dist.test.ts spawns the built binary once per exit code.
import { main } from '../../src/cli/cli.js';
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

export async function runMain(args: string[], cwd: string, signal?: AbortSignal): Promise<CliResult> {
  const stdout = new Buffered(), stderr = new Buffered();
  const code = await main(args, { stdout: stdout as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream, cwd, argv: args, signal });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

// veval mcp: the MCP server over stdio (src/mcp/server.ts). It runs until the client closes stdin;
// SIGINT/SIGTERM cancel the running calls (their runs stop cleanly) and end it.
import { EXIT } from '../core/errors.js';
import type { CommonOptions } from './common.js';
import { ioOf, resolved } from './common.js';

export async function cmdMcp(opts: CommonOptions): Promise<number> {
  const io = ioOf(opts);
  resolved(opts);   // a bad --config is bad input now, not on the first call
  const { serveStdio } = await import('../mcp/server.js');
  await serveStdio({ cwd: io.cwd, config: opts.config, log: io.stderr, signal: io.signal });
  return EXIT.pass;
}

// One MCP tool: its name, what it is for (the description an agent reads), its input schema (zod,
// listed as JSON Schema by tools/list) and a function from validated input to a result. The server
// (server.ts) turns the result into MCP content blocks and a thrown veval error into an MCP error.
import type { z } from 'zod';
import type { BudgetImage } from './images.js';
import type { CommonOptions } from '../cli/common.js';
import type { CliIO } from '../cli/common.js';
import type { ProgressEvent } from '../index.js';

export interface ToolContext {
  /** the folder `veval mcp` was started in (the project is found from it, as the CLI finds it) */
  cwd: string;
  /** --config given to `veval mcp` */
  config?: string;
  /** aborted when the client cancels the request (or the server stops) */
  signal: AbortSignal;
  /** a progress notification, when the client asked for them (a progressToken); never throws */
  progress(message: string): void;
  /** log lines: stderr, never stdout (stdout carries only the protocol) */
  log: NodeJS.WriteStream;
}

export interface ToolResult {
  /** what an agent reads first: the verdict and what to do, in lines */
  text: string;
  /** the same as data (structuredContent) */
  data: Record<string, unknown>;
  /** images, already under the call's byte budget (see images.ts) */
  images?: BudgetImage[];
}

export interface Tool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** MCP tool annotations: readOnlyHint (changes nothing outside the run folders), destructiveHint */
  readOnly: boolean;
  destructive?: boolean;
  run(args: z.infer<S>, ctx: ToolContext): Promise<ToolResult>;
}

export const defineTool = <S extends z.ZodObject>(t: Tool<S>): Tool<S> => t;

/** The CLI's options for a call: the server's --config and folder, output captured (stdout is the
 *  protocol's), human lines to the log, the call's cancellation as the interrupt signal. */
export function cliOptions<T extends CommonOptions>(ctx: ToolContext, argv: string[], extra: Partial<T> = {}): T & { captured: () => string[] } {
  const lines: string[] = [];
  let partial = '';
  const sink = {
    write(chunk: string | Uint8Array, ...rest: unknown[]) {
      partial += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const parts = partial.split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      cb?.();
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  const io: CliIO = { stdout: sink, stderr: ctx.log, cwd: ctx.cwd, argv, signal: ctx.signal };
  return { config: ctx.config, ...extra, io, captured: () => (partial ? [...lines, partial] : [...lines]) } as T & { captured: () => string[] };
}

/** The pipeline's progress events as progress notifications. */
export function progressOf(ctx: ToolContext): (e: ProgressEvent) => void {
  let units = 0;
  return (e) => {
    if (e.kind === 'unit') ctx.progress(`captured ${++units}: ${e.spec}/${e.state}-${e.viewport}${e.ok ? '' : ` (failed: ${e.reason ?? 'error'})`} in ${(e.ms / 1000).toFixed(1)} s`);
    else ctx.progress(`${e.name}${e.spec ? `: ${e.spec}` : ''}`);
  };
}

// `veval mcp`: the MCP server over stdio, on the official SDK's low-level Server (as @playwright/mcp
// does): tools/list from one tool list, tools/call validated against the tool's zod schema. A result
// is text + the data as structuredContent + image blocks, each image after a text block naming it.
// A veval error becomes a JSON-RPC error whose data carries the CLI's reason and exit code
// (errors.ts). A cancelled call aborts its signal: the run stops as on an interrupt, and the SDK
// sends no response for it. stdout carries only the protocol; everything else goes to stderr.
import { Writable } from 'node:stream';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, EmptyResultSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_VERSION } from '../core/version.js';
import { argumentError, toToolError, ToolError } from './errors.js';
import type { Tool, ToolContext, ToolResult } from './tool.js';
import look from './tools/look.js';
import run from './tools/run.js';
import explain from './tools/explain.js';
import verify from './tools/verify.js';
import listSpecs from './tools/list-specs.js';
import validate from './tools/validate.js';
import approve from './tools/approve.js';

/** Every tool, in the order tools/list gives them. */
export const TOOLS: Tool<any>[] = [look, run, explain, verify, listSpecs, validate, approve];

export function toolList(): McpTool[] {
  return TOOLS.map((t) => {
    const { $schema: _, ...schema } = z.toJSONSchema(t.input, { io: 'input' }) as Record<string, unknown>;
    return {
      name: t.name, title: t.title, description: t.description,
      inputSchema: schema as McpTool['inputSchema'],
      annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: !!t.destructive, openWorldHint: false },
    };
  });
}

function content(r: ToolResult): CallToolResult {
  const blocks: CallToolResult['content'] = [{ type: 'text', text: r.text }];
  for (const img of r.images ?? []) {
    const scaled = img.width < img.from.width ? `, downscaled from ${img.from.width}×${img.from.height}` : '';
    blocks.push({ type: 'text', text: `image: ${img.label} — ${img.width}×${img.height} px${scaled}` });
    blocks.push({ type: 'image', mimeType: 'image/png', data: img.png.toString('base64') });
  }
  return { content: blocks, structuredContent: r.data };
}

export interface ServeOptions {
  cwd: string;
  config?: string;
  log: NodeJS.WriteStream;
  /** aborted when the server must stop (SIGINT/SIGTERM): every running call is cancelled */
  signal?: AbortSignal;
}

/** How long the client gets to answer the ping that fences a call's progress from its result. */
const PROGRESS_FENCE_MS = 5000;

/** Calls still running: stdin closing after a request (a piped script) still gets its answer. */
const inflight = new Set<Promise<unknown>>();
/** Whether the client can still answer: once stdin has ended, no ping would be answered. */
const client = { reading: true };

export function createServer(opts: ServeOptions): Server {
  const server = new Server({ name: 'veval', version: TOOL_VERSION }, {
    capabilities: { tools: {} },
    instructions: 'veval gates web UIs with evidence. look: a screen without a spec. run: the gate over the specs (verdict, findings with ids, checklist). explain <id>: a finding\'s crop, diff, DOM excerpt and doc. verify: the done-check — a UI change is done only when it is ok for the current tree. approve only with confirm: true, for intended changes.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const tool = TOOLS.find((t) => t.name === req.params.name);
    if (!tool) throw new ToolError(ErrorCode.InvalidParams, `unknown tool "${req.params.name}"; tools: ${TOOLS.map((t) => t.name).join(', ')}`, { reason: 'input', exitCode: 2 });
    const parsed = tool.input.safeParse(req.params.arguments ?? {});
    if (!parsed.success) throw argumentError(tool.name, parsed.error.issues);
    const token = req.params._meta?.progressToken;
    let step = 0;
    // progress goes out in order and before the result: each send is chained and awaited before
    // the result is returned, and none is sent once the call has ended (a late event is dropped)
    let sending: Promise<unknown> = Promise.resolve();
    let sent = false;
    let ended = false;
    // the call stops when the client cancels it or the server is told to stop
    const signal = opts.signal ? AbortSignal.any([extra.signal, opts.signal]) : extra.signal;
    const ctx: ToolContext = {
      cwd: opts.cwd, config: opts.config, signal, log: opts.log,
      progress: (message) => {
        if (token === undefined || signal.aborted || ended) return;
        const params = { progressToken: token, progress: ++step, message };
        sending = sending.then(() => extra.sendNotification({ method: 'notifications/progress', params })).then(() => { sent = true; }, () => {});
      },
    };
    opts.log.write(`veval mcp: ${tool.name} ${JSON.stringify(parsed.data).slice(0, 300)}\n`);
    const running = tool.run(parsed.data, ctx);
    inflight.add(running);
    const settle = async () => {
      ended = true;
      await sending;
      // The SDK's client handles a notification a microtask later than a response read in the same
      // chunk, so a progress read together with its result is "for an unknown token" (SDK issue
      // #2580). No gap in time survives a loaded client; a ping does: the client answers it only
      // after reading everything written before it, so the result is always a later read.
      if (sent && client.reading) await extra.sendRequest({ method: 'ping' }, EmptyResultSchema, { timeout: PROGRESS_FENCE_MS }).catch(() => {});
    };
    try {
      const result = await running;
      await settle();
      return content(result);
    } catch (err) {
      await settle();
      const e = toToolError(err);
      opts.log.write(`veval mcp: ${tool.name} failed (${e.data.reason}, exit ${e.data.exitCode}): ${e.message.split('\n')[0]}\n`);
      throw e;
    } finally {
      inflight.delete(running);
      if (signal.aborted) opts.log.write(`veval mcp: ${tool.name} cancelled; its run stopped\n`);
    }
  });
  return server;
}

/** Serves over stdin/stdout until stdin closes (the client went away) or `signal` aborts. Anything
 *  else that writes to stdout (a stray console.log) is sent to stderr: stdout is the protocol's. */
export async function serveStdio(opts: ServeOptions): Promise<void> {
  const realWrite = process.stdout.write.bind(process.stdout) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const protocolOut = new Writable({ write(chunk, _enc, cb) { realWrite(chunk, cb); } });
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => (process.stderr.write as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write;
  const server = createServer(opts);
  const transport = new StdioServerTransport(process.stdin, protocolOut);
  const closed = new Promise<void>((resolve) => { server.onclose = () => resolve(); });
  // close once the calls under way have settled: their answers go out (stdin closed after a piped
  // request), or their runs have closed browser and app server (a signal cancelled them)
  const closeAfterCalls = () => { void Promise.allSettled([...inflight]).then(() => new Promise((r) => setTimeout(r, 50))).then(() => server.close()).catch(() => {}); };
  process.stdin.once('end', () => { client.reading = false; closeAfterCalls(); });
  opts.signal?.addEventListener('abort', closeAfterCalls, { once: true });
  await server.connect(transport);
  opts.log.write(`veval mcp ${TOOL_VERSION}: serving ${TOOLS.length} tools over stdio in ${opts.cwd}\n`);
  await closed;
}

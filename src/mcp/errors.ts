// veval's typed failures as MCP (JSON-RPC) errors: the same reasons as the CLI's exit codes, so an
// agent tells "your input is wrong" (exit 2) from "veval could not run" (exit 3) without parsing
// words. error.data = { reason, exitCode, problems?, hint? }. A verdict (pass/fail, exit 0/1) is a
// result, never an error; a refusal (approve without confirm) is an error with reason "refused".
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { EXIT, FatalError, InputError, WriteError, describeError } from '../core/errors.js';

export type Reason = 'input' | 'refused' | 'fatal' | 'write' | 'internal';

export interface ErrorData { reason: Reason; exitCode: number; problems?: string[]; hint?: string }

/** Thrown by a tool for a call it will not carry out (approve without confirm: true). */
export class RefusedError extends Error {
  constructor(message: string) { super(message); this.name = 'RefusedError'; }
}

/** What the SDK's protocol layer sends as the JSON-RPC error: its code, message and data as they are
 *  (an McpError would prefix "MCP error <code>:" to the message, and the client prefixes it again). */
export class ToolError extends Error {
  constructor(readonly code: number, message: string, readonly data: ErrorData) { super(message); this.name = 'ToolError'; }
}

export function toToolError(err: unknown): ToolError {
  if (err instanceof ToolError) return err;
  if (err instanceof InputError) return new ToolError(ErrorCode.InvalidParams, err.problems.join('\n'), { reason: 'input', exitCode: EXIT.input, problems: err.problems });
  if (err instanceof RefusedError) return new ToolError(ErrorCode.InvalidRequest, err.message, { reason: 'refused', exitCode: EXIT.fail });
  if (err instanceof WriteError) return new ToolError(ErrorCode.InternalError, err.message, { reason: 'write', exitCode: err.gateFailed ? EXIT.fail : EXIT.fatal });
  if (err instanceof FatalError) return new ToolError(ErrorCode.InternalError, err.message, { reason: 'fatal', exitCode: EXIT.fatal, ...(err.hint ? { hint: err.hint } : {}) });
  return new ToolError(ErrorCode.InternalError, `internal error: ${describeError(err)}`, { reason: 'internal', exitCode: EXIT.fatal });
}

/** Arguments the input schema rejects: bad input, exit 2, one problem per line ("viewports.0: …"). */
export function argumentError(tool: string, issues: { path: PropertyKey[]; message: string }[]): ToolError {
  const problems = issues.map((i) => `${tool}: ${i.path.length ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`);
  return new ToolError(ErrorCode.InvalidParams, problems.join('\n'), { reason: 'input', exitCode: EXIT.input, problems });
}

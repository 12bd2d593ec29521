// Built-in defaults for the options every command shares. Each is written here once; the CLI's
// resolver (src/cli/resolve.ts) takes flag → config → these, in that order.
import os from 'node:os';

/** The artifacts folder, relative to the project root. */
export const DEFAULT_OUT = 'evals';
/** Run folders kept under <out>/runs (the latest completed one and running ones are never pruned). */
export const DEFAULT_KEEP_RUNS = 20;
/** PNG bytes of the images in one `veval mcp` tool result (config `mcp.maxImageBytes`). */
export const DEFAULT_MCP_MAX_IMAGE_BYTES = 1_000_000;
/** A capture unit that keeps progressing (a stage begun, a full-page shot taken: a 12 000 px page's
 *  shots take seconds each on a loaded machine) may run this many unit timeouts in all before it fails. */
export const UNIT_CAP = 3;
/** Parallel browser contexts: the core count, at most 4 (more contexts than cores only contend). */
export const defaultWorkers = () => Math.max(1, Math.min(4, os.availableParallelism()));

/** Playwright's takeFirst: the first value that is set. */
export function takeFirst<T>(...values: (T | undefined | null)[]): T {
  for (const v of values) if (v !== undefined && v !== null) return v;
  return undefined as T;
}

// One resolution of the options every command shares, flag → config → default (Playwright's
// takeFirst): the project root (the config's folder, found upward from cwd as git finds its
// repository), the artifacts folder, workers and keepRuns. Every command starts here, so `out:` in
// the config means the same folder to `run`, `gate`, `approve`, `verify` and `merge`.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_KEEP_RUNS, DEFAULT_MCP_MAX_IMAGE_BYTES, DEFAULT_OUT, defaultWorkers, takeFirst } from '../core/defaults.js';
import { InputError } from '../core/errors.js';
import { shown } from '../core/paths.js';
import { configFileOf } from '../spec/project.js';
import { readYaml } from '../spec/source.js';
import { schemaCheck } from '../spec/schema-errors.js';
import type { ConfigInput } from '../spec/schema.js';

export interface ResolvedOptions {
  cwd: string;
  /** project root: the config file's folder, else cwd */
  root: string;
  configFile: string | null;
  /** artifacts folder, absolute (--out is relative to cwd, the config's out: to the root) */
  out: string;
  workers: number;
  keepRuns: number;
  /** `veval mcp`: PNG bytes of the images in one tool result */
  mcpMaxImageBytes: number;
}

export interface SharedFlags { config?: string; out?: string; workers?: number | string }

/** The config's own values for the shared options; schema problems are usage errors (exit 2). */
function configValues(file: string | null, cwd: string): Pick<ConfigInput, 'out' | 'workers' | 'keepRuns' | 'mcp'> {
  if (!file) return {};
  const { source, problems } = readYaml(file, shown(file, cwd), 'config');
  if (!source) throw new InputError(problems);
  const { problems: sp, valid } = schemaCheck(source, 'config');
  const bad = sp.filter((p) => /\b(out|workers|keepRuns|mcp)\b/.test(p));
  if (bad.length) throw new InputError(bad);
  const c = (valid.data ?? {}) as ConfigInput;
  return { out: c.out, workers: c.workers, keepRuns: c.keepRuns, mcp: c.mcp };
}

export function workersFlag(v: number | string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InputError([`--workers "${v}": expected a whole number from 1 to 64`]);
  return n;
}

export function resolveOptions(flags: SharedFlags, cwd = process.cwd()): ResolvedOptions {
  const configFile = configFileOf(cwd, flags.config);
  if (flags.config && configFile && !fs.existsSync(configFile)) throw new InputError([`${flags.config}:1:1 config file not found`]);
  const root = configFile ? path.dirname(configFile) : cwd;
  const cfg = configValues(configFile, cwd);
  const out = flags.out !== undefined ? path.resolve(cwd, String(flags.out)) : path.resolve(root, takeFirst(cfg.out, DEFAULT_OUT));
  return {
    cwd, root, configFile, out,
    workers: takeFirst(workersFlag(flags.workers), cfg.workers, defaultWorkers()),
    keepRuns: takeFirst(cfg.keepRuns, DEFAULT_KEEP_RUNS),
    mcpMaxImageBytes: takeFirst(cfg.mcp?.maxImageBytes, DEFAULT_MCP_MAX_IMAGE_BYTES),
  };
}

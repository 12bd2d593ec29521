// Temporary folders and tiny projects written for black-box tests of the real CLI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(REPO, 'src', 'cli', 'main.ts');
/** tsx's loader by absolute URL: `--import tsx` would resolve from the temp project's folder. */
export const TSX = pathToFileURL(path.join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export function tmpDir(prefix = 'veval-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes { "rel/path": "content" } under dir. */
export function writeTree(dir: string, tree: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(tree)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

export interface CliResult { code: number | null; stdout: string; stderr: string }

/** Runs the real CLI (through tsx, so tests need no build) in `cwd`. */
export function runCli(args: string[], cwd: string, env: Record<string, string | undefined> = {}, timeoutMs = 240_000): CliResult {
  const r = spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env }, encoding: 'utf8', timeout: timeoutMs,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

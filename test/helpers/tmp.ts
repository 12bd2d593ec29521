// Temporary folders and tiny projects written for black-box tests of the real CLI. Every test's
// temp folder comes from tmpDir() and is removed when the test process exits (KEEP_TMP=1 keeps
// them for inspection and says where they are).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(REPO, 'src', 'cli', 'main.ts');
/** tsx's loader by absolute URL: `--import tsx` would resolve from the temp project's folder. */
export const TSX = pathToFileURL(path.join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Whether dist/ is the build of the sources as they are (scripts/build.sh's rule: nothing in src/,
 *  package.json or tsconfig.json newer than its stamp). */
function buildIsCurrent(): boolean {
  const stamp = path.join(REPO, 'dist', '.build-stamp');
  if (!fs.existsSync(stamp)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  const newer = (p: string): boolean => {
    const st = fs.statSync(p);
    return st.isDirectory() ? fs.readdirSync(p).some((e) => newer(path.join(p, e))) : st.mtimeMs > built;
  };
  return !['src', 'package.json', 'tsconfig.json'].some((p) => newer(path.join(REPO, p)));
}

/** How tests start the real CLI: the build (dist/cli/main.js, what users run) when it is current —
 *  `npm test` builds it first, and each start through tsx's loader costs about one CPU-second more,
 *  on some hundreds of starts — else src/cli/main.ts through tsx, so a test run on edited sources
 *  without a build still tests those sources. */
export const CLI_ARGS: readonly string[] = buildIsCurrent() ? [path.join(REPO, 'dist', 'cli', 'main.js')] : ['--import', TSX, CLI];

const made: string[] = [];

/** Removes every folder tmpDir() made in this process, unless KEEP_TMP=1. */
function cleanUp(): void {
  if (!made.length) return;
  if (process.env.KEEP_TMP === '1') {
    process.stderr.write(`KEEP_TMP=1: kept ${made.length} temp folder(s), e.g. ${made[0]}\n`);
    return;
  }
  // synchronous: this runs in 'exit', where nothing asynchronous happens any more
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
process.once('exit', cleanUp);

/** A fresh folder in the temp dir, removed when this test process exits. */
export function tmpDir(prefix = 'veval-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
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

/** Runs the real CLI (CLI_ARGS: the current build, else the sources through tsx) in `cwd`. */
export function runCli(args: string[], cwd: string, env: Record<string, string | undefined> = {}, timeoutMs = 240_000): CliResult {
  const r = spawnSync(process.execPath, [...CLI_ARGS, ...args], {
    cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env }, encoding: 'utf8', timeout: timeoutMs,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** runCli without blocking this process (a server the test runs keeps answering the CLI's browser). */
export function runCliAsync(args: string[], cwd: string, env: Record<string, string | undefined> = {}, timeoutMs = 240_000): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env } });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

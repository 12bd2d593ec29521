// Atomic file writes: write a temp file next to the target, then rename, so a reader (or a crash)
// never sees half a file.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { WriteError } from './errors.js';

/** Test hook: a disk filling up cannot be produced on this machine (root, no tiny mounts), so
 * VEVAL_TEST_FAIL_WRITE=<path suffix> makes writes of matching files fail with ENOSPC after half
 * the data reached the temp file. Unset (always, outside tests) it does nothing. */
function writeTemp(tmp: string, file: string, data: string | Uint8Array): void {
  const suffix = process.env.VEVAL_TEST_FAIL_WRITE;
  if (suffix && file.split(path.sep).join('/').endsWith(suffix)) {
    fs.writeFileSync(tmp, typeof data === 'string' ? data.slice(0, data.length >> 1) : data.subarray(0, data.length >> 1));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${tmp}'`), { code: 'ENOSPC' });
  }
  fs.writeFileSync(tmp, data);
}

/** Writes `file` whole or not at all. A failure is a WriteError naming the file and the step
 *  that failed (creating its folder, writing the temp file, renaming it into place). */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const failed = (op: string, err: unknown) => new WriteError(`cannot write ${file} (${op}): ${(err as Error)?.message ?? err}`, false, err);
  try { fs.mkdirSync(path.dirname(file), { recursive: true }); } catch (err) { throw failed(`creating the folder ${path.dirname(file)}`, err); }
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  let op = 'writing the temp file';
  try {
    writeTemp(tmp, file, data);
    op = 'renaming the temp file into place';
    fs.renameSync(tmp, file);
  } catch (err) {
    try { fs.rmSync(tmp, { force: true }); } catch { /* the original error matters more */ }
    throw failed(op, err);
  }
}

export function writeJsonAtomic(file: string, value: unknown): void {
  writeFileAtomic(file, JSON.stringify(value, null, 2) + '\n');
}

/** Reads JSON; returns null when the file is missing. Throws on unreadable/invalid content. */
export function readJsonIfExists<T>(file: string): T | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err: any) {
    if (err?.code === 'ENOENT') return null;
    throw err;
  }
  return JSON.parse(text) as T;
}

export const sha256 = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

// Atomic file writes: write a temp file next to the target, then rename, so a reader (or a crash)
// never sees half a file.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (err) {
    try { fs.rmSync(tmp, { force: true }); } catch { /* the original error matters more */ }
    throw err;
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

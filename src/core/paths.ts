// Files named in specs stay inside the project root, symlinks resolved: a spec must not be able to
// read /etc/passwd into a judge prompt or a report.
import fs from 'node:fs';
import path from 'node:path';

export type Resolved = { abs: string; rel: string } | { error: string };

export function isInside(root: string, abs: string): boolean {
  const r = path.relative(root, abs);
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
}

/** Resolves `p` (relative to baseDir) and requires it to exist inside root, after symlinks. */
export function resolveInside(root: string, baseDir: string, p: string, mustExist = true): Resolved {
  const abs = path.resolve(baseDir, p);
  const realRoot = fs.realpathSync(root);
  if (!isInside(root, abs) && !isInside(realRoot, abs)) return { error: `"${p}" is outside the project folder ${root}` };
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch {
    if (!mustExist) return { abs, rel: path.relative(root, abs).split(path.sep).join('/') };
    return { error: `"${p}" not found (looked for ${abs})` };
  }
  if (!isInside(realRoot, real)) return { error: `"${p}" leads outside the project folder (through a symbolic link to ${real})` };
  return { abs: real, rel: path.relative(realRoot, real).split(path.sep).join('/') };
}

/** "specs/x.yaml" relative to cwd when inside it, else absolute — how files are named in messages. */
export function shown(abs: string, cwd = process.cwd()): string {
  const r = path.relative(cwd, abs);
  return r && !r.startsWith('..') && !path.isAbsolute(r) ? r.split(path.sep).join('/') : abs;
}

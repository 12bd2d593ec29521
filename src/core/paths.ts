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

/** The real path of `abs`: symlinks resolved on the part of it that exists, the rest appended. */
export function realPathOf(abs: string): string {
  const missing: string[] = [];
  for (let p = path.resolve(abs); ; p = path.dirname(p)) {
    try { return path.join(fs.realpathSync(p), ...missing.reverse()); } catch (err: any) {
      if (err?.code !== 'ENOENT' && err?.code !== 'ENOTDIR') throw err;
      if (path.dirname(p) === p) return path.resolve(abs);
      missing.push(path.basename(p));
    }
  }
}

/** Why `abs` (a baseline, a run folder, a cache file — `what` names it) may not be read or
 *  written: it lies outside the project root once symlinks are resolved. null when it is inside.
 *  `explicitOutside`: a path that is outside the project as written (an --out or --run the user
 *  named, e.g. /tmp/artifacts) is their choice; only a link from inside the project to outside is
 *  refused. */
export function outsideRoot(root: string, abs: string, what: string, explicitOutside = false): string | null {
  let realRoot: string, real: string;
  try { realRoot = fs.realpathSync(root); real = realPathOf(abs); } catch (err: any) {
    return `${what}: cannot resolve ${abs} (${err?.code ?? err?.message})`;
  }
  if (isInside(realRoot, real)) return null;
  const lexical = isInside(root, path.resolve(abs)) || isInside(realRoot, path.resolve(abs));
  if (!lexical && explicitOutside) return null;
  return lexical
    ? `${what} ${shown(abs, root)} leads outside the project folder ${root} (through a symbolic link to ${real}); refusing to follow it`
    : `${what} ${abs} is outside the project folder ${root}`;
}

/** outsideRoot as an exception, for callers that stop at the first one. */
export class OutsideRootError extends Error {
  constructor(message: string) { super(message); this.name = 'OutsideRootError'; }
}

export function assertInsideRoot(root: string, abs: string, what: string): string {
  const why = outsideRoot(root, abs, what);
  if (why) throw new OutsideRootError(why);
  return abs;
}

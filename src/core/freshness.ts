// What a run was made from: git SHA and a hash of the working tree (tracked files and untracked
// files git does not ignore), leaving out the artifacts and baselines folders so that approving
// baselines or writing a report does not make a run stale.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sha256 } from './fsx.js';
import { DEFAULT_OUT } from './defaults.js';

const ALWAYS_EXCLUDED = [DEFAULT_OUT, 'baselines', '.veval-cache', 'node_modules', '.git'];

function git(root: string, args: string[]): string | null {
  const r = spawnSync('git', args, { cwd: root, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0 || r.error) return null;
  return r.stdout.toString('utf8');
}

export function gitSha(root: string): string | null {
  const out = git(root, ['rev-parse', '--verify', '-q', 'HEAD']);
  return out ? out.trim() : null;
}

function excluded(rel: string, extra: string[]): boolean {
  const first = rel.split('/')[0];
  return ALWAYS_EXCLUDED.includes(first) || extra.some((e) => rel === e || rel.startsWith(e + '/'));
}

function walk(root: string, dir: string, out: string[], extra: string[]): void {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, ent.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (excluded(rel, extra)) continue;
    if (ent.isDirectory()) walk(root, full, out, extra);
    else if (ent.isFile() || ent.isSymbolicLink()) out.push(rel);
  }
}

/** A veval artifacts folder: run folders under runs/, or a `latest` naming one (a link, a copied
 *  folder, or a file holding its name as older versions wrote). */
export function isArtifactsFolder(dir: string): boolean {
  const has = (...p: string[]) => fs.existsSync(path.join(dir, ...p, 'run.json'));
  try { if (has('latest')) return true; } catch { /* not a folder */ }
  try {
    const name = fs.readFileSync(path.join(dir, 'latest'), 'utf8').trim();
    if (name && has(...name.split('/'))) return true;
  } catch { /* no latest file */ }
  try { return fs.readdirSync(path.join(dir, 'runs')).some((n) => has('runs', n)); } catch { return false; }
}

/** Top-level folders that are veval artifacts folders, e.g. shard outputs written with --out:
 *  they are results, not part of what was evaluated. */
function artifactFolders(root: string): string[] {
  return fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && isArtifactsFolder(path.join(root, e.name))).map((e) => e.name);
}

/** The files that make up the working tree, relative and sorted. */
export function treeFiles(root: string, extraExcluded: string[] = []): string[] {
  const skip = [...extraExcluded, ...artifactFolders(root)];
  const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  let files: string[];
  if (listed !== null) files = [...new Set(listed.split('\0').filter(Boolean))];
  else { files = []; walk(root, root, files, skip); }
  return files.filter((f) => !excluded(f, skip)).sort();
}

/** path → sha256 of content (a deleted tracked file is left out: it is not in the tree). */
export function treeManifest(root: string, extraExcluded: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of treeFiles(root, extraExcluded)) {
    const full = path.join(root, rel);
    try {
      const st = fs.lstatSync(full);
      out[rel] = st.isSymbolicLink() ? sha256('link:' + fs.readlinkSync(full)) : st.isFile() ? sha256(fs.readFileSync(full)) : '';
    } catch { /* deleted since listing */ }
  }
  return out;
}

export function hashManifest(m: Record<string, string>): string {
  return sha256(Object.keys(m).sort().map((k) => `${k}\0${m[k]}`).join('\n'));
}

export function treeHash(root: string, extraExcluded: string[] = []): string {
  return hashManifest(treeManifest(root, extraExcluded));
}

/** True when the tree differs from HEAD (outside evals/ and baselines/), or there is no git. */
export function isDirty(root: string, extraExcluded: string[] = []): boolean {
  const out = git(root, ['status', '--porcelain', '-z', '--untracked-files=all']);
  if (out === null) return true;
  extraExcluded = [...extraExcluded, ...artifactFolders(root)];
  return out.split('\0').filter(Boolean).some((line) => {
    const p = line.slice(3);
    return p && !excluded(p, extraExcluded);
  });
}

export interface Freshness { runId: string; gitSha: string | null; treeHash: string; dirty: boolean; files: Record<string, string> }

export function freshness(root: string, outRel = DEFAULT_OUT): Freshness {
  const extra = [outRel.replace(/\/+$/, '')];
  const files = treeManifest(root, extra);
  const hash = hashManifest(files);
  const sha = gitSha(root);
  const dirty = sha === null || isDirty(root, extra);
  return { runId: !dirty && sha ? sha : `worktree-${hash.slice(0, 16)}`, gitSha: sha, treeHash: hash, dirty, files };
}

/** Names what changed between a recorded manifest and now (for `veval verify`). */
export function diffManifests(before: Record<string, string>, now: Record<string, string>): { added: string[]; removed: string[]; changed: string[] } {
  const added = Object.keys(now).filter((k) => !(k in before)).sort();
  const removed = Object.keys(before).filter((k) => !(k in now)).sort();
  const changed = Object.keys(now).filter((k) => k in before && before[k] !== now[k]).sort();
  return { added, removed, changed };
}

// Verdict cache keyed by content: model, template version, rendered prompt and image hashes
// (never the API key or endpoint credentials). The raw answer is stored, not the verdict, so a
// hit is re-verified with today's code exactly like a fresh answer.
import fs from 'node:fs';
import path from 'node:path';
import { sha256, writeJsonAtomic } from '../core/fsx.js';
import { outsideRoot } from '../core/paths.js';

export interface CachedAnswer { version: 1; key: string; model: string | null; content: string; usage: { prompt: number; completion: number } | null; at: string }

/** JSON with object keys sorted at every depth: equal values, equal text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((v as any)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export interface CacheKeyParts { model: string; templateVersion: string; system: string; user: string; images: string[]; maxTokens: number; schema: unknown }
export const cacheKey = (parts: CacheKeyParts) => sha256(canonicalJson(parts));

export const defaultCacheDir = (root: string) => path.join(root, '.veval-cache', 'judge');

/** A missing, unreadable or foreign entry is a miss (the call is made again), never an error. */
/** `root`: the project the cache belongs to; an entry that symbolic links take out of it is never
 *  read (a miss) nor written (a warning). */
export function readCache(dir: string, key: string, root?: string): CachedAnswer | null {
  if (root && outsideRoot(root, path.join(dir, `${key}.json`), 'judge cache entry')) return null;
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as CachedAnswer;
    return v?.version === 1 && v.key === key && typeof v.content === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Best effort: a cache that cannot be written costs a later call, not this verdict. */
export function writeCache(dir: string, entry: CachedAnswer, root?: string): string | null {
  const outside = root ? outsideRoot(root, path.join(dir, `${entry.key}.json`), 'judge cache entry') : null;
  if (outside) return `judge cache not written: ${outside}`;
  try {
    writeJsonAtomic(path.join(dir, `${entry.key}.json`), entry);
    return null;
  } catch (err) {
    return `judge cache not written: ${(err as Error).message}`;
  }
}

// Verdict cache keyed by content: model, template version, rendered prompt and image hashes
// (never the API key or endpoint credentials). The raw answer is stored, not the verdict, so a
// hit is re-verified with today's code exactly like a fresh answer.
import fs from 'node:fs';
import path from 'node:path';
import { sha256, writeJsonAtomic } from '../core/fsx.js';

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
export function readCache(dir: string, key: string): CachedAnswer | null {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as CachedAnswer;
    return v?.version === 1 && v.key === key && typeof v.content === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Best effort: a cache that cannot be written costs a later call, not this verdict. */
export function writeCache(dir: string, entry: CachedAnswer): string | null {
  try {
    writeJsonAtomic(path.join(dir, `${entry.key}.json`), entry);
    return null;
  } catch (err) {
    return `judge cache not written: ${(err as Error).message}`;
  }
}

// The baselines lock: `approve` and `run --update-baselines` never interleave their writes. The
// claim (core/claim.ts) is a file in baselines/; the second one waits, then fails naming who holds
// it. Runs need no baselines lock: each writes its own run folder.
import fs from 'node:fs';
import path from 'node:path';
import { FatalError } from '../../core/errors.js';
import { claim, describeHolder, lockWaitMs, type ClaimHolder } from '../../core/claim.js';
import { baselineDir } from './baselines.js';

export const LOCK_FILE = '.veval.lock';

export type LockHolder = ClaimHolder;

/** Runs `fn` holding the baselines lock of project `root`; waits up to `waitMs` for another holder. */
export async function withBaselineLock<T>(root: string, command: string, fn: () => Promise<T>, waitMs = lockWaitMs()): Promise<T> {
  let dir: string;
  try { dir = baselineDir({ root }); } catch (err) { throw new FatalError((err as Error).message); }
  const created = !fs.existsSync(dir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const release = await claim(file, {
    command, waitMs,
    mkdir: () => fs.mkdirSync(dir, { recursive: true }),
    broken: (err) => new FatalError(`cannot claim the baselines lock ${file}: ${err?.message ?? err}`),
    busy: (holder) => new FatalError(`the baselines are locked by ${describeHolder(holder)}; waited ${Math.round(waitMs / 1000)} s`,
      `wait for it to finish; if no veval is running, remove ${file}`),
  });
  try {
    return await fn();
  } finally {
    release();
    // a baselines folder made only to hold the claim goes again (nothing was approved)
    if (created) try { fs.rmdirSync(dir); } catch { /* not empty: baselines were written */ }
  }
}

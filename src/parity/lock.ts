// The baselines lock: `approve` and `run --update-baselines` never interleave their writes. The
// claim is a file created exclusively (O_EXCL) in baselines/, holding the owner's pid, host,
// command and start time. A claim is stale when its process is gone (same host) or, from another
// host, older than STALE_MS; a stale claim is taken over. Otherwise the second one waits, then
// fails naming who holds it. Runs need no lock: each writes its own run folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FatalError } from '../core/errors.js';
import { baselineDir } from './baselines.js';

export const LOCK_FILE = '.veval.lock';
const STALE_MS = 10 * 60_000;

export interface LockHolder { pid: number; host: string; command: string; since: string }

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch (err: any) { return err?.code === 'EPERM'; } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readHolder(file: string): LockHolder | null {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder; } catch { return null; }
}

function isStale(h: LockHolder | null, file: string): boolean {
  if (!h || typeof h.pid !== 'number') {
    // a claim being written right now is empty for a moment: stale only when it stays unreadable
    try { return Date.now() - fs.statSync(file).mtimeMs > 5000; } catch { return true; }
  }
  if (h.host === os.hostname()) return !alive(h.pid);
  return Date.now() - Date.parse(h.since) > STALE_MS;
}

const describe = (h: LockHolder | null) => h ? `process ${h.pid} on ${h.host} (${h.command}, since ${h.since})` : 'an unreadable claim';

/** Runs `fn` holding the baselines lock of project `root`; waits up to `waitMs` for another holder. */
export async function withBaselineLock<T>(root: string, command: string, fn: () => Promise<T>, waitMs = Number(process.env.VEVAL_LOCK_WAIT_MS ?? 60_000)): Promise<T> {
  let dir: string;
  try { dir = baselineDir({ root }); } catch (err) { throw new FatalError((err as Error).message); }
  const created = !fs.existsSync(dir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: os.hostname(), command, since: new Date().toISOString() };
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = fs.openSync(file, 'wx');
      try { fs.writeSync(fd, JSON.stringify(me) + '\n'); } finally { fs.closeSync(fd); }
      break;
    } catch (err: any) {
      // the folder went away (a holder that made it removed it again): make it and try again
      if (err?.code === 'ENOENT' && Date.now() < deadline) { fs.mkdirSync(dir, { recursive: true }); continue; }
      if (err?.code !== 'EEXIST') throw new FatalError(`cannot claim the baselines lock ${file}: ${err?.message ?? err}`);
    }
    const holder = readHolder(file);
    if (isStale(holder, file)) {
      // take over under a second exclusive claim, re-checking there: two processes taking over
      // at once never remove a claim that a third has just made
      const guard = `${file}.takeover`;
      try {
        fs.mkdirSync(guard);
        try { if (JSON.stringify(readHolder(file)) === JSON.stringify(holder) && isStale(readHolder(file), file)) fs.rmSync(file, { force: true }); } finally { fs.rmdirSync(guard); }
      } catch (err: any) {
        if (err?.code === 'EEXIST' && Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 5000) fs.rmSync(guard, { recursive: true, force: true });
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new FatalError(`the baselines are locked by ${describe(holder)}; waited ${Math.round(waitMs / 1000)} s`,
        `wait for it to finish; if no veval is running, remove ${file}`);
    }
    await sleep(150);
  }
  try {
    return await fn();
  } finally {
    const h = readHolder(file);
    if (h && h.pid === me.pid && h.since === me.since) fs.rmSync(file, { force: true });
    // a baselines folder made only to hold the claim goes again (nothing was approved)
    if (created) try { fs.rmdirSync(dir); } catch { /* not empty: baselines were written */ }
  }
}

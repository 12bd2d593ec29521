// An exclusive claim on a file (created with O_EXCL), holding the owner's pid, host, command and
// start time: the baselines lock and the app server's port claim. A claim is stale when its process
// is gone (same host) or, from another host, older than STALE_MS; a stale claim is taken over.
// Otherwise the second one waits, then fails naming who holds it.
import fs from 'node:fs';
import os from 'node:os';

const STALE_MS = 10 * 60_000;

/** How long a second claimant waits (VEVAL_LOCK_WAIT_MS, default 60 s). */
export const lockWaitMs = () => Number(process.env.VEVAL_LOCK_WAIT_MS ?? 60_000);

export interface ClaimHolder { pid: number; host: string; command: string; since: string }

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch (err: any) { return err?.code === 'EPERM'; } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function readHolder(file: string): ClaimHolder | null {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')) as ClaimHolder; } catch { return null; }
}

function isStale(h: ClaimHolder | null, file: string): boolean {
  if (!h || typeof h.pid !== 'number') {
    // a claim being written right now is empty for a moment: stale only when it stays unreadable
    try { return Date.now() - fs.statSync(file).mtimeMs > 5000; } catch { return true; }
  }
  if (h.host === os.hostname()) return !alive(h.pid);
  return Date.now() - Date.parse(h.since) > STALE_MS;
}

export const describeHolder = (h: ClaimHolder | null) => h ? `process ${h.pid} on ${h.host} (${h.command}, since ${h.since})` : 'an unreadable claim';

export interface ClaimOptions {
  command: string;
  waitMs: number;
  /** the error when the wait is over and another holder still has it */
  busy: (holder: ClaimHolder | null) => Error;
  /** a failure to create the claim other than "taken" */
  broken: (err: Error) => Error;
  /** a missing folder (removed by a holder that made it): make it again */
  mkdir?: () => void;
}

/** Claims `file`, waiting up to waitMs for another holder; resolves to the release function. */
export async function claim(file: string, o: ClaimOptions): Promise<() => void> {
  const me: ClaimHolder = { pid: process.pid, host: os.hostname(), command: o.command, since: new Date().toISOString() };
  const deadline = Date.now() + o.waitMs;
  for (;;) {
    try {
      const fd = fs.openSync(file, 'wx');
      try { fs.writeSync(fd, JSON.stringify(me) + '\n'); } finally { fs.closeSync(fd); }
      break;
    } catch (err: any) {
      if (err?.code === 'ENOENT' && o.mkdir && Date.now() < deadline) { o.mkdir(); continue; }
      if (err?.code !== 'EEXIST') throw o.broken(err);
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
    if (Date.now() >= deadline) throw o.busy(holder);
    await sleep(150);
  }
  return () => {
    const h = readHolder(file);
    if (h && h.pid === me.pid && h.since === me.since) fs.rmSync(file, { force: true });
  };
}

// CPU time of this process and every process it started (the browser's too), from /proc: what a
// piece of work costs whatever else the machine is doing. Wall time on a loaded machine says how
// busy the machine was; CPU time says what the work needs (on idle cores the wall time of serial
// work is about this, less what the browser's processes did in parallel). Linux only; elsewhere 0.
import fs from 'node:fs';

const TICK_MS = 10;   // USER_HZ is 100 on Linux

/** utime + stime (ms) of this process and all its descendants; a descendant that ended (a page's
 *  renderer) is in its parent's cutime + cstime once reaped, so those count too. */
export function treeCpuMs(root = process.pid): number {
  let entries: string[];
  try { entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return 0; }
  const parent = new Map<number, number>(), ticks = new Map<number, number>();
  for (const d of entries) {
    let stat: string;
    try { stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8'); } catch { continue; }
    // the command name may hold spaces and parentheses: fields count from the last ')'
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parent.set(Number(d), Number(f[1]));
    ticks.set(Number(d), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  const inTree = (pid: number): boolean => { for (let p = pid, n = 0; p > 1 && n < 64; p = parent.get(p) ?? 0, n++) if (p === root) return true; return false; };
  let sum = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) sum += t;
  return sum * TICK_MS;
}

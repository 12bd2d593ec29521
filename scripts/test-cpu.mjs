// Preloaded into every test file's process by scripts/test.sh: at exit, appends the CPU seconds the
// file cost to $VEVAL_TEST_CPU_LOG, which scripts/test-times.mjs reads for its table. On 2 cores
// wall time says how busy the machine was; CPU says what a file costs the run.
// What counts: this process and every child it waited for (/proc/self/stat: the CLI runs it
// spawned, a browser's main process), plus the browsers' helper processes anywhere below it
// (Chromium's renderers, GPU, zygote: `--type=` on their command line; Firefox's `-contentproc`).
// Those die with the browser's process group when it closes and are reaped by init, so they never
// reach this process's children's time (measured on a page-heavy test: 9.6 of ~28 CPU-s counted
// without them, 28.1 with); they are sampled every half second instead, so a helper's last half
// second can be missed.
import fs from 'node:fs';
import path from 'node:path';

const log = process.env.VEVAL_TEST_CPU_LOG;
const file = process.argv[1];
const HZ = 100;   // USER_HZ: 100 on Linux
const fields = (stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');   // from field 3 (state) on

if (log && file && /\.test\.[cm]?[jt]s$/.test(file) && !process.execArgv.includes('--test')) {
  const helpers = new Map();   // pid:start time → its own CPU s, last seen
  const sample = () => {
    try {
      const parent = new Map(), stats = new Map();
      for (const d of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(d)) continue;
        try { const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8'); const f = fields(s); parent.set(Number(d), Number(f[1])); stats.set(Number(d), f); } catch { /* gone */ }
      }
      const below = (pid) => { for (let p = parent.get(pid), n = 0; p && n < 64; p = parent.get(p), n++) if (p === process.pid) return true; return false; };
      for (const [pid, f] of stats) {
        if (!below(pid)) continue;
        let cmd = '';
        try { cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { continue; }
        if (!cmd.includes('--type=') && !cmd.includes('-contentproc')) continue;   // Chromium's helpers, Firefox's content processes
        // its own time only: what a helper reaped (a zygote its renderers) is sampled as itself
        helpers.set(`${pid}:${f[19]}`, (Number(f[11]) + Number(f[12])) / HZ);   // pid + start time: pids are reused
      }
    } catch { /* not Linux: no helper column */ }
  };
  setInterval(sample, 500).unref();
  process.on('exit', () => {
    try {
      const f = fields(fs.readFileSync('/proc/self/stat', 'utf8'));
      const own = [11, 12, 13, 14].reduce((t, i) => t + Number(f[i]), 0) / HZ;
      const browserHelpers = [...helpers.values()].reduce((t, c) => t + c, 0);
      fs.appendFileSync(log, JSON.stringify({ file: path.resolve(file), cpu: own + browserHelpers }) + '\n');
    } catch { /* not Linux: no CPU column */ }
  });
}

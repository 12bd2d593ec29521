// Preloaded into every test file's process by scripts/test.sh: at exit, appends the CPU seconds the
// file cost — its own and its waited-for children's (the browsers it launched and closed, the CLI
// runs it spawned), from /proc/self/stat — to $VEVAL_TEST_CPU_LOG, which scripts/test-times.mjs
// reads for its table. On 2 cores the suite is CPU-bound, so CPU, not wall time, says what a file
// costs the run (a file waiting on timers lets the others run).
import fs from 'node:fs';
import path from 'node:path';

const log = process.env.VEVAL_TEST_CPU_LOG;
const file = process.argv[1];
if (log && file && /\.test\.[cm]?[jt]s$/.test(file) && !process.execArgv.includes('--test')) {
  process.on('exit', () => {
    try {
      // fields after the command name: utime stime cutime cstime are 14–17 (1-based) in proc(5)
      const stat = fs.readFileSync('/proc/self/stat', 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((t, i) => t + Number(f[i]), 0);   // USER_HZ: 100 on Linux
      fs.appendFileSync(log, JSON.stringify({ file: path.resolve(file), cpu: ticks / 100 }) + '\n');
    } catch { /* not Linux: no CPU column */ }
  });
}

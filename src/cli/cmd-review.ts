// review: serve a completed run's report with Approve / Reject / Undo beside each capture and each
// group of identical changes (src/review/), open it in the system's browser, and stop on Ctrl-C or
// when idle. The static index.html is untouched: the page is rendered anew from report.json with
// the review script added.
import { spawn } from 'node:child_process';
import { EXIT, FatalError, InputError } from '../core/errors.js';
import { describeState, pickRun } from '../core/run-folder.js';
import { files } from '../core/run.js';
import { readReport, typed } from '../report/load.js';
import { forTerminal } from '../report/terminal.js';
import type { CommonOptions } from './common.js';
import { ioOf, resolved } from './common.js';

export type ReviewFlags = CommonOptions & { port?: unknown; open?: boolean; idle?: unknown };

export const DEFAULT_IDLE = '10m';
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** --idle: "90s", "10m", "1h", "500ms" or seconds ("600"); 0 never stops. */
export function idleMs(v: unknown): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(String(v ?? DEFAULT_IDLE).trim());
  if (!m) throw new InputError([`--idle ${String(v)}: expected a duration such as 30s, 10m or 1h (0: never stop when idle)`]);
  return Math.round(Number(m[1]) * UNITS[m[2] ?? 's']);
}

function portOf(v: unknown): number {
  if (v === undefined) return 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535 || String(v).trim() === '') throw new InputError([`--port ${String(v)}: expected a port number 1–65535 (0 or none: a free one)`]);
  return n;
}

/** The system's opener, detached: open (macOS), start (Windows), xdg-open (elsewhere). */
function openInBrowser(url: string, say: (s: string) => void): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', (err) => say(`veval review: could not open a browser (${cmd}: ${err.message}); open ${url} yourself`));
    child.unref();
  } catch (err) { say(`veval review: could not open a browser (${(err as Error).message}); open ${url} yourself`); }
}

export async function cmdReview(opts: ReviewFlags): Promise<number> {
  const io = ioOf(opts);
  const say = (s: string) => io.stdout.write(forTerminal(s) + '\n');
  const port = portOf(opts.port);
  const idle = idleMs(opts.idle);
  const r = resolved(opts);
  const { run, info, state, note } = pickRun(r.root, r.out, 'completed', opts.run, io.cwd);
  // approving needs a completed run; reviewing one that is still running or died would record
  // decisions about captures the gate never judged
  if (state !== 'completed') throw new InputError([`run ${run.runId} is ${describeState(info, state)}: only a completed run (its gate wrote report.json) can be reviewed; run \`veval run\` again`]);
  let report;
  try { report = readReport(run.runDir); } catch (err) { throw new InputError([`run ${run.runId}: ${(err as Error).message}; run \`veval run\` again`]); }
  const [{ ReviewSession }, { startReviewServer }, { renderHtml }, { whoApproves }] = await Promise.all([
    import('../review/session.js'), import('../review/server.js'), import('../report/html.js'), import('../parity/approve/index.js')]);
  const session = new ReviewSession(run, report, { root: r.root, out: r.out, cwd: io.cwd, config: opts.config }, whoApproves(r.root), io.cwd);
  let server;
  try {
    server = await startReviewServer({
      runDir: run.runDir, session, port, idleMs: idle,
      page: (token) => renderHtml(report, { runPath: typed(run.runDir, io.cwd), review: { token, idleMs: idle } }),
    });
  } catch (err: any) {
    if (err?.code === 'EADDRINUSE') throw new FatalError(`--port ${port}: the port is in use`, 'choose another with --port, or leave it out for a free one');
    throw err;
  }
  say(`veval: ${note}`);
  say(`veval review: ${server.url} — approve (a), reject (r), undo each capture or group; Ctrl-C stops${idle ? `, as do ${opts.idle ?? DEFAULT_IDLE} without a request` : ''}`);
  if (opts.open !== false) openInBrowser(server.url, say);
  const onAbort = () => { void server.close(); };
  io.signal?.addEventListener('abort', onAbort, { once: true });
  const why = await server.stopped;
  io.signal?.removeEventListener('abort', onAbort);
  const s = session.state();
  say(`veval review: stopped (${why === 'idle' ? `idle for ${opts.idle ?? DEFAULT_IDLE}` : 'interrupted'}): ${s.summary.approved} approved, ${s.summary.rejected} rejected, ${s.summary.left} left${s.summary.approved + s.summary.rejected ? ` — decisions in ${typed(run.runDir, io.cwd)}/${files.review}` : ''}`);
  if (s.commit) say(`commit the baselines: ${s.commit}`);
  return EXIT.pass;
}

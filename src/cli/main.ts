#!/usr/bin/env node
// The veval binary: runs main() on the process's arguments and streams, and is the only place that
// calls process.exit. An interrupt (SIGINT/SIGTERM) aborts the command's signal, so a run stops
// cleanly with partial results marked incomplete; a second one exits at once (130).
import { main } from './cli.js';

const ctrl = new AbortController();
let listened = false;   // only a command that reads io.signal stops cleanly; any other just exits
const onSignal = (sig: string) => {
  if (!listened || ctrl.signal.aborted) process.exit(130);
  // the one line an interrupt prints: the reporters fall silent once the signal is aborted
  // review writes each decision as it is made: stopping it loses nothing
  const what = argv[0] === 'review' ? 'closing the review server; every decision is in review.json' : 'closing the browser and app server; the partial report is marked incomplete';
  process.stderr.write(`\nveval: ${sig} — stopping: ${what} (${sig} again to force)\n`);
  ctrl.abort(new Error(sig));
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

const argv = process.argv.slice(2);
const io = {
  stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), argv,
  get signal() { listened = true; return ctrl.signal; },
};
main(argv, io).then((code) => {
  // Let pending writes flush before exiting: a pipe takes ~64 KB at a time, and process.exit right
  // after a big write (a long list of problems, large --json output) would cut it short.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});

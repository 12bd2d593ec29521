#!/usr/bin/env node
// The veval command line. The only place that calls process.exit, through one mapping from
// outcome to exit code: 0 pass · 1 fail · 2 invalid input · 3 could not run.
import { cac } from 'cac';
import { describeError, EXIT, FatalError, InputError, WriteError } from '../core/errors.js';
import { TOOL_VERSION } from '../core/version.js';
import { linesForTerminal } from '../report/terminal.js';
import { registerCommands } from './commands.js';
import { normalizeOptions } from './options.js';

const cli = cac('veval');
registerCommands(cli);
cli.help();
cli.version(TOOL_VERSION);

/** Writes the lines in one piece (each one made safe for a terminal: problems quote spec text) and exits once they are flushed: a pipe takes ~64 KB at a time,
 *  and process.exit right after a big write would cut the list of problems short. */
function fail(code: number, lines: string[]): void {
  process.stderr.write(linesForTerminal(lines).join('\n') + '\n', () => process.exit(code));
}

async function main(): Promise<number> {
  const parsed = cli.parse(process.argv, { run: false });
  if (parsed.options.help || parsed.options.version) return EXIT.pass;
  if (!cli.matchedCommand) {
    const name = cli.args[0];
    if (name) throw new InputError([`unknown command "${name}"; run \`veval --help\` for the list`]);
    cli.outputHelp();
    return EXIT.input;
  }
  normalizeOptions(cli.options, cli.matchedCommand!, process.argv.slice(2));
  const result = await cli.runMatchedCommand();
  return typeof result === 'number' ? result : EXIT.pass;
}

main().then(
  (code) => {
    // Let pending stdout writes flush before exiting (large --json output through a pipe).
    process.stdout.write('', () => process.exit(code));
  },
  (err: unknown) => {
    if (err instanceof InputError) return fail(EXIT.input, err.problems);
    if (err instanceof FatalError) return fail(err instanceof WriteError && err.gateFailed ? EXIT.fail : EXIT.fatal, [`veval: ${err.message}`, ...(err.hint ? [`  fix: ${err.hint}`] : [])]);
    if (err && (err as any).name === 'CACError') return fail(EXIT.input, [`veval: ${(err as Error).message} (see \`veval --help\`)`]);
    const e = err as Error;
    return fail(EXIT.fatal, [`veval: internal error: ${describeError(e)}`, ...(process.env.VEVAL_DEBUG ? [String(e?.stack)] : ['  (set VEVAL_DEBUG=1 for the stack)'])]);
  },
);

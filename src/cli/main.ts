#!/usr/bin/env node
// The veval command line. The only place that calls process.exit, through one mapping from
// outcome to exit code: 0 pass · 1 fail · 2 invalid input · 3 could not run.
import { cac } from 'cac';
import { EXIT, FatalError, InputError } from '../core/errors.js';
import { TOOL_VERSION } from '../core/version.js';
import { registerCommands } from './commands.js';

const cli = cac('veval');
registerCommands(cli);
cli.help();
cli.version(TOOL_VERSION);

function fail(code: number, lines: string[]): never {
  for (const l of lines) process.stderr.write(l + '\n');
  process.exit(code);
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
  const result = await cli.runMatchedCommand();
  return typeof result === 'number' ? result : EXIT.pass;
}

main().then(
  (code) => {
    // Let pending stdout writes flush before exiting (large --json output through a pipe).
    process.stdout.write('', () => process.exit(code));
  },
  (err: unknown) => {
    if (err instanceof InputError) fail(EXIT.input, err.problems);
    if (err instanceof FatalError) fail(EXIT.fatal, [`veval: ${err.message}`, ...(err.hint ? [`  fix: ${err.hint}`] : [])]);
    if (err && (err as any).name === 'CACError') fail(EXIT.input, [`veval: ${(err as Error).message} (see \`veval --help\`)`]);
    const e = err as Error;
    fail(EXIT.fatal, [`veval: internal error: ${e?.message ?? String(err)}`, ...(process.env.VEVAL_DEBUG ? [String(e?.stack)] : ['  (set VEVAL_DEBUG=1 for the stack)'])]);
  },
);

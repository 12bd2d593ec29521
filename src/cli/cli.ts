// The veval command line as a function: main(argv, io) parses, runs one command and returns its
// exit code through one mapping from outcome to code (0 pass · 1 fail · 2 invalid input · 3 could
// not run). It never exits the process: main.ts does, and tests call this in process.
import { cac } from 'cac';
import { describeError, EXIT, FatalError, InputError, WriteError } from '../core/errors.js';
import { TOOL_VERSION } from '../core/version.js';
import { linesForTerminal } from '../report/terminal.js';
import { registerCommands } from './commands.js';
import { normalizeOptions } from './options.js';
import type { CliIO } from './common.js';

export type { CliIO } from './common.js';

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const cli = cac('veval');
  registerCommands(cli, io);
  cli.help();
  cli.version(TOOL_VERSION);
  const parsed = cli.parse(['node', 'veval', ...argv], { run: false });
  if (parsed.options.help || parsed.options.version) return EXIT.pass;
  if (!cli.matchedCommand) {
    const name = cli.args[0];
    if (name) throw new InputError([`unknown command "${name}"; run \`veval --help\` for the list`]);
    cli.outputHelp();
    return EXIT.input;
  }
  normalizeOptions(cli.options, cli.matchedCommand, argv);
  const result = await cli.runMatchedCommand();
  return typeof result === 'number' ? result : EXIT.pass;
}

/** Runs one veval command; problems go to io.stderr as one located line each, never a stack. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  // each line made safe for a terminal: problems quote spec text
  const fail = (code: number, lines: string[]) => { io.stderr.write(linesForTerminal(lines).join('\n') + '\n'); return code; };
  try {
    return await dispatch(argv, io);
  } catch (err) {
    if (err instanceof InputError) return fail(EXIT.input, err.problems);
    // a report not written after a failed gate is still exit 1 (the gate's verdict); else 3
    if (err instanceof FatalError) return fail(err instanceof WriteError && err.gateFailed ? EXIT.fail : EXIT.fatal, [...`veval: ${err.message}`.split(/\r?\n/), ...(err.hint ? [`  fix: ${err.hint}`] : [])]);
    if (err && (err as any).name === 'CACError') return fail(EXIT.input, [`veval: ${(err as Error).message} (see \`veval --help\`)`]);
    const e = err as Error;
    return fail(EXIT.fatal, [`veval: internal error: ${describeError(e)}`, ...(process.env.VEVAL_DEBUG ? [String(e?.stack)] : ['  (set VEVAL_DEBUG=1 for the stack)'])]);
  }
}

// cac (mri) turns "--grep 1e3" into the number 1000 and a repeated option into an array. Values
// are taken back from argv as the text that was typed; an option given twice is refused, except
// the ones that add up (--viewport, --reporter, --step).
import type { Command } from 'cac';
import { InputError } from '../core/errors.js';

const REPEATABLE = new Set(['viewport', 'reporter', 'step', 'stress']);

/** The raw values of `--name` in argv (before "--"): `--name v`, `--name=v`; true when given bare. */
function rawValues(argv: string[], names: string[]): (string | true)[] {
  const out: (string | true)[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    for (const n of names) {
      const flag = n.length === 1 ? `-${n}` : `--${n}`;
      if (a === flag) {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('-')) out.push(true);
        else { out.push(next); i++; }
      } else if (a.startsWith(flag + '=')) out.push(a.slice(flag.length + 1));
    }
  }
  return out;
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** Rewrites the parsed options of `command` in place: strings as typed, repeats refused. */
export function normalizeOptions(options: Record<string, unknown>, command: Command, argv: string[]): void {
  const problems: string[] = [];
  for (const opt of command.options) {
    if (opt.isBoolean) continue;
    const values = rawValues(argv, opt.names.map(kebab));
    if (!values.length) continue;
    const flag = `--${kebab(opt.name)}`;
    if (values.length > 1 && !REPEATABLE.has(opt.name)) {
      problems.push(`${flag} is given ${values.length} times (${values.map((v) => v === true ? '(no value)' : `"${v}"`).join(', ')}); give it once`);
      continue;
    }
    const strings = values.map((v) => v === true ? v : String(v));
    options[opt.name] = strings.length === 1 ? strings[0] : strings;
  }
  if (problems.length) throw new InputError(problems);
}

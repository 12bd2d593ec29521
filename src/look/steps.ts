// --step "action:argument": the spec's declarative steps, written on one command line.
import { InputError } from '../core/errors.js';
import type { StepInput } from '../spec/schema.js';

/** action → how its argument becomes the spec's step (the schema then checks it like any spec). */
const FORMS: Record<string, (arg: string) => unknown> = {
  click: (a) => a, hover: (a) => a, check: (a) => a, uncheck: (a) => a, waitFor: (a) => a,
  scroll: (a) => a,
  press: (a) => a,
  wait: (a) => Number(a),
  // selector=value: the value is what follows the last "=" outside brackets and quotes
  fill: (a) => valued(a), select: (a) => valued(a),
};

export const STEP_HELP = 'click:SEL, hover:SEL, check:SEL, uncheck:SEL, waitFor:SEL, scroll:SEL, press:KEY, wait:MS, fill:SEL=TEXT, select:SEL=VALUE';

function valued(a: string): { selector: string; value: string } | null {
  let depth = 0, quote = '';
  let cut = -1;
  for (let i = 0; i < a.length; i++) {
    const c = a[i];
    if (quote) { if (c === quote) quote = ''; continue; }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === '=' && depth === 0) { cut = i; break; }
  }
  return cut > 0 ? { selector: a.slice(0, cut), value: a.slice(cut + 1) } : null;
}

export function parseSteps(given: string[]): StepInput[] {
  const problems: string[] = [];
  const steps = given.map((s) => {
    const m = /^([A-Za-z]+):(.*)$/s.exec(s);
    const form = m ? FORMS[m[1]] : undefined;
    const value = form && m![2].trim() ? form(m![2].trim()) : null;
    if (!form || value === null || (m![1] === 'wait' && !Number.isInteger(value))) {
      problems.push(`--step "${s}": expected one of ${STEP_HELP}`);
      return null;
    }
    return { [m![1]]: value } as StepInput;
  });
  if (problems.length) throw new InputError(problems);
  return steps as StepInput[];
}

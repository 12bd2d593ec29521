// --step "action:argument": the spec's declarative steps, written on one command line; each verb
// module (src/steps/<verb>.ts) says how its argument becomes the spec's step (the schema then checks
// it like any spec).
import { InputError } from '../core/errors.js';
import type { StepInput } from '../spec/schema.js';
import { STEP_HELP, verbOf } from '../steps/registry.js';

export { STEP_HELP };

export function parseSteps(given: string[]): StepInput[] {
  const problems: string[] = [];
  const steps = given.map((s) => {
    const m = /^([A-Za-z]+):(.*)$/s.exec(s);
    const verb = m ? verbOf(m[1]!) : undefined;
    const value = verb && m![2]!.trim() ? verb.cli.parse(m![2]!.trim()) : null;
    if (!verb || value === null) {
      problems.push(`--step "${s}": expected one of ${STEP_HELP}`);
      return null;
    }
    return { [verb.verb]: value } as StepInput;
  });
  if (problems.length) throw new InputError(problems);
  return steps as StepInput[];
}

import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { SelectorValue, stepFrame, target, valued } from './lib.js';

export interface SelectStep extends StepBase<'select'> { value: string | string[] }

export const verb = defineVerb({
  verb: 'select',
  order: 50,
  description: 'choose option(s) in a <select>',
  value: Type.Object({ selector: SelectorValue, ...stepFrame, value: Type.Union([Type.String(), Type.Array(Type.String())], { description: 'option value(s) (or labels) to choose' }) }, { additionalProperties: false, description: '{ selector, value }: choose option(s) in a <select>' }),
  plan: (raw, source): SelectStep => ({ action: 'select', selector: raw.selector, source, value: raw.value }),
  run: async (page, step, timeout) => { await target(page, step).selectOption(step.value ?? [], { timeout }); },
  describe: (s) => `select ${s.selector} = ${JSON.stringify(s.value)}`,
  cli: { form: 'SEL=VALUE', parse: valued },
  example: 'select: { selector: "#country", value: FR }',
  snippet: { select: { selector: '${1:#select}', value: '${2:option}' } },
});

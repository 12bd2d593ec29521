import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { SelectorValue, stepFrame, target, valued } from './lib.js';

export interface FillStep extends StepBase<'fill'> { value: string }

export const verb = defineVerb({
  verb: 'fill',
  order: 20,
  description: 'type a value into a field',
  value: Type.Object({ selector: SelectorValue, ...stepFrame, value: Type.String({ description: 'the text typed into the field (replaces what is there)' }) }, { additionalProperties: false, description: '{ selector, value }: type value into the field' }),
  plan: (raw, source): FillStep => ({ action: 'fill', selector: raw.selector, source, value: raw.value }),
  run: async (page, step, timeout) => { await target(page, step).fill(String(step.value ?? ''), { timeout }); },
  describe: (s) => `fill ${s.selector} = ${JSON.stringify(s.value)}`,
  cli: { form: 'SEL=TEXT', parse: valued },
  example: 'fill: { selector: "#email", value: "a@b.co" }',
  snippet: { fill: { selector: '${1:#field}', value: '${2:text}' } },
});

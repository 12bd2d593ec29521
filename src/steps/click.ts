import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { pointerAct, selectorOf, selOrObj, target } from './lib.js';

export interface ClickStep extends StepBase<'click'> { button?: 'left' | 'right' | 'middle' }

export const verb = defineVerb({
  verb: 'click',
  order: 10,
  description: 'click an element',
  value: selOrObj({ button: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('right'), Type.Literal('middle')], { description: 'mouse button (default left)' })) }, 'click an element'),
  plan: (raw, source): ClickStep => (typeof raw === 'string' ? { action: 'click', selector: raw, source } : { action: 'click', selector: selectorOf(raw), source, button: raw.button }),
  run: async (page, step, timeout) => { const el = target(page, step); await pointerAct(el, step, timeout, (o) => el.click({ ...o, button: step.button })); },
  describe: (s) => `click ${s.selector}${s.button && s.button !== 'left' ? ` (${s.button} button)` : ''}`,
  cli: { form: 'SEL', parse: (a) => a },
  example: 'click: "#pay"',
  snippet: { click: '${1:#selector}' },
});

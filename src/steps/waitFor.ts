import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { selOrObj, target } from './lib.js';

export interface WaitForStep extends StepBase<'waitFor'> { state: 'visible' | 'attached' | 'hidden' | 'detached' }

export const verb = defineVerb({
  verb: 'waitFor',
  order: 90,
  description: 'wait until an element appears',
  value: selOrObj({
    state: Type.Optional(Type.Union([Type.Literal('visible'), Type.Literal('attached'), Type.Literal('hidden'), Type.Literal('detached')], { description: 'what to wait for (default visible)' })),
    timeout: Type.Optional(Type.Integer({ minimum: 0, description: 'ms to wait (default 5000); the state fails naming the step when it passes' })),
  }, 'wait until an element appears'),
  plan: (raw, source): WaitForStep => (typeof raw === 'string'
    ? { action: 'waitFor', selector: raw, source, state: 'visible' }
    : { action: 'waitFor', selector: raw.selector, source, state: raw.state ?? 'visible', timeout: raw.timeout }),
  run: async (page, step, timeout) => { await target(page, step).waitFor({ state: step.state ?? 'visible', timeout }); },
  describe: (s) => `waitFor ${s.selector} (${s.state})`,
  cli: { form: 'SEL', parse: (a) => a },
  example: 'waitFor: "[role=alert]"',
  snippet: { waitFor: '${1:#selector}' },
});

import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';

export interface WaitStep extends StepBase<'wait'> { ms: number }

export const verb = defineVerb({
  verb: 'wait',
  order: 100,
  description: 'wait a fixed time (ms)',
  value: Type.Integer({ minimum: 0, maximum: 60000, description: 'ms' }),
  plan: (raw, source): WaitStep => ({ action: 'wait', selector: null, source, ms: raw }),
  run: async (page, step) => { await page.waitForTimeout(step.ms ?? 0); },
  describe: (s) => `wait ${s.ms} ms`,
  cli: { form: 'MS', parse: (a) => (Number.isInteger(Number(a)) ? Number(a) : null) },
  example: 'wait: 300',
  snippet: { wait: 300 },
});

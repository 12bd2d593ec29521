import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { SelectorValue } from './lib.js';

export interface ScrollStep extends StepBase<'scroll'> { x?: number; y?: number }

export const verb = defineVerb({
  verb: 'scroll',
  order: 80,
  description: 'scroll an element into view, or the page to x/y',
  value: Type.Union([SelectorValue, Type.Object({ x: Type.Optional(Type.Number({ description: 'page x offset in CSS px' })), y: Type.Optional(Type.Number({ description: 'page y offset in CSS px' })) }, { additionalProperties: false, description: '{ x, y }: scroll the page to this offset' })], { description: 'a CSS selector to scroll into view, or { x, y }' }),
  plan: (raw, source): ScrollStep => (typeof raw === 'string' ? { action: 'scroll', selector: raw, source } : { action: 'scroll', selector: null, source, x: raw.x ?? 0, y: raw.y ?? 0 }),
  run: async (page, step, timeout) => {
    if (step.selector) await page.locator(step.selector).first().scrollIntoViewIfNeeded({ timeout });
    else await page.evaluate(([x, y]) => window.scrollTo({ left: x, top: y, behavior: 'instant' as ScrollBehavior }), [step.x ?? 0, step.y ?? 0]);
  },
  describe: (s) => (s.selector ? `scroll to ${s.selector}` : `scroll to ${s.x},${s.y}`),
  cli: { form: 'SEL', parse: (a) => a },
  example: 'scroll: footer',
  snippet: { scroll: '${1:#selector}' },
});

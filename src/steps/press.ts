import { Type } from '@sinclair/typebox';
import { defineVerb, type StepBase } from './types.js';
import { SelectorValue, stepFrame, target } from './lib.js';
import { unknownKey } from '../spec/keys.js';

export interface PressStep extends StepBase<'press'> { key: string }

const COMMON_KEYS = ['Enter', 'Tab', 'Escape', 'Space', 'Backspace', 'Delete', 'ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'];

export const verb = defineVerb({
  verb: 'press',
  order: 30,
  description: 'press a key',
  value: Type.Union([
    Type.String({ minLength: 1, description: 'key, e.g. Enter' }),
    Type.Object({ key: Type.String({ minLength: 1, description: 'key name as Playwright knows it: Enter, Tab, Escape, ArrowDown, Control+A…' }), selector: Type.Optional(SelectorValue), ...stepFrame }, { additionalProperties: false, description: '{ key, selector }: press a key in an element' }),
  ], { description: 'a key name (pressed on the page), or { key, selector }' }),
  plan: (raw, source): PressStep => (typeof raw === 'string' ? { action: 'press', selector: null, source, key: raw } : { action: 'press', selector: raw.selector ?? null, source, key: raw.key }),
  run: async (page, step, timeout) => {
    if (step.selector) await target(page, step).press(step.key ?? '', { timeout });
    else await page.keyboard.press(step.key ?? '');
  },
  describe: (s) => `press ${s.key}${s.selector ? ` in ${s.selector}` : ''}`,
  validate: (raw, v) => {
    const key = typeof raw === 'string' ? raw : raw.key;
    const bad = unknownKey(key);
    if (bad !== null) v.problem(typeof raw === 'string' ? v.at : [...v.at, 'key'], `unknown key "${bad}" in press "${key}"${v.didYouMean(bad, COMMON_KEYS)} (Playwright key names, e.g. Enter, Tab, Control+A)`);
    if (typeof raw !== 'string' && raw.selector !== undefined) v.selector([...v.at, 'selector'], raw.selector);
  },
  cli: { form: 'KEY', parse: (a) => a },
  example: 'press: Enter',
  snippet: { press: '${1:Enter}' },
});

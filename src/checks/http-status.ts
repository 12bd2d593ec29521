import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'http-status',
    title: 'The route answers',
    description: 'The route itself answered with a 2xx/3xx status. A 4xx/5xx answer or no answer at all is a blocker: a broken page never passes because it has nothing to check.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    alwaysOn: true,
    options: Type.Object({}, { additionalProperties: false }),
  },
  run() {
    throw new Error('check http-status is not implemented yet');
  },
};

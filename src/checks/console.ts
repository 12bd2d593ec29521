import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'console',
    title: 'No console errors',
    description: 'Console errors and uncaught exceptions. Chromium own "Failed to load resource" lines are left to requests/http-status.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'regular expressions (source text) for messages to ignore' })),
    }, { additionalProperties: false }),
  },
  run() {
    throw new Error('check console is not implemented yet');
  },
};

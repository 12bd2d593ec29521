import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'requests',
    title: 'No failed requests',
    description: 'Subresource requests that failed (network error) or answered 4xx/5xx.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'URL glob patterns (* wildcard) to ignore' })),
    }, { additionalProperties: false }),
  },
  run() {
    throw new Error('check requests is not implemented yet');
  },
};

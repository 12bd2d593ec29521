import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'min-gap',
    title: 'Spacing between regions holds',
    description: 'Adjacent declared regions are at least px apart (collapsed spacing).',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      px: Type.Optional(Type.Number({ minimum: 0, description: 'minimum gap in CSS px between adjacent regions (default 8)' })),
      pairs: Type.Optional(Type.Array(Type.Tuple([Type.String(), Type.String()]), { description: 'only these pairs (default: every pair of vertically or horizontally adjacent regions)' })),
    }, { additionalProperties: false }),
  },
  run() {
    throw new Error('check min-gap is not implemented yet');
  },
};

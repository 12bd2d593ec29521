import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'task-order',
    title: 'Task order is the same on every viewport',
    description: 'Declared regions keep the same top-to-bottom reading order on every viewport as on the first, or follow the listed order. Reported on the viewport whose order differs.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      order: Type.Optional(Type.Array(Type.String(), { description: 'region names in their required top-to-bottom order' })),
    }, { additionalProperties: false }),
    shorthand: Type.Array(Type.String(), { description: 'region names in their required top-to-bottom order' }),
    fromShorthand: (v) => ({ order: v }),
  },
  run() {
    throw new Error('check task-order is not implemented yet');
  },
};

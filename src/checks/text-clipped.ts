import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'text-clipped',
    title: 'Text is not cut off',
    description: 'Text cut off inside its own box (overflow hidden, text-overflow: ellipsis, line clamp), naming the element and the hidden text.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'selectors whose clipping is intended' })),
      ellipsis: Type.Optional(Type.Boolean({ description: 'report text truncated with an ellipsis too (default true)' })),
      minHiddenPx: Type.Optional(Type.Number({ minimum: 0, description: 'ignore clipping smaller than this (default 1)' })),
    }, { additionalProperties: false }),
  },
  run() {
    throw new Error('check text-clipped is not implemented yet');
  },
};

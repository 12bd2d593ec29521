import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'overlap',
    title: 'Declared regions do not overlap',
    description: 'Declared regions whose boxes intersect (every pair with all, or listed pairs), with the intersection box.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    options: Type.Object({
      pairs: Type.Optional(Type.Union([Type.Literal('all'), Type.Array(Type.Tuple([Type.String(), Type.String()]), { description: 'pairs of region names' })])),
      tolerancePx: Type.Optional(Type.Number({ minimum: 0, description: 'intersections no larger than this in both directions are ignored (default 0)' })),
    }, { additionalProperties: false }),
    shorthand: Type.Union([Type.Literal('all'), Type.Array(Type.Tuple([Type.String(), Type.String()]))], { description: 'all, or a list of [regionA, regionB] pairs' }),
    fromShorthand: (v) => ({ pairs: v }),
  },
  run() {
    throw new Error('check overlap is not implemented yet');
  },
};

import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'overflow',
    title: 'No horizontal overflow',
    description: 'The document is not wider than the viewport; names the elements that stick out past the right edge and by how many px. Blocker below mobileMaxWidth, important above.',
    defaultSeverity: 'by-width',
    defaultEnabled: true,
    options: Type.Object({
      mobileMaxWidth: Type.Optional(Type.Integer({ minimum: 0, description: 'viewports narrower than this are mobile: overflow there is a blocker (default 768)' })),
      tolerancePx: Type.Optional(Type.Number({ minimum: 0, description: 'overflow up to this many px is ignored (default 0)' })),
    }, { additionalProperties: false }),
  },
  run() {
    throw new Error('check overflow is not implemented yet');
  },
};

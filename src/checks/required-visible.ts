import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'required-visible',
    title: 'Required elements are visible',
    description: 'Every required selector or text (from required: and the brief Must show list) is present and visible to a user as declared: inside the viewport at a reachable scroll position, not clipped by an overflow:hidden ancestor, not covered by another element, displayed, with size and opacity.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    alwaysOn: true,
    options: Type.Object({}, { additionalProperties: false }),
  },
  run() {
    throw new Error('check required-visible is not implemented yet');
  },
};

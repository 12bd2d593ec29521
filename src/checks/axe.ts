import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'axe',
    title: 'Accessibility (axe-core)',
    description: 'axe-core violations at or above the impact threshold. critical/serious → blocker, moderate → important, minor → polish. Masked elements are excluded.',
    defaultSeverity: 'by-impact',
    defaultEnabled: true,
    options: Type.Object({
      impact: Type.Optional(Type.Union([Type.Literal('minor'), Type.Literal('moderate'), Type.Literal('serious'), Type.Literal('critical')], { description: 'lowest impact reported (default moderate)' })),
      tags: Type.Optional(Type.Array(Type.String(), { description: 'axe rule tags to run, e.g. wcag2a, wcag2aa (default: all rules)' })),
      disable: Type.Optional(Type.Array(Type.String(), { description: 'axe rule ids to switch off' })),
      include: Type.Optional(Type.Array(Type.String(), { description: 'only analyse inside these selectors' })),
      exclude: Type.Optional(Type.Array(Type.String(), { description: 'do not analyse inside these selectors (masks are always excluded)' })),
    }, { additionalProperties: false }),
    needs: ['axe'],
  },
  run() {
    throw new Error('check axe is not implemented yet');
  },
};

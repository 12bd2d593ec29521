import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { groupedFindings } from './lib/group.js';

const ID = 'http-status';

export const check: Check = {
  meta: {
    id: ID,
    title: 'The route answers',
    description: 'The route itself answered with a 2xx/3xx status. A 4xx/5xx answer or no answer at all is a blocker: a broken page never passes because it has nothing to check. One finding per distinct status, listing the captures that saw it.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    alwaysOn: true,
    options: Type.Object({}, { additionalProperties: false }),
  },
  run(ctx) {
    return groupedFindings(ID, ctx.units, 'blocker', ({ record: r }) => {
      const url = r.finalUrl ?? r.url;
      // No answer from a unit whose capture failed is already the `capture` finding's story.
      if (r.httpStatus === null) {
        return r.ok ? [{ key: `none ${url}`, message: `the route gave no answer: ${url}`, evidence: { text: url, status: null } }] : [];
      }
      if (r.httpStatus < 400) return [];
      return [{ key: `${r.httpStatus} ${url}`, message: `the route answered HTTP ${r.httpStatus}: ${url}`, evidence: { text: url, status: r.httpStatus } }];
    });
  },
};

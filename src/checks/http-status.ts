import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { groupedFindings } from './lib/group.js';

const ID = 'http-status';
/** The route without its origin: a test server's port must not split one problem into groups. */
const path = (url: string) => { try { const u = new URL(url); return u.pathname + u.search; } catch { return url; } };

export const check: Check = {
  meta: {
    id: ID,
    title: 'The route answers',
    description: 'The route itself answered with a 2xx/3xx status. A 4xx/5xx answer or no answer at all is a blocker: a broken page never passes because it has nothing to check. One finding per capture that saw it; the captures that saw the same status share a `group` key.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    order: 10,
    score: 'structural',
    alwaysOn: true,
    options: Type.Object({}, { additionalProperties: false }),
  },
  run(ctx) {
    return groupedFindings(ID, ctx.units, 'blocker', ({ record: r }) => {
      const url = r.finalUrl ?? r.url;
      // No answer from a unit whose capture failed is already the `capture` finding's story.
      if (r.httpStatus === null) {
        return r.ok ? [{ key: `none ${path(url)}`, message: `the route gave no answer: ${url}`, evidence: { text: url, status: null } }] : [];
      }
      if (r.httpStatus < 400) return [];
      return [{ key: `${r.httpStatus} ${path(url)}`, message: `the route answered HTTP ${r.httpStatus}: ${url}`, evidence: { text: url, status: r.httpStatus } }];
    });
  },
};

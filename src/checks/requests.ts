import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { severityOf } from './lib/finding.js';
import { groupedFindings } from './lib/group.js';
import { globToRegExp } from './lib/text.js';

const ID = 'requests';

export const check: Check<{ ignore?: string[] }> = {
  meta: {
    id: ID,
    title: 'No failed requests',
    description: 'Subresource requests that failed (network error) or answered 4xx/5xx. The route document itself is left to http-status. The same URL failing in several captures is one finding.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'URL glob patterns (* wildcard) to ignore' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const ignore = (ctx.options.ignore ?? []).map(globToRegExp);
    return groupedFindings(ID, ctx.units, severityOf(ctx, 'important'), ({ record }) => record.failedRequests
      .filter((q) => !(q.resourceType === 'document' && (q.url === record.url || q.url === record.finalUrl)))
      .filter((q) => !ignore.some((re) => re.test(q.url)))
      .map((q) => {
        const how = q.status !== null ? `answered HTTP ${q.status}` : `failed (${q.failure ?? 'no answer'})`;
        return {
          key: `${q.url} ${q.status ?? q.failure}`,
          message: `${q.resourceType} request ${how}: ${q.url}`,
          evidence: { text: q.url, status: q.status, failure: q.failure, resourceType: q.resourceType },
        };
      }));
  },
};

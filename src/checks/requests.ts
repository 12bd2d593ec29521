import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { severityOf } from './lib/finding.js';
import { groupedFindings } from './lib/group.js';
import { globToRegExp } from './lib/text.js';

const ID = 'requests';

/** One request per URL: a 404 is often followed by a net::ERR_ABORTED for the same URL; keep the status. */
function onePerUrl<T extends { url: string; status: number | null }>(qs: T[]): T[] {
  const by = new Map<string, T>();
  for (const q of qs) { const had = by.get(q.url); if (!had || (had.status === null && q.status !== null)) by.set(q.url, q); }
  return [...by.values()];
}

/** A URL on the page's own origin as its path; any other URL whole. */
function relativeTo(url: string, page: string): string {
  try {
    const u = new URL(url), p = new URL(page);
    return u.origin === p.origin ? u.pathname + u.search : url;
  } catch { return url; }
}

export const check: Check<{ ignore?: string[] }> = {
  meta: {
    id: ID,
    title: 'No failed requests',
    description: 'Subresource requests that failed (network error) or answered 4xx/5xx. The route document itself is left to http-status. The same URL failing in several captures is one finding per capture, all with the same `group` key.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    order: 110,
    score: 'structural',
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'URL glob patterns (* wildcard) to ignore' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const ignore = (ctx.options.ignore ?? []).map(globToRegExp);
    return groupedFindings(ID, ctx.units, severityOf(ctx, 'important'), ({ record }) => onePerUrl(record.failedRequests
      .filter((q) => !(q.resourceType === 'document' && (q.url === record.url || q.url === record.finalUrl)))
      .filter((q) => !ignore.some((re) => re.test(q.url))))
      .map((q) => {
        const how = q.status !== null ? `answered HTTP ${q.status}` : `failed (${q.failure ?? 'no answer'})`;
        return {
          key: relativeTo(q.url, record.finalUrl || record.url),
          // the page's own origin is left out: a test server's port changes every run
          message: `${q.resourceType} request ${how}: ${relativeTo(q.url, record.finalUrl || record.url)}`,
          evidence: { text: q.url, status: q.status, failure: q.failure, resourceType: q.resourceType },
        };
      }));
  },
};

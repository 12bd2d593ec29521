import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { severityOf } from './lib/finding.js';
import { groupedFindings } from './lib/group.js';
import { globToRegExp } from './lib/text.js';

const ID = 'requests';

/** One request per URL: a 404 is often followed by a net::ERR_ABORTED for the same URL; keep the status. */
export function onePerUrl<T extends { url: string; status: number | null }>(qs: T[]): T[] {
  const by = new Map<string, T>();
  for (const q of qs) { const had = by.get(q.url); if (!had || (had.status === null && q.status !== null)) by.set(q.url, q); }
  return [...by.values()];
}

/** What the app is made of: a document, script or stylesheet of its own origin that fails leaves the
 *  page broken or blank (a blocker by default); other resources (images, fonts, a third party's
 *  script) are important. */
const OWN_CRITICAL = new Set(['document', 'script', 'stylesheet']);
export const sameOrigin = (url: string, page: string) => { try { return new URL(url).origin === new URL(page).origin; } catch { return false; } };
export const ownCritical = (q: { url: string; resourceType: string }, page: string) => OWN_CRITICAL.has(q.resourceType) && sameOrigin(q.url, page);

/** A URL on the page's own origin as its path; any other URL whole. */
function relativeTo(url: string, page: string): string {
  try {
    const u = new URL(url), p = new URL(page);
    return u.origin === p.origin ? u.pathname + u.search : url;
  } catch { return url; }
}

/** What a failed font or stylesheet did to the text: which families fell back to what. */
function fellBack(resourceType: string, fallbacks: { family: string; usedFont: string; elements: number }[] | undefined): string {
  if ((resourceType !== 'font' && resourceType !== 'stylesheet') || !fallbacks?.length) return '';
  const list = fallbacks.slice(0, 4).map((f) => `"${f.family}" → ${f.usedFont} (${f.elements} text ${f.elements === 1 ? 'node' : 'nodes'})`);
  return `; text fell back to other fonts: ${list.join(', ')}${fallbacks.length > 4 ? ` and ${fallbacks.length - 4} more` : ''}, so pixels differ from a page with its web fonts`;
}

export const check: Check<{ ignore?: string[] }> = {
  meta: {
    id: ID,
    title: 'No failed requests',
    description: 'Subresource requests that failed (network error) or answered 4xx/5xx: a document, script or stylesheet of the page\'s own origin is a blocker by default, any other resource important. The route document itself is left to http-status. A request the page gave up on is not a failure (the record lists it under `abandoned`): a speculative load it cancelled (prefetch, prerender, speculation rules, a router\'s prefetch) or one its document was navigated away from; a prefetch that answers 4xx/5xx still is one. The same URL failing in several captures is one finding per capture, all with the same `group` key.',
    defaultSeverity: 'by-resource',
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
          severity: severityOf(ctx, ownCritical(q, record.finalUrl || record.url) ? 'blocker' : 'important'),
          // the page's own origin is left out: a test server's port changes every run
          message: `${q.resourceType} request ${how}: ${relativeTo(q.url, record.finalUrl || record.url)}${fellBack(q.resourceType, record.fontFallbacks)}`,
          evidence: { text: q.url, status: q.status, failure: q.failure, resourceType: q.resourceType },
        };
      }));
  },
};

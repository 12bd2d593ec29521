// Page listeners that fill the record's console and failed-request lists while the unit runs.
// Page text is stored as data; reporters escape it.
import type { Page, Request } from 'playwright-core';
import type { CaptureRecord } from '../core/artifacts.js';

const MAX = 200;
const cut = (s: string) => (s.length > 2000 ? s.slice(0, 2000) + '…' : s);

function isMainDocument(page: Page, req: Request): boolean {
  try { return req.isNavigationRequest() && req.frame() === page.mainFrame(); } catch { return false; }
}

/**
 * Errors veval's own emulation causes, by class. Under `prefers-reduced-motion: reduce` a page whose
 * `@view-transition` opt-in sits in a `(prefers-reduced-motion: no-preference)` query has the
 * transition it started aborted ("Transition was aborted because of invalid state. ViewTransition
 * opt-in disabled"), and its unhandled `ready`/`finished` promise throws.
 */
export function emulationCause(text: string, reducedMotion: 'reduce' | 'no-preference'): string | undefined {
  if (reducedMotion === 'reduce' && /\bTransition was aborted\b|\bview ?transition\b.*\b(opt-in|skipped|aborted)\b/i.test(text)) {
    return 'veval emulates prefers-reduced-motion: reduce, which disabled the page\'s view transition opt-in; context.reducedMotion: no-preference captures the page without it';
  }
  return undefined;
}

/** A speculative load (prefetch, prerender, speculation rules, a router's prefetch): the page may drop it. */
export function isSpeculative(headers: Record<string, string>): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers['purpose'] ?? ''}`;
  return /\b(prefetch|prerender)\b/i.test(purpose) || 'next-router-prefetch' in headers;
}

const ABORTED = /ERR_ABORTED|NS_BINDING_ABORTED|cancel/i;

export function watchPage(page: Page, record: CaptureRecord, blocked: WeakSet<Request>, reducedMotion: 'reduce' | 'no-preference' = 'reduce'): void {
  // which main-frame navigation each request belongs to: one aborted after its document was left behind was given up, not failed
  let navigation = 0;
  const bornIn = new WeakMap<Request, number>();
  page.on('request', (req) => {
    if (isMainDocument(page, req)) navigation++;
    bornIn.set(req, navigation);
  });
  page.on('console', (m) => {
    if (m.type() !== 'error' || record.console.length >= MAX) return;
    const l = m.location();
    record.console.push({ type: 'error', text: cut(m.text()), location: l?.url ? `${l.url}:${l.lineNumber + 1}:${l.columnNumber + 1}` : null });
  });
  page.on('pageerror', (e) => {
    if (record.console.length >= MAX) return;
    const text = cut(String(e?.message ?? e));
    const causedBy = emulationCause(text, reducedMotion);
    record.console.push({ type: 'pageerror', text, location: null, ...(causedBy ? { causedBy } : {}) });
  });
  page.on('requestfailed', (req) => {
    if (blocked.has(req) || isMainDocument(page, req) || record.failedRequests.length >= MAX) return;
    const failure = req.failure()?.errorText ?? 'failed';
    if (ABORTED.test(failure)) {
      const why = isSpeculative(req.headers()) ? 'a speculative load (prefetch/prerender) the page cancelled'
        : (bornIn.get(req) ?? navigation) < navigation ? 'its document was navigated away from before it finished' : null;
      if (why) {
        const abandoned = (record.abandoned ??= []);
        if (abandoned.length < MAX) abandoned.push({ url: req.url(), resourceType: req.resourceType(), why });
        return;
      }
    }
    record.failedRequests.push({ url: req.url(), status: null, failure, resourceType: req.resourceType() });
  });
  page.on('response', (res) => {
    if (res.status() < 400 || isMainDocument(page, res.request()) || record.failedRequests.length >= MAX) return;
    record.failedRequests.push({ url: res.url(), status: res.status(), failure: null, resourceType: res.request().resourceType() });
  });
}

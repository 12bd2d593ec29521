// Page listeners that fill the record's console and failed-request lists while the unit runs.
// Page text is stored as data; reporters escape it.
import type { Page, Request } from 'playwright-core';
import type { CaptureRecord } from '../core/artifacts.js';

const MAX = 200;
const cut = (s: string) => (s.length > 2000 ? s.slice(0, 2000) + '…' : s);

function isMainDocument(page: Page, req: Request): boolean {
  try { return req.isNavigationRequest() && req.frame() === page.mainFrame(); } catch { return false; }
}

export function watchPage(page: Page, record: CaptureRecord, blocked: WeakSet<Request>): void {
  page.on('console', (m) => {
    if (m.type() !== 'error' || record.console.length >= MAX) return;
    const l = m.location();
    record.console.push({ type: 'error', text: cut(m.text()), location: l?.url ? `${l.url}:${l.lineNumber + 1}:${l.columnNumber + 1}` : null });
  });
  page.on('pageerror', (e) => {
    if (record.console.length < MAX) record.console.push({ type: 'pageerror', text: cut(String(e?.message ?? e)), location: null });
  });
  page.on('requestfailed', (req) => {
    if (blocked.has(req) || isMainDocument(page, req) || record.failedRequests.length >= MAX) return;
    record.failedRequests.push({ url: req.url(), status: null, failure: req.failure()?.errorText ?? 'failed', resourceType: req.resourceType() });
  });
  page.on('response', (res) => {
    if (res.status() < 400 || isMainDocument(page, res.request()) || record.failedRequests.length >= MAX) return;
    record.failedRequests.push({ url: res.url(), status: res.status(), failure: null, resourceType: res.request().resourceType() });
  });
}

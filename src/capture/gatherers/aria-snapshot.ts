// Playwright's ARIA snapshot of the body (YAML text): judge evidence and the report's reading of
// the page. Taken before the calm window: its reads painted frames (measured), which the window
// would count as the page's. A snapshot that fails is recorded as none, never fatal.
import type { Gatherer } from '../gatherer.js';

export const gatherer: Gatherer = {
  meta: { id: 'aria-snapshot', version: 1, what: 'the ARIA snapshot of the body (record.aria)', paints: true, fields: ['aria'], timing: 'aria' },
  slots: {
    async 'before-calm'({ page }) {
      try { return { record: { aria: await page.locator('body').ariaSnapshot({ timeout: 10_000 }) } }; } catch { return { record: { aria: null } }; }
    },
  },
};

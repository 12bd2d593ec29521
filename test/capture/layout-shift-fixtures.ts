// The layout-shift fixture pages (test/fixtures/layout-shift) and their server: /slow/<ms>/<path>
// answers a fixture file after <ms>, /font/display.ttf a system font (DejaVu Serif Bold, not
// committed) after 700 ms. Shared by the check's capture test and bench/layout-shift.ts.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import type { SpecPlan } from '../../src/spec/plan.js';
import { makeSpec, req, state, step } from './plan-fixture.js';

export const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
export const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';
const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.json': 'application/json', '.html': 'text/html' };

export function shiftServer(): Promise<StaticServer> {
  return serveStatic(FIXTURES, [(q, res) => {
    const slow = /^\/slow\/(\d+)\/([\w/.-]+)$/.exec(q.url ?? '');
    const font = q.url === '/font/display.ttf';
    if (!slow && !font) return false;
    const file = font ? FONT_FILE : path.join(FIXTURES, slow![2]);
    setTimeout(() => res.writeHead(200, { 'content-type': font ? 'font/ttf' : TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      .end(fs.readFileSync(file)), font ? 700 : Number(slow![1]));
    return true;
  }]);
}

/** The causes, each page failing as built and passing fixed (`<name>-fixed`). */
export const SHIFT_CASES = ['banner', 'image', 'font', 'error', 'ad'] as const;

/** A checkout page's spec: #pay required, the form a region; the error page is captured after its submit. */
export function shiftSpec(page: string, o: Partial<SpecPlan> & { checkOptions?: Record<string, false | Record<string, unknown>> } = {}): SpecPlan {
  const steps = page.startsWith('error') ? [step({ action: 'click', selector: '#pay' })] : [];
  return makeSpec(page, {
    route: `/layout-shift/${page}.html`, regions: { checkout: '#checkout' },
    states: [state(steps.length ? 'submitted' : 'default', [req({ selector: '#pay', name: 'Pay button' })], steps)],
    checkOptions: { 'layout-shift': {} },
    ...o,
  });
}

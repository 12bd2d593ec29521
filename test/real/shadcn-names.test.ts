// Issue 55 item 3, on the real shadcn/ui build (test/fixtures/shadcn-admin, MIT, see SOURCE.md): one
// element, one name across viewports. axe names a node by its rarest class in that DOM: the skip
// link was `.inset-s-44` at 1280 px (the sidebar has another `.fixed`) and `.fixed` at 390 px (no
// sidebar rendered), so its findings and debt did not match across viewports. veval names every
// node of the top document by its own selector, from the element's tag and classes up.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { axeResults } from '../../src/capture/gatherers/axe-results.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import type { AxeResultsLite } from '../../src/core/artifacts.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { REPO } from '../helpers/tmp.js';

const APP = path.join(REPO, 'test', 'fixtures', 'shadcn-admin');
let server: StaticServer, browser: Browser;
before(async () => { server = await serveStatic(APP, [], { fallback: 'index.html' }); browser = await launchTestBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The targets axe's skip-link rule reports on the dashboard at one viewport, veval's and axe's own. */
async function skipLink(width: number, isMobile: boolean) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, isMobile, hasTouch: isMobile });
  try {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.waitForSelector('main h1');
    const r = await axeResults(page, { impact: 'moderate' }, []) as AxeResultsLite;
    const node = r.violations.find((v) => v.id === 'skip-link')?.nodes[0];
    assert.ok(node, `skip-link reported at ${width} px: ${r.violations.map((v) => v.id).join(', ')}`);
    return { ours: node.target.join(' '), axe: (node.axeTarget ?? node.target).join(' ') };
  } finally { await ctx.close(); }
}

test('the skip link of a shadcn/ui app has one name at 1280 and 390 px (axe gives it two)', async () => {
  const wide = await skipLink(1280, false), narrow = await skipLink(390, true);
  // what axe alone says (the defect): two names for one element
  assert.notEqual(wide.axe, narrow.axe, `axe's own names: ${wide.axe} / ${narrow.axe}`);
  assert.equal(wide.ours, narrow.ours);
  assert.match(wide.ours, /^a\.fixed\.inset-s-44$/);
});

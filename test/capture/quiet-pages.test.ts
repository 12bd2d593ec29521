// Pages that react to resize are captured still and in their real state (issue 46): a tabs widget
// that rebuilds itself on every resize and a sidebar that collapses under 480 px, on pages written
// here in those idioms and on published ones (Foundation's Responsive Accordion Tabs test page,
// SB Admin 2; sources and licences beside them under test/fixtures/quiet/).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { captureRun } from '../../src/capture/index.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { desktop, makeRun, makeSpec, mobile, state, step } from './plan-fixture.js';
import { readRecord } from './helpers.js';

// the fixtures folder: the quiet/ pages and the published SB Admin 2 (shared with issue 33's tests)
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
let server: StaticServer, dir: string;
before(async () => { dir = tmpDir('veval-quiet-pages-'); server = await serveStatic(FIXTURES); });
after(async () => { await server?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

// stability as published (its defaults), a full-page capture; a loaded machine makes shots slow
// (6–8 s per full-page shot measured at load average 50), so the unit timeout is generous
const spec = (name: string, route: string, o: Parameters<typeof makeSpec>[1] = {}) =>
  makeSpec(name, { route, timeout: 300_000, wait: { for: 'load', selector: null, timeout: 60_000 }, network: { block: ['**/fonts.googleapis.com/**', '**/source.unsplash.com/**'], har: null, harUrl: null, harNotFound: 'abort' }, ...o });

test('tabs that rebuild themselves on resize and a sidebar that collapses under 480 px: still, and captured as the page shows them', async () => {
  const open = state('open', [], [step({ action: 'click', selector: '#sidebarToggle', timeout: 60_000 })]);
  // SB Admin 2's desktop toggle (at the foot of the sidebar; hidden on phones)
  const sbToggled = state('toggled', [], [step({ action: 'click', selector: '#sidebarToggle', timeout: 60_000 })]);
  const specs = [
    spec('own-tabs', '/quiet/tabs-reinit.html', { regions: { tabs: '.nav-tabs' } }),
    spec('own-sidebar', '/quiet/sidebar-480.html', { viewports: [desktop, mobile], states: [state('default'), open], regions: { sidebar: '.sidebar' } }),
    spec('foundation-tabs', '/quiet/foundation-responsive-accordion-tabs/visual/responsive-accordion-tabs/responsive-accordion-tabs.html', { regions: { tabs: '#example-tabs' } }),
    spec('sb-admin-2', '/sb-admin-2/blank.html', { viewports: [desktop, mobile], regions: { sidebar: '#accordionSidebar' } }),
    spec('sb-admin-2-toggled', '/sb-admin-2/blank.html', { states: [sbToggled], regions: { sidebar: '#accordionSidebar' } }),
  ];
  const run = makeRun(dir, specs, server.url);
  await captureRun(run, { workers: 2 });
  const rec = (name: string, st = 'default', vp = 'desktop') => {
    const r = readRecord(run, name, st, vp);
    assert.equal(r.ok, true, `${name} ${st}/${vp}: ${JSON.stringify(r.error)}`);
    assert.ok(r.stability.stable, `${name} ${st}/${vp} is still when nobody touches it: ${JSON.stringify(r.stability.changes ?? r.stability)}`);
    return r;
  };
  const width = (r: ReturnType<typeof rec>, region: string) => r.regions[region].box?.width ?? -1;

  // the tabs are tabs (not rebuilt as anything else) in the capture
  assert.match(rec('own-tabs').aria ?? '', /tablist[\s\S]*tab "Monthly" \[selected\]/);
  const foundation = rec('foundation-tabs');
  assert.match(foundation.aria ?? '', /tablist/, 'Foundation shows tabs at 1280 px (large-tabs), not an accordion');

  // the sidebar: open at desktop; on a phone, icon-only until the menu opens it, and then open
  assert.equal(width(rec('own-sidebar'), 'sidebar'), 224);
  assert.equal(width(rec('own-sidebar', 'default', 'mobile'), 'sidebar'), 72);
  assert.equal(width(rec('own-sidebar', 'open', 'mobile'), 'sidebar'), 104, 'the sidebar the user opened stays open in the capture');
  // SB Admin 2: 14rem at desktop, 6.5rem on a phone (its script collapses it to nothing on any
  // resize under 480 px); its toggle collapses it to 6.5rem at desktop
  assert.equal(width(rec('sb-admin-2'), 'sidebar'), 224);
  assert.equal(width(rec('sb-admin-2', 'default', 'mobile'), 'sidebar'), 104, 'the phone sidebar is not collapsed by the shot');
  assert.equal(width(rec('sb-admin-2-toggled', 'toggled'), 'sidebar'), 104, 'the click, not the shot, collapsed it');
});

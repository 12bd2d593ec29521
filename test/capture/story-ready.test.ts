// storyReady on the committed example Storybook (test/fixtures/storybook-example), served on
// 127.0.0.1, one Chromium for the file: each way a story's unit can end without a picture of the
// story — "No Preview", Storybook's error display, a story that renders nothing — is a story-error
// with Storybook's own words, and a story whose only content is beside its root (a portal) renders.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { storyReady } from '../../src/capture/storybook-plan.js';
import { UnitFault } from '../../src/capture/faults.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { storyUrl } from '../../src/spec/storybook.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { REPO } from '../helpers/tmp.js';

const TIMEOUT = 30_000;   // the preview loads its bundle first; the machine may be busy
let browser: Browser, srv: StaticServer, page: Page;

before(async () => {
  srv = await serveStatic(path.join(REPO, 'test/fixtures/storybook-example/storybook-static'));
  browser = await launchTestBrowser();
  page = await browser.newPage();
});
after(async () => { await browser?.close(); await srv?.close(); });

const story = (id: string) => ({ id, title: 'Example/Button', name: id, url: storyUrl(`${srv.url}/`, id) });
/** The fault storyReady ends with (null: the story rendered). */
async function outcome(id: string): Promise<UnitFault | null> {
  try { await storyReady(page, story(id), TIMEOUT); return null; } catch (err) {
    assert.ok(err instanceof UnitFault, String(err));
    return err;
  }
}

test('a story that renders is ready; its root emptied (a component that returns null) is "rendered nothing"; content only beside the root (a portal) counts', async () => {
  await page.goto(story('example-button--primary').url);
  assert.equal(await outcome('example-button--primary'), null);
  await page.evaluate(() => document.querySelector('#storybook-root')!.replaceChildren());
  const empty = await outcome('example-button--primary');
  assert.equal(empty?.reason, 'story-error');
  assert.match(empty!.message, /^Storybook could not render story "example-button--primary": the story rendered nothing \(its root is empty\)$/);
  await page.evaluate(() => { const d = document.createElement('div'); d.hidden = true; d.textContent = 'a hidden portal'; document.body.append(d); });
  assert.equal((await outcome('example-button--primary'))?.reason, 'story-error', 'text nobody sees is not a rendering');
  await page.evaluate(() => { const d = document.createElement('div'); d.setAttribute('role', 'dialog'); d.textContent = 'A modal'; document.body.append(d); });
  assert.equal(await outcome('example-button--primary'), null, 'a modal portalled to the body is what the story shows');
});

test('"No Preview" (the preview selected no story) and the error display (a story the preview cannot find) fail with Storybook\'s text', async () => {
  await page.goto(`${srv.url}/iframe.html`);
  const none = await outcome('example-button--primary');
  assert.equal(none?.reason, 'story-error');
  assert.match(none!.message, /Storybook could not render story "example-button--primary": Storybook shows "No Preview": Sorry, but you either have no stories or none are selected/);
  await page.goto(story('example-button--gone').url);
  const gone = await outcome('example-button--gone');
  assert.equal(gone?.reason, 'story-error');
  assert.match(gone!.message, /Storybook could not render story "example-button--gone": Couldn't find story matching 'example-button--gone'/);
});

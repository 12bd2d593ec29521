// What each way of taking a full-page image sends the page (issue 46), measured on
// test/fixtures/quiet/counter.html (it reports every resize, media query change, viewport size and
// ResizeObserver callback to the server): per method, the events the page saw over SHOTS shots,
// how many of them reported the page laid out at 1×1, and whether the image equals Playwright's
// fullPage image. Then the same with veval's guard (still/in-page/quiet.ts) around Playwright's shot,
// on a desktop and a touch viewport; and what the guard costs per capture. Run: node --import tsx bench/quiet-shot.ts   (SHOTS=n)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { openContext } from '../src/capture/context.js';
import { quietHold, quietRelease, viewportSeen } from '../src/capture/still/in-page/quiet.js';
import { inPageScript } from '../src/capture/in-page/script.js';
import { takeShot } from '../src/capture/still/by-shots.js';
import { serveStatic } from '../src/core/static-server.js';
import { desktop, makeSpec, mobile } from '../test/capture/plan-fixture.js';
import { TEST_BROWSER_PATH } from '../test/helpers/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = Number(process.env.SHOTS ?? 12);
const events: string[] = [];
const server = await serveStatic(path.join(here, '..', 'test', 'fixtures', 'quiet'), [(r, res) => {
  if (r.url !== '/quiet-event') return false;
  let b = '';
  r.on('data', (c) => { b += c; });
  r.on('end', () => { events.push(b); res.writeHead(204).end(); });
  return true;
}]);
const browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: ['--no-sandbox', '--disable-gpu'] });

type Shoot = (page: Page, cdp: CDPSession, height: number) => Promise<Buffer>;
const cdpShot = async (cdp: CDPSession, params: Record<string, unknown>) => Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png', ...params } as never) as { data: string }).data, 'base64');
const W = desktop.width, H = desktop.height;
const methods: [string, Shoot][] = [
  ['Playwright fullPage (captureBeyondViewport)', (page) => page.screenshot({ fullPage: true })],
  ['CDP captureBeyondViewport, clip in the viewport', (_p, cdp) => cdpShot(cdp, { clip: { x: 0, y: 0, width: W, height: H, scale: 1 }, captureBeyondViewport: true })],
  ['CDP clip of the document, captureBeyondViewport false', (_p, cdp, h) => cdpShot(cdp, { clip: { x: 0, y: 0, width: W, height: h, scale: 1 }, captureBeyondViewport: false })],
  ['setDeviceMetricsOverride to the document height', async (_p, cdp, h) => {
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: W, height: h, deviceScaleFactor: 1, mobile: false });
    const png = await cdpShot(cdp, {});
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: W, height: H, deviceScaleFactor: 1, mobile: false });
    return png;
  }],
  ['setVisibleSize (dontSetVisibleSize override)', async (_p, cdp, h) => {
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: W, height: H, deviceScaleFactor: 1, mobile: false, dontSetVisibleSize: true });
    await cdp.send('Emulation.setVisibleSize', { width: W, height: h });
    const png = await cdpShot(cdp, { clip: { x: 0, y: 0, width: W, height: h, scale: 1 } });
    await cdp.send('Emulation.setVisibleSize', { width: W, height: H });
    return png;
  }],
  ['stitched viewport shots (scrolled)', async (page, _c, h) => {
    const parts: Buffer[] = [];
    for (let y = 0; y < h; y += H) { await page.evaluate((yy) => scrollTo(0, yy), y); parts.push(await page.screenshot()); }
    await page.evaluate(() => scrollTo(0, 0));
    return Buffer.concat(parts); // not a PNG: compared only for equality (never equal)
  }],
];

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = (list: string[]) => {
  const kinds = new Map<string, number>();
  for (const e of list) { const k = e.split(' @ ')[0].replace(/ (true|false)$/, '').replace(/ \(.*$/, '').replace(/^media.*/, 'media change'); kinds.set(k, (kinds.get(k) ?? 0) + 1); }
  const ones = list.filter((e) => / @ 1,1,/.test(e)).length;
  return `${list.length} events (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}); at 1×1: ${ones}`;
};

console.log(`full-page image methods, ${SHOTS} shots each, ${W}×${H} desktop, ${path.basename(TEST_BROWSER_PATH ?? '')}`);
// the reference image, from a context of its own (what its shot sends the page is not counted below)
let reference: Buffer;
{
  const context = await browser.newContext({ viewport: { width: W, height: H } });
  const page = await context.newPage();
  await page.goto(`${server.url}/counter.html`);
  await settle(300);
  reference = await page.screenshot({ fullPage: true });
  await context.close();
}
for (const [name, shoot] of methods) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: W, height: H } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.url}/counter.html`);
  await settle(300);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await settle(1000);
  events.length = 0;
  let equal = 0;
  for (let i = 0; i < SHOTS; i++) if ((await shoot(page, cdp, height)).equals(reference)) equal++;
  await settle(300);
  console.log(`  ${name.padEnd(54)} image = fullPage ${equal}/${SHOTS}; ${summary(events)}`);
  await context.close();
}

console.log('with veval\'s guard (openContext init script, quietHold … quietRelease around the shots)');
for (const vp of [desktop, mobile]) {
  const { context } = await openContext(browser, makeSpec('quiet'), vp, here);
  const page = await context.newPage();
  await page.goto(`${server.url}/counter.html`);
  await settle(500);
  events.length = 0;
  await page.evaluate(inPageScript([viewportSeen], quietHold, null));
  for (let i = 0; i < SHOTS; i++) await takeShot(page, true);
  const held = await page.evaluate(inPageScript([viewportSeen], quietRelease, null));
  await settle(300);
  console.log(`  ${`${vp.name} ${vp.width}×${vp.height}${vp.hasTouch ? ' touch' : ''}`.padEnd(54)} held back ${held}; the page saw ${summary(events)}`);
  await context.close();
}
// the cost: the guard adds two page.evaluate calls and up to two frames per capture (hold before the
// first shot, release after the last), measured against the same shots without it, interleaved
{
  const { context } = await openContext(browser, makeSpec('quiet-cost'), desktop, here);
  const page = await context.newPage();
  await page.goto(`${server.url}/counter.html`);
  await settle(300);
  const plain: number[] = [], guarded: number[] = [];
  for (let i = 0; i < SHOTS; i++) {
    let t = performance.now();
    await takeShot(page, true);
    plain.push(performance.now() - t);
    t = performance.now();
    await page.evaluate(inPageScript([viewportSeen], quietHold, null));
    await takeShot(page, true);
    await page.evaluate(inPageScript([viewportSeen], quietRelease, null));
    guarded.push(performance.now() - t);
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(`cost: full-page shot ${median(plain).toFixed(0)} ms; held (hold + shot + release) ${median(guarded).toFixed(0)} ms: +${(median(guarded) - median(plain)).toFixed(0)} ms per capture (median of ${SHOTS})`);
  await context.close();
}
await browser.close();
await server.close();

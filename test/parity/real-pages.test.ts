// Acceptance on real captures: pages served on 127.0.0.1, screenshotted by Debian's Chromium,
// boxes measured in the page — then approved and compared through runParity.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchTestBrowser } from '../helpers/browser.js';
import { tmpDir } from '../helpers/tmp.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { runParity } from '../../src/parity/index.js';
import type { Box } from '../../src/core/artifacts.js';
import { askedTwiceIfRefused } from '../../src/capture/still/shots.js';
import { makeRun, makeSpec, nextRun, writeCapture, approveT, VP } from './fixtures.js';

const W = 400, H = 300;
const vp = { ...VP, width: W, height: H };
let browser: Browser;
let server: StaticServer;
const site = tmpDir('veval-parity-site-');

before(async () => { browser = await launchTestBrowser(); server = await serveStatic(site); });
after(async () => { await browser?.close(); await server?.close(); });

const page = (o: { padding?: number; clock?: string; dx?: number; circle?: string } = {}) => `<!doctype html><html><body style="margin:0;font:16px sans-serif">
<h1 style="margin:8px">Checkout</h1>
<form style="padding:${o.padding ?? 24}px;margin:8px;border:1px solid #888;width:220px"><label>Card <input value="4242"></label><button id="pay">Pay</button></form>
<span class="clock" style="position:absolute;right:10px;top:10px">${o.clock ?? '12:00:00'}</span>
<div style="position:absolute;left:${300 + (o.dx ?? 0)}px;top:150px;width:60px;height:60px;border-radius:50%;background:${o.circle ?? '#333'}"></div>
<div style="position:absolute;left:${250 + (o.dx ?? 0)}px;top:240px;width:120px;height:3px;transform:rotate(12deg);background:#333"></div>
</body></html>`;

/** Serves `html`, captures it, measures regions and masks, and writes record + PNG into `run`. */
async function capture(run: ReturnType<typeof makeRun>, html: string) {
  const name = `p${Math.random().toString(36).slice(2)}.html`;
  fs.writeFileSync(path.join(site, name), html);
  const ctx = await browser.newContext({ viewport: { width: W, height: H } });
  try {
    const p = await ctx.newPage();
    await p.goto(`${server.url}/${name}`);
    const png = await askedTwiceIfRefused(() => p.screenshot({ animations: 'disabled', caret: 'hide' }));
    const box = (sel: string) => p.evaluate((s) => { const r = document.querySelector(s)!.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }, sel) as Promise<Box>;
    writeCapture(run, 'shop', png, { viewport: vp, regions: { form: await box('form'), cta: await box('#pay') }, masks: [await box('.clock')] });
  } finally { await ctx.close(); }
}

async function baseline(specOver = {}) {
  const spec = makeSpec({ viewports: [vp], regions: { form: 'form', cta: '#pay' }, masks: ['.clock'], ...specOver });
  const run = makeRun([spec]);
  await capture(run, page());
  const res = await approveT(run);
  assert.equal(res.written.length, 1, JSON.stringify(res.refused));
  return { spec, run };
}

test('a re-capture of the same page is identical and passes', async () => {
  const { spec, run } = await baseline();
  const r2 = nextRun(run);
  await capture(r2, page());
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'pass');
  assert.equal(res.units[0].outcome, 'identical');
});

test('collapsed padding in the form region fails naming form', async () => {
  const { spec, run } = await baseline();
  const r2 = nextRun(run);
  await capture(r2, page({ padding: 4 }));
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'fail');
  const f = res.findings.find((x) => x.check === 'parity' && x.severity === 'blocker')!;
  assert.match(f.message, /regions changed: form \d+ px/);
  assert.ok(res.units[0].regions.find((r) => r.name === 'form')!.changed > 0);
  assert.match(res.findings.find((x) => x.severity === 'important')!.message, /region "form" resized/);
});

test('a change only inside the masked clock passes', async () => {
  const { spec, run } = await baseline();
  const r2 = nextRun(run);
  await capture(r2, page({ clock: '23:59:58' }));
  const res = await runParity(r2, spec);
  assert.equal(res.status, 'pass', JSON.stringify(res.findings));
  assert.equal(res.units[0].changedPixels, 0);
});

test('a 1 px anti-aliasing shift of shape edges passes at the default threshold; a colour change does not', async () => {
  const { spec, run } = await baseline();
  for (const dx of [0.5, 1]) {
    const r = nextRun(run);
    await capture(r, page({ dx }));
    const res = await runParity(r, spec);
    assert.equal(res.status, 'pass', `dx ${dx}: ${JSON.stringify(res.findings)}`);
  }
  const r3 = nextRun(run);
  await capture(r3, page({ circle: '#c00' }));
  assert.equal((await runParity(r3, spec)).status, 'fail');
});

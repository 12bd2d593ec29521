// The stability verdict (the stillness proof, still/index.ts) on real Chromium. Proven by shots (the
// fallback): the evidence gathered in the calm slots it offers between the first shots (axe, the ARIA
// snapshot) does not use up the page's time to settle, and a page that never settles is still
// reported. Proven by the paint signals: a still page takes one image, anything painted anywhere in
// the image falls back to the shots and fails. Each calm slot is offered once, whichever proof ran.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { proveStill as stableShot } from '../../src/capture/still/index.js';
import { CALM_SLOTS, type CalmSlot } from '../../src/capture/gatherer.js';
import { check as stabilityCheck } from '../../src/checks/stability.js';

/** the check's published default, which capture is handed (checks/registry.ts gatherFor) */
const DEFAULT_SHOTS = stabilityCheck.meta.defaults!.shots as number;
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

let browser: Browser, server: StaticServer, dir: string;
before(async () => {
  dir = tmpDir('veval-stability-');
  writeTree(dir, {
    // finishes its first paint when told (window.finish), then holds still
    'late.html': '<!doctype html><html lang="en"><title>late</title><h1 id="h">Loading</h1><script>window.finish = () => { document.getElementById("h").textContent = "Ready, with a longer heading"; }</script></html>',
    // holds still
    'static.html': '<!doctype html><html lang="en"><title>static</title><h1>Nothing moves</h1><p>A plain page.</p></html>',
    // a frame 3000 px below the fold, counting or still: the motion watch is the top document's, the
    // compositor does not draw there (a frame of another origin that far down is not painted
    // either: Chromium throttles it, and every shot shows it the same)
    'far-frame.html': '<!doctype html><html lang="en"><title>far frame</title><h1>Top</h1><div style="height:3000px"></div><iframe title="f" width="200" height="100"></iframe><script>document.querySelector("iframe").src = location.hash === "#still" ? "still-inner.html" : "flip-inner.html"</script></html>',
    'flip-inner.html': '<!doctype html><html lang="en"><title>count</title><body style="margin:0;height:100px;font:40px sans-serif"><script>let n = 0; setInterval(() => { document.body.textContent = String(++n); }, 30)</script></body></html>',
    'still-inner.html': '<!doctype html><html lang="en"><title>still</title><body style="margin:0;height:100px;background:#36c"></body></html>',
    // a box 3000 px below the fold whose text a script changes
    'far-text.html': '<!doctype html><html lang="en"><title>far text</title><h1>Top</h1><div style="height:3000px"></div><p id="n">0</p><script>let n = 0; setInterval(() => { document.getElementById("n").textContent = String(++n); }, 90)</script></html>',
    // never holds still
    'ticking.html': '<!doctype html><html lang="en"><title>ticking</title><h1 id="h">0</h1><script>let n = 0; setInterval(() => { document.getElementById("h").textContent = String(++n); }, 20)</script></html>',
  });
  server = await serveStatic(dir);
  browser = await launchTestBrowser();
});
after(async () => { await browser?.close(); await server?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

async function shoot(page: string, { gatherMs = 2500, timeout = 1500, proof = 'shots' as 'shots' | 'signals' } = {}) {
  const p = await browser.newPage();
  try {
    await p.goto(`${server.url}/${page}`);
    // evidence gathering before the calm (by default longer than the stability timeout), during
    // which the page finishes painting (after the first shot, as a slow page under load does)
    const offered: CalmSlot[] = [];
    const offer = async (slot: CalmSlot) => {
      offered.push(slot);
      if (slot !== 'before-calm') return;
      await p.evaluate(() => setTimeout(() => (window as unknown as { finish?: () => void }).finish?.(), 100));
      await new Promise((r) => setTimeout(r, gatherMs));
    };
    const r = await stableShot(p, { fullPage: true, check: true, interval: 50, timeout, shots: DEFAULT_SHOTS, masks: [], dpr: 1, proof }, offer);
    assert.deepEqual(offered, r.offered, 'each slot offered once, as the result says');
    assert.deepEqual([...new Set(offered)], offered);
    return r;
  } finally { await p.close(); }
}

test('a page that settles while evidence is gathered is stable: the gathering does not eat its timeout', async () => {
  const { stability } = await shoot('late.html');
  assert.equal(stability.stable, true, JSON.stringify(stability));
  assert.ok(stability.attempts >= 3, 'the changed second shot was compared with a third');
});

test('one late change is compared once more even when the timeout is spent (a long page under load): "never settled" rests on two comparisons', async () => {
  const { stability } = await shoot('late.html', { gatherMs: 200, timeout: 0 });
  assert.equal(stability.stable, true, JSON.stringify(stability));
  // the changed second shot starts a new window: it and DEFAULT_SHOTS - 1 more agree
  assert.equal(stability.attempts, 1 + DEFAULT_SHOTS);
});

test('a page that never settles is still unstable, naming the area that kept changing', async () => {
  const { stability } = await shoot('ticking.html');
  assert.equal(stability.stable, false);
  assert.ok(stability.changedBox && stability.changedBox.width > 0);
});

test('the shots offer the calm slots in their first gaps (before-calm and in-calm, then gap-after-image, inside the window, since they only read the page): a still page is stable in DEFAULT_SHOTS shots, each slot offered once', async () => {
  const p = await browser.newPage();
  try {
    await p.goto(`${server.url}/static.html`);
    const ran: CalmSlot[] = [];
    const read = async (slot: CalmSlot) => { ran.push(slot); await p.evaluate(() => document.body.innerText.length); await new Promise((r) => setTimeout(r, 120)); };
    const { stability, offered } = await stableShot(p, { fullPage: true, check: true, interval: 50, timeout: 1500, shots: DEFAULT_SHOTS, masks: [], dpr: 1, proof: 'shots' }, read);
    assert.equal(stability.stable, true, JSON.stringify(stability));
    assert.equal(stability.attempts, DEFAULT_SHOTS, JSON.stringify(stability));
    // DEFAULT_SHOTS shots have DEFAULT_SHOTS - 1 gaps: what is left is the caller's to run
    assert.deepEqual(ran, [['before-calm', 'in-calm'], ['gap-after-image']].slice(0, DEFAULT_SHOTS - 1).flat());
    assert.deepEqual(offered, ran);
  } finally { await p.close(); }
});

test('paint signals: a still page is proven by one image, each calm slot offered once, in order', async () => {
  const p = await browser.newPage();
  try {
    await p.goto(`${server.url}/static.html`);
    const ran: CalmSlot[] = [];
    const read = async (slot: CalmSlot) => { ran.push(slot); await p.evaluate(() => document.body.innerText.length); };
    let shots = 0;
    const r = await stableShot(p, { fullPage: true, check: true, interval: 50, timeout: 1500, shots: DEFAULT_SHOTS, masks: [], dpr: 1, onShot: () => { shots++; } }, read);
    assert.equal(r.stillBy, 'paint signals', JSON.stringify(r.stability));
    assert.equal(r.stability.stable, true);
    assert.equal(shots, 1, 'one full-page image');
    assert.deepEqual(ran, [...CALM_SLOTS]);
  } finally { await p.close(); }
});

test('paint signals: a page that settles while evidence is gathered is proven still after it, in its settled look', async () => {
  const r = await shoot('late.html', { proof: 'signals', gatherMs: 300 });
  assert.equal(r.stability.stable, true, JSON.stringify(r.stability));
  assert.equal(r.stillBy, 'paint signals');
});

for (const [page, why] of [
  ['ticking.html', /^shots: the page (painted \d+ frames?|changed)/],
  // below the fold: the compositor does not draw it, the motion watch sees the text change
  ['far-text.html', /^shots: the page changed \(mutation/],
  // below the fold in another origin's frame: neither the compositor nor the watch sees it; its box is shot twice
  ['far-frame.html', /^shots: an image, frame or canvas outside the viewport changed/],
] as const) {
  test(`paint signals: ${page} changes by itself, so the signals give way to the shots, which fail it`, async () => {
    const r = await shoot(page, { proof: 'signals', gatherMs: 300 });
    assert.match(r.stillBy, why, JSON.stringify(r.stability));
    assert.equal(r.stability.stable, false, r.stillBy);
  });
}

test('paint signals: a still frame below the fold is confirmed by shots of its own box, not of the whole page', async () => {
  const r = await shoot('far-frame.html#still', { proof: 'signals', gatherMs: 300 });
  assert.equal(r.stability.stable, true, JSON.stringify(r.stability));
  assert.equal(r.stillBy, 'paint signals');
});


// Which of the browser's own paint signals sees which class of motion (issue 36's first decision):
// per motion class, a page that keeps changing by itself and, where the class has one, the same
// page settled. Each page is opened the way a capture opens it (openContext: reduced motion, the
// init scripts), loaded, given 500 ms, and then watched for WINDOW ms by every candidate signal at
// once, with no screenshot in the window — CDP LayerTree.layerPainted (a layer repainted) and layerTreeDidChange (compositor-only
// changes), Animation.animationStarted, Page.startScreencast frames (a frame is sent when the
// compositor produced a changed one) — then the truth is taken without any
// signal: five full-page screenshots 130 ms apart, and whether any two differ. A signal is useful for a class when it
// fires on every changing page of it and stays silent on every still one.
// Run: node --import tsx bench/paint-signals.ts   (WINDOW=ms, REPEAT=n)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { openContext } from '../src/capture/context.js';
import { serveStatic } from '../src/core/static-server.js';
import { desktop, makeSpec } from '../test/capture/plan-fixture.js';
import { STABILITY_CASES, STABILITY_PAGES } from '../test/capture/stability-cases.js';
import { launchTestBrowser } from '../test/helpers/browser.js';

const WINDOW = Number(process.env.WINDOW ?? 1000);
const REPEAT = Number(process.env.REPEAT ?? 3);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-paint-signals-'));
for (const f of fs.readdirSync(STABILITY_PAGES)) fs.copyFileSync(path.join(STABILITY_PAGES, f), path.join(dir, f));
const server = await serveStatic(dir);
const browser = await launchTestBrowser();
const CASES = STABILITY_CASES;

interface Seen { painted: number; treeChanged: number; animations: number; frames: number; pixels: boolean }
async function watch(name: string): Promise<Seen> {
  const { context } = await openContext(browser, makeSpec(name), desktop, dir);
  try {
    const p = await context.newPage();
    await p.goto(`${server.url}/${name}.html`, { waitUntil: 'load' });
    await p.waitForTimeout(500);
    const cdp: CDPSession = await context.newCDPSession(p);
    const seen: Seen = { painted: 0, treeChanged: 0, animations: 0, frames: 0, pixels: false };
    let first = true;
    cdp.on('LayerTree.layerPainted', () => { seen.painted++; });
    cdp.on('LayerTree.layerTreeDidChange', () => { seen.treeChanged++; });
    cdp.on('Animation.animationStarted', () => { seen.animations++; });
    cdp.on('Page.screencastFrame', (f: { sessionId: number }) => {
      // the first frame is the page as it is when the screencast starts, not a change
      if (first) first = false; else seen.frames++;
      cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
    });
    await cdp.send('LayerTree.enable');
    await cdp.send('Animation.enable');
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 160, maxHeight: 120, everyNthFrame: 1 });
    // the signals alone over the window (no shot of veval's in it: a shot paints by itself)
    await p.waitForTimeout(WINDOW);
    const counted = { ...seen };
    await cdp.send('Page.stopScreencast').catch(() => {});
    await cdp.send('LayerTree.disable').catch(() => {});
    // then the truth, without any signal: five full-page shots 130 ms apart (off the 100 ms period of
    // the test pages' timers), changed when any two differ
    const shots: Buffer[] = [];
    for (let i = 0; i < 5; i++) { if (i) await p.waitForTimeout(130); shots.push(await p.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })); }
    Object.assign(seen, counted, { pixels: shots.some((x) => !x.equals(shots[0]!)) });
    return seen;
  } finally { await context.close(); }
}

const rows: string[] = [];
const verdict = (fired: number, total: number, stable: boolean) => (stable ? (fired === 0 ? `silent ${total}/${total}` : `**fired ${fired}/${total}**`) : (fired === total ? `fired ${total}/${total}` : `**missed ${total - fired}/${total}**`));
for (const c of CASES) {
  const runs: Seen[] = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await watch(c.page));
  const count = (k: keyof Seen) => runs.filter((r) => (typeof r[k] === 'boolean' ? r[k] : (r[k] as number) > 0)).length;
  const med = (k: 'painted' | 'frames') => runs.map((r) => r[k]).sort((x, y) => x - y)[Math.floor(runs.length / 2)];
  rows.push(`| ${c.page} | ${c.what} | ${c.stable ? 'still' : 'changing'} | ${count('pixels')}/${REPEAT} | ${verdict(count('painted'), REPEAT, c.stable)} (median ${med('painted')}) | ${verdict(count('treeChanged'), REPEAT, c.stable)} | ${verdict(count('frames'), REPEAT, c.stable)} (median ${med('frames')}) | ${count('animations')}/${REPEAT} |`);
  console.error(rows.at(-1));
}
await browser.close();
await server.close();
fs.rmSync(dir, { recursive: true, force: true });

console.log([
  `Paint signals per motion class: ${REPEAT} runs each, signals watched for ${WINDOW} ms after load + 500 ms, then the truth: five full-page screenshots 130 ms apart (\`node --import tsx bench/paint-signals.ts\`, ${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}).`,
  '',
  '| page | motion | kind | pixels changed (truth) | LayerTree.layerPainted | LayerTree.layerTreeDidChange | Page.startScreencast frames | Animation.animationStarted |',
  '|---|---|---|---:|---|---|---|---:|',
  ...rows,
].join('\n'));

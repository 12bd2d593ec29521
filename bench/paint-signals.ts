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

const page = (body: string, script = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>m</title></head><body style="font:16px sans-serif;margin:20px">${body}<script>${script}</script></body></html>`;
/** The motion classes the loops lack, changing and (where it has one) settled. */
const EXTRA: { page: string; stable: boolean; what: string; html: string }[] = [
  { page: 'canvas', stable: false, what: 'a canvas redrawn every 100 ms', html: page('<canvas id=c width=200 height=100></canvas>', 'let i=0;setInterval(()=>{const x=c.getContext("2d");x.fillStyle=i++%2?"#000":"#fff";x.fillRect(0,0,200,100)},100)') },
  { page: 'canvas-settled', stable: true, what: 'a canvas drawn twice after load, then left', html: page('<canvas id=c width=200 height=100></canvas>', 'let i=0;const t=setInterval(()=>{const x=c.getContext("2d");x.fillStyle=i%2?"#000":"#c00";x.fillRect(0,0,200,100);if(++i>1)clearInterval(t)},50)') },
  { page: 'caret', stable: true, what: 'a focused text field (its caret blinks; veval hides carets in its shots)', html: page('<input id=f value="typed">', 'f.focus()') },
  { page: 'field-value', stable: false, what: 'a script setting a field\'s value every 100 ms', html: page('<input id=f>', 'let i=0;setInterval(()=>{f.value="v"+(i++%2)},100)') },
  { page: 'inner-scroll', stable: false, what: 'an inner scroller whose scrollTop changes every 100 ms', html: page('<div id=s style="height:80px;overflow:auto;border:1px solid"><div style="height:400px;background:linear-gradient(#000,#fff)"></div></div>', 'let i=0;setInterval(()=>{s.scrollTop=(i++%2)*100},100)') },
  { page: 'frame-content', stable: false, what: 'content changing inside a same-origin frame', html: page('<iframe id=fr srcdoc="<p id=p>a</p>" style="width:200px;height:60px"></iframe>', 'let i=0;setInterval(()=>{const d=fr.contentDocument;if(d&&d.body)d.body.textContent=(i++%2)?"a":"bbbbbb"},100)') },
  { page: 'focus-ring', stable: false, what: 'focus moving between two buttons every 100 ms (focus rings)', html: page('<button id=a>A</button> <button id=b>B</button>', 'let i=0;setInterval(()=>{(i++%2?a:b).focus({focusVisible:true})},100)') },
  { page: 'cssom', stable: false, what: 'a CSSOM rule edited every 100 ms', html: page('<style id=st>.x{background:#fff}</style><div class=x style="width:100px;height:50px"></div>', 'let i=0;setInterval(()=>{st.sheet.cssRules[0].style.background=i++%2?"#000":"#fff"},100)') },
  { page: 'below-fold', stable: false, what: 'a box flipping every 100 ms 3000 px below the fold (a full-page image shows it)', html: page('<div style="height:3000px"></div><div id=d style="width:100px;height:50px"></div>', 'let i=0;setInterval(()=>{d.style.background=i++%2?"#000":"#fff"},100)') },
  { page: 'transform', stable: false, what: 'a script moving a box by transform every 100 ms (compositor only)', html: page('<div id=d style="width:50px;height:50px;background:#06c;will-change:transform"></div>', 'let i=0;setInterval(()=>{d.style.transform=`translateX(${(i++%2)*40}px)`},100)') },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-paint-signals-'));
for (const f of fs.readdirSync(STABILITY_PAGES)) fs.copyFileSync(path.join(STABILITY_PAGES, f), path.join(dir, f));
for (const e of EXTRA) fs.writeFileSync(path.join(dir, `${e.page}.html`), e.html);
const server = await serveStatic(dir);
const browser = await launchTestBrowser();
const CASES = [...STABILITY_CASES, ...EXTRA];

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

// Re-measures what WebKitGTK (Debian's webkit2gtk-driver: WebKitWebDriver + MiniBrowser, GTK3)
// can give veval over classic WebDriver (issue 60; the table in docs/engines.md). Each capability a
// WebKit engine would need is probed on a local page and answered yes / no / partly with evidence.
// Needs: apt-get install -y webkit2gtk-driver xvfb. Run: node --import tsx bench/webkit-probe.ts
// The client is selenium-webdriver (the Selenium project's W3C client: 3 runtime dependencies;
// WebdriverIO's `webdriver` pulls ~160 packages and its v10 needs Node 22).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';
import { Command, Name } from 'selenium-webdriver/lib/command.js';
import { HELPERS } from '../src/capture/measure-page.js';
import { measure, type MeasureArg } from '../src/capture/in-page/measure.js';
import { inPageScript } from '../src/capture/in-page/script.js';
import { FREEZE_CSS } from '../src/capture/context.js';

const BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
// the real-page corpus (shared beside the repo), for --corpus
const CORPUS = path.resolve(process.env.VEVAL_CORPUS ?? '../shared/corpus/real-pages/pages');
if (!fs.existsSync('/usr/bin/WebKitWebDriver') || !fs.existsSync('/usr/bin/Xvfb')) {
  console.log('webkit-probe: skipped, install the driver first: apt-get install -y webkit2gtk-driver xvfb'); process.exit(0);
}
const rows: { capability: string; answer: string; evidence: string }[] = [];
const note = (capability: string, answer: string, evidence: string) => { rows.push({ capability, answer, evidence }); console.log(`${capability}: ${answer} — ${evidence}`); };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- pages -------------------------------------------------------------------------------------
const H = 6000;
const rowCanvas = `<!doctype html><style>html,body{margin:0}canvas{display:block}</style><body><canvas id=c width=1280 height=${H}></canvas><script>
const c=document.getElementById('c').getContext('2d');for(let y=0;y<${H};y++){c.fillStyle='rgb('+(y&255)+','+((y>>8)&255)+',128)';c.fillRect(0,y,1280,1);}</script>`;
const PAGES: Record<string, { body: string; status?: number; type?: string }> = {
  '/rows': { body: rowCanvas },
  '/vh': { body: '<!doctype html><style>body{margin:0}.hero{height:100vh;background:#c00}.rest{height:2000px;background:#00c}</style><div class=hero></div><div class=rest></div>' },
  '/form': { body: `<!doctype html><style>button:hover{background:rgb(0,128,0)}</style><body>
<button id=b onclick="this.dataset.n=(+this.dataset.n||0)+1" data-n=0>Go</button><input id=f oninput="this.dataset.i=(+this.dataset.i||0)+1">
<div id=k></div><script>document.getElementById('f').addEventListener('keydown',e=>{if(e.key==='Enter')document.getElementById('k').textContent+='E'});</script>` },
  '/measure': { body: '<!doctype html><body style="margin:0"><header id=h style="height:60px">Top</header><main><h1>Title</h1><img alt="" src="/nope.png"><p style="width:80px;white-space:nowrap;overflow:hidden">A very long line of text</p></main>' },
  '/loud': { body: `<!doctype html><body><img id=i src="/blocked.png"><img src="/missing.png"><script>console.error('veval-console-error');
window.bootT=Date.now(); window.bootR=matchMedia('(prefers-reduced-motion: reduce)').matches; setTimeout(()=>{throw new Error('veval-uncaught')},10)</script>` },
  '/blocked.png': { body: 'x', type: 'image/png' },
};
const server = http.createServer((q, s) => {
  const p = PAGES[(q.url ?? '/').split('?')[0]];
  if (!p) { s.writeHead(404); s.end('missing'); return; }
  s.writeHead(p.status ?? 200, { 'content-type': p.type ?? 'text/html' }); s.end(p.body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const URL0 = `http://127.0.0.1:${(server.address() as any).port}`;

// ---- a browser under Xvfb --------------------------------------------------------------------------
let nextDisplay = 90 + Math.floor(Math.random() * 100);
interface WK { d: WebDriver; log: string[]; ms: number; stop(): Promise<void> }
async function webkitOnce(o: { args?: string[]; env?: Record<string, string>; display?: boolean; caps?: Record<string, unknown> } = {}): Promise<WK> {
  const t = performance.now(), dpy = `:${nextDisplay++}`, port = 20000 + Math.floor(Math.random() * 20000);
  const procs: ChildProcess[] = [];
  if (o.display !== false) procs.push(spawn('Xvfb', [dpy, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: 'ignore' }));
  const env: NodeJS.ProcessEnv = { ...process.env, ...o.env };
  if (o.display === false) delete env.DISPLAY; else env.DISPLAY = dpy;
  const drv = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: ['ignore', 'pipe', 'pipe'], env });
  procs.push(drv);
  const log: string[] = [];
  drv.stdout!.on('data', (b) => log.push(String(b))); drv.stderr!.on('data', (b) => log.push(String(b)));
  const stop = async () => { for (const p of procs.reverse()) p.kill(); };
  process.on('exit', () => { for (const p of procs) p.kill(); });
  await sleep(500);
  try {
    const caps = { ...o.caps, browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: BROWSER, args: ['--automation', ...(o.args ?? [])] } };
    // without a display the browser exits at once and the session request never answers
    const d = await Promise.race([new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build(),
      sleep(30_000).then(() => { throw new Error(`no session after 30 s; the driver said: ${log.join('').trim().slice(0, 200)}`); })]);
    return { d, log, ms: performance.now() - t, stop: async () => { await d.quit().catch(() => {}); await stop(); } };
  } catch (e) { await stop(); throw Object.assign(e as Error, { log }); }
}
/** A session, asked again once: the driver now and then answers "failed to create a new browsing context". */
const sessionFailures: string[] = [];
async function webkit(o: Parameters<typeof webkitOnce>[0] = {}): Promise<WK> {
  try { return await webkitOnce(o); } catch (e: any) {
    if (o.display === false) throw e;
    sessionFailures.push(String(e.message).split('\n')[0]);
    return webkitOnce(o);
  }
}
const shot = async (d: WebDriver) => PNG.sync.read(Buffer.from(await d.takeScreenshot(), 'base64'));
const frame = (d: WebDriver) => d.executeAsyncScript('const cb = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => cb()))');
/** rows of the row-coded canvas that do not show their own index (0 = pixel-exact) */
function badRows(p: PNG): number {
  let bad = 0;
  for (let y = 0; y < p.height; y++) for (const x of [0, 640, 1279]) {
    const i = (y * p.width + x) * 4;
    if (p.data[i] + 256 * p.data[i + 1] !== y || p.data[i + 2] !== 128) { bad++; break; }
  }
  return bad;
}

// ---- 1. does it start ------------------------------------------------------------------------------
if (!process.argv.includes('--corpus-only')) try {
  const w = await webkit({ display: false }); await w.stop();
  note('starts headless (no display)', 'yes', `session in ${Math.round(w.ms)} ms`);
} catch (e: any) {
  const said = String(e.message).split('\n')[0].slice(0, 160);
  note('starts headless (no display)', 'no', `session refused without DISPLAY: "${said}"; MiniBrowser has no --headless option (MiniBrowser --help-all)`);
}
if (!process.argv.includes('--corpus-only')) try {
  const b = await webkitOnce({ caps: { webSocketUrl: true } }); await b.stop();
  note('WebDriver BiDi', 'yes', `a session asking webSocketUrl: true was created`);
} catch (e: any) { note('WebDriver BiDi', 'no', `a session asking webSocketUrl: true: "${String(e.message).split('\n')[0]}"`); }
const wk = await webkit({ args: ['--full-screen'] });
const d = wk.d;
if (process.argv.includes('--corpus-only')) { await corpusCompare(); await wk.stop(); server.close(); process.exit(0); }
note('starts under Xvfb', 'yes', `WebKitWebDriver + MiniBrowser ${(await d.getCapabilities()).get('browserVersion')}: session in ${Math.round(wk.ms)} ms; driver and browser both link GTK3 (libwebkit2gtk-4.1), the GTK4 build (webkitgtk-6.0) has no driver in Debian 12`);

// ---- 2. viewport, scale, touch ---------------------------------------------------------------------
const vpNow = async () => d.executeScript('return [innerWidth, innerHeight, outerWidth, outerHeight, devicePixelRatio]') as Promise<number[]>;
{
  const plain = await webkit();
  await plain.d.manage().window().setRect({ width: 390, height: 844 });
  await plain.d.get(`${URL0}/vh`);
  const [iw, ih, ow, oh] = await plain.d.executeScript('return [innerWidth, innerHeight, outerWidth, outerHeight]') as number[];
  await plain.stop();
  await d.get(`${URL0}/vh`);
  const got: string[] = [];
  let exact = true;
  for (const [w, h] of [[1280, 800], [1440, 900], [390, 844], [360, 740], [320, 568]]) {
    await d.manage().window().setRect({ width: w, height: h });
    const [vw, vh] = await vpNow();
    const s = await shot(d);
    if (vw !== w || vh !== h || s.width !== w || s.height !== h) exact = false;
    got.push(`${w}×${h} → ${vw}×${vh} (shot ${s.width}×${s.height})`);
  }
  note('exact viewport', exact ? 'yes' : 'partly', `with MiniBrowser --full-screen (no toolbar) the window is the viewport: ${got.join('; ')}. Without it the window ${ow}×${oh} asked 390×844 has a ${iw}×${ih} viewport (toolbar ${oh - ih} px, min width ${iw})`);
}
{
  let answer = 'no', ev = '';
  try {
    const s2 = await webkit({ args: ['--full-screen'], env: { GDK_SCALE: '2' } });
    await s2.d.manage().window().setRect({ width: 640, height: 400 });
    await s2.d.get(`${URL0}/vh`);
    const dpr = await s2.d.executeScript('return devicePixelRatio') as number;
    const p = await shot(s2.d);
    await s2.stop();
    answer = dpr === 2 ? 'per browser only' : 'no';
    ev = `GDK_SCALE=2 in the driver's environment: devicePixelRatio ${dpr}, a 640×400 window's screenshot ${p.width}×${p.height}; no WebDriver command sets it per session or page`;
  } catch (e: any) { ev = `GDK_SCALE=2: ${e.message}`; }
  note('device scale factor', answer, ev);
}
{
  await d.get(`${URL0}/form`);
  const t = await d.executeScript("return [navigator.maxTouchPoints, 'ontouchstart' in window, matchMedia('(pointer: coarse)').matches]") as unknown[];
  let touch = 'accepted';
  try { await d.execute(new Command(Name.ACTIONS).setParameter('actions', [{ type: 'pointer', id: 't', parameters: { pointerType: 'touch' }, actions: [{ type: 'pointerMove', x: 10, y: 10 }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }])); } catch (e: any) { touch = `refused: ${String(e.message).split('\n')[0]}`; }
  note('touch', 'no', `maxTouchPoints ${t[0]}, ontouchstart ${t[1]}, (pointer: coarse) ${t[2]}; a touch pointer action: ${touch}; no classic command turns touch or isMobile (<meta name=viewport>) on`);
}

// ---- 3. full-page image ----------------------------------------------------------------------------
{
  await d.manage().window().setRect({ width: 1280, height: 800 });
  await d.get(`${URL0}/rows`);
  const el = await d.findElement(By.css('html')).takeScreenshot().then((b) => PNG.sync.read(Buffer.from(b, 'base64')));
  // scroll and stitch, taking each shot straight after the scroll (as a client would) and after two frames
  const stitch = async (wait: boolean) => {
    const out = new PNG({ width: 1280, height: H });
    for (let y = 0; y < H; y += 800) {
      await d.executeScript(`scrollTo(0, ${y})`);
      if (wait) await frame(d);
      const sy = await d.executeScript('return scrollY') as number, p = await shot(d), off = y - sy;
      p.data.copy(out.data, y * 1280 * 4, off * 1280 * 4, (off + Math.min(800 - off, H - y)) * 1280 * 4);
    }
    await d.executeScript('scrollTo(0, 0)');
    return badRows(out);
  };
  const rounds = 5, straight: number[] = [], waited: number[] = [];
  for (let i = 0; i < rounds; i++) { straight.push(await stitch(false)); waited.push(await stitch(true)); }
  await d.manage().window().setRect({ width: 1280, height: H });
  const resized: number[] = [];
  for (let i = 0; i < rounds; i++) { await d.manage().window().setRect({ width: 1280, height: 800 }); await d.manage().window().setRect({ width: 1280, height: H }); resized.push(badRows(await shot(d))); }
  // the window made as tall as the document is a taller viewport: 100vh grows with it
  await d.manage().window().setRect({ width: 1280, height: 800 });
  await d.get(`${URL0}/vh`);
  const before = await d.executeScript('return document.documentElement.scrollHeight') as number;
  await d.manage().window().setRect({ width: 1280, height: before });
  const after = await d.executeScript('return document.documentElement.scrollHeight') as number;
  await d.manage().window().setRect({ width: 1280, height: 800 });
  note('full-page image (row-coded canvas)', 'viewport only', `screenshots are of the viewport (element screenshot of <html> on a ${H} px page: ${el.width}×${el.height}). `
    + `Window resized to the document's height (row-coded ${H} px canvas, ${rounds} rounds): ${resized.join('/')} wrong rows — exact, but the viewport is then that tall: a 100vh hero page measured ${before} px at 800 grew to ${after} px (Chromium's full-page image keeps 100vh at 800). `
    + `Scroll and stitch at 800: ${straight.join('/')} wrong rows per round shooting straight after the scroll (a stale frame), ${waited.join('/')} after two animation frames; stitching repeats fixed elements in every slice`);
}

// ---- 4. in-page script and axe --------------------------------------------------------------------
{
  await d.get(`${URL0}/measure`);
  const arg: MeasureArg = { regions: { header: 'header' }, masks: [], required: [{ selector: 'h1', text: null, within: null }], keepScroll: false, blocks: null };
  const src = inPageScript(HELPERS, measure, arg);
  const t = performance.now();
  const m = await d.executeAsyncScript(`const cb = arguments[arguments.length - 1]; Promise.resolve(${src}).then(cb, (e) => cb({ error: String(e) }))`) as any;
  const ms = Math.round(performance.now() - t);
  note('veval in-page measuring script', m?.error ? 'no' : 'yes', m?.error ? m.error : `executeAsyncScript of measure() (${Math.round(src.length / 1024)} KiB, ${ms} ms): header box ${JSON.stringify(m.regions.header.box)}, h1 verdict ${m.required[0].verdict.level}, ${m.clippedText.length} clipped text, document ${m.document.scrollWidth}×${m.document.scrollHeight}`);
  const axe = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await d.executeScript(axe);
  const r = await d.executeAsyncScript('const cb = arguments[arguments.length - 1]; axe.run().then((r) => cb(r.violations.map((v) => v.id)), (e) => cb(["error " + e]))') as string[];
  note('axe-core', r.some((v) => v.startsWith('error')) ? 'no' : 'yes', `injected with executeScript, axe.run via executeAsyncScript: violations ${r.join(', ')}`);
}

// ---- 5. network and console ------------------------------------------------------------------------
{
  const filter = path.join(os.tmpdir(), `veval-wk-filter-${process.pid}.json`);
  fs.writeFileSync(filter, JSON.stringify([{ trigger: { 'url-filter': 'blocked\\.png' }, action: { type: 'block' } }]));
  const n = await webkit({ args: ['--full-screen', `--content-filter=${filter}`, '--enable-write-console-messages-to-stdout=true'] });
  await n.d.get(`${URL0}/loud`);
  await sleep(300);
  const img = await n.d.executeScript("return [document.getElementById('i').complete, performance.getEntriesByType('resource').map((e) => e.name.split('/').pop() + ':' + (e.responseStatus ?? '?'))]") as any[];
  let logs = 'n/a';
  try { logs = JSON.stringify(await n.d.manage().logs().get('browser')); } catch (e: any) { logs = `refused (${String(e.message).split('\n')[0].slice(0, 80)})`; }
  await n.stop();
  fs.rmSync(filter, { force: true });
  const out = n.log.join('');
  const seen = (s: string) => out.includes(s) ? 'yes' : 'no';
  note('block requests', 'per browser only', `no classic command; MiniBrowser --content-filter (WebKit content-blocker JSON, fixed at launch): resources the page saw ${JSON.stringify(img[1])} (blocked.png ${(img[1] as string[]).some((e) => e.startsWith('blocked.png')) ? 'loaded' : 'never requested'})`);
  note('console errors / failed requests', 'no', `WebDriver log endpoint: ${logs}; with --enable-write-console-messages-to-stdout=true in an automation session the driver's output held console.error: ${seen('veval-console-error')}, the uncaught error: ${seen('veval-uncaught')}, the 404: ${seen('missing.png')}`);
}

// ---- 6. clock and motion ---------------------------------------------------------------------------
{
  await d.get(`${URL0}/loud`);
  const [boot, reduced] = await d.executeScript('return [window.bootT, window.bootR]') as [number, boolean];
  const cfg = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-wk-gtk-'));
  fs.mkdirSync(path.join(cfg, 'gtk-3.0'));
  fs.writeFileSync(path.join(cfg, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=0\n');
  const m = await webkit({ args: ['--full-screen'], env: { XDG_CONFIG_HOME: cfg } });
  await m.d.get(`${URL0}/loud`);
  const reducedGtk = await m.d.executeScript('return window.bootR') as boolean;
  await m.stop();
  fs.rmSync(cfg, { recursive: true, force: true });
  note('freeze the clock', 'no', `no classic command runs a script before the page's own (Playwright's addInitScript / clock): the page read Date.now() = ${boot} (real time) while loading; executeScript comes after`);
  note('reduced motion', reducedGtk ? 'per browser only' : 'no', `default (prefers-reduced-motion: reduce) = ${reduced}; with gtk-enable-animations=0 in the browser's GTK settings = ${reducedGtk}; veval's freeze stylesheet can be added only after the page's scripts ran`);
}

// ---- 7. acting on the page -------------------------------------------------------------------------
{
  await d.manage().window().setRect({ width: 1280, height: 800 });
  await d.get(`${URL0}/form`);
  const N = 20;
  const b = await d.findElement(By.id('b')), f = await d.findElement(By.id('f'));
  for (let i = 0; i < N; i++) await b.click();
  const clicks = await b.getAttribute('data-n') ?? '';
  await d.actions().move({ origin: b }).press().release().perform();
  const viaActions = await b.getAttribute('data-n') ?? '';
  const hover = await d.executeScript("return getComputedStyle(document.getElementById('b')).backgroundColor");
  let fills = 0;
  for (let i = 0; i < N; i++) { await f.clear(); await f.sendKeys(`value ${i}`); if (await f.getAttribute('value') === `value ${i}`) fills++; }
  for (let i = 0; i < N; i++) await f.sendKeys(Key.ENTER);
  const enters = (await d.findElement(By.id('k')).getText()).length;
  await d.actions().keyDown(Key.SHIFT).sendKeys('a').keyUp(Key.SHIFT).perform();
  const shifted = await f.getAttribute('value') ?? '';
  const ok = +clicks === N && +viaActions === N + 1 && fills === N && enters === N && shifted.endsWith('A') && hover === 'rgb(0, 128, 0)';
  note('clicks, fills, key presses', ok ? 'yes' : 'partly', `${clicks}/${N} element clicks, a pointer-action click ${+viaActions - +clicks === 1 ? 'counted' : 'lost'}, hover after a pointer move → ${hover}, ${fills}/${N} fills, ${enters}/${N} Enter keydowns, Shift+a → "${shifted.slice(-1)}" (same GTK3 build for driver and browser)`);
}

// ---- 8. the two full-page methods on real pages (--corpus): same pixels? ---------------------------------
async function corpusCompare() {
  if (!fs.existsSync(CORPUS)) return;
  const { serveStatic } = await import('../src/core/static-server.js');
  const srv = await serveStatic(CORPUS);
  const docHeight = () => d.executeScript('return document.documentElement.scrollHeight') as Promise<number>;
  // fixed elements belong to the first slice only; sticky ones are drawn where they are at scroll 0
  const UNPIN = `for (const el of document.querySelectorAll('*')) { const p = getComputedStyle(el).position;
    if (p === 'fixed') el.style.setProperty('visibility', 'hidden', 'important');
    if (p === 'sticky') for (const [k, v] of [['position', 'relative'], ['top', 'auto'], ['bottom', 'auto'], ['left', 'auto'], ['right', 'auto']]) el.style.setProperty(k, v, 'important'); }`;
  const stitched = async (w: number, vh: number, hd: number) => {
    const out = new PNG({ width: w, height: hd });
    for (let y = 0; y < hd; y += vh) {
      if (y === vh) await d.executeScript(UNPIN);
      await d.executeScript(`scrollTo(0, ${y})`); await frame(d);
      const sy = await d.executeScript('return scrollY') as number, p = await shot(d), off = y - sy, n = Math.min(vh - off, hd - y);
      p.data.copy(out.data, y * w * 4, off * w * 4, (off + n) * w * 4);
    }
    return out;
  };
  const same: string[] = [], differ: string[] = [], vhDependent: string[] = [], unrepeatable: string[] = [];
  // veval's freeze stylesheet as the capture would have it (no overlay scrollbar, no transition); added after load here
  const freeze = () => d.executeScript(`const s = document.createElement('style'); s.textContent = ${JSON.stringify(FREEZE_CSS)}; document.head.append(s)`);
  for (const name of fs.readdirSync(CORPUS).sort().slice(0, Number(process.env.PAGES ?? 99))) {
    for (const [w, vh] of [[1280, 800], [390, 844]]) {
      await d.manage().window().setRect({ width: w, height: vh });
      await d.get(`${srv.url}/${name}/index.html`); await freeze(); await sleep(300);
      const hd = Math.min(await docHeight(), 12000);
      await d.manage().window().setRect({ width: w, height: hd }); await frame(d); await sleep(100); await frame(d);
      const grown = await docHeight(), tall = await shot(d);
      await d.manage().window().setRect({ width: w, height: vh });
      await d.get(`${srv.url}/${name}/index.html`); await freeze(); await sleep(300);
      const st = await stitched(w, vh, hd);
      // the same method again on a fresh load: is a stitched image repeatable (what a baseline needs)?
      await d.get(`${srv.url}/${name}/index.html`); await freeze(); await sleep(300);
      const st2 = await stitched(w, vh, hd);
      let again = 0;
      for (let i = 0; i < st.data.length; i += 4) if (st.data.readUInt32BE(i) !== st2.data.readUInt32BE(i)) again++;
      if (again) unrepeatable.push(`${name}@${w} (${again} px)`);
      let diff = 0;
      if (tall.height !== hd) diff = -1;
      else for (let i = 0; i < st.data.length; i += 4) if (st.data.readUInt32BE(i) !== tall.data.readUInt32BE(i)) diff++;
      const id = `${name}@${w}`;
      if (process.env.DUMP) { fs.writeFileSync(`${process.env.DUMP}/${id}.stitched.png`, PNG.sync.write(st)); fs.writeFileSync(`${process.env.DUMP}/${id}.tall.png`, PNG.sync.write(tall)); }
      if (grown !== hd) vhDependent.push(`${id} (${hd}→${grown} px)`);
      console.log(`  ${id}: ${hd} px, ${diff} pixels differ from the tall window, stitched twice: ${again} differ${grown !== hd ? `, grew to ${grown}` : ''}`);
      (diff === 0 ? same : differ).push(diff === 0 ? id : `${id}: ${diff === -1 ? 'sizes differ' : `${(100 * diff / (w * hd)).toFixed(2)}% of pixels`}`);
    }
  }
  await srv.close();
  note('full-page image (real pages)', same.length === same.length + differ.length && !vhDependent.length && !unrepeatable.length ? 'yes' : 'no', `stitched = tall window in ${same.length} of ${same.length + differ.length} units; identical: ${same.join(', ')}; different: ${differ.join(', ') || 'none'}; document height changed when the window grew (a viewport-relative layout): ${vhDependent.join(', ') || 'none'}; stitched twice, not the same: ${unrepeatable.join(', ') || 'none'}`);
}

if (process.argv.includes('--corpus')) await corpusCompare();
note('sessions', sessionFailures.length ? 'flaky' : 'yes', `${sessionFailures.length} session(s) the driver failed to create and gave on a second asking: ${sessionFailures.join('; ') || 'none'}`);
await wk.stop();
server.close();
if (process.argv.includes('--markdown')) {
  console.log('\n| capability | WebKitGTK here | evidence |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.capability} | ${r.answer} | ${r.evidence.replace(/\|/g, '\\|')} |`);
}

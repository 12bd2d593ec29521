// Ground truth for stress units on the real-page corpus, measured WITHOUT veval's code (issue 61):
// plain Playwright, each stress applied by the console snippet of its docs/checks/stress/<variant>.md
// page, and a clipping rule of its own. For each spec's page after load (its default state), per
// viewport and variant: the page's horizontal overflow a user can reach, and every element whose own
// text runs more than 1 px past the padding box of itself or of an ancestor that clips
// (overflow hidden/clip), or of a button, or that starts inside the nearest box painting a background
// or border and runs sideways out of it (nothing positioned on the way) — under the stress and not
// before it, in the same page. An element that
// already truncates with text-overflow: ellipsis and carries its full text in title/aria-label is
// left out (a designed ellipsis). Screenshots go to --shots DIR to be looked at.
//
//   node test/real/corpus/measure-stress.mjs [--shots /tmp/stress-shots] [--viewport mobile] [spec-name…]
//
// Prints one JSON line per spec × viewport × variant: { spec, viewport, variant, overflow, clipped: [{ text, plain, px }] }
// (plain: the element's text before the stress).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.resolve(HERE, '..', '..', '..', '..', 'shared', 'corpus', 'real-pages');
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const BROWSER = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));
const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); if (i < 0) return null; const v = args[i + 1]; args.splice(i, 2); return v; };
const shots = opt('--shots');
const onlyVp = opt('--viewport');

// the docs' "reproduce by hand" snippets (docs/checks/stress/*.md), as written there
const STRESS = {
  'text-spacing': () => {
    const s = document.createElement('style');
    s.textContent = '*, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
    document.head.append(s);
  },
  'text-200': () => {
    const els = [...document.querySelectorAll('html, body, body *')];
    const was = els.map((e) => getComputedStyle(e)).map((c) => [parseFloat(c.fontSize), c.lineHeight]);
    els.forEach((e, i) => { e.style.setProperty('font-size', was[i][0] * 2 + 'px', 'important');
      if (was[i][1].endsWith('px')) e.style.setProperty('line-height', parseFloat(was[i][1]) * 2 + 'px', 'important'); });
  },
  expand: () => {
    const grow = (n) => n <= 10 ? 1 : n <= 20 ? .8 : n <= 30 ? .6 : n <= 50 ? .4 : n <= 70 ? .31 : .3;
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); const ns = [];
    while (w.nextNode()) if (w.currentNode.nodeValue.trim() && !/SCRIPT|STYLE|NOSCRIPT|TEXTAREA/.test(w.currentNode.parentNode.tagName)) ns.push(w.currentNode);
    for (const n of ns) { const t = n.nodeValue, len = t.trim().length, total = Math.round(len * grow(len)), letters = t.replace(/\s+/g, '').length || 1; let left = total;
      n.nodeValue = t.replace(/\S+/g, (wd) => { const add = Math.min(left, Math.max(1, Math.round(wd.length / letters * total))); left -= add; let f = ''; for (let i = 0; i < add; i++) f += wd[i % wd.length]; return wd + f; }); }
  },
  'long-words': () => {
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); const ns = [];
    while (w.nextNode()) if (w.currentNode.nodeValue.trim() && !/SCRIPT|STYLE/.test(w.currentNode.parentNode.tagName)) ns.push(w.currentNode);
    for (const n of ns) { const words = n.nodeValue.match(/\S+/g); const l = words.reduce((a, b) => b.length > a.length ? b : a);
      if (l.length < 30) n.nodeValue = n.nodeValue.replace(l, l.repeat(Math.ceil(30 / l.length)).slice(0, 30)); }
  },
};

/** Overflow a user reaches, and elements whose own text runs out of a clipping box (in the page). */
function measure(vw) {
  const de = document.documentElement;
  const ox = getComputedStyle(de).overflowX !== 'visible' ? getComputedStyle(de).overflowX : getComputedStyle(document.body).overflowX;
  const overflow = window.innerWidth > vw + 0.5 ? window.innerWidth - vw : /hidden|clip/.test(ox) ? 0 : Math.max(0, de.scrollWidth - de.clientWidth);
  const out = [];
  const all = [...document.querySelectorAll('body *')];
  // the box that paints (a background or a border) nearest the element: text running sideways out of it spills
  const paints = (s) => (s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent') || s.backgroundImage !== 'none'
    || ['Left', 'Right', 'Top', 'Bottom'].some((k) => parseFloat(s[`border${k}Width`]) > 0 && s[`border${k}Style`] !== 'none');
  for (const [index, el] of all.entries()) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.nodeValue.trim());
    if (!own.length || /^(SCRIPT|STYLE|NOSCRIPT|OPTION)$/.test(el.tagName)) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    const r = document.createRange();
    const rects = own.flatMap((n) => { r.selectNodeContents(n); return [...r.getClientRects()]; }).filter((b) => b.width > 0 && b.height > 0);
    if (!rects.length) continue;
    // the nearest box that clips it: itself or an ancestor with overflow hidden/clip, or a button
    let px = 0;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const clipX = /hidden|clip/.test(s.overflowX) || a.tagName === 'BUTTON', clipY = /hidden|clip/.test(s.overflowY) || a.tagName === 'BUTTON';
      if (!clipX && !clipY) continue;
      const b = a.getBoundingClientRect();
      const pl = b.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft) * 0, pr = b.right - parseFloat(s.borderRightWidth);
      const pt = b.top + parseFloat(s.borderTopWidth), pb = b.bottom - parseFloat(s.borderBottomWidth);
      for (const t of rects) {
        if (clipX) px = Math.max(px, pl - t.left, t.right - pr);
        if (clipY) px = Math.max(px, pt - t.top, t.bottom - pb);
      }
      if (px > 1) break;
      px = 0;
    }
    // spill: nothing clips it, but it starts inside the nearest painting box and runs sideways out of it
    let spill = 0;
    if (px <= 1) {
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (a !== el && (s.position === 'absolute' || s.position === 'fixed')) break;
        // inside a scroller (a code listing): what runs on is scrolled to, not lost
        if (/auto|scroll/.test(s.overflowX + s.overflowY)) break;
        if (!paints(s)) continue;
        const b = a.getBoundingClientRect();
        // a line of it starts inside the box (mdn-layout-comprehension at 200 %: "About" wraps
        // beyond the nav, "us" starts inside it, and both are white on the white page past it)
        if (rects.some((t) => t.left >= b.left - 1 && t.left <= b.right && t.top >= b.top - 1 && t.top <= b.bottom)) {
          for (const t of rects) spill = Math.max(spill, b.left - t.left, t.right - b.right);
        }
        break;
      }
    }
    const designed = cs.textOverflow === 'ellipsis' && [el.title, el.getAttribute('aria-label')].some((t) => t && t.trim() === el.textContent.trim());
    const cut = Math.max(px, spill);
    if (cut > 1 && !designed) out.push({ index, text: el.textContent.replace(/\s+/g, ' ').trim().slice(0, 60), px: Math.round(cut), tag: el.tagName.toLowerCase(), ...(spill > 1 && px <= 1 ? { spill: true } : {}) });
  }
  return { overflow: Math.round(overflow), clipped: out };
}

function serve() {
  return new Promise((resolve) => {
    const srv = http.createServer((req, res) => {
      const p = path.join(CORPUS, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (!p.startsWith(CORPUS) || !fs.existsSync(p) || !fs.statSync(p).isFile()) { res.writeHead(404); res.end(); return; }
      const ext = path.extname(p);
      res.writeHead(200, { 'content-type': { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.png': 'image/png' }[ext] ?? 'application/octet-stream' });
      fs.createReadStream(p).pipe(res);
    });
    srv.listen(0, '127.0.0.1', () => resolve(srv));
  });
}

const srv = await serve();
const base = `http://127.0.0.1:${srv.address().port}`;
const browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox', '--disable-gpu'] });
const specsDir = path.join(HERE, 'specs');
const names = args.length ? args : fs.readdirSync(specsDir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5));
if (shots) fs.mkdirSync(shots, { recursive: true });
try {
  for (const name of names) {
    const spec = parse(fs.readFileSync(path.join(specsDir, `${name}.yaml`), 'utf8'));
    for (const vp of (spec.viewports ?? Object.keys(VIEWPORTS)).filter((v) => !onlyVp || v === onlyVp)) {
      const open = async () => {
        const ctx = await browser.newContext({ ...VIEWPORTS[vp], reducedMotion: 'reduce' });
        const page = await ctx.newPage();
        // networkidle: a page that inserts content after load (mdn-can-store's products from a
        // fetch) must be complete before the plain measurement the stressed one is paired with
        await page.goto(base + spec.route, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        return { ctx, page };
      };
      const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const [variant, fn] of Object.entries(STRESS)) {
        // the plain page and then the same page stressed: elements pair by their place in the document
        const { ctx, page } = await open();
        const before = await page.evaluate(measure, VIEWPORTS[vp].viewport.width);
        // each element's text before the stress (expand and long-words rewrite it; elements stay)
        const plainText = await page.evaluate(() => [...document.querySelectorAll('body *')].map((e) => e.textContent.replace(/\s+/g, ' ').trim().slice(0, 60)));
        await page.evaluate(fn);
        await settle(page);
        const after = await page.evaluate(measure, VIEWPORTS[vp].viewport.width);
        if (shots) await page.screenshot({ path: path.join(shots, `${name}-${variant}-${vp}.png`), fullPage: true });
        await ctx.close();
        const had = new Set(before.clipped.map((c) => c.index));
        const clipped = after.clipped.filter((c) => !had.has(c.index)).map((c) => ({ ...c, plain: plainText[c.index] }));
        console.log(JSON.stringify({ spec: name, viewport: vp, variant, overflow: before.overflow ? 0 : after.overflow, clipped }));
      }
    }
  }
} finally {
  await browser.close();
  srv.close();
}

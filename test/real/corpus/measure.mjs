// Ground truth for the real-page corpus, measured WITHOUT veval's code: plain Playwright, axe-core
// and a 20-line static server of its own. It reads the specs here only for routes, viewports,
// states (steps), regions and required selectors, measures each page × viewport × state as the
// contract words it, and prints (or with --write, writes into truth/<spec>.json) the findings a
// careful reviewer expects. Every entry says what was measured; the reviewer checks each against
// the screenshots saved with --shots DIR (full page, and each required element scrolled to the
// centre) and records what they showed: `seen` on an expected entry, `rejected` (a measured
// candidate the screenshot refutes, with the reason) and `added` (seen on a screenshot, not
// measurable here). --write keeps those, so the truth = measured − rejected + added.
//
//   node test/real/corpus/measure.mjs [--write] [--shots /tmp/shots] [spec-name…]
//
// The rules measured (contract + issue 12/13 decisions):
// - http-status: the route's response is 4xx/5xx.            console: console.error / uncaught error
//   (Chromium's "Failed to load resource" lines excluded).     requests: a subresource failed or 4xx/5xx.
// - overflow: documentElement.scrollWidth > clientWidth (the layout viewport) AND a user can reach it:
//   a sideways wheel scrolls the page, or the phone's layout viewport grew past the screen (it pans
//   or zooms out). overflow-x: hidden on the viewport keeps a desktop user from it. An element wider than
//   the viewport on such a page is the overflow's finding, not also required-visible's (issue 12:
//   one defect, one finding); elements reached by scrolling sideways are reachable.
// - required (visible: full): present, displayed, non-zero size and opacity, fully inside the
//   document's scrollable area and no larger than the viewport, not clipped by an overflow
//   hidden/clip ancestor (by more than 1 px), and not covered: scrolled to the centre, a grid of
//   points 2 px inside its edges is hit-tested; a foreign element on top covers it when hiding that
//   element changes the element's pixels, or when it takes the clicks of an interactive element.
//   The element's own label/control, descendants and ancestors never cover it, nor does a field's
//   decoration lying in its padding, clear of its text area (the icon of an icon input). partial: some point
//   of it is visible. present: in the DOM.
// - overlap: two declared regions intersect by 1 px or more in both directions, neither inside the other.
// - task-order: a pair of regions (stacked: top to bottom; side by side: in reading direction)
//   whose order on a later viewport is the reverse of the first viewport's.
// - text-clipped: an element with text whose content is cut off by overflow hidden/clip, ellipsis,
//   or a button's box (its text rects run more than 1 px past the padding box); or whose own text
//   starts inside and runs more than 1 px out of the nearest box painting a background or border,
//   sideways, nothing clipping or positioning it on the way — candidates, each confirmed or
//   rejected on the screenshots.
// - axe: axe-core with its default rules, the spec's masks excluded; impact moderate or above
//   (important/blocker).
// - stability: the DOM keeps changing for a second after the state is reached, or two screenshots of
//   the first screen (animations disabled) differ.
// - min-gap: specs list no pairs and there is no baseline: nothing expected (issue 13).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.resolve(HERE, '..', '..', '..', '..', 'shared', 'corpus', 'real-pages');
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const BROWSER = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));

const args = process.argv.slice(2);
const write = args.includes('--write');
const shotsAt = args.includes('--shots') ? args[args.indexOf('--shots') + 1] : null;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--shots');

function serve(root) {
  const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.ico': 'image/x-icon' };
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      res.writeHead(200, { 'content-type': types[path.extname(file).toLowerCase()] ?? 'application/octet-stream' });
      fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((c) => server.close(c)) })));
}

async function runStep(page, step) {
  const [kind, v] = Object.entries(step)[0];
  const sel = typeof v === 'string' ? v : v.selector;
  if (kind === 'click') await page.click(sel, { timeout: 5000 });
  else if (kind === 'fill') await page.fill(sel, v.value, { timeout: 5000 });
  else if (kind === 'press') await (typeof v === 'string' ? page.keyboard.press(v) : page.press(sel, v.key));
  else if (kind === 'select') await page.selectOption(sel, v.value, { timeout: 5000 });
  else if (kind === 'check') await page.check(sel, { timeout: 5000 });
  else if (kind === 'waitFor') await page.waitForSelector(sel, { state: 'visible', timeout: 5000 });
  else if (kind === 'wait') await page.waitForTimeout(v);
  else throw new Error(`step ${kind} not handled by measure.mjs`);
}

/** In the page: geometry facts (plain JS, no helpers from veval). */
function pageFacts({ regions }) {
  const de = document.documentElement;
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; };
  const regionBoxes = {};
  for (const [name, sel] of Object.entries(regions)) {
    const el = document.querySelector(sel);
    regionBoxes[name] = el && el.getClientRects().length ? box(el) : null;
  }
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + [...el.classList].slice(0, 2).map((c) => `.${c}`).join('');
  const clipped = [];
  for (const el of document.querySelectorAll('body *')) {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || !el.getClientRects().length) continue;
    const own = (el.innerText ?? '').replace(/\s+/g, ' ').trim();
    if (!own || el === document.body) continue;
    const hides = (o) => o === 'hidden' || o === 'clip';
    const isButton = el.matches('button, input[type=submit], input[type=button], select');
    const x = (hides(cs.overflowX) || isButton || cs.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1;
    const y = (hides(cs.overflowY) || isButton) && el.scrollHeight > el.clientHeight + 1;
    if (!(x || y) || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
    // the scroll size counts the end padding: what is cut is text past the padding box (the clip edge)
    const r = el.getBoundingClientRect();
    const pad = { l: r.left + el.clientLeft, t: r.top + el.clientTop, r: r.left + el.clientLeft + el.clientWidth, b: r.top + el.clientTop + el.clientHeight };
    const range = document.createRange();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let past = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      range.selectNodeContents(n);
      for (const t of range.getClientRects()) {
        if (t.width === 0) continue;
        if (x) past = Math.max(past, t.right - pad.r, pad.l - t.left);
        if (y) past = Math.max(past, t.bottom - pad.b, pad.t - t.top);
      }
    }
    if (past > 1) clipped.push({ el: describe(el), text: own.slice(0, 80), by: Math.round(past) });
  }
  // text leaving the box it is drawn on: the element's own text lines, against the nearest
  // ancestor-or-self with a background (alpha >= 0.5, or an image) or a border, when nothing on the
  // way clips, scrolls, positions or transforms it (and it is not a button, which clips)
  const alpha = (c) => { if (c === 'transparent') return 0; const m = /rgba?\(([^)]*)\)/.exec(c); const p = m ? m[1].split(/[ ,/]+/).filter(Boolean) : []; return p.length > 3 ? parseFloat(p[3]) : 1; };
  const painted = (cs) => alpha(cs.backgroundColor) >= 0.5 || cs.backgroundImage !== 'none'
    || ['Top', 'Right', 'Bottom', 'Left'].some((d) => parseFloat(cs[`border${d}Width`]) >= 1 && cs[`border${d}Style`] !== 'none' && cs[`border${d}Style`] !== 'hidden' && alpha(cs[`border${d}Color`]) > 0);
  const drawnOn = (el) => {
    for (let a = el; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'visible' || a.tagName === 'BUTTON' || cs.visibility !== 'visible' || cs.opacity === '0' || a.closest('[aria-hidden="true"]')) return null;
      const inline = cs.display === 'inline' || cs.display === 'contents';
      if (!inline && painted(cs)) return a;
      if (!inline && (cs.position === 'absolute' || cs.position === 'fixed' || cs.transform !== 'none')) return null;
    }
    return null;
  };
  // only what a user can reach counts: past the edge of a viewport locked sideways (overflow-x
  // hidden on html, or on body when html leaves it visible) the text is cut by the screen instead
  const ox = (e) => getComputedStyle(e).overflowX;
  const locked = ['hidden', 'clip'].includes(ox(de)) || (ox(de) === 'visible' && ['hidden', 'clip'].includes(ox(document.body)));
  const reach = locked ? Math.max(de.clientWidth, innerWidth) : de.scrollWidth;
  const spilled = [];
  for (const el of document.querySelectorAll('body *')) {
    const texts = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
    if (!texts.length || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(el.tagName)) continue;
    const on = drawnOn(el);
    if (!on) continue;
    const b = on.getBoundingClientRect();
    let past = 0, starts = false;
    const range = document.createRange();
    for (const n of texts) {
      range.selectNodeContents(n);
      for (const t of range.getClientRects()) {
        if (t.width === 0 || t.bottom <= b.top + 1 || t.top >= b.bottom - 1) continue;
        if (t.right > b.left + 1 && t.left < b.right - 1) starts = true;
        past = Math.max(past, Math.min(t.right, reach) - b.right, b.left - Math.max(t.left, 0));
      }
    }
    if (starts && past > 1) spilled.push({ el: describe(el), on: describe(on), text: texts.map((n) => n.textContent.replace(/\s+/g, ' ').trim()).join(' ').slice(0, 80), by: Math.round(past) });
  }
  return {
    scrollWidth: de.scrollWidth, clientWidth: de.clientWidth, scrollHeight: de.scrollHeight, clientHeight: de.clientHeight,
    rtl: getComputedStyle(de).direction === 'rtl' || getComputedStyle(document.body).direction === 'rtl',
    regions: regionBoxes, clipped, spilled,
  };
}

/** In the page: the static part of a required element's visibility; marks the element for the cover test. */
function requiredFacts({ selector, text, within }) {
  let el = null;
  if (selector) el = document.querySelector(selector);
  else {
    const scope = within ? document.querySelector(within) : document.body;
    const walker = scope && document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    while (walker && walker.nextNode()) if (walker.currentNode.textContent.includes(text)) { el = walker.currentNode.parentElement; break; }
  }
  if (!el) return { present: false };
  document.querySelectorAll('[data-measure-target]').forEach((e) => e.removeAttribute('data-measure-target'));
  el.setAttribute('data-measure-target', '');
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  let opacity = 1, hidden = cs.visibility !== 'visible';
  for (let a = el; a && a.nodeType === 1; a = a.parentElement) {
    const s = getComputedStyle(a);
    opacity *= Number(s.opacity);
    if (s.display === 'none') hidden = true;
  }
  const doc = { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
  const de = document.documentElement;
  const fixed = (() => { for (let a = el; a; a = a.parentElement) if (getComputedStyle(a).position === 'fixed') return true; return false; })();
  let clippedBy = null;
  for (let a = el.parentElement; a && a !== document.body && a !== de; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (!['hidden', 'clip'].includes(s.overflowX) && !['hidden', 'clip'].includes(s.overflowY)) continue;
    const c = a.getBoundingClientRect();
    const outX = ['hidden', 'clip'].includes(s.overflowX) && (r.left < c.left - 1 || r.right > c.right + 1);
    const outY = ['hidden', 'clip'].includes(s.overflowY) && (r.top < c.top - 1 || r.bottom > c.bottom + 1);
    if (outX || outY) { clippedBy = a.tagName.toLowerCase() + (a.id ? `#${a.id}` : '') + [...a.classList].slice(0, 2).map((x) => `.${x}`).join(''); break; }
  }
  const reachable = fixed
    ? r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1
    : doc.x >= -1 && doc.y >= -1 && doc.x + doc.width <= de.scrollWidth + 1 && doc.y + doc.height <= de.scrollHeight + 1;
  return {
    present: true, hidden, opacity, box: doc, zeroSize: r.width < 1 || r.height < 1, clippedBy, reachable,
    fits: r.width <= de.clientWidth + 1 && r.height <= innerHeight + 1,
    pageOverflows: de.scrollWidth > de.clientWidth, viewportHeight: innerHeight,
    interactive: el.matches('a[href], button, input, select, textarea, summary, [role=button], [role=tab], [role=menuitem], [tabindex]'),
  };
}

/** In the page, after scrolling the element to the centre: who is on top at a grid of points. */
function hitTest() {
  const el = document.querySelector('[data-measure-target]');
  const r = el.getBoundingClientRect();
  const related = (o) => o === el || el.contains(o) || o.contains(el)
    || (el.labels && [...el.labels].some((l) => l === o || l.contains(o)))
    || (el.control && (el.control === o || el.control.contains(o)))
    || (o.control === el) || (o.closest('label') && o.closest('label').control === el);
  const covers = new Map();
  let points = 0, own = 0;
  const xs = [], ys = [];
  for (let i = 0; i < 7; i++) xs.push(r.left + 2 + (i / 6) * Math.max(0, r.width - 4));
  for (let i = 0; i < 5; i++) ys.push(r.top + 2 + (i / 4) * Math.max(0, r.height - 4));
  for (const x of xs) for (const y of ys) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    points++;
    const top = document.elementFromPoint(x, y);
    if (!top || related(top)) { own++; continue; }
    if (!top.hasAttribute('data-measure-cover')) top.setAttribute('data-measure-cover', String(covers.size));
    const id = top.getAttribute('data-measure-cover');
    const d = covers.get(id) ?? { selector: top.tagName.toLowerCase() + (top.id ? `#${top.id}` : '') + [...top.classList].slice(0, 2).map((c) => `.${c}`).join(''), points: 0 };
    d.points++; covers.set(id, d);
  }
  // elements that ignore the pointer but may paint over it (pointer-events: none overlays)
  for (const o of document.querySelectorAll('body *')) {
    if (related(o) || getComputedStyle(o).pointerEvents !== 'none' || o.hasAttribute('data-measure-cover')) continue;
    const b = o.getBoundingClientRect();
    const w = Math.min(b.right, r.right) - Math.max(b.left, r.left), h = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
    if (w < 2 || h < 2 || getComputedStyle(o).visibility !== 'visible') continue;
    o.setAttribute('data-measure-cover', String(covers.size));
    covers.set(String(covers.size), { selector: o.tagName.toLowerCase() + [...o.classList].slice(0, 2).map((c) => `.${c}`).join(''), points: 0, passive: true });
  }
  // a field's own decoration (the icon of an icon input) lies in its padding, clear of its text area
  const cs = getComputedStyle(el);
  const px = (v) => parseFloat(v) || 0;
  const content = { left: r.left + px(cs.borderLeftWidth) + px(cs.paddingLeft), right: r.right - px(cs.borderRightWidth) - px(cs.paddingRight),
    top: r.top + px(cs.borderTopWidth) + px(cs.paddingTop), bottom: r.bottom - px(cs.borderBottomWidth) - px(cs.paddingBottom) };
  const decoration = (o) => {
    if (!el.matches('input, select, textarea')) return false;
    const b = o.getBoundingClientRect();
    const w = Math.min(b.right, content.right) - Math.max(b.left, content.left), h = Math.min(b.bottom, content.bottom) - Math.max(b.top, content.top);
    return w < 1 || h < 1;
  };
  const list = [...covers.entries()].map(([id, c]) => ({ id, ...c, decoration: decoration(document.querySelector(`[data-measure-cover="${id}"]`)) }));
  return { viewportBox: { x: r.left, y: r.top, width: r.width, height: r.height }, points, own, covers: list };
}

async function elementShot(page, vb) {
  const clip = { x: Math.max(0, vb.x), y: Math.max(0, vb.y), width: Math.max(1, Math.min(vb.width, page.viewportSize().width - Math.max(0, vb.x))), height: Math.max(1, Math.min(vb.height, page.viewportSize().height - Math.max(0, vb.y))) };
  return page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
}

async function visibility(page, req, shot) {
  const f = await page.evaluate(requiredFacts, { selector: req.selector ?? null, text: req.text ?? null, within: req.within ?? null });
  const level = req.visible ?? 'full';
  if (!f.present) return level === 'present' ? null : 'not present';
  if (level === 'present') return null;
  if (shot) {   // what a user sees with the element scrolled to the centre, for the reviewer
    await page.locator('[data-measure-target]').evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
    await page.screenshot({ path: shot, animations: 'disabled', caret: 'hide' });
  }
  if (f.hidden) return 'not displayed';
  if (f.opacity === 0) return 'opacity 0';
  if (f.zeroSize) return 'zero size';
  if (level === 'full' && f.clippedBy) return `clipped by ${f.clippedBy}`;
  if (level === 'full' && !f.reachable) return 'outside the reachable page';
  // wider than the viewport on a page that is wider than the viewport: one defect, the overflow's
  if (level === 'full' && !f.fits) return f.pageOverflows && f.box.height <= f.viewportHeight ? null : 'larger than the viewport';
  await page.locator('[data-measure-target]').evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
  await page.waitForTimeout(50);
  const hit = await page.evaluate(hitTest);
  const painting = [];
  for (const c of hit.covers.filter((x) => !x.decoration)) {
    const before = await elementShot(page, hit.viewportBox);
    await page.evaluate((id) => { const o = document.querySelector(`[data-measure-cover="${id}"]`); o.dataset.measureOpacity = o.style.opacity; o.style.setProperty('opacity', '0', 'important'); }, c.id);
    const after = await elementShot(page, hit.viewportBox);
    await page.evaluate((id) => { const o = document.querySelector(`[data-measure-cover="${id}"]`); o.style.opacity = o.dataset.measureOpacity; }, c.id);
    const paints = !before.equals(after);
    if (paints || (!c.passive && f.interactive && c.points > 0)) painting.push(`${c.selector}${paints ? '' : ' (takes the clicks)'}`);
  }
  await page.evaluate(() => document.querySelectorAll('[data-measure-cover]').forEach((e) => e.removeAttribute('data-measure-cover')));
  if (level === 'partial') return hit.own > 0 || (painting.length === 0 && hit.points > 0) ? null : `no point visible (${painting.join(', ') || 'off screen'})`;
  return painting.length ? `covered by ${painting.join(', ')}` : null;
}

async function measureUnit(browser, base, spec, vpName, state) {
  const ctx = await browser.newContext({ ...VIEWPORTS[vpName], reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC' });
  const page = await ctx.newPage();
  const consoleErrors = [], failed = [];
  page.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e.message ?? e)));
  page.on('requestfailed', (q) => failed.push({ url: q.url(), why: q.failure()?.errorText }));
  page.on('response', (r) => { if (r.status() >= 400 && r.request().resourceType() !== 'document') failed.push({ url: r.url(), why: r.status() }); });
  const url = base + spec.route;
  const response = await page.goto(url, { waitUntil: spec.wait?.for === 'networkidle' ? 'networkidle' : 'load' });
  await page.evaluate(() => document.fonts.ready);
  try {
    for (const step of state.steps ?? []) await runStep(page, step);
  } catch (err) {
    await ctx.close();
    return { stepFailed: String(err.message).split('\n')[0] };
  }
  await page.waitForTimeout(300);
  const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  if (shotsAt) fs.writeFileSync(path.join(shotsAt, `${spec.name}-${state.name}-${vpName}.png`), shot);
  // settled: nothing in the DOM changes for a second, and the first screen looks the same twice
  const mask = (spec.masks ?? []).map((m) => page.locator(m));
  const view = await page.screenshot({ animations: 'disabled', caret: 'hide', mask });
  const mutations = await page.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const o = new MutationObserver((list) => { n += list.length; });
    o.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => { o.disconnect(); resolve(n); }, 1000);
  }));
  const stable = mutations === 0 && view.equals(await page.screenshot({ animations: 'disabled', caret: 'hide', mask }));
  const facts = await page.evaluate(pageFacts, { regions: spec.regions ?? {} });
  // can a user scroll sideways? a wheel turned sideways (desktop), or a layout viewport wider than
  // the screen (a phone pans or zooms out to show it)
  await page.mouse.move(5, 5);
  await page.mouse.wheel(300, 0);
  await page.waitForTimeout(100);
  facts.userScrollX = await page.evaluate(() => ({ scrolled: scrollX, layoutWider: innerWidth > document.documentElement.clientWidth + 0.5, innerWidth }));
  await page.evaluate(() => scrollTo(0, 0));
  const required = [];
  for (const req of [...(spec.required ?? []), ...(state.required ?? [])]) {
    if (req.states && !req.states.includes(state.name)) continue;
    const shot = shotsAt && path.join(shotsAt, `${spec.name}-${state.name}-${vpName}-required-${required.length + 1}.png`);
    required.push({ target: req.selector ?? req.text, why: await visibility(page, req, shot) });
  }
  await page.evaluate(AXE);
  const axe = await page.evaluate((exclude) => window.axe.run({ exclude: exclude.map((m) => [m]) }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, first: v.nodes[0]?.target?.join(' ') }))), spec.masks ?? []);
  await ctx.close();
  return { status: response?.status() ?? null, consoleErrors, failed, stable, mutations, facts, required, axe };
}

/** Reading order relation of two boxes: -1 a first, 1 b first, 0 none (overlapping / nested). */
function order(a, b, rtl) {
  if (!a || !b) return 0;
  if (a.y + a.height <= b.y + 1) return -1;
  if (b.y + b.height <= a.y + 1) return 1;
  if (a.x + a.width <= b.x + 1) return rtl ? 1 : -1;
  if (b.x + b.width <= a.x + 1) return rtl ? -1 : 1;
  return 0;
}
const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
const pair = (a, b) => [a, b].sort().join('+');
const norm = (s) => String(s).replace(/\s+/g, ' ').trim().slice(0, 60);

function findingsOf(spec, vpName, stateName, m, first) {
  const out = [];
  const add = (check, target, how, severity) => out.push({ check, viewport: vpName, state: stateName, target, severity, how: `measured by script: ${how}` });
  if (m.stepFailed) { add('capture', null, `a step failed: ${m.stepFailed}`, 'blocker'); return out; }
  if (m.status === null || m.status >= 400) add('http-status', null, `the route answered ${m.status}`, 'blocker');
  for (const t of new Set(m.consoleErrors)) add('console', norm(t), 'console.error / uncaught error event', 'important');
  const seen = new Set();
  for (const f of m.failed) { const p = new URL(f.url).pathname; if (!seen.has(p)) { seen.add(p); add('requests', p, `request failed: ${f.why}`, 'important'); } }
  const f = m.facts;
  const u = f.userScrollX;
  if (f.scrollWidth > f.clientWidth && (Math.abs(u.scrolled) > 0 || u.layoutWider)) {
    add('overflow', null, `documentElement.scrollWidth ${f.scrollWidth} > clientWidth ${f.clientWidth}, and a user reaches it (${u.layoutWider ? `the layout viewport is ${u.innerWidth} px` : `a sideways wheel scrolls ${Math.abs(u.scrolled)} px`})`, VIEWPORTS[vpName].viewport.width < 768 ? 'blocker' : 'important');
  }
  for (const r of m.required) if (r.why) add('required-visible', r.target, r.why, 'blocker');
  const names = Object.keys(spec.regions ?? {});
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
    const a = f.regions[names[i]], b = f.regions[names[j]];
    if (!a || !b || inside(a, b) || inside(b, a)) continue;
    const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x), h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
    if (w >= 1 && h >= 1) add('overlap', pair(names[i], names[j]), `boxes intersect ${Math.round(w)}×${Math.round(h)} px`, 'blocker');
  }
  if (first && first !== m && !first.stepFailed) {
    const reversed = [];
    for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
      const was = order(first.facts.regions[names[i]], first.facts.regions[names[j]], first.facts.rtl);
      const now = order(f.regions[names[i]], f.regions[names[j]], f.rtl);
      if (was && now && was !== now) reversed.push(pair(names[i], names[j]));
    }
    if (reversed.length) add('task-order', reversed.sort().join(','), 'reading order of these pairs reversed against the first viewport', 'important');
  }
  for (const c of f.clipped) add('text-clipped', norm(c.text), `candidate: text in ${c.el} runs ${c.by} px past its padding box`, 'important');
  for (const c of f.spilled) add('text-clipped', norm(c.text), `candidate: text in ${c.el} runs ${c.by} px out of ${c.on}, which paints a background or border`, 'important');
  for (const v of m.axe) if (['moderate', 'serious', 'critical'].includes(v.impact)) add('axe', v.id, `axe ${v.id} (${v.impact}), ${v.nodes} node(s), first ${v.first}`, v.impact === 'moderate' ? 'important' : 'blocker');
  if (!m.stable) add('stability', null, `the page kept changing: ${m.mutations} DOM mutation(s) in 1 s, or the first screen differed between two screenshots`, 'blocker');
  return out;
}

const specsDir = path.join(HERE, 'specs');
const specs = fs.readdirSync(specsDir).filter((f) => f.endsWith('.yaml')).map((f) => parse(fs.readFileSync(path.join(specsDir, f), 'utf8')))
  .filter((s) => !only.length || only.includes(s.name));
if (shotsAt) fs.mkdirSync(shotsAt, { recursive: true });
const server = await serve(CORPUS);
const browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox'] });
try {
  for (const spec of specs) {
    const expected = [];
    for (const state of spec.states ?? [{ name: 'default' }]) {
      let first = null;
      for (const vp of spec.viewports) {
        const m = await measureUnit(browser, server.url, spec, vp, state);
        if (!m.stepFailed) first ??= m;
        expected.push(...findingsOf(spec, vp, state.name, m, first));
      }
    }
    console.log(`== ${spec.name}`);
    for (const e of expected) console.log(`  ${e.check} ${e.state}-${e.viewport} ${e.target ?? ''} — ${e.how}`);
    if (write) {
      // the reviewer's part survives a re-measure: candidates rejected on the screenshots, findings
      // seen there that the script cannot measure, the notes saying what a screenshot showed, and
      // the residual lists of the test (knownFalseAlarms, knownMisses)
      const file = path.join(HERE, 'truth', `${spec.name}.json`);
      const old = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
      const key = (e) => `${e.check} ${e.state}-${e.viewport} ${e.target ?? ''}`;
      const rejected = old.rejected ?? [], added = old.added ?? [];
      const seen = new Map((old.expected ?? []).filter((e) => e.seen).map((e) => [key(e), e.seen]));
      const kept = expected.filter((e) => !rejected.some((r) => key(r) === key(e)))
        .map((e) => (seen.has(key(e)) ? { ...e, seen: seen.get(key(e)) } : e));
      const truth = { spec: spec.name, expected: [...kept, ...added.filter((a) => !kept.some((e) => key(e) === key(a)))], rejected, added };
      for (const k of ['knownFalseAlarms', 'knownMisses']) if (old[k]?.length) truth[k] = old[k];
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(truth, null, 2) + '\n');
      fs.renameSync(tmp, file);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

// The root-cause regression set (docs/root-cause.md, test/fixtures/root-cause/cases.json): CSS
// regressions applied on the fly (a routed response, never a copy) to the demo shop and to real
// corpus pages. Each is captured twice with veval's own CSS record and a full-page screenshot —
// as approved, and regressed — compared as parity compares, and its first changed area explained
// without the browser. Used by root-cause.test.ts and, to re-make the table in docs/root-cause.md,
// by `node --import tsx test/parity/root-cause-set.ts`.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CssRecord } from '../../src/core/artifacts.js';
import { serveStatic } from '../../src/core/static-server.js';
import { cssRecord, lookupBudget } from '../../src/capture/gatherers/css-record.js';
import { askedTwiceIfRefused } from '../../src/capture/still/shots.js';
import { compareImages } from '../../src/parity/compare/pixel-diff.js';
import { DEFAULT_MAX_PIXELS } from '../../src/core/limits.js';
import { explainAreas, type CauseEntry } from '../../src/parity/compare/cause.js';
import { REPO } from '../helpers/tmp.js';
import { CORPUS } from './structure-precision.js';

export interface Case {
  id: string; site: string; route: string; viewport: 'desktop' | 'mobile'; what: string;
  file: string; find?: string; replace?: string; replaceWith?: string;
  element: string; props: string[]; line: string; lineFile?: string;
}
export const CASES: Case[] = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/root-cause/cases.json'), 'utf8')).cases;

export const siteDir = (site: string) => (site === 'demo' ? path.join(REPO, 'demo/app') : path.join(CORPUS, 'pages', site.replace(/^corpus:/, '')));

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
};

function regressed(c: Case): { original: string; text: string } {
  const original = fs.readFileSync(path.join(siteDir(c.site), c.file), 'utf8');
  if (c.replaceWith) return { original, text: fs.readFileSync(path.join(REPO, c.replaceWith), 'utf8') };
  if (!original.includes(c.find!)) throw new Error(`${c.id}: "${c.find}" is not in ${c.file}`);
  return { original, text: original.replace(c.find!, c.replace!) };
}

/** The 1-based line of the first line holding `text`: in the regressed file, else in the original. */
function expectedLine(c: Case): number | null {
  const file = c.lineFile ?? c.file;
  const { original, text } = file === c.file ? regressed(c) : { original: fs.readFileSync(path.join(siteDir(c.site), file), 'utf8'), text: '' };
  for (const body of [text, original]) {
    const i = body.indexOf(c.line);
    if (i >= 0) return body.slice(0, i).split('\n').length;
  }
  return null;
}

// The can store appends each product when its image has loaded, so nearly every load lists them in
// another order (27 orders in 30 loads here). The set measures a CSS regression with everything else
// equal, so its pages' fetches — and their bodies — are answered in the order they were asked for.
const IN_ORDER = `(() => {
  const fetch0 = window.fetch.bind(window);
  let asked = Promise.resolve(), read = Promise.resolve();
  const inTurn = (p, turn) => { const r = turn.then(() => p); return [r, r.then(() => {}, () => {})]; };
  window.fetch = (...args) => {
    const [r, next] = inTurn(fetch0(...args), asked); asked = next;
    return r.then((res) => {
      for (const m of ['blob', 'json', 'text', 'arrayBuffer']) {
        const own = res[m].bind(res);
        res[m] = () => { const [v, n] = inTurn(own(), read); read = n; return v; };
      }
      return res;
    });
  };
})();`;

interface Shot { png: Buffer; rec: CssRecord; dom: string; expected: { tag: string; box: { x: number; y: number; width: number; height: number } } | null }

async function capture(browser: Browser, base: string, c: Case, flag: { regress: boolean }, regress: boolean, previous: CssRecord | null = null): Promise<Shot> {
  const t0 = Date.now();
  const ctx = await browser.newContext({ ...VIEWPORTS[c.viewport], reducedMotion: 'reduce' });
  try {
    const page: Page = await ctx.newPage();
    await page.addInitScript(IN_ORDER);
    flag.regress = regress;
    await page.goto(`${base}/${c.route}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
    const png = await askedTwiceIfRefused(() => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }));
    // the lookup budget of a capture that spent what this one did to open, load and settle
    const rec = await cssRecord(page, { keep: [], lookupMs: lookupBudget(Date.now() - t0), previous }, new Map());
    const expected = await page.evaluate((sel) => {
      const e = document.querySelector(sel);
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return { tag: e.tagName.toLowerCase(), box: { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height } };
    }, c.element);
    // the DOM as text: the same for both captures of a CSS regression unless the page itself varies
    const dom = await page.evaluate(() => document.body.textContent ?? '');
    return { png, rec, dom, expected };
  } finally {
    await ctx.close();
  }
}

export interface Outcome {
  c: Case; changed: boolean; top: CauseEntry | null; text: string;
  /** both captures had the same DOM text (a CSS case measures only its CSS change only then) */
  sameDom: boolean;
  element: boolean; prop: boolean; line: boolean | null; expectedKey: string | null; expectedLine: number | null; ms: { base: number; regressed: number };
  /** elements whose rules were looked up / recorded, approved and regressed */
  looked: string;
}

export async function measure(browser: Browser, c: Case): Promise<Outcome> {
  // the server answers the regressed file while `flag.regress` is set, as a rebuilt app would
  const flag = { regress: false };
  const body = regressed(c).text;
  const srv = await serveStatic(siteDir(c.site), [(req, res) => {
    if (!flag.regress || new URL(req.url ?? '/', 'http://x').pathname !== `/${c.file}`) return false;
    res.writeHead(200, { 'content-type': c.file.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    return true;
  }]);
  try {
    const a = await capture(browser, srv.url, c, flag, false);
    const b = await capture(browser, srv.url, c, flag, true, a.rec);
    const o = compareImages({ baseline: a.png, current: b.png, threshold: 0.1, deviceScaleFactor: 1, ignore: [], regions: [], wantDiff: false, maxPixels: DEFAULT_MAX_PIXELS });
    const clusters = o.kind === 'compared' || o.kind === 'size-changed' ? [...o.clusters.map((x) => x.box), ...(o.kind === 'size-changed' ? o.strips.map((s) => s.box) : [])] : [];
    const fileOf = (url: string) => { try { return decodeURIComponent(new URL(url).pathname).replace(/^\//, ''); } catch { return url; } };
    const areas = explainAreas(a.rec, b.rec, clusters, { base: fileOf, cur: fileOf });
    const top = areas[0]?.causes[0] ?? null;
    const near = (x: number, y: number) => Math.abs(x - y) <= 0.5;
    const want = b.expected;
    const expectedKey = want ? b.rec.elements.find((e) => e.tag === want.tag && near(e.box.x, want.box.x) && near(e.box.y, want.box.y) && near(e.box.width, want.box.width) && near(e.box.height, want.box.height))?.key ?? null : null;
    const props = top ? (top.props.length ? top.props : top.via?.props ?? []) : [];
    const first = props[0];
    const expectedLine_ = expectedLine(c);
    const file = c.lineFile ?? c.file;
    const line = expectedLine_ === null ? null : !!first && [first.source, first.was].some((s) => s?.file === file && s.line === expectedLine_);
    return {
      c, changed: clusters.length > 0, top, text: areas[0]?.text ?? '(no pixel change)', sameDom: b.dom === a.dom,
      // an area that only moved is explained by the element that moved it
      element: !!top && (top.element === expectedKey || (top.kind === 'moved' && top.via?.element === expectedKey)), prop: !!first && c.props.includes(first.prop), line, expectedKey, expectedLine: expectedLine_,
      ms: { base: a.rec.ms.values + a.rec.ms.rules, regressed: b.rec.ms.values + b.rec.ms.rules }, looked: `${a.rec.counts.looked}/${a.rec.counts.recorded}, ${b.rec.counts.looked}/${b.rec.counts.recorded}`,
    };
  } finally {
    await srv.close();
  }
}

export async function measureAll(browser: Browser): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const c of CASES) {
    if (c.site !== 'demo' && !fs.existsSync(siteDir(c.site))) continue;
    out.push(await measure(browser, c));
  }
  return out;
}

export const rate = (xs: (boolean | null)[]) => { const k = xs.filter((x): x is boolean => x !== null); return k.length ? k.filter(Boolean).length / k.length : 1; };

/** The table of docs/root-cause.md. */
export function table(outs: Outcome[]): string {
  const pct = (r: number) => `${Math.round(r * 100)} %`;
  const rows = outs.map((o) => `| ${o.c.id} | ${o.c.what} | ${o.element ? '✓' : '✗'} | ${o.prop ? '✓' : '✗'} | ${o.line === null ? '—' : o.line ? '✓' : '✗'} | ${o.text.replace(/\|/g, '\\|')} |`);
  return [
    '| case | regression | element | property | file:line | what parity says (first changed area) |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| **all ${outs.length}** | | **${pct(rate(outs.map((o) => o.element)))}** | **${pct(rate(outs.map((o) => o.prop)))}** | **${pct(rate(outs.map((o) => o.line)))}** | |`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchTestBrowser } = await import('../helpers/browser.js');
  const browser = await launchTestBrowser();
  try {
    const outs = await measureAll(browser);
    console.log(table(outs));
    for (const o of outs) console.log(o.c.id, o.looked, o.ms, o.expectedKey);
  } finally {
    await browser.close();
  }
}

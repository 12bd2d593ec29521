// The pairs behind parity.design's default threshold (docs/design-parity.md): a "design export"
// and an "implementation" of the same screen, both rendered here in Chromium so nothing big is
// committed. The export is drawn with the designer's font stack at 2× (as a design tool exports);
// the implementation with the app's font stack at 1×. Matching pairs differ only in what exports
// always differ in (fonts, size rounding, anti-aliasing, colour drift); departing pairs change the
// layout or the content of named regions. Every region of every pair is one labelled sample.
//   scripts/design-threshold.ts prints the table; test/parity/design-threshold.test.ts holds it.
import type { Browser } from 'playwright-core';
import type { Box } from '../../src/core/artifacts.js';
import { compareDesign, DESIGN_DEFAULTS, type DesignRegion } from '../../src/parity/design.js';
import { decodePng } from '../../src/parity/png.js';

export const REGIONS = { header: 'header', form: 'form', summary: 'aside', cta: '#pay' } as const;
export const WIDTH = 390, HEIGHT = 844;
export type RegionName = keyof typeof REGIONS;

export interface Screen {
  font?: string; size?: number; spacing?: number; line?: number | 'normal';
  summaryBelow?: boolean; noCta?: boolean; cta?: string; items?: number; fields?: string[]; twoColumns?: boolean;
  title?: string; noTotal?: boolean; headerBg?: string; ink?: string; radius?: number;
  /** the catalog screen: cards shown, one column, hero button gone, card images, nav order */
  cards?: number; oneColumn?: boolean; noHeroCta?: boolean; images?: string[]; navOrder?: string[];
}

const APP_FONT = '"DejaVu Sans", sans-serif';
const FIELDS = ['Name on card', 'Card number', 'Expiry', 'Postcode'];
const ITEMS = [['Trail shoes', '89.00'], ['Running socks ×2', '12.00'], ['Water bottle', '9.50'], ['Head torch', '24.00'], ['Energy gels ×6', '10.80']];

/** One screen of a checkout: header, payment form, order summary, pay button. */
export function screen(s: Screen = {}): string {
  const ink = s.ink ?? '#1f2328';
  const items = ITEMS.slice(0, s.items ?? 3);
  const total = items.reduce((t, [, p]) => t + Number(p), 0).toFixed(2);
  const fields = (s.fields ?? FIELDS).map((f) => `<label>${f}<input value=""></label>`).join('');
  const summary = `<aside><h2>Order summary</h2><ul>${items.map(([n, p]) => `<li><span>${n}</span><b>€${p}</b></li>`).join('')}</ul>${s.noTotal ? '' : `<p class="total"><span>Total</span><b>€${total}</b></p>`}</aside>`;
  const form = `<form><h2>Payment</h2><div class="fields">${fields}</div>${s.noCta ? '' : `<button id="pay" type="button">Pay €${total}</button>`}</form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title><style>
  body { margin: 0; font-family: ${s.font ?? APP_FONT}; font-size: ${s.size ?? 16}px; letter-spacing: ${s.spacing ?? 0}px; line-height: ${s.line ?? 1.4}; color: ${ink}; background: #fff; }
  header { background: ${s.headerBg ?? '#0b3d91'}; color: #fff; padding: 16px 20px; font-weight: bold; font-size: 1.2em; }
  main { padding: 16px; display: flex; flex-direction: column; gap: 16px; }
  aside, form { border: 1px solid #d0d7de; border-radius: ${s.radius ?? 8}px; padding: 16px; }
  aside { background: #f6f8fa; }
  h2 { margin: 0 0 12px; font-size: 1.1em; }
  ul { list-style: none; margin: 0; padding: 0; }
  li, .total { display: flex; justify-content: space-between; padding: 6px 0; border-bottom: 1px solid #e5e7eb; }
  .total { border: 0; font-weight: bold; margin: 8px 0 0; }
  .fields { display: grid; grid-template-columns: ${s.twoColumns ? '1fr 1fr' : '1fr'}; gap: 12px; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: .9em; }
  input { box-sizing: border-box; width: 100%; min-width: 0; height: 36px; border: 1px solid #8c959f; border-radius: 6px; font: inherit; }
  #pay { margin-top: 16px; width: 100%; height: 48px; border: 0; border-radius: 8px; background: ${s.cta ?? '#1a7f37'}; color: #fff; font: inherit; font-weight: bold; }
  </style></head><body><header>${s.title ?? 'Trailhead — Checkout'}</header><main>${s.summaryBelow ? form + summary : summary + form}</main></body></html>`;
}

export const CATALOG_REGIONS = { nav: 'nav', hero: '.hero', grid: '.grid', footer: 'footer' } as const;
const CARDS = [['Day pack 18 l', '79.00'], ['Trail pack 28 l', '119.00'], ['Hip belt pouch', '24.00'], ['Rain cover', '19.00']];
const IMAGES = ['#8fb3a5', '#c9a66b', '#7d8fb0', '#b07d7d'];

/** A second screen, a catalog: nav bar, a hero whose paragraph wraps (so another font's widths change
 *  its height), a grid of product cards with coloured image areas, a footer. */
export function catalog(s: Screen = {}): string {
  const cards = CARDS.slice(0, s.cards ?? 4).map(([n, p], k) => `<article><div class="img" style="background:${(s.images ?? IMAGES)[k]}"></div><h3>${n}</h3><p>€${p}</p></article>`).join('');
  const nav = (s.navOrder ?? ['Packs', 'Shoes', 'Sale']).map((a) => `<a href="#">${a}</a>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packs</title><style>
  body { margin: 0; font-family: ${s.font ?? APP_FONT}; font-size: 16px; letter-spacing: ${s.spacing ?? 0}px; line-height: ${s.line ?? 1.4}; color: ${s.ink ?? '#1f2328'}; background: #fff; }
  nav { display: flex; gap: 16px; align-items: center; padding: 14px 16px; border-bottom: 1px solid #d0d7de; }
  nav b { margin-right: auto; font-size: 1.15em; } nav a { color: #0b3d91; text-decoration: none; }
  .hero { margin: 16px; padding: 20px; border-radius: 12px; background: #0b3d91; color: #fff; }
  .hero h1 { margin: 0 0 8px; font-size: 1.5em; } .hero p { margin: 0 0 16px; }
  .hero button { height: 44px; padding: 0 20px; border: 0; border-radius: 8px; background: #fff; color: #0b3d91; font: inherit; font-weight: bold; }
  .grid { margin: 16px; display: grid; grid-template-columns: ${s.oneColumn ? '1fr' : '1fr 1fr'}; gap: 12px; }
  article { border: 1px solid #d0d7de; border-radius: 8px; overflow: hidden; } article h3 { margin: 8px 10px 2px; font-size: 1em; } article p { margin: 0 10px 10px; font-weight: bold; }
  .img { height: 96px; }
  footer { margin: 24px 16px 16px; padding-top: 12px; border-top: 1px solid #d0d7de; font-size: .85em; color: #57606a; }
  </style></head><body><nav><b>Trailhead</b>${nav}</nav>
  <section class="hero"><h1>Light packs for long days</h1><p>Everything you need for a day on the trail, and nothing you will not miss by the second summit.</p>${s.noHeroCta ? '' : '<button type="button">Shop packs</button>'}</section>
  <div class="grid">${cards}</div><footer>© Trailhead · Free returns within 30 days · Contact</footer></body></html>`;
}

/** The designer's font stacks: what an export is drawn with when the app's font is another one. */
export const DESIGN_FONTS = ['"DejaVu Serif", serif', '"DejaVu Sans Condensed", sans-serif', '"DejaVu Sans Mono", monospace'];

export interface Pair {
  name: string; design: Screen; impl: Screen; departs: (RegionName | keyof typeof CATALOG_REGIONS)[];
  /** device scale of the export (default 2, as design tools export) and of the capture (default 1) */
  designDsf?: number; implDsf?: number;
  /** which screen (default the checkout) */
  screen?: 'checkout' | 'catalog';
}

export const SCREENS = { checkout: { html: screen, regions: REGIONS as Record<string, string> }, catalog: { html: catalog, regions: CATALOG_REGIONS as Record<string, string> } };

/** Matching: the implementation is what the export shows, in the app's fonts and at its own scale. */
const matching = (font: string, i: number): Pair[] => [
  { name: `same screen, export in ${font.split(',')[0]}`, design: { font }, impl: {}, departs: [] },
  { name: `letters 0.3 px tighter in the app, export in ${font.split(',')[0]}`, design: { font }, impl: { spacing: -0.3 }, departs: [] },
  { name: `colours drift (ink, header, CTA a shade off), export in ${font.split(',')[0]}`, design: { font, ink: '#24292f', headerBg: '#0a3a8a', cta: '#1f883d' }, impl: {}, departs: [] },
  { name: `line height "normal" in both: each font's own metrics push later lines, export in ${font.split(',')[0]}`, design: { font, line: 'normal' }, impl: { line: 'normal' }, departs: [] },
  ...(i === 0 ? [
    { name: `corner radius 12 in the export, 8 in the app, export in ${font.split(',')[0]}`, design: { font, radius: 12 }, impl: {}, departs: [] },
    { name: `app captured at 2× (a retina viewport), export in ${font.split(',')[0]}`, design: { font }, impl: {}, implDsf: 2, departs: [] },
    { name: `export at 3×, export in ${font.split(',')[0]}`, design: { font }, impl: {}, designDsf: 3, departs: [] },
  ] : []),
];

/** Departing: layout or content of the named regions is not what the export shows. */
const departing = (font: string): Pair[] => [
  { name: 'summary moved below the form', design: { font }, impl: { summaryBelow: true }, departs: ['summary', 'form', 'cta'] },
  { name: 'pay button missing', design: { font }, impl: { noCta: true }, departs: ['cta', 'form'] },
  { name: 'summary lists 5 items, the export 3', design: { font }, impl: { items: 5 }, departs: ['summary', 'form', 'cta'] },
  { name: 'form has two fields, the export four', design: { font }, impl: { fields: FIELDS.slice(1, 3) }, departs: ['form', 'cta'] },
  { name: 'form fields in two columns, the export one', design: { font }, impl: { twoColumns: true }, departs: ['form', 'cta'] },
  { name: 'total line missing from the summary', design: { font }, impl: { noTotal: true }, departs: ['summary', 'form', 'cta'] },
  { name: 'pay button red instead of green', design: { font }, impl: { cta: '#cf222e' }, departs: ['cta'] },
  { name: 'header white on grey instead of on blue', design: { font }, impl: { headerBg: '#6e7781' }, departs: ['header'] },
];

/** The catalog: matching in two designer fonts (its hero paragraph wraps differently in each), and departing. */
const catalogPairs = (font: string): Pair[] => {
  const f = font.split(',')[0];
  const pairs: Omit<Pair, 'screen'>[] = [
    { name: `catalog, same screen, export in ${f}`, design: { font }, impl: {}, departs: [] },
    { name: `catalog, line height "normal" in both, export in ${f}`, design: { font, line: 'normal' }, impl: { line: 'normal' }, departs: [] },
    { name: `catalog, letters 0.3 px tighter in the app, export in ${f}`, design: { font }, impl: { spacing: -0.3 }, departs: [] },
    { name: `catalog, cards in one column, the export two, export in ${f}`, design: { font }, impl: { oneColumn: true }, departs: ['grid', 'footer'] },
    { name: `catalog, two cards, the export four, export in ${f}`, design: { font }, impl: { cards: 2 }, departs: ['grid', 'footer'] },
    { name: `catalog, hero without its button, export in ${f}`, design: { font }, impl: { noHeroCta: true }, departs: ['hero', 'grid', 'footer'] },
    { name: `catalog, product images in other colours, export in ${f}`, design: { font }, impl: { images: ['#b07d7d', '#7d8fb0', '#c9a66b', '#8fb3a5'] }, departs: ['grid'] },
    { name: `catalog, nav links in another order, export in ${f}`, design: { font }, impl: { navOrder: ['Sale', 'Packs', 'Shoes'] }, departs: ['nav'] },
  ];
  return pairs.map((p) => ({ ...p, screen: 'catalog' }));
};

export const PAIRS: Pair[] = [
  ...DESIGN_FONTS.flatMap((f, i) => [...matching(f, i), ...departing(f).map((p) => ({ ...p, name: `${p.name}, export in ${f.split(',')[0]}` }))]),
  ...DESIGN_FONTS.slice(0, 2).flatMap(catalogPairs),
];

export interface Rendered { png: Buffer; regions: Record<string, Box | null> }

/** Screenshot (full page) and region boxes of `html` at `dsf`. */
export async function render(browser: Browser, html: string, dsf: number, selectors: Record<string, string> = REGIONS): Promise<Rendered> {
  const ctx = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: dsf });
  try {
    const page = await ctx.newPage();
    await page.setContent(html);
    const regions = await page.evaluate((sel) => Object.fromEntries(Object.entries(sel).map(([k, s]) => {
      const e = document.querySelector(s);
      if (!e) return [k, null];
      const r = e.getBoundingClientRect();
      return [k, { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }];
    })), selectors);
    const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    return { png, regions: regions as Record<string, Box | null> };
  } finally { await ctx.close(); }
}

export interface Sample {
  pair: string; screen: keyof typeof SCREENS; region: string; departs: boolean; score: number | null; verdict: DesignRegion;
  /** the same region compared with region boxes (the design render's boxes): its box offset and content score */
  boxed: DesignRegion;
}

/** Every region of every pair scored as `veval` scores a design export, without and with region boxes. */
export async function measure(browser: Browser, minScore: number, pairs = PAIRS): Promise<Sample[]> {
  const cache = new Map<string, Rendered>();
  const get = async (kind: keyof typeof SCREENS, s: Screen, dsf: number) => {
    const key = JSON.stringify([kind, s, dsf]);
    if (!cache.has(key)) cache.set(key, await render(browser, SCREENS[kind].html(s), dsf, SCREENS[kind].regions));
    return cache.get(key)!;
  };
  const out: Sample[] = [];
  for (const p of pairs) {
    const kind = p.screen ?? 'checkout';
    const names = Object.keys(SCREENS[kind].regions);
    const dsf = p.implDsf ?? 1;
    const exp = await get(kind, p.design, p.designDsf ?? 2), imp = await get(kind, p.impl, dsf);
    const [e, i] = [decodePng(exp.png), decodePng(imp.png)];
    const settings = { minScore, tolerancePx: DESIGN_DEFAULTS.tolerancePx };
    const plain = compareDesign(e, i, dsf, names.map((n) => ({ name: n, box: imp.regions[n], exportBox: null })), [], settings);
    // the export's boxes: where the design render has each region (CSS px = frame units at 1×)
    const boxed = compareDesign(e, i, dsf, names.map((n) => ({ name: n, box: imp.regions[n], exportBox: exp.regions[n] })), [], settings);
    plain.regions.forEach((r, k) => out.push({ pair: p.name, screen: kind, region: r.name, departs: (p.departs as string[]).includes(r.name), score: r.score, verdict: r, boxed: boxed.regions[k] }));
  }
  return out;
}

/** A region fails when it is unscored, under `minScore`, or departs for another reason (missing). */
export const fails = (r: DesignRegion, minScore: number) => r.score === null || r.score < minScore || r.why.some((w) => !w.startsWith('similarity'));

/** Error rates at `minScore`: matching regions failed (false alarms), departing regions passed
 *  (misses); per pair: a matching pair with any failing region, a departing pair with none. */
export function rates(samples: Sample[], minScore: number) {
  const match = samples.filter((s) => !s.departs), dep = samples.filter((s) => s.departs);
  const byPair = new Map<string, Sample[]>();
  for (const s of samples) byPair.set(s.pair, [...(byPair.get(s.pair) ?? []), s]);
  const pairs = [...byPair.values()];
  const matchingPairs = pairs.filter((ss) => ss.every((s) => !s.departs)), departingPairs = pairs.filter((ss) => ss.some((s) => s.departs));
  return {
    matching: match.length, departing: dep.length,
    falseAlarms: match.filter((s) => fails(s.verdict, minScore)), misses: dep.filter((s) => !fails(s.verdict, minScore)),
    matchingPairs: matchingPairs.length, departingPairs: departingPairs.length,
    pairFalseAlarms: matchingPairs.filter((ss) => ss.some((s) => fails(s.verdict, minScore))).map((ss) => ss[0].pair),
    pairMisses: departingPairs.filter((ss) => !ss.some((s) => fails(s.verdict, minScore))).map((ss) => ss[0].pair),
  };
}

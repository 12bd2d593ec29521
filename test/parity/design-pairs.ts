// The pairs behind parity.design's default threshold (docs/design-parity.md): a "design export"
// and an "implementation" of the same screen, both rendered here in Chromium so nothing big is
// committed. The export is drawn with the designer's font stack at 2× (as a design tool exports);
// the implementation with the app's font stack at 1×. Matching pairs differ only in what exports
// always differ in (fonts, size rounding, anti-aliasing, colour drift); departing pairs change the
// layout or the content of named regions. Every region of every pair is one labelled sample.
// Round two (issue 37) adds a desktop checkout (the summary beside the form), a sign-in screen, and
// on every screen departures of every kind: moved beside→below, swapped order, resized ±25 %,
// recoloured at the same CIE L* (so only hue and chroma change), hidden, replaced content.
// A region departs when the pair names it, or when the change pushes or resizes it by more than
// PUSH_PX in the export's own font (measured on the DOM, never by the method under test).
//   scripts/design-threshold.ts prints the table; test/parity/design-threshold.test.ts holds it.
import type { Browser } from 'playwright-core';
import type { Box } from '../../src/core/artifacts.js';
import { compareDesign, DESIGN_DEFAULTS, type DesignRegion } from '../../src/parity/compare/design.js';
import { decodePng } from '../../src/parity/store/png.js';
import { askedTwiceIfRefused } from '../../src/capture/still/shots.js';

export const REGIONS = { header: 'header', form: 'form', summary: 'aside', cta: '#pay' } as const;
export const WIDTH = 390, HEIGHT = 844;
export type RegionName = keyof typeof REGIONS;

export interface Screen {
  font?: string; size?: number; spacing?: number; line?: number | 'normal';
  summaryBelow?: boolean; noCta?: boolean; cta?: string; items?: number; fields?: string[]; twoColumns?: boolean;
  title?: string; noTotal?: boolean; headerBg?: string; ink?: string; radius?: number;
  /** the catalog screen: cards shown, one column, hero button gone, card images, nav order */
  cards?: number; oneColumn?: boolean; noHeroCta?: boolean; images?: string[]; navOrder?: string[];
  /** every screen: regions drawn but not shown (visibility: hidden, the layout kept), a region's
   *  content replaced by other content, a region's width (or height) as a share of the design's */
  hide?: string[]; replace?: string; width?: { region: string; k: number }; heightK?: { region: string; k: number };
  /** checkout at desktop width: the summary in a column beside the form, or left of it (swapped) */
  swapped?: boolean;
  /** catalog: the hero below the grid; the first two cards in the other order; the hero's colour */
  heroBelow?: boolean; swapCards?: boolean; heroBg?: string;
  /** sign-in: the card below the brand panel (stacked), the brand panel's colour */
  stacked?: boolean; brandBg?: string;
}

const APP_FONT = '"DejaVu Sans", sans-serif';
const FIELDS = ['Name on card', 'Card number', 'Expiry', 'Postcode'];
const ITEMS = [['Trail shoes', '89.00'], ['Running socks ×2', '12.00'], ['Water bottle', '9.50'], ['Head torch', '24.00'], ['Energy gels ×6', '10.80']];

/** CSS shared by every screen for the departures any region can have (hidden, resized). */
function common(s: Screen, regions: Record<string, string>): string {
  const hide = (s.hide ?? []).map((r) => `${regions[r]} { visibility: hidden; }`).join('\n');
  const w = s.width ? `${regions[s.width.region]} { width: ${Math.round(s.width.k * 100)}% !important; box-sizing: border-box; }` : '';
  return `${hide}\n${w}`;
}

/** One screen of a checkout: header, payment form, order summary, pay button. `wide`: at desktop
 *  width (WIDE) the summary is a column beside the form. */
export function screen(s: Screen = {}, wide = false): string {
  const ink = s.ink ?? '#1f2328';
  const items = ITEMS.slice(0, s.items ?? 3);
  const total = items.reduce((t, [, p]) => t + Number(p), 0).toFixed(2);
  const fields = (s.fields ?? FIELDS).map((f) => `<label>${f}<input value=""></label>`).join('');
  const summary = s.replace === 'summary'
    ? '<aside><h2>Delivery</h2><p>Alex Walker<br>12 Harbour Road<br>Bristol BS1 4RN</p><div class="map"></div></aside>'
    : `<aside><h2>Order summary</h2><ul>${items.map(([n, p]) => `<li><span>${n}</span><b>€${p}</b></li>`).join('')}</ul>${s.noTotal ? '' : `<p class="total"><span>Total</span><b>€${total}</b></p>`}</aside>`;
  const form = s.replace === 'form'
    ? `<form><h2>Pay with your bank</h2><p class="bank">You will be sent to your bank to confirm the payment of €${total}. Keep this tab open.</p>${s.noCta ? '' : `<button id="pay" type="button">Pay €${total}</button>`}</form>`
    : `<form><h2>Payment</h2><div class="fields">${fields}</div>${s.noCta ? '' : `<button id="pay" type="button">Pay €${total}</button>`}</form>`;
  const aside = 320 * (s.width?.region === 'summary' ? s.width.k : 1);
  const layout = !wide ? 'display: flex; flex-direction: column; gap: 16px;'
    : s.summaryBelow ? 'display: flex; flex-direction: column; gap: 24px;'
      : `display: grid; gap: 24px; align-items: start; grid-template-columns: ${s.swapped ? `${aside}px 1fr` : `1fr ${aside}px`};`;
  const order = wide ? (s.swapped ? summary + form : form + summary) : s.summaryBelow ? form + summary : summary + form;
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
  .map { height: 96px; margin-top: 12px; border-radius: 6px; background: #c9d8c5; } .bank { margin: 0 0 12px; }
  main { ${layout} ${wide ? 'padding: 24px 40px;' : ''} }
  ${s.width && s.width.region !== 'summary' ? common({ width: s.width }, REGIONS) : ''}
  ${common({ hide: s.hide }, REGIONS)}
  </style></head><body><header>${s.title ?? 'Trailhead — Checkout'}</header><main>${order}</main></body></html>`;
}

export const CATALOG_REGIONS = { nav: 'nav', hero: '.hero', grid: '.grid', footer: 'footer' } as const;
const CARDS = [['Day pack 18 l', '79.00'], ['Trail pack 28 l', '119.00'], ['Hip belt pouch', '24.00'], ['Rain cover', '19.00']];
const IMAGES = ['#8fb3a5', '#c9a66b', '#7d8fb0', '#b07d7d'];

/** Other words in the footer, of about its length (51 characters against 51). */
const FOOTER_OTHER = '© Trailhead · Prices include VAT and delivery · Help';

/** A second screen, a catalog: nav bar, a hero whose paragraph wraps (so another font's widths change
 *  its height), a grid of product cards with coloured image areas, a footer. */
export function catalog(s: Screen = {}): string {
  const order = s.swapCards ? [1, 0, 2, 3] : [0, 1, 2, 3];
  const cards = order.slice(0, s.cards ?? 4).map((k) => `<article><div class="img" style="background:${(s.images ?? IMAGES)[k]}"></div><h3>${CARDS[k][0]}</h3><p>€${CARDS[k][1]}</p></article>`).join('');
  const hero = s.replace === 'hero'
    ? `<section class="hero"><h1>Winter sale ends Sunday</h1><p>Up to 40% off insulated jackets.</p>${s.noHeroCta ? '' : '<button type="button">See the sale</button>'}</section>`
    : `<section class="hero"><h1>Light packs for long days</h1><p>Everything you need for a day on the trail, and nothing you will not miss by the second summit.</p>${s.noHeroCta ? '' : '<button type="button">Shop packs</button>'}</section>`;
  const grid = `<div class="grid">${cards}</div>`;
  const nav = (s.navOrder ?? ['Packs', 'Shoes', 'Sale']).map((a) => `<a href="#">${a}</a>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packs</title><style>
  body { margin: 0; font-family: ${s.font ?? APP_FONT}; font-size: 16px; letter-spacing: ${s.spacing ?? 0}px; line-height: ${s.line ?? 1.4}; color: ${s.ink ?? '#1f2328'}; background: #fff; }
  nav { display: flex; gap: 16px; align-items: center; padding: 14px 16px; border-bottom: 1px solid #d0d7de; }
  nav b { margin-right: auto; font-size: 1.15em; } nav a { color: #0b3d91; text-decoration: none; }
  .hero { margin: 16px; padding: 20px; border-radius: 12px; background: ${s.heroBg ?? '#0b3d91'}; color: #fff; }
  ${s.heightK ? `${CATALOG_REGIONS[s.heightK.region as keyof typeof CATALOG_REGIONS]} { padding-bottom: ${Math.round(20 + 210 * (s.heightK.k - 1))}px; }` : ''}
  ${common({ hide: s.hide, width: s.width }, CATALOG_REGIONS)}
  .hero h1 { margin: 0 0 8px; font-size: 1.5em; } .hero p { margin: 0 0 16px; }
  .hero button { height: 44px; padding: 0 20px; border: 0; border-radius: 8px; background: #fff; color: #0b3d91; font: inherit; font-weight: bold; }
  .grid { margin: 16px; display: grid; grid-template-columns: ${s.oneColumn ? '1fr' : '1fr 1fr'}; gap: 12px; }
  article { border: 1px solid #d0d7de; border-radius: 8px; overflow: hidden; } article h3 { margin: 8px 10px 2px; font-size: 1em; } article p { margin: 0 10px 10px; font-weight: bold; }
  .img { height: 96px; }
  footer { margin: 24px 16px 16px; padding-top: 12px; border-top: 1px solid #d0d7de; font-size: .85em; color: #57606a; }
  </style></head><body><nav><b>Trailhead</b>${nav}</nav>
  ${s.heroBelow ? grid + hero : hero + grid}<footer>${s.replace === 'footer' ? FOOTER_OTHER : s.replace === 'footer-short' ? '© Trailhead · Contact' : '© Trailhead · Free returns within 30 days · Contact'}</footer></body></html>`;
}

/** The designer's font stacks: what an export is drawn with when the app's font is another one. */
export const DESIGN_FONTS = ['"DejaVu Serif", serif', '"DejaVu Sans Condensed", sans-serif', '"DejaVu Sans Mono", monospace'];

export const SIGNIN_REGIONS = { topbar: 'header', brand: '.brand', card: '.card', submit: '#submit' } as const;

/** A third kind of screen, a desktop sign-in: a top bar, a coloured brand panel with a tagline and
 *  bullet points, beside it a card with two fields, a submit button and a link. */
export function signin(s: Screen = {}): string {
  const brand = s.replace === 'brand'
    ? '<section class="brand"><blockquote>“We planned three summits in one weekend and never once checked the weather twice.”</blockquote><p>— Priya, member since 2019</p></section>'
    : '<section class="brand"><h2>Plan the trail, pack the rest.</h2><ul><li>Routes saved offline</li><li>Kit lists that share</li><li>Weather on every stage</li></ul></section>';
  const card = '<section class="card"><h1>Sign in</h1><label>Email<input value=""></label><label>Password<input type="password" value=""></label><button id="submit" type="button">Sign in</button><a href="#">Forgot your password?</a></section>';
  const cardW = 380 * (s.width?.region === 'card' ? s.width.k : 1);
  const layout = s.stacked ? 'display: flex; flex-direction: column; gap: 24px;'
    : `display: grid; gap: 32px; align-items: start; grid-template-columns: ${s.swapped ? `${cardW}px 1fr` : `1fr ${cardW}px`};`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title><style>
  body { margin: 0; font-family: ${s.font ?? APP_FONT}; font-size: 16px; letter-spacing: ${s.spacing ?? 0}px; line-height: ${s.line ?? 1.4}; color: ${s.ink ?? '#1f2328'}; background: #f6f8fa; }
  header { display: flex; justify-content: space-between; padding: 16px 40px; background: #fff; border-bottom: 1px solid #d0d7de; font-weight: bold; }
  header a { color: #0b3d91; font-weight: normal; }
  main { ${layout} padding: 40px; }
  .brand { padding: 32px; border-radius: 12px; background: ${s.brandBg ?? '#0f766e'}; color: #fff; min-height: 280px; }
  .brand h2 { margin: 0 0 16px; font-size: 1.6em; } .brand ul { margin: 0; padding-left: 20px; } .brand li { margin: 6px 0; }
  .brand blockquote { margin: 0 0 16px; font-size: 1.3em; font-style: italic; }
  .card { display: flex; flex-direction: column; gap: 12px; padding: 24px; border-radius: 12px; background: #fff; border: 1px solid #d0d7de; }
  .card h1 { margin: 0 0 4px; font-size: 1.4em; } label { display: flex; flex-direction: column; gap: 4px; font-size: .9em; }
  input { box-sizing: border-box; width: 100%; height: 36px; border: 1px solid #8c959f; border-radius: 6px; font: inherit; }
  #submit { height: 44px; border: 0; border-radius: 8px; background: ${s.cta ?? '#1a7f37'}; color: #fff; font: inherit; font-weight: bold; }
  .card a { color: #0b3d91; font-size: .9em; }
  ${common({ hide: s.hide }, SIGNIN_REGIONS)}
  </style></head><body><header><span>Trailhead</span><a href="#">Help</a></header><main>${s.swapped ? card + brand : brand + card}</main></body></html>`;
}

export type ScreenKind = 'checkout' | 'checkout-wide' | 'catalog' | 'signin';

export interface Pair {
  name: string; design: Screen; impl: Screen;
  /** the regions the change is made to; regions it pushes or resizes by more than PUSH_PX are added (labels()) */
  departs: string[];
  /** device scale of the export (default 2, as design tools export) and of the capture (default 1) */
  designDsf?: number; implDsf?: number;
  /** which screen (default the checkout) */
  screen?: ScreenKind;
}

/** Each screen: its HTML, its regions (name → selector), its viewport. */
export const SCREENS: Record<ScreenKind, { html: (s: Screen) => string; regions: Record<string, string>; viewport: { width: number; height: number } }> = {
  checkout: { html: (s) => screen(s), regions: REGIONS, viewport: { width: WIDTH, height: HEIGHT } },
  'checkout-wide': { html: (s) => screen(s, true), regions: REGIONS, viewport: { width: 1000, height: 800 } },
  catalog: { html: catalog, regions: CATALOG_REGIONS, viewport: { width: WIDTH, height: HEIGHT } },
  signin: { html: signin, regions: SIGNIN_REGIONS, viewport: { width: 1000, height: 700 } },
};

const fontName = (font: string) => font.split(',')[0];

/** Matching: the implementation is what the export shows, in the app's fonts and at its own scale. */
const matching = (font: string, i: number): Pair[] => [
  { name: `same screen, export in ${fontName(font)}`, design: { font }, impl: {}, departs: [] },
  { name: `letters 0.3 px tighter in the app, export in ${fontName(font)}`, design: { font }, impl: { spacing: -0.3 }, departs: [] },
  { name: `colours drift (ink, header, CTA a shade off), export in ${fontName(font)}`, design: { font, ink: '#24292f', headerBg: '#0a3a8a', cta: '#1f883d' }, impl: {}, departs: [] },
  { name: `line height "normal" in both: each font's own metrics push later lines, export in ${fontName(font)}`, design: { font, line: 'normal' }, impl: { line: 'normal' }, departs: [] },
  ...(i === 0 ? [
    { name: `corner radius 12 in the export, 8 in the app, export in ${fontName(font)}`, design: { font, radius: 12 }, impl: {}, departs: [] },
    { name: `app captured at 2× (a retina viewport), export in ${fontName(font)}`, design: { font }, impl: {}, implDsf: 2, departs: [] },
    { name: `export at 3×, export in ${fontName(font)}`, design: { font }, impl: {}, designDsf: 3, departs: [] },
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

/** Colours of the same CIE L* as the design's (only hue and chroma change): green #1a7f37 and
 *  rose #b54b60 are both L* 46.5; blue #0b3d91 and purple #5d2980 L* 28; teal #0f766e and
 *  raspberry #ad4663 L* 44.5. Luma alone cannot tell them apart. */
const SAME_L = { cta: '#b54b60', blue: '#5d2980', teal: '#ad4663' };

/** Round two: every kind of departure on every screen (issue 37). */
const kinds = (screen: ScreenKind, font: string): Pair[] => {
  const d = { font };
  const list: Record<ScreenKind, Omit<Pair, 'design' | 'screen'>[]> = {
    checkout: [
      { name: 'pay button 25 % narrower', impl: { width: { region: 'cta', k: 0.75 } }, departs: ['cta'] },
      { name: 'pay button recoloured at the same lightness (rose for green)', impl: { cta: SAME_L.cta }, departs: ['cta'] },
      { name: 'summary hidden (its place kept blank)', impl: { hide: ['summary'] }, departs: ['summary'] },
      { name: 'summary replaced by a delivery address', impl: { replace: 'summary' }, departs: ['summary'] },
      { name: 'header recoloured at the same lightness (purple for blue)', impl: { headerBg: SAME_L.blue }, departs: ['header'] },
    ],
    'checkout-wide': [
      { name: 'summary moved from beside the form to below it (the form spans the page)', impl: { summaryBelow: true }, departs: ['summary', 'form', 'cta'] },
      { name: 'summary and form swapped (summary on the left)', impl: { swapped: true }, departs: ['summary', 'form', 'cta'] },
      { name: 'summary 25 % wider', impl: { width: { region: 'summary', k: 1.25 } }, departs: ['summary', 'form', 'cta'] },
      { name: 'summary 25 % narrower', impl: { width: { region: 'summary', k: 0.75 } }, departs: ['summary', 'form', 'cta'] },
      { name: 'pay button recoloured at the same lightness (rose for green)', impl: { cta: SAME_L.cta }, departs: ['cta'] },
      { name: 'header recoloured at the same lightness (purple for blue)', impl: { headerBg: SAME_L.blue }, departs: ['header'] },
      { name: 'summary hidden (its place kept blank)', impl: { hide: ['summary'] }, departs: ['summary'] },
      { name: 'pay form replaced by a bank redirect notice', impl: { replace: 'form' }, departs: ['form'] },
    ],
    catalog: [
      { name: 'hero moved below the grid', impl: { heroBelow: true }, departs: ['hero', 'grid'] },
      { name: 'first two cards swapped', impl: { swapCards: true }, departs: ['grid'] },
      { name: 'hero 25 % taller', impl: { heightK: { region: 'hero', k: 1.25 } }, departs: ['hero'] },
      { name: 'hero 25 % narrower', impl: { width: { region: 'hero', k: 0.75 } }, departs: ['hero'] },
      { name: 'hero recoloured at the same lightness (purple for blue)', impl: { heroBg: SAME_L.blue }, departs: ['hero'] },
      { name: 'grid hidden (its place kept blank)', impl: { hide: ['grid'] }, departs: ['grid'] },
      { name: 'hero text replaced by a sale banner', impl: { replace: 'hero' }, departs: ['hero'] },
      // added after the method changed (a footer's width is no longer searched where it shows no
      // edge, and its text is read at the other font's width): the loosening must not let other
      // words through
      { name: 'footer text replaced by other words of its length', impl: { replace: 'footer' }, departs: ['footer'] },
      { name: 'footer text cut to its first and last words', impl: { replace: 'footer-short' }, departs: ['footer'] },
    ],
    signin: [
      { name: 'card moved from beside the brand panel to below it', impl: { stacked: true }, departs: ['card', 'submit', 'brand'] },
      { name: 'card and brand panel swapped (card on the left)', impl: { swapped: true }, departs: ['card', 'submit', 'brand'] },
      { name: 'card 25 % wider', impl: { width: { region: 'card', k: 1.25 } }, departs: ['card', 'submit', 'brand'] },
      { name: 'card 25 % narrower', impl: { width: { region: 'card', k: 0.75 } }, departs: ['card', 'submit', 'brand'] },
      { name: 'brand panel recoloured at the same lightness (raspberry for teal)', impl: { brandBg: SAME_L.teal }, departs: ['brand'] },
      { name: 'submit button hidden', impl: { hide: ['submit'] }, departs: ['submit'] },
      { name: 'brand panel: a quote instead of the bullet points', impl: { replace: 'brand' }, departs: ['brand'] },
    ],
  };
  return list[screen].map((p) => ({ ...p, impl: { ...p.impl }, design: d, screen, name: `${screen}, ${p.name}, export in ${fontName(font)}` }));
};

/** Matching pairs of the new screens, in two designer fonts each; the first also at 2× and from a 3× export. */
const matchingOf = (screen: ScreenKind) => (font: string, i: number): Pair[] => ([
  { name: `${screen}, same screen, export in ${fontName(font)}`, design: { font }, impl: {}, departs: [] },
  { name: `${screen}, letters 0.3 px tighter in the app, export in ${fontName(font)}`, design: { font }, impl: { spacing: -0.3 }, departs: [] },
  { name: `${screen}, line height "normal" in both, export in ${fontName(font)}`, design: { font, line: 'normal' }, impl: { line: 'normal' }, departs: [] },
  { name: `${screen}, colours a shade off, export in ${fontName(font)}`, design: { font, ink: '#24292f', headerBg: '#0a3a8a', cta: '#1f883d', heroBg: '#0a3a8a', brandBg: '#107a71' }, impl: {}, departs: [] },
  ...(i === 0 ? [
    { name: `${screen}, app captured at 2×, export in ${fontName(font)}`, design: { font }, impl: {}, implDsf: 2, departs: [] },
    { name: `${screen}, export at 1× (not 2×), export in ${fontName(font)}`, design: { font }, impl: {}, designDsf: 1, departs: [] },
  ] : []),
] as Pair[]).map((p) => ({ ...p, screen }));

/** The catalog: matching in two designer fonts (its hero paragraph wraps differently in each), and departing. */
const catalogPairs = (font: string): Pair[] => {
  const f = fontName(font);
  const pairs: Omit<Pair, 'screen'>[] = [
    { name: `catalog, same screen, export in ${f}`, design: { font }, impl: {}, departs: [] },
    { name: `catalog, line height "normal" in both, export in ${f}`, design: { font, line: 'normal' }, impl: { line: 'normal' }, departs: [] },
    { name: `catalog, letters 0.3 px tighter in the app, export in ${f}`, design: { font }, impl: { spacing: -0.3 }, departs: [] },
    // added after the method changed (the footer's text is compared as ink along its lines at 1 px
    // per CSS px): the same at other scales
    { name: `catalog, app captured at 2×, export in ${f}`, design: { font }, impl: {}, implDsf: 2, departs: [] },
    { name: `catalog, export at 3×, export in ${f}`, design: { font }, impl: {}, designDsf: 3, departs: [] },
    { name: `catalog, cards in one column, the export two, export in ${f}`, design: { font }, impl: { oneColumn: true }, departs: ['grid', 'footer'] },
    { name: `catalog, two cards, the export four, export in ${f}`, design: { font }, impl: { cards: 2 }, departs: ['grid', 'footer'] },
    { name: `catalog, hero without its button, export in ${f}`, design: { font }, impl: { noHeroCta: true }, departs: ['hero', 'grid', 'footer'] },
    { name: `catalog, product images in other colours, export in ${f}`, design: { font }, impl: { images: ['#b07d7d', '#7d8fb0', '#c9a66b', '#8fb3a5'] }, departs: ['grid'] },
    { name: `catalog, nav links in another order, export in ${f}`, design: { font }, impl: { navOrder: ['Sale', 'Packs', 'Shoes'] }, departs: ['nav'] },
  ];
  return pairs.map((p) => ({ ...p, screen: 'catalog' }));
};

const TWO_FONTS = DESIGN_FONTS.slice(0, 2);
export const PAIRS: Pair[] = [
  ...DESIGN_FONTS.flatMap((f, i) => [...matching(f, i), ...departing(f).map((p) => ({ ...p, name: `${p.name}, export in ${fontName(f)}` }))]),
  ...TWO_FONTS.flatMap(catalogPairs),
  // round two (issue 37)
  ...TWO_FONTS.flatMap((f) => kinds('checkout', f)),
  ...TWO_FONTS.flatMap(matchingOf('checkout-wide')), ...TWO_FONTS.flatMap((f) => kinds('checkout-wide', f)),
  ...TWO_FONTS.flatMap((f) => kinds('catalog', f)),
  ...TWO_FONTS.flatMap(matchingOf('signin')), ...TWO_FONTS.flatMap((f) => kinds('signin', f)),
];

/** A change elsewhere that moves or resizes a region by more than this (CSS px, in the export's own
 *  font at 1×) makes the region depart too: it is not where the export shows it. About one line of text. */
export const PUSH_PX = 24;

export interface Rendered { png: Buffer; regions: Record<string, Box | null> }

/** Screenshot (full page) and region boxes of `html` at `dsf`. */
export async function render(browser: Browser, html: string, dsf: number, selectors: Record<string, string> = REGIONS, viewport = { width: WIDTH, height: HEIGHT }): Promise<Rendered> {
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: dsf });
  try {
    const page = await ctx.newPage();
    await page.setContent(html);
    const regions = await page.evaluate((sel) => Object.fromEntries(Object.entries(sel).map(([k, s]) => {
      const e = document.querySelector(s);
      if (!e || !e.getClientRects().length) return [k, null];
      const r = e.getBoundingClientRect();
      return [k, { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }];
    })), selectors);
    const png = await askedTwiceIfRefused(() => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }));
    return { png, regions: regions as Record<string, Box | null> };
  } finally { await ctx.close(); }
}

export interface Sample {
  pair: string; screen: ScreenKind; region: string; departs: boolean; score: number | null; verdict: DesignRegion;
  /** the same region compared with region boxes (the design render's boxes): its box offset and content score */
  boxed: DesignRegion;
}

/** The regions of pair `p` that depart: the ones it names, the ones its change (drawn in the
 *  export's font: `truth`) pushes or resizes by more than PUSH_PX, and any region around one of
 *  those (a form whose button changed is not what the export shows either). Truth from the DOM,
 *  never from the method measured. */
export function labels(p: Pair, design: Record<string, Box | null>, truth: Record<string, Box | null> | null): (region: string) => boolean {
  const own = new Set(Object.keys(design).filter((n) => p.departs.includes(n) || (!!truth && far(truth[n], design[n]))));
  const inside = (a: Box | null, b: Box | null) => !!a && !!b && a !== b && b.x >= a.x - 1 && b.y >= a.y - 1 && b.x + b.width <= a.x + a.width + 1 && b.y + b.height <= a.y + a.height + 1;
  return (n) => own.has(n) || [...own].some((m) => m !== n && inside(design[n], design[m]));
}

const far = (a: Box | null, b: Box | null) => !a || !b || Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.width - b.width), Math.abs(a.height - b.height)) > PUSH_PX;

/** Every region of every pair scored as `veval` scores a design export, without and with region boxes. */
export async function measure(browser: Browser, minScore: number, pairs = PAIRS): Promise<Sample[]> {
  const cache = new Map<string, Rendered>();
  const get = async (kind: ScreenKind, s: Screen, dsf: number) => {
    const key = JSON.stringify([kind, s, dsf]);
    if (!cache.has(key)) cache.set(key, await render(browser, SCREENS[kind].html(s), dsf, SCREENS[kind].regions, SCREENS[kind].viewport));
    return cache.get(key)!;
  };
  const out: Sample[] = [];
  for (const p of pairs) {
    const kind = p.screen ?? 'checkout';
    const names = Object.keys(SCREENS[kind].regions);
    const dsf = p.implDsf ?? 1;
    const exp = await get(kind, p.design, p.designDsf ?? 2), imp = await get(kind, p.impl, dsf);
    // the truth for a departing pair: the change drawn in the export's own font, region by region
    const truth = p.departs.length ? (await get(kind, { ...p.impl, font: p.design.font }, 1)).regions : null;
    const departs = labels(p, exp.regions, truth);
    const [e, i] = [decodePng(exp.png), decodePng(imp.png)];
    const settings = { ...DESIGN_DEFAULTS, minScore };
    const plain = compareDesign(e, i, dsf, names.map((n) => ({ name: n, box: imp.regions[n], exportBox: null })), [], settings);
    // the export's boxes: where the design render has each region (CSS px = frame units at 1×)
    const boxed = compareDesign(e, i, dsf, names.map((n) => ({ name: n, box: imp.regions[n], exportBox: exp.regions[n] })), [], settings);
    plain.regions.forEach((r, k) => out.push({ pair: p.name, screen: kind, region: r.name, departs: departs(r.name), score: r.score, verdict: r, boxed: boxed.regions[k] }));
  }
  return out;
}

/** A region fails when it is unscored, under `minScore`, or departs for another reason (missing). */
export const fails = (r: DesignRegion, minScore: number) => r.score === null || r.score < minScore || r.why.some((w) => !w.startsWith('similarity'));

/** The screens' names as the tables show them (the checkout at two viewports is one screen, two rows). */
export const SCREEN_KINDS = Object.keys(SCREENS) as ScreenKind[];

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

// The design comparison on images made here (no browser): scale, colour, masks, the whole page
// when no region is declared, a region found in 2D where the export has it (moved, resized,
// missing, restyled, content each named), and every way a region cannot be scored fails closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareDesign, DESIGN_DEFAULTS, PAGE_REGION } from '../../src/parity/compare/design.js';
import { decodePng } from '../../src/parity/store/png.js';
import { Image } from './fixtures.js';

type RGB = [number, number, number];
/** A small screen: a dark header, a grey card and a button of `cta` colour, drawn at `k` px per CSS px. */
const draw = (k: number, o: { cta?: RGB; cardY?: number; cardX?: number; cardW?: number; clock?: RGB; cardH?: number; lines?: number[]; ctaY?: number } = {}) => {
  const img = new Image(200 * k, 300 * k);
  img.rect(0, 0, 200 * k, 40 * k, [11, 61, 145]);
  const x = o.cardX ?? 10, w = o.cardW ?? 180;
  img.rect(x * k, (o.cardY ?? 60) * k, w * k, (o.cardH ?? 120) * k, [220, 224, 230]);
  (o.lines ?? [12, 30, 44, 71, 97]).forEach((dy, i) => img.rect((x + 10) * k, ((o.cardY ?? 60) + dy) * k, (100 + 10 * i) * (w / 180) * k, 8 * k, [40, 40, 40]));   // irregular lines: no shift aligns them again
  img.rect(20 * k, (o.ctaY ?? 220) * k, 160 * k, 40 * k, o.cta ?? [26, 127, 55]);
  img.rect(150 * k, 10 * k, 40 * k, 20 * k, o.clock ?? [255, 255, 255]);
  return decodePng(img.bytes());
};
const REG = { header: { x: 0, y: 0, width: 200, height: 40 }, card: { x: 10, y: 60, width: 180, height: 120 }, cta: { x: 20, y: 220, width: 160, height: 40 } };
const regions = (over: Partial<Record<keyof typeof REG, typeof REG.card | null>> = {}) =>
  Object.entries({ ...REG, ...over }).map(([name, box]) => ({ name, box, exportBox: null }));
const S = { ...DESIGN_DEFAULTS };

test('an export at 2× of the same screen matches a 1× capture in every region, and a 2× capture too', () => {
  for (const dsf of [1, 2]) {
    const c = compareDesign(draw(2), draw(dsf), dsf, regions(), [], S);
    assert.equal(c.captureSize.width, 200);
    assert.deepEqual(c.regions.map((r) => r.departs), [false, false, false], JSON.stringify(c.regions));
    assert.ok(c.regions.every((r) => (r.score ?? 0) > 0.95));
  }
});

test('a button of another hue but the same lightness is restyled (ΔE2000), found where it is', () => {
  // green (26,127,55) and a red of about the same luma (0.299R + 0.587G + 0.114B ≈ 89)
  const c = compareDesign(draw(2), draw(1, { cta: [214, 40, 60] }), 1, regions(), [], S);
  const cta = c.regions.find((r) => r.name === 'cta')!;
  assert.equal(cta.departs, true, JSON.stringify(cta));
  assert.deepEqual(cta.kinds, ['restyled'], JSON.stringify(cta));
  assert.match(cta.why[0], /^restyled: colours differ by ΔE2000 \d+(\.\d)? on average \(allowed 5\)$/);
  assert.ok(cta.deltaE! > 30);
  assert.deepEqual(cta.offset, { dx: 0, dy: 0, dw: 0, dh: 0 }, 'found at its own place: luma locates it');
  assert.equal(c.regions.find((r) => r.name === 'card')!.departs, false);
});

test('a card moved down by 40 px is found there and departs as moved (beyond 8 px + 10% of its y); by 4 px it is within the tolerance', () => {
  const far = compareDesign(draw(2), draw(1, { cardY: 100 }), 1, regions({ card: { ...REG.card, y: 100 } }), [], S);
  const moved = far.regions.find((r) => r.name === 'card')!;
  assert.deepEqual(moved.kinds, ['moved'], JSON.stringify(moved));
  assert.ok(Math.abs(moved.offset!.dy - 40) <= 4, JSON.stringify(moved.offset));
  assert.ok(Math.abs(moved.exportBox!.x - 10) <= 4 && Math.abs(moved.exportBox!.width - 180) <= 8, JSON.stringify(moved.exportBox));
  const near = compareDesign(draw(2), draw(1, { cardY: 64 }), 1, regions({ card: { ...REG.card, y: 64 } }), [], S);
  const card = near.regions.find((r) => r.name === 'card')!;
  assert.equal(card.departs, false, JSON.stringify(card));
  assert.ok(Math.abs(card.offset!.dy - 4) <= 4, JSON.stringify(card.offset));
});

test('searched in two dimensions: a card moved sideways and 25 % narrower is moved and resized, named as such', () => {
  const c = compareDesign(draw(2), draw(1, { cardX: 55, cardW: 135 }), 1, regions({ card: { ...REG.card, x: 55, width: 135 } }), [], S);
  const card = c.regions.find((r) => r.name === 'card')!;
  assert.deepEqual(card.kinds.filter((k) => k !== 'content'), ['moved', 'resized'], JSON.stringify(card));
  // found where the export has it, at the precision of the comparison scale (4 CSS px) and of corners
  // whose lines shrank with the card
  assert.ok(Math.abs(card.exportBox!.x - 10) <= 8 && card.exportBox!.width >= 150, JSON.stringify(card.exportBox));
  assert.match(card.why.join('; '), /moved by \([34]\d(\.\d)?, -?\d(\.\d)?\) px from where the export has it.*1\.\d× narrower than in the export/);
});

test('a region whose content is nowhere in the export is missing, not read at its own place', () => {
  // the card's lines replaced by a checkerboard the export has nowhere
  const img = new Image(200, 300);
  const base = draw(1);
  const cap = { ...base, data: Uint8Array.from(base.data) };
  for (let y = 60; y < 180; y++) for (let x = 10; x < 190; x++) { const i = (y * 200 + x) * 4, on = ((x >> 2) + (y >> 2)) % 2 === 0; cap.data[i] = cap.data[i + 1] = cap.data[i + 2] = on ? 0 : 255; }
  void img;
  const c = compareDesign(draw(2), cap, 1, regions(), [], S);
  const card = c.regions.find((r) => r.name === 'card')!;
  assert.deepEqual(card.kinds, ['missing'], JSON.stringify(card));
  assert.match(card.why[0], /^not found in the design export \(its best place there matches -?0\.\d+, below 0\.5\)$/);
});

test('masked content is not compared: a clock that differs passes once masked', () => {
  const clock = { x: 150, y: 10, width: 40, height: 20 };
  const plain = compareDesign(draw(2), draw(1, { clock: [200, 30, 30] }), 1, regions(), [], S);
  assert.equal(plain.regions.find((r) => r.name === 'header')!.departs, true);
  const masked = compareDesign(draw(2), draw(1, { clock: [200, 30, 30] }), 1, regions(), [clock], S);
  assert.equal(masked.regions.find((r) => r.name === 'header')!.departs, false);
});

test('no declared region: the whole page is compared as one region', () => {
  const c = compareDesign(draw(2), draw(1, { cta: [214, 40, 60] }), 1, [], [], S);
  assert.deepEqual(c.regions.map((r) => r.name), [PAGE_REGION]);
  assert.deepEqual(c.regions[0].kinds, ['restyled'], JSON.stringify(c.regions[0]));
  assert.equal(compareDesign(draw(2), draw(1), 1, [], [], S).regions[0].departs, false);
});

test('a region missing from the capture, or beyond the end of the export, departs with its reason', () => {
  const c = compareDesign(draw(2), draw(1), 1, [...regions({ card: null }), { name: 'footer', box: { x: 0, y: 400, width: 200, height: 50 }, exportBox: null }], [], S);
  assert.deepEqual(c.regions.find((r) => r.name === 'card')!.why, ['not found in the capture']);
  assert.match(c.regions.find((r) => r.name === 'footer')!.why[0], /lies outside the export \(200×300 CSS px once scaled to the capture's width\)/);
});

test('with region boxes a box further than tolerancePx from the export\'s is a layout departure in px', () => {
  // 20 px down where 8 px + 10% of the export's y (40) = 12 px is allowed
  const boxed = regions().map((r) => ({ ...r, exportBox: r.name === 'card' ? { ...REG.card, y: 40 } : r.box }));
  const c = compareDesign(draw(2), draw(1), 1, boxed, [], S);
  const card = c.regions.find((r) => r.name === 'card')!;
  assert.deepEqual(card.offset, { dx: 0, dy: 20, dw: 0, dh: 0 });
  assert.ok(card.why.some((w) => w === 'moved by (0, 20) px from where the export has it (allowed: 8 px across, 12 px up or down there, as text above may reflow)'), JSON.stringify(card.why));
  // 10 px down is within it
  const near = compareDesign(draw(2), draw(1), 1, regions().map((r) => ({ ...r, exportBox: r.name === 'card' ? { ...REG.card, y: 50 } : r.box })), [], S);
  assert.equal(near.regions.find((r) => r.name === 'card')!.why.some((w) => w.startsWith('moved')), false);
  assert.equal(c.regions.find((r) => r.name === 'cta')!.departs, false);
});

test('a region pushed by a departing region above it departs as moved, naming what pushed it, though within the drift allowed for reflow', () => {
  // the card is 40 px taller (resized: beyond 8 px + 20 % of its height); the button below it is 20 px lower (the drift allowance there is 8 + 22 px)
  const cap = draw(1, { cardH: 160, ctaY: 240 });
  // with region boxes, so the place in the export is the designer's, not a search's
  const boxed = (over: Record<string, typeof REG.card>) => Object.entries(REG).map(([name, b]) => ({ name, box: over[name] ?? b, exportBox: b }));
  const c = compareDesign(draw(2), cap, 1, boxed({ card: { ...REG.card, height: 160 }, cta: { ...REG.cta, y: 240 } }), [], S);
  const card = c.regions.find((r) => r.name === 'card')!, cta = c.regions.find((r) => r.name === 'cta')!;
  assert.equal(card.departs, true, JSON.stringify(card));
  assert.deepEqual(cta.kinds, ['moved'], JSON.stringify([card, cta]));
  assert.match(cta.why[0], /^moved by \(0, 2\d(\.\d)?\) px from where the export has it, pushed by region "card", which departs/);
  // the same 20 px from a card that only reflowed (the same lines, spaced out) pushes nothing
  const reflowed = compareDesign(draw(2), draw(1, { cardH: 140, lines: [12, 34, 52, 83, 113], ctaY: 240 }), 1, boxed({ card: { ...REG.card, height: 140 }, cta: { ...REG.cta, y: 240 } }), [], S);
  assert.deepEqual(reflowed.regions.map((r) => [r.name, r.departs]), [['header', false], ['card', false], ['cta', false]], JSON.stringify(reflowed.regions));
});

test('a card that lost its last line departs as resized: its corners are found on the part left, but below its bottom edge the export goes on', () => {
  const cap = draw(1, { cardH: 85, lines: [12, 30, 44, 71] });
  const c = compareDesign(draw(2), cap, 1, regions({ card: { ...REG.card, height: 85 } }), [], S);
  const card = c.regions.find((r) => r.name === 'card')!;
  assert.ok(card.kinds.includes('resized'), JSON.stringify(card));
  assert.match(card.why.join('; '), /shorter than in the export: the 16 px below its bottom edge differ by \d+(\.\d)? in mean luma \(allowed 20\)/);
  // the whole card, and what lies around it, agree: nothing to say
  assert.equal(compareDesign(draw(2), draw(1), 1, regions(), [], S).regions.find((r) => r.name === 'card')!.departs, false);
});

/** A panel of "words" (white bars 10 px tall, 6 px apart) on blue, flowed into lines 160 px wide, at
 *  `k` px per CSS px, each word `scale` times its width (another font); the panel's height follows its lines. */
const prose = (k: number, words: number[], scale: number) => {
  const lines: number[][] = [[]];
  let x = 0;
  for (const w0 of words) {
    const w = Math.round(w0 * scale);
    if (x && x + w > 160) { lines.push([]); x = 0; }
    lines[lines.length - 1].push(w);
    x += w + 6;
  }
  const height = 20 + lines.length * 18;
  const img = new Image(200 * k, 300 * k);
  img.rect(0, 0, 200 * k, 40 * k, [11, 61, 145]);
  img.rect(10 * k, 60 * k, 180 * k, height * k, [11, 61, 145]);
  lines.forEach((ws, i) => { let at = 20; for (const w of ws) { img.rect(at * k, (70 + 18 * i) * k, w * k, 10 * k, [255, 255, 255]); at += w + 6; } });
  return { img: decodePng(img.bytes()), box: { x: 10, y: 60, width: 180, height } };
};
const WORDS = [34, 22, 48, 18, 40, 26, 52, 30, 20, 44, 28, 36, 24, 50, 16, 38, 30, 42, 22, 18, 46, 28, 34, 20];

test('a paragraph rewrapped in a narrower font is tolerated; other words of about the same shape are not, named as not the export\'s words', () => {
  const exp = prose(2, WORDS, 0.85);
  const same = prose(1, WORDS, 1), other = prose(1, [...WORDS].reverse().map((w, i) => (i % 3 ? w + 14 : Math.max(12, w - 16))), 1);
  const judge = (p: typeof same) => compareDesign(exp.img, p.img, 1, [{ name: 'panel', box: p.box, exportBox: null }], [], S).regions[0];
  // the text reflowed: the capture's panel is more than tolerancePx taller than the export's
  assert.ok(same.box.height - exp.box.height > S.tolerancePx && other.box.height - exp.box.height > S.tolerancePx, JSON.stringify([exp.box, same.box, other.box]));
  // (its colours may count as restyled: bars of white are blocks of colour, not thin glyphs a few px off)
  const rewrapped = judge(same);
  assert.ok(!rewrapped.kinds.includes('content') && rewrapped.score! >= S.minScore, JSON.stringify(rewrapped));
  const replaced = judge(other);
  assert.ok(replaced.kinds.includes('content'), JSON.stringify(replaced));
  assert.match(replaced.why.join('; '), /its text reflowed \(\d+(\.\d)? px taller\) but is not the export's words rewrapped: \d+ % of its words agree in width and order with the export's \(at least 80 % for the same text in another font\)/);
});

/** A panel of fixed height (a brand panel with a min-height) at `k` px per CSS px: `lines` of words
 *  (white bars), each line [top, bar height, word widths], scaled in width by `scale` (another font). */
const panel = (k: number, lines: [number, number, number[]][], scale: number) => {
  const img = new Image(200 * k, 300 * k);
  img.rect(0, 0, 200 * k, 40 * k, [11, 61, 145]);
  img.rect(10 * k, 60 * k, 180 * k, 160 * k, [15, 118, 110]);
  for (const [top, h, ws] of lines) { let at = 20; for (const w of ws) { img.rect(at * k, (60 + top) * k, Math.round(w * scale) * k, h * k, [255, 255, 255]); at += Math.round(w * scale) + 6; } }
  return decodePng(img.bytes());
};
// a heading and three bullet points; the same words with the heading wrapped (a wider font); a
// quote of other words on lines at other places, the panel's height unchanged
const BULLETS: [number, number, number[]][] = [[16, 16, [40, 30, 44, 36]], [52, 10, [30, 44, 20]], [76, 10, [26, 38, 30]], [100, 10, [44, 18, 24, 30]]];
const WRAPPED: [number, number, number[]][] = [[16, 16, [40, 30, 44]], [38, 16, [36]], [64, 10, [30, 44, 20]], [88, 10, [26, 38, 30]], [112, 10, [44, 18, 24, 30]]];
const QUOTE: [number, number, number[]][] = [[14, 13, [22, 48, 16, 36]], [36, 13, [52, 20, 30, 26]], [58, 13, [34, 28]], [96, 10, [12, 40, 30]]];

test('in a panel of fixed height, text on other lines than the export\'s passes only as the export\'s words rewrapped; other words there depart, named', () => {
  const exp = panel(2, BULLETS, 1);
  // with region boxes (the panel's place is not in question here: a panel of one flat colour has
  // little for its corners to be found by)
  const box = { x: 10, y: 60, width: 180, height: 160 };
  const judge = (img: ReturnType<typeof panel>) => compareDesign(exp, img, 1, [{ name: 'brand', box, exportBox: box }], [], S).regions[0];
  const same = judge(panel(1, BULLETS, 0.9));
  assert.ok(!same.kinds.includes('content'), JSON.stringify(same));
  const wrapped = judge(panel(1, WRAPPED, 1));
  assert.ok(!wrapped.why.some((w) => w.includes('words')), JSON.stringify(wrapped));
  const quote = judge(panel(1, QUOTE, 1));
  assert.ok(quote.kinds.includes('content'), JSON.stringify(quote));
  assert.match(quote.why.join('; '), /its text lies on other lines than the export's but is not the export's words rewrapped: \d+ % of its words agree/);
});

test('in a panel of fixed height, two lines of small text inside the band of the export\'s one heading line are other lines, and must be its words', () => {
  const box = { x: 10, y: 60, width: 180, height: 160 };
  // a panel holding one heading (16 px tall), and one whose text is two lines of 6 px in its band:
  // each overlaps it by more than half its own height, and it overlaps each — yet two are not one
  const heading: [number, number, number[]][] = [[16, 16, [40, 30, 44, 36]]];
  const split: [number, number, number[]][] = [[16, 6, [24, 36, 18, 40, 30]], [26, 6, [30, 22, 44, 28]]];
  const got = compareDesign(panel(2, heading, 1), panel(1, split, 1), 1, [{ name: 'brand', box, exportBox: box }], [], S).regions[0];
  assert.ok(got.kinds.includes('content'), JSON.stringify(got));
  assert.match(got.why.join('; '), /its text lies on other lines than the export's but is not the export's words rewrapped/);
});

/** A footer: a grey rule, then one line of small "words" (dark bars 8 px tall, 5 px apart) on the
 *  page's white, ending well short of the footer's right edge (it has no edge of its own), below a
 *  header and a card, 20 px in from the page's sides; at `k` px per CSS px, each word `scale` times
 *  its width (another font). */
const footer = (k: number, words: number[], scale: number) => {
  const img = new Image(220 * k, 300 * k);
  img.rect(0, 0, 220 * k, 40 * k, [11, 61, 145]);
  img.rect(20 * k, 60 * k, 180 * k, 120 * k, [220, 224, 230]);
  img.rect(20 * k, 240 * k, 180 * k, 1 * k, [208, 215, 222]);
  let at = 20;
  for (const w of words) { img.rect(at * k, 250 * k, Math.round(w * scale) * k, 8 * k, [87, 96, 106]); at += Math.round(w * scale) + 5; }
  return decodePng(img.bytes());
};
const FOOT = [6, 24, 8, 16, 28, 10, 18];

test('a footer of text with no right edge of its own: the same words in a narrower font pass, other words of its length depart, named', () => {
  const exp = footer(2, FOOT, 1.08);
  const box = { x: 20, y: 240, width: 180, height: 24 };
  const judge = (img: ReturnType<typeof footer>) => compareDesign(exp, img, 1, [{ name: 'footer', box, exportBox: null }], [], S).regions[0];
  const same = judge(footer(1, FOOT, 1));
  assert.equal(same.departs, false, JSON.stringify(same));
  // as in a footer: the same first words (a copyright and a name), then others of the same length
  const other = judge(footer(1, [6, 24, 8, 12, 22, 14, 24], 1));
  assert.ok(other.kinds.includes('content'), JSON.stringify(other));
  assert.match(other.why.join('; '), /its text is not the export's: the ink along its lines follows the export's -?\d(\.\d+)? \(at least 0\.88 for the same text in another font\)/);
  // a longer footer line in the export and other words from the first on in the capture: its
  // top-left corner is found only where a box of its width no longer fits in the export — missing,
  // and said so (not as a correlation never measured)
  const none = compareDesign(footer(2, [6, 30, 8, 22, 40, 12, 26], 1.08), footer(1, [14, 18, 30, 10, 36, 20, 34], 1), 1, [{ name: 'footer', box, exportBox: null }], [], S).regions[0];
  assert.deepEqual(none.kinds, ['missing'], JSON.stringify(none));
  assert.deepEqual(none.why, ['not found in the design export (no place there holds a box of about its size from any reading of its corners)']);
});

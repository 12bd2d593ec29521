// Content inside frames (spec `frame:`): required elements inside same-origin iframes held to the
// visibility rules (covers inside the frame and from the page over it), regions and masks in
// frames in top-page coordinates, and frames veval cannot look into named as such. Real pages
// from two 127.0.0.1 servers (two origins), one browser for the file.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import type { RunContext } from '../../src/core/run.js';
import { compareImages } from '../../src/parity/compare/pixel-diff.js';
import type { SpecPlan } from '../../src/spec/plan.js';
import { tmpDir } from '../helpers/tmp.js';
import { CORPUS_DIR } from '../real/harness.js';
import { readPng, readRecord } from './helpers.js';
import { makeRun, makeSpec, req, state, step } from './plan-fixture.js';

const FRAME = ['#checkout-frame'];
// the iframe's content box starts at (100 + 4 border, 150 + 4 border) on the top page
const iframe = (src: string, top = 150, attrs = '') => `<iframe id="checkout-frame" src="${src}" ${attrs} style="position:absolute; left:100px; top:${top}px; width:500px; height:300px; border:4px solid #333"></iframe>`;
const page = (src: string, extra = '', top = 150, attrs = '') => `<!doctype html><html><head><style>body{margin:0;font:16px sans-serif} h1{margin:20px}</style></head>
<body><h1>Checkout</h1>${iframe(src, top, attrs)}${extra}<div style="height:1600px"></div></body></html>`;
const framed = (extra = '', pay = 'background:#0a0; color:#fff') => `<!doctype html><html><head><style>body{margin:0;font:16px sans-serif;background:#fff}
#pay{position:absolute; left:20px; top:40px; width:120px; height:40px; border:0; ${pay}}</style></head>
<body><button id="pay">Pay now</button>${extra}</body></html>`;
const paint = (ad: string, total: string) => framed(`<div id="ad" style="position:absolute; left:200px; top:20px; width:100px; height:60px; background:${ad}"></div>
<div id="summary" style="position:absolute; left:20px; top:150px; width:200px; height:50px; background:#eee">Total ${total}</div>`);

let a: StaticServer;
let b: StaticServer;
// real markup: the APG dialog page fills an about:blank iframe from its own script (same origin by inheritance)
const APG = path.join(CORPUS_DIR, 'pages', 'apg-dialog-modal', 'index.html');
const haveCorpus = fs.existsSync(APG);
let corpus: StaticServer | null = null;
let run: RunContext;
let specs: SpecPlan[];

before(async () => {
  const dirA = tmpDir('veval-frames-a-'), dirB = tmpDir('veval-frames-b-');
  const write = (dir: string, name: string, html: string) => fs.writeFileSync(path.join(dir, name), html);
  write(dirA, 'frame-clean.html', framed());
  write(dirA, 'frame-cookie.html', framed('<div class="cookie-wall" style="position:fixed; left:0; right:0; top:30px; height:120px; background:#222; color:#fff">We use cookies</div>'));
  write(dirA, 'frame-paint-a.html', paint('#c00', '10.00'));
  write(dirA, 'frame-paint-b.html', paint('#00c', '99.00'));
  write(dirA, 'frame-nest.html', '<!doctype html><body style="margin:0"><iframe id="inner" src="frame-clean.html" style="position:absolute; left:30px; top:10px; width:300px; height:200px; border:0"></iframe></body>');
  write(dirA, 'frame-tall.html', framed('<div style="height:900px"></div>', 'background:#0a0; color:#fff; top:500px'));
  // opaque but pointer-events: none (hit testing looks through it; only the pixels tell), and its transparent twin
  write(dirA, 'frame-ghost.html', framed('<div class="banner" style="position:absolute; left:0; top:30px; width:400px; height:60px; background:#c0c; pointer-events:none"></div>'));
  write(dirA, 'frame-glass.html', framed('<div class="glass" style="position:absolute; left:0; top:30px; width:400px; height:60px; pointer-events:none"></div>'));
  write(dirA, 'frame-accept.html', framed('<div class="cookie-wall" style="position:fixed; left:0; right:0; top:30px; height:120px; background:#222; color:#fff">We use cookies <button id="accept" onclick="this.parentElement.remove()">Accept</button></div>'));
  write(dirA, 'accept.html', page('frame-accept.html'));
  write(dirA, 'clean.html', page('frame-clean.html'));
  write(dirA, 'tall.html', page('frame-tall.html'));
  write(dirA, 'frame-clock.html', framed('<div id="clock" style="position:absolute; left:200px; top:100px; width:200px; height:40px; font:30px monospace"></div><script>setInterval(() => { clock.textContent = String(Math.round(performance.now()) % 1000) }, 20)</script>'));
  write(dirA, 'clock-masked.html', page('frame-clock.html'));
  write(dirA, 'clock-bare.html', page('frame-clock.html'));
  write(dirA, 'frame-offside.html', framed('', 'background:#0a0; color:#fff; left:300px'));
  write(dirA, 'offside.html', page('frame-offside.html', '<style>body { overflow-x: hidden } #checkout-frame { left: 1100px !important }</style>'));
  write(dirA, 'glass-over.html', page('frame-clean.html', '<div class="click-catcher" style="position:absolute; left:100px; top:150px; width:508px; height:308px"></div>'));
  write(dirA, 'faded.html', page('frame-clean.html', '<style>#checkout-frame { opacity: 0 }</style>'));
  write(dirA, 'frozen.html', page('frame-tall.html', '', 150, 'scrolling="no"'));
  write(dirA, 'ghost-cover.html', page('frame-ghost.html', '', 1000));
  write(dirA, 'ghost-clear.html', page('frame-glass.html', '', 1000));
  write(dirA, 'inner-cover.html', page('frame-cookie.html'));
  write(dirA, 'parent-cover.html', page('frame-clean.html', '<div class="promo" style="position:absolute; left:110px; top:180px; width:300px; height:80px; background:#fc0">Sale!</div>'));
  write(dirA, 'nested.html', page('frame-nest.html'));
  write(dirA, 'missing.html', page('frame-clean.html').replace('id="checkout-frame"', 'id="other-frame"'));
  write(dirA, 'paint-a.html', page('frame-paint-a.html'));
  write(dirA, 'paint-b.html', page('frame-paint-b.html'));
  write(dirB, 'frame-clean.html', framed());
  [a, b, corpus] = await Promise.all([serveStatic(dirA), serveStatic(dirB), haveCorpus ? serveStatic(CORPUS_DIR) : null]);
  write(dirA, 'cross.html', page(`${b.url}/frame-clean.html`));
  const noStability = { stability: false as const };
  const one = (name: string, required = [req({ selector: '#pay', name: 'pay button', frame: FRAME })], o: Partial<SpecPlan> = {}) =>
    makeSpec(name, { checkOptions: noStability, states: [state('default', required)], ...o });
  const targets = { regions: {}, masks: [], framed: { regions: { summary: { selector: '#summary', frame: FRAME } }, masks: [{ selector: '#ad', frame: FRAME }] } };
  specs = [
    one('clean', [req({ selector: '#pay', name: 'pay button', frame: FRAME }), req({ text: 'Pay now', frame: FRAME })]),
    one('tall'), one('offside'), one('glass-over'), one('faded'), one('frozen'), one('ghost-cover'), one('ghost-clear'), one('inner-cover'), one('parent-cover'), one('missing'),
    one('cross', undefined, { framed: { regions: {}, masks: [{ selector: '#ad', frame: FRAME }] } }),
    makeSpec('accept', { checkOptions: noStability, states: [
      state('default', [req({ selector: '#pay', frame: FRAME })]),
      state('accepted', [req({ selector: '#pay', frame: FRAME })], [step({ action: 'click', selector: '#accept', frame: FRAME })]),
    ] }),
    one('nested', [req({ selector: '#pay', frame: ['#checkout-frame', '#inner'] })]),
    one('paint-a', [], targets), one('paint-b', [], targets),
    ...(corpus ? [makeSpec('apg', {
      route: null, url: `${corpus.url}/pages/apg-dialog-modal/index.html`, checkOptions: noStability, states: [state('default')],
      regions: { support: 'iframe.support-levels-modal-dialog' },
      framed: { regions: { inside: { selector: 'html', frame: ['iframe.support-levels-modal-dialog'] } }, masks: [] },
    })] : []),
    ...['clock-masked', 'clock-bare'].map((name) => makeSpec(name, {
      // a page that never settles shoots until its stability timeout; on a loaded 2-core machine each
      // full-page shot takes seconds, and the unit's default 30 s ran out (stuck in screenshot)
      checkOptions: { stability: { timeout: 2000 } }, states: [state('default')], timeout: 120_000,
      ...(name === 'clock-masked' ? { framed: { regions: {}, masks: [{ selector: '#clock', frame: FRAME }] } } : {}),
    })),
  ];
  run = makeRun(tmpDir(), specs, a.url);
  await captureRun(run, { workers: 2 });
});
after(() => Promise.all([a?.close(), b?.close(), corpus?.close()]));

const required = (spec: string) => readRecord(run, spec).required[0];
const message = async (spec: string) => {
  const results = await runChecks(run, specs.find((s) => s.name === spec)!);
  return results.find((r) => r.check === 'required-visible')!.findings.map((f) => f.message);
};
/** A required entry that must not be fully visible: its verdict and the message of its finding. */
const hidden = async (spec: string) => {
  const r = required(spec);
  assert.notEqual(r.verdict.level, 'full');
  return { v: r.verdict, m: (await message(spec))[0] };
};
/** The colour at a CSS point of a capture. */
const pixel = (spec: string, x: number, y: number) => {
  const png = PNG.sync.read(readPng(run, spec));
  const i = (png.width * y + x) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};

describe('required elements inside frames', () => {
  test('a clean CTA inside a same-origin frame is fully visible, its box in top-page coordinates', async () => {
    const r = required('clean');
    assert.equal(r.verdict.level, 'full', r.verdict.reason);
    assert.deepEqual(r.frame, FRAME);
    assert.deepEqual(r.verdict.box, { x: 124, y: 194, width: 120, height: 40 });
    // the box lies over the button's pixels in the screenshot
    assert.deepEqual(pixel('clean', 184, 214), [0, 170, 0]);
    assert.deepEqual(await message('clean'), []);
  });

  test('required text inside a frame is found and measured there', () => {
    const r = readRecord(run, 'clean').required[1];
    assert.equal(r.matchedText, 'Pay now');
    assert.equal(r.verdict.level, 'full', r.verdict.reason);
  });

  test('a CTA below the frame\'s fold is reachable by scrolling the frame; with scrolling="no" it is not', () => {
    const tall = required('tall');
    assert.equal(tall.verdict.level, 'full', tall.verdict.reason);
    assert.deepEqual(tall.verdict.box, { x: 124, y: 654, width: 120, height: 40 });
    const frozen = required('frozen');
    assert.notEqual(frozen.verdict.level, 'full');
    assert.match(frozen.verdict.reason, /^inside the frame "#checkout-frame": not reachable by scrolling the page/);
  });

  test('a transparent layer of the page over the frame takes the clicks meant for the CTA inside it: a cover that paints nothing', async () => {
    const { v, m } = await hidden('glass-over');
    assert.equal(v.coveredBy?.selector, 'div.click-catcher');
    assert.equal(v.coveredBy?.invisible, true);
    assert.match(m, /covered by "div\.click-catcher" \(in the page, over the frame\) \(it paints nothing there, but it takes the clicks\)/);
  });

  test('a CTA inside a frame that lies past the right edge of a page a user cannot scroll sideways is off-screen', () => {
    const r = required('offside');
    assert.notEqual(r.verdict.level, 'full');
    assert.ok(r.verdict.offscreenX > 0, JSON.stringify(r.verdict));
    assert.match(r.verdict.reason, /where the frame "#checkout-frame" shows it: \d+ px right of the viewport/);
  });

  test('a frame faded to opacity 0 by the page hides the CTA inside it', async () => {
    const r = required('faded');
    assert.equal(r.verdict.level, 'none');
    assert.equal(r.verdict.opacity, 0);
    const [m] = await message('faded');
    assert.match(m, /inside the frame "#checkout-frame" is not fully visible at desktop \(default\): opacity 0/);
  });

  test('covers inside a frame below the page\'s fold are confirmed by their pixels: an opaque one counts, a transparent one does not', () => {
    const opaque = required('ghost-cover');
    assert.notEqual(opaque.verdict.level, 'full');
    assert.equal(opaque.verdict.coveredBy?.selector, 'div.banner');
    const glass = required('ghost-clear');
    assert.equal(glass.verdict.level, 'full', glass.verdict.reason);
  });

  test('a CTA covered by a cookie wall inside the frame fails, naming the frame and the cover', async () => {
    const { v, m } = await hidden('inner-cover');
    assert.equal(v.coveredBy?.selector, 'div.cookie-wall');
    assert.deepEqual(v.coveredBy?.frame, FRAME);
    // the cover's box is where the wall shows on the top page (frame top 154 + 30)
    assert.equal(v.coveredBy?.box?.y, 184);
    assert.match(m, /required "pay button" \(#pay\) inside the frame "#checkout-frame" is not fully visible/);
    assert.match(m, /covered by "div\.cookie-wall" inside the frame "#checkout-frame"/);
  });

  test('a step acts inside the frame: accepting the cookie wall there uncovers the CTA', () => {
    assert.equal(readRecord(run, 'accept', 'default').required[0].verdict.coveredBy?.selector, 'div.cookie-wall');
    const after = readRecord(run, 'accept', 'accepted');
    assert.equal(after.ok, true, JSON.stringify(after.error));
    assert.equal(after.required[0].verdict.level, 'full', after.required[0].verdict.reason);
  });

  test('a CTA in a frame covered by an overlay of the parent page fails, naming the overlay', async () => {
    const { v, m } = await hidden('parent-cover');
    assert.equal(v.coveredBy?.selector, 'div.promo');
    assert.equal(v.coveredBy?.frame, undefined);
    assert.match(m, /inside the frame "#checkout-frame" is not fully visible/);
    assert.match(m, /covered by "div\.promo" \(in the page, over the frame\) over 40 px/);
  });

  test('a CTA two frames deep is measured through both, its box in top-page coordinates', () => {
    const r = required('nested');
    assert.equal(r.verdict.level, 'full', r.verdict.reason);
    assert.deepEqual(r.verdict.box, { x: 154, y: 204, width: 120, height: 40 });
  });

  test('a cross-origin frame fails with the named reason, never a silent pass', async () => {
    const r = required('cross');
    assert.equal(r.frameProblem?.reason, 'cross-origin');
    assert.equal(r.verdict.level, 'none');
    const [m] = await message('cross');
    assert.match(m, /the frame "#checkout-frame" is cross-origin \(http:\/\/127\.0\.0\.1:\d+; the page is http:\/\/127\.0\.0\.1:\d+\): veval cannot look inside a frame of another origin/);
    // a mask there cannot be applied: a capture finding says so
    const results = await runChecks(run, specs.find((s) => s.name === 'cross')!);
    const capture = results.find((x) => x.check === 'capture')!.findings;
    assert.equal(capture.length, 1);
    assert.match(capture[0].message, /mask "#ad" inside the frame "#checkout-frame" cannot be applied at desktop \(default\): the frame "#checkout-frame" is cross-origin/);
  });

  test('a frame that is not on the page fails, named', async () => {
    assert.equal(required('missing').frameProblem?.reason, 'missing');
    const [m] = await message('missing');
    assert.match(m, /the frame "#checkout-frame" is not on the page/);
  });
});

describe('regions and masks inside frames', () => {
  test('real markup: a region inside the APG page\'s about:blank frame lies where the frame element is', { skip: haveCorpus ? false : `no real-page corpus at ${CORPUS_DIR}` }, () => {
    const r = readRecord(run, 'apg');
    const outer = r.regions.support.box!, inner = r.regions.inside;
    assert.equal(inner.frameProblem, undefined, 'about:blank inherits the page\'s origin: veval may look inside');
    // the frame has no border or padding: its document's box is the frame element's box
    assert.deepEqual(inner.box, outer);
  });

  test('a ticking clock inside a frame fails stability where it is; masked in its frame, the page is stable', () => {
    const bare = readRecord(run, 'clock-bare').stability;
    assert.equal(bare.stable, false);
    const b = bare.changedBox!;
    // the clock shows at (104 + 200, 154 + 100) on the top page
    assert.ok(b.x >= 300 && b.x < 520 && b.y >= 250 && b.y < 300, JSON.stringify(b));
    assert.equal(readRecord(run, 'clock-masked').stability.stable, true);
  });

  test('a mask in a frame covers the masked element\'s pixels, in top-page coordinates', () => {
    const mask = readRecord(run, 'paint-a').masks.find((m) => m.selector === '#ad')!;
    assert.deepEqual(mask.frame, FRAME);
    assert.deepEqual(mask.boxes, [{ x: 304, y: 174, width: 100, height: 60 }]);
    assert.deepEqual(pixel('paint-a', 354, 204), [204, 0, 0]);
    assert.deepEqual(pixel('paint-b', 354, 204), [0, 0, 204]);
  });

  test('parity ignores a change under a framed mask and finds the change in the framed region', () => {
    const ra = readRecord(run, 'paint-a'), rb = readRecord(run, 'paint-b');
    const summary = rb.regions.summary;
    assert.deepEqual(summary.box, { x: 124, y: 304, width: 200, height: 50 });
    const compare = (ignore: typeof ra.masks[number]['boxes']) => compareImages({
      baseline: readPng(run, 'paint-a'), current: readPng(run, 'paint-b'), threshold: 0.1, deviceScaleFactor: 1,
      ignore, regions: [{ name: 'summary', box: summary.box }], wantDiff: false,
    });
    const masked = compare([...ra.masks, ...rb.masks].flatMap((m) => m.boxes));
    const bare = compare([]);
    assert.ok(masked.kind === 'compared' && bare.kind === 'compared');
    // every changed pixel left once the ad is masked lies in the framed region (the total's text)
    const inRegion = masked.regions.find((r) => r.name === 'summary')!;
    assert.ok(inRegion.changed > 0);
    assert.equal(masked.changed, inRegion.changed);
    // without the mask the ad's 100×60 px change counts too
    assert.ok(bare.changed >= masked.changed + 6000);
  });
});

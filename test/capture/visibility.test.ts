// Occlusion-aware visibility verdicts, computed in a real page (contract: "Visible").
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { captureRun } from '../../src/capture/index.js';
import type { StaticServer } from '../../src/core/static-server.js';
import type { RunContext } from '../../src/core/run.js';
import { tmpDir } from '../helpers/tmp.js';
import { fixtureServer, readPng, readRecord } from './helpers.js';
import { PNG } from 'pngjs';
import { makeRun, makeSpec, mobile, req, state, step } from './plan-fixture.js';

const noStability = { stability: false as const };
let srv: StaticServer;
let run: RunContext;

before(async () => {
  srv = await fixtureServer();
  run = makeRun(tmpDir(), [
    makeSpec('sticky', { viewports: [mobile], checkOptions: noStability, states: [state('default', [req({ selector: '#pay', name: 'primary CTA' })])] }),
    makeSpec('modal', { checkOptions: noStability, states: [state('default', [req({ selector: '#confirm' })])] }),
    makeSpec('offscreen', { checkOptions: noStability, states: [state('default', [req({ selector: '#promo' }), req({ selector: '#ok' }), req({ selector: '#absent' })])] }),
    makeSpec('menu', { checkOptions: noStability, states: [
      state('closed', [req({ selector: '#delete' })]),
      state('open', [req({ selector: '#delete' }), req({ text: 'Rename', within: 'section.card' })], [step({ action: 'click', selector: '#menu-toggle' })]),
    ] }),
    makeSpec('header', { checkOptions: noStability, states: [state('default', [req({ selector: '#target' })])] }),
    makeSpec('header-viewport', { route: '/header', fullPage: false, states: [state('scrolled', [req({ selector: '#target' })], [step({ action: 'scroll', x: 0, y: 700 })])] }),
    makeSpec('static', { checkOptions: noStability, states: [state('default', [req({ text: '/^total: \\$\\d+/i' }), req({ text: 'no such words' }), req({ text: 'TOTAL:' })])] }),
    makeSpec('bars', { checkOptions: noStability, viewports: [{ ...mobile }], states: [
      state('default', [req({ selector: '#start' }), req({ selector: '#nav-pricing' }), req({ selector: '#terms' })]),
      state('dialog', [req({ selector: '#close' }), req({ text: 'Starter $9 per month' })], [step({ action: 'click', selector: '#compare' })]),
    ] }),
    makeSpec('late', { checkOptions: noStability, states: [state('default', [req({ selector: '#buy' })])] }),
    makeSpec('poller', { checkOptions: noStability, states: [state('default', [req({ selector: '#codepen' })])] }),
    makeSpec('banner', { checkOptions: noStability, states: [state('default', [req({ selector: '#title' }), req({ selector: '#free' })])] }),
    makeSpec('glyph-dot', { checkOptions: noStability, states: [state('default', [req({ selector: '#over' }), req({ selector: '#beside' })])] }),
    makeSpec('shadow', { checkOptions: noStability, states: [state('default', [req({ selector: '#pay' }), req({ text: 'Pay now' }), req({ selector: '#clipped' }), req({ selector: '#under-bar' })])] }),
  ], srv.url);
  await captureRun(run, { workers: 2 });
});
after(() => srv.close());

const verdict = (spec: string, i: number, st = 'default', vp = 'desktop') => readRecord(run, spec, st, vp).required[i].verdict;

describe('visibility verdicts', () => {
  test('a 6 px opaque dot over one stem of a heading, between the sample grid\'s columns, covers it; beside its text it does not (issue 56)', () => {
    const over = verdict('glyph-dot', 0), beside = verdict('glyph-dot', 1);
    assert.notEqual(over.level, 'full', 'the dot over the stem');
    assert.equal(over.coveredBy?.selector, '#dot-over');
    assert.equal(beside.level, 'full', beside.reason);
  });

  test('a sticky bar covering a button by 8 px at 390 px wide is not full, and names the bar', () => {
    const v = verdict('sticky', 0, 'default', 'mobile');
    assert.notEqual(v.level, 'full');
    assert.equal(v.coveredBy?.selector, 'aside.order-summary');
    assert.equal(v.coveredBy?.coveredPx, 8);
    assert.match(v.reason, /covered by aside\.order-summary over 8 px/);
  });

  test('content a script builds from data fetched after load is captured once the data came; a long poll that never answers does not hold the capture', () => {
    const r = readRecord(run, 'late', 'default', 'desktop');
    assert.equal(r.ok, true, JSON.stringify(r.error));
    assert.equal(r.required[0].verdict.level, 'full', r.required[0].verdict.reason);
    assert.ok(r.timings.settle < 10_000, `settling gave up on the long poll (${r.timings.settle} ms)`);
  });

  test('what a short timer of the page shows soon after load (a poller revealing a button on its next tick) is captured', () => {
    const r = readRecord(run, 'poller', 'default', 'desktop');
    assert.equal(r.required[0].verdict.level, 'full', r.required[0].verdict.reason);
  });

  test('a fixed banner over a heading is a cover even where a sticky header also lies over the heading (the pixels there prove nothing)', () => {
    const v = verdict('banner', 0);
    assert.notEqual(v.level, 'full', v.reason);
    assert.equal(v.coveredBy?.selector, '#cookies');
    assert.equal(verdict('banner', 1).level, 'full', 'the paragraph below the banner is seen');
  });

  test('a modal rendered behind the page content is not visible', () => {
    const v = verdict('modal', 0);
    assert.equal(v.present, true);
    assert.equal(v.level, 'none');
    assert.equal(v.coveredBy?.selector, 'main.content');
  });

  test('an element 400 px left of the viewport is not visible, and says how far', () => {
    const v = verdict('offscreen', 0);
    assert.equal(v.level, 'none');
    assert.equal(v.offscreenX, -400);
    assert.match(v.reason, /400 px left of the viewport/);
    assert.equal(verdict('offscreen', 1).level, 'full');
  });

  test('a missing element is reported as not present', () => {
    const v = verdict('offscreen', 2);
    assert.equal(v.present, false);
    assert.equal(v.level, 'none');
    assert.equal(v.reason, 'not present');
  });

  test('a menu item clipped by an overflow:hidden card after a click step is named with its clipper', () => {
    const v = verdict('menu', 0, 'open');
    assert.notEqual(v.level, 'full');
    assert.equal(v.clippedBy?.selector, 'section.card');
    assert.ok(v.clippedBy!.hiddenPx > 0);
    assert.match(v.reason, /clipped by section\.card/);
    // a text entry resolves to the smallest element holding it, inside `within`
    const rec = readRecord(run, 'menu', 'open');
    assert.equal(rec.required[1].matchedText, 'Rename');
    assert.equal(rec.required[1].verdict.level, 'full');
  });

  test('the same item before the click step is display:none (states start from a fresh page)', () => {
    const v = verdict('menu', 0, 'closed');
    assert.equal(v.displayed, false);
    assert.match(v.reason, /display: none on ul\.menu/);
  });

  test('an element below a fixed header is not flagged when scroll-padding-top makes it reachable', () => {
    const v = verdict('header', 0);
    assert.equal(v.level, 'full', v.reason);
    assert.equal(v.coveredBy, null);
    assert.equal(v.reachable, true);
  });

  test('text entries match a /regex/flags or a substring, and a missing text is not present', () => {
    const rec = readRecord(run, 'static');
    assert.equal(rec.required[0].matchedText, 'Total: $42');
    assert.equal(rec.required[0].verdict.level, 'full');
    assert.equal(rec.required[1].verdict.present, false);
  });

  test('measuring scrolls the page but a viewport screenshot keeps the scroll position its steps left', () => {
    const rec = readRecord(run, 'header-viewport', 'scrolled');
    assert.equal(rec.required[0].verdict.level, 'full');
    const img = PNG.sync.read(readPng(run, 'header-viewport', 'scrolled'));
    assert.deepEqual(rec.image, { width: 1280, height: 800 });
    // #target (background #dfd) spans document y 810–1210: at scrollY 700 it is at viewport y 300
    const i = (300 * img.width + 10) * 4;
    assert.deepEqual([...img.data.subarray(i, i + 3)], [0xdd, 0xff, 0xdd]);
  });

  test('controls inside open shadow roots are found, are not "covered" by their own host, and light-DOM clipping and covering still count', () => {
    const pay = verdict('shadow', 0);
    assert.equal(pay.present, true, 'a selector reaches into the shadow root, as Playwright does');
    assert.equal(pay.level, 'full', pay.reason);
    assert.equal(pay.coveredBy, null);
    assert.equal(verdict('shadow', 1).level, 'full', 'required text inside a shadow root is found');
    const clipped = verdict('shadow', 2);
    assert.notEqual(clipped.level, 'full');
    assert.equal(clipped.clippedBy?.selector, 'div.clipper', 'the light-DOM ancestor of the host clips the shadow button');
    const under = verdict('shadow', 3);
    assert.notEqual(under.level, 'full', 'the last button cannot be scrolled above the fixed bar');
    assert.equal(under.coveredBy?.selector, '#bar');
    assert.equal(under.coveredBy?.coveredPx, 36);
    assert.equal(readRecord(run, 'shadow', 'default', 'desktop').required[0].matchedSelector, '#open-host #pay', 'shadow elements are named through their host');
  });

  test('plain required text matches case-sensitively, and a miss that only differs in case says how to match it', () => {
    const v = verdict('static', 2);
    assert.equal(v.present, false);
    assert.match(v.reason, /case-sensitive; the page has "[Tt]otal:" — write \/TOTAL:\/i to ignore case/);
    assert.equal(verdict('static', 1).reason, 'not present');
  });

  test('controls inside a fixed action bar or a sticky header are visible although scroll-padding reserves their band', () => {
    for (const [i, what] of [[0, 'button in the fixed bottom bar'], [1, 'link in the sticky header'], [2, 'link scrolled clear of the bar by padding']] as const) {
      const v = verdict('bars', i, 'default', 'mobile');
      assert.equal(v.level, 'full', `${what}: ${v.reason}`);
      assert.equal(v.reachable, true, what);
    }
  });

  test('behind an open modal dialog the page is covered by its backdrop, named as such; the dialog itself is visible', () => {
    assert.equal(verdict('bars', 0, 'dialog', 'mobile').level, 'full', 'the close button in the dialog');
    const v = verdict('bars', 1, 'dialog', 'mobile');
    assert.equal(v.level, 'none');
    assert.equal(v.coveredBy?.selector, '#plans');
    assert.equal(v.coveredBy?.backdrop, true);
    assert.equal(v.coveredBy?.coveredPx, Math.round(v.box!.height), 'the hidden area is the element, not the empty overlap with the dialog box');
    assert.match(v.reason, /covered by the backdrop of the modal #plans/);
  });
});


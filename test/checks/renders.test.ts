// renders: a capture whose first viewport paints nothing but the background is a blocker naming
// the likely cause. The table runs the check over records; the real-browser part measures `paint`
// on pages served from 127.0.0.1 (blank, CSS-only art, a canvas, text) through the real capture.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { check } from '../../src/checks/renders.js';
import { captureRun } from '../../src/capture/index.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import type { RunContext } from '../../src/core/run.js';
import { makeSpec, makeRun } from '../capture/plan-fixture.js';
import { readRecord } from '../capture/helpers.js';
import { record, testCheck } from './helpers.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const blank = { content: 0, examples: [], ink: 0, background: '#ffffff' };
const ownScript = { url: 'http://127.0.0.1:4000/assets/index-3f9a1c.js', status: 404, failure: null, resourceType: 'script' };
const cdnScript = { url: 'https://cdn.example.com/assets/index-3f9a1c.js', status: null, failure: 'net::ERR_NAME_NOT_RESOLVED', resourceType: 'script' };
const thrown = { type: 'pageerror' as const, text: 'TypeError: Cannot read properties of undefined (reading \'map\')', location: 'http://127.0.0.1:4000/assets/index.js:1:200' };

testCheck(check, {
  valid: [
    { name: 'visible content in the first viewport', units: [record({ paint: { content: 12, examples: ['text "Todo"'], ink: null, background: null } })] },
    { name: 'no DOM content, but pixels painted (a CSS-only hero)', units: [record({ paint: { ...blank, ink: 0.4 } })] },
    { name: '0.5% of the pixels painted (over the 0.1% a caret may take) is not blank', units: [record({ paint: { ...blank, ink: 0.005 } })] },
    { name: 'a record from before paint was measured is not judged', units: [record()] },
    { name: 'a failed capture is left to the capture finding', units: [record({ ok: false, paint: blank })] },
  ],
  invalid: [
    {
      name: 'blank with its own bundle failed: names the script',
      units: [record({ paint: blank, failedRequests: [ownScript] })],
      findings: [{ severity: 'blocker', message: ['blank page', '#ffffff', 'its own script /assets/index-3f9a1c.js failed to load (HTTP 404)'] }],
    },
    {
      name: 'blank with its bundle asked from another origin: names the absolute asset base',
      units: [record({ paint: blank, failedRequests: [cdnScript] })],
      findings: [{ message: ['https://cdn.example.com/assets/index-3f9a1c.js failed to load from another origin (net::ERR_NAME_NOT_RESOLVED)', 'Vite\'s `base: "https://…"`'] }],
    },
    {
      name: 'blank after an uncaught exception: quotes it',
      units: [record({ paint: { ...blank, background: '#101418' }, console: [thrown] })],
      findings: [{ message: ['#101418', 'an uncaught exception: "TypeError: Cannot read properties of undefined', 'index.js:1:200'] }],
    },
    {
      name: 'blank with no cause seen says so; the spec severity applies',
      units: [record({ paint: blank })], severity: 'important',
      findings: [{ severity: 'important', message: 'no failed script or stylesheet and no uncaught exception was seen' }],
    },
  ],
});

describe('paint measured by the real capture', () => {
  let server: StaticServer;
  let run: RunContext;
  const PAGES: Record<string, string> = {
    blank: '<!doctype html><html lang="en"><title>x</title><script type="module" src="/assets/missing.js"></script><body><div id="root"></div></body></html>',
    'dark-blank': '<!doctype html><html lang="en"><title>x</title><body style="background:#101418"><div id="root"></div><script>throw new Error("boom before render")</script></body></html>',
    'css-art': '<!doctype html><html lang="en"><title>x</title><body style="margin:0"><div style="height:300px;background:linear-gradient(90deg,#c33,#36c)"></div></body></html>',
    canvas: '<!doctype html><html lang="en"><title>x</title><body><canvas id="c" width="200" height="100"></canvas><script>document.getElementById("c").getContext("2d").fillRect(0,0,200,100)</script></body></html>',
    hidden: '<!doctype html><html lang="en"><title>x</title><body><p style="visibility:hidden">not shown</p><p style="opacity:0">faded</p></body></html>',
    text: '<!doctype html><html lang="en"><title>x</title><body><p>Hello</p></body></html>',
  };
  before(async () => {
    const dir = tmpDir('veval-renders-');
    writeTree(dir, Object.fromEntries(Object.entries(PAGES).map(([k, v]) => [`${k}.html`, v])));
    server = await serveStatic(dir);
    run = makeRun(tmpDir('veval-renders-run-'), Object.keys(PAGES).map((n) => makeSpec(n, { route: `/${n}.html`, fullPage: false })), server.url);
    await captureRun(run, { baseURL: server.url, workers: 2 });
  });
  after(async () => { await server?.close(); });

  const paint = (spec: string) => readRecord(run, spec).paint!;
  const verdict = (spec: string) => check.run({ spec: run.plan.specs.find((s) => s.name === spec)!, units: [{ record: readRecord(run, spec), file: `${spec}/default-desktop.png` }], options: {}, severity: null });

  it('a page whose bundle failed is blank: no content, no ink, white background; the finding names the script', () => {
    assert.deepEqual({ ...paint('blank'), examples: [] }, { content: 0, examples: [], ink: 0, background: '#ffffff' });
    const [f] = verdict('blank');
    assert.match(f!.message, /its own script \/assets\/missing\.js failed to load \(HTTP 404\)/);
  });
  it('a dark page that threw before rendering is blank on its own background, naming the exception', () => {
    assert.equal(paint('dark-blank').background, '#101418');
    assert.match(verdict('dark-blank')[0]!.message, /likely cause: an uncaught exception: "boom before render"/);
  });
  it('CSS-only art has no DOM content but paints pixels; a canvas and text are content', () => {
    assert.equal(paint('css-art').content, 0);
    assert.ok(paint('css-art').ink! > 0.1, `ink ${paint('css-art').ink}`);
    assert.deepEqual(verdict('css-art'), []);
    assert.ok(paint('canvas').content >= 1);
    assert.deepEqual(paint('text').examples, ['text "Hello"']);
    for (const s of ['canvas', 'text']) assert.deepEqual(verdict(s), [], s);
  });
  it('hidden and transparent text is not content', () => {
    assert.equal(paint('hidden').content, 0);
    assert.equal(verdict('hidden').length, 1);
  });
});

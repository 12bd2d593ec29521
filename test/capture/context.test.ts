// Context and network settings reach the page: frozen clock, seeded random, colour scheme,
// locale/timezone, blocked URLs (not reported as failures) and API answers from a HAR.
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { captureRun } from '../../src/capture/index.js';
import type { StaticServer } from '../../src/core/static-server.js';
import type { RunContext } from '../../src/core/run.js';
import { tmpDir } from '../helpers/tmp.js';
import { fixtureServer, readPng, readRecord } from './helpers.js';
import { desktop, makeRun, makeSpec } from './plan-fixture.js';

function har(url: string, body: unknown) {
  const text = JSON.stringify(body);
  return {
    log: {
      version: '1.2', creator: { name: 'test', version: '1' }, pages: [],
      entries: [{
        startedDateTime: '2025-01-01T00:00:00.000Z', time: 1, cache: {}, timings: { send: 0, wait: 1, receive: 0 },
        request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
        response: {
          status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], redirectURL: '', headersSize: -1, bodySize: text.length,
          headers: [{ name: 'content-type', value: 'application/json' }], content: { size: text.length, mimeType: 'application/json', text },
        },
      }],
    },
  };
}

let srv: StaticServer;
let run: RunContext;
before(async () => {
  srv = await fixtureServer();
  const dir = tmpDir();
  fs.writeFileSync(path.join(dir, 'api.har'), JSON.stringify(har(`${srv.url}/api/data`, { message: 'from the HAR' })));
  const base = {
    route: '/env',
    wait: { for: 'selector' as const, selector: '[data-ready]', timeout: 5000 },
    network: { block: ['https://ads.example.test/**'], har: 'api.har', harUrl: '**/api/**', harNotFound: 'abort' as const },
    checkOptions: { stability: false as const },
  };
  const ctx = { storageState: null, extraHTTPHeaders: {}, locale: 'de-DE', timezoneId: 'Asia/Tokyo', colorScheme: null, freezeTime: '2025-01-02T03:04:05.000Z', randomSeed: 42, reducedMotion: 'reduce' as const };
  run = makeRun(dir, [
    makeSpec('a', { ...base, context: ctx }),
    makeSpec('b', { ...base, context: ctx }),
    makeSpec('dark', { ...base, context: ctx, viewports: [{ ...desktop, colorScheme: 'dark' }] }),
  ], srv.url);
  await captureRun(run);
});
after(() => srv.close());

test('context settings and network rules reach the page', () => {
  const rec = readRecord(run, 'a');
  assert.equal(rec.ok, true, rec.error?.message);
  assert.match(rec.text, /now 2025-01-02T03:04:05\.000Z/);
  assert.match(rec.text, /locale de-DE Asia\/Tokyo/);
  assert.match(rec.text, /api from the HAR/);
  assert.match(rec.text, /scheme light/);
  assert.match(readRecord(run, 'dark').text, /scheme dark/);
  assert.deepEqual(rec.failedRequests, [], 'a blocked URL is not a failed request');
});

test('a seeded Math.random and a frozen clock make two captures identical', () => {
  const a = readRecord(run, 'a'), b = readRecord(run, 'b');
  assert.match(a.text, /random 0\.\d+/);
  assert.equal(a.text, b.text);
  assert.ok(readPng(run, 'a').equals(readPng(run, 'b')));
});

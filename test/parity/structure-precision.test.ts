// The structure precision set on real corpus pages (structure-precision.ts): each refactor nobody
// hears gives no finding above polish and at most one group; each real change gives exactly one
// group, whose findings (one per unit it affects) are at parity.structure's severity and name it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import type { StaticServer } from '../../src/core/static-server.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { CORPUS, measureAll, serveCorpus } from './structure-precision.js';

const have = fs.existsSync(CORPUS);
let server: StaticServer;
let browser: Browser;
before(async () => { if (have) { server = await serveCorpus(); browser = await launchTestBrowser(); } });
after(async () => { await browser?.close(); await server?.close(); });

test('structure precision on real pages: refactors heard as nothing stay at polish in at most 1 group; real changes are exactly 1 group naming them', { skip: !have && 'corpus not found' }, async () => {
  const wrong: string[] = [];
  for (const { c, o } of await measureAll(browser, server.url)) {
    const said = `${c.page}: ${c.what}: ${o.findings} findings, ${o.abovePolish} above polish, ${o.groups} groups\n    ${o.lines.join('\n    ')}`;
    if (c.kind === 'nothing' && (o.abovePolish > 0 || o.groups > 1)) wrong.push(said);
    if (c.kind === 'change' && (o.groups !== 1 || o.abovePolish !== o.findings || o.findings !== o.unitsAffected || !o.lines.some((l) => l.includes(c.names!)))) wrong.push(said);
  }
  assert.deepEqual(wrong, []);
});

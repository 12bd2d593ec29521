// The root-cause regression set on the demo and real corpus pages (docs/root-cause.md), at its
// targets: the element, the property and the rule's file:line of each planted regression. A
// scored set: the precision tier (scripts/tiers.mjs). The demo's regression end to end through the
// CLI is test/parity/root-cause.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchTestBrowser } from '../helpers/browser.js';
import { CASES, measureAll, rate, table } from './root-cause-set.js';

let browser: Browser;
before(async () => { browser = await launchTestBrowser(); });
after(async () => { await browser?.close(); });

test('the regression set on the demo and real corpus pages: top-1 element ≥ 95 %, property ≥ 80 %, file:line ≥ 80 %', async (ctx) => {
  const outs = await measureAll(browser);
  const t = table(outs);
  ctx.diagnostic(t); // the table of docs/root-cause.md, from this run
  // a contributor's clone has no ../shared: the demo's cases still run, the corpus's are named as left out
  const left = CASES.filter((c) => !outs.some((o) => o.c === c));
  if (left.length) ctx.diagnostic(`left out, their page absent (the real-page corpus lives outside the repo): ${left.map((c) => c.id).join(', ')}`);
  assert.ok(outs.length >= 10, `too few cases ran (${outs.length})`);
  assert.ok(outs.every((o) => o.changed), `every regression changes pixels\n${t}`);
  // a CSS case whose two captures differ in their DOM measured the page's own variation too: not a result
  const varied = outs.filter((o) => o.c.file.endsWith('.css') && !o.sameDom).map((o) => o.c.id);
  assert.deepEqual(varied, [], 'these pages changed their DOM between the approved and the regressed capture');
  assert.ok(rate(outs.map((o) => o.element)) >= 0.95, t);
  assert.ok(rate(outs.map((o) => o.prop)) >= 0.8, t);
  assert.ok(rate(outs.map((o) => o.line)) >= 0.8, t);
});

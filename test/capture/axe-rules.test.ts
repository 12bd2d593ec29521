// axe runs only the rules the spec's threshold can report (a speed-up, issue 26): it must never
// lose a violation the axe check could report. On real pages (the shared corpus and the defect
// fixtures with accessibility defects), the violations of a run restricted to the default
// threshold (moderate) are exactly those of a run of every rule, filtered to moderate and above —
// the same rules, nodes, impacts and fingerprints.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { axeResults, injectAxe, unreportableRules } from '../../src/capture/gatherers/axe-results.js';
import { inPageScript } from '../../src/capture/in-page/script.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { impactOf, IMPACTS } from '../../src/checks/axe.js';
import type { AxeResultsLite } from '../../src/core/artifacts.js';
import { REPO } from '../helpers/tmp.js';
import { launchTestBrowser } from '../helpers/browser.js';

const CORPUS = path.resolve(REPO, '..', 'shared', 'corpus', 'real-pages');
const DEFECTS = path.join(REPO, 'test', 'fixtures', 'defects');
// pages with violations at several impacts (minor ones among them), kept few: one browser, two axe passes each
const CORPUS_PAGES = ['bulma-admin', 'mdn-can-store', 'semantic-homepage', 'pico-v1-sign-in', 'apg-tabs-automatic', 'mdn-postcard-form'];
const DEFECT_PAGES = ['missing-labels', 'low-contrast', 'form-no-error'];

let browser: Browser;
let corpus: StaticServer | null = null;
let defects: StaticServer;
before(async () => {
  browser = await launchTestBrowser();
  if (fs.existsSync(CORPUS)) corpus = await serveStatic(CORPUS);
  defects = await serveStatic(DEFECTS);
});
after(async () => { await browser?.close(); await corpus?.close(); await defects?.close(); });

const atLeast = (min: string) => (r: AxeResultsLite['violations'][number]) => IMPACTS.indexOf(impactOf(r)) >= IMPACTS.indexOf(min as never);
const shape = (list: AxeResultsLite['violations']) => list.map((r) => ({ id: r.id, impact: r.impact, nodes: r.nodes.map((n) => ({ target: n.target, impact: n.impact, role: n.role, name: n.name })) }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** Each page audited twice (every rule, then the default threshold's rules): the same violations at moderate and above. */
async function compare(urls: string[]): Promise<{ compared: number; minorOnly: number }> {
  let minorOnly = 0, compared = 0;
  for (const url of urls) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const all = await axeResults(page, { impact: 'minor' }, []) as AxeResultsLite;
    const restricted = await axeResults(page, { impact: 'moderate' }, []) as AxeResultsLite;   // the check's default
    await ctx.close();
    minorOnly += all.violations.filter((r) => !atLeast('moderate')(r)).length;
    compared += restricted.violations.length;
    assert.deepEqual(shape(restricted.violations), shape(all.violations.filter(atLeast('moderate'))), `${url}: the same violations at moderate and above`);
  }
  return { compared, minorOnly };
}

test('axe restricted to the rules a moderate threshold can report finds every violation it could report (defect pages)', async () => {
  const { compared } = await compare(DEFECT_PAGES.map((p) => `${defects.url}/${p}.html`));
  assert.ok(compared >= 2, `the pages have violations to compare (${compared})`);
});

test('axe restricted to the rules a moderate threshold can report finds every violation it could report (real corpus)', { skip: fs.existsSync(CORPUS) ? false : `the real-page corpus (${CORPUS}) is absent: it lives outside the repo` }, async () => {
  const { compared, minorOnly } = await compare(CORPUS_PAGES.map((p) => `${corpus!.url}/pages/${p}/index.html`));
  assert.ok(compared >= 5, `the pages have violations to compare (${compared})`);
  assert.ok(minorOnly > 0, 'some minor violations were left out, so the restriction was exercised');
});

test('the rules left out at the default threshold are the ones whose every impact is minor', async () => {
  const page = await browser.newPage();
  await page.setContent('<main><h1>x</h1></main>');
  await injectAxe(page);
  const off = (min: string) => page.evaluate(inPageScript([], unreportableRules, { min })) as Promise<string[]>;
  const [minor, moderate, critical] = [await off('minor'), await off('moderate'), await off('critical')];
  await page.close();
  assert.deepEqual(minor, [], 'at minor every rule runs');
  assert.ok(moderate.includes('image-redundant-alt') && moderate.includes('aria-allowed-role'), `minor-only rules are left out: ${moderate.join(', ')}`);
  for (const kept of ['color-contrast', 'region', 'empty-heading']) assert.ok(!moderate.includes(kept), `${kept} still runs at moderate (empty-heading: a minor rule with a check of higher impact)`);
  assert.ok(critical.includes('color-contrast') && !critical.includes('image-alt'), 'at critical only rules that can be critical run');
});

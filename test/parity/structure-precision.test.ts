// The structure precision set on real corpus pages (structure-precision.ts): each refactor nobody
// hears gives no finding above polish and at most one group; each real change gives exactly one
// group, whose findings (one per unit it affects) are at parity.structure's severity and name it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { StaticServer } from '../../src/core/static-server.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
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

// moved from structure.test.ts (npm test keeps its real-page smoke): re-run unchanged, no finding
const NO_KEY = { OPENAI_API_KEY: '' };
test('structure precision: pages that build their content with script, generate ids and toggle widgets give no structure finding when re-run unchanged', { skip: !have && 'corpus not found' }, async () => {
  const pages = ['mdn-can-store', 'apg-combobox-autocomplete', 'semantic-homepage', 'bulma-admin'];
  const dir = tmpDir('veval-structure-precision-');
  writeTree(dir, {
    'visual-eval.config.yaml': `baseURL: ${server.url}\nviewports:\n  desktop: { width: 1280, height: 800 }\ngate: { warn: [polish] }\n`,
    ...Object.fromEntries(pages.map((p) => [`specs/${p}.yaml`, [
      `name: ${p}`, `route: /pages/${p}/index.html`, 'viewports: [desktop]',
      'regions: { main: main, nav: nav, header: header, footer: footer, form: form }',
      // pixels are not the subject: any pixel difference passes, only structure could fail
      'checks: { axe: false, overflow: false, overlap: false, text-clipped: false, stability: false }', 'parity: { maxDiffRatio: 1 }', '',
    ].join('\n')])),
  });
  let r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir, NO_KEY);
  assert.ok(fs.existsSync(path.join(dir, 'baselines/mdn-can-store/default-desktop.structure.json')), r.stdout + r.stderr);
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  const report = JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals', 'latest')), 'report.json'), 'utf8'));
  const all = report.specs.flatMap((s: any) => s.findings.filter((f: any) => f.evidence?.kind === 'structure').map((f: any) => f.message));
  assert.deepEqual(all, []);
  assert.equal(r.code, 0, JSON.stringify(report.specs.map((s: any) => s.reasons)));
});

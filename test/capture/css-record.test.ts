// The CSS record's declarations, from Chromium's cascade on a real page on 127.0.0.1: the
// declaration's own line and column, !important over a later rule, the inline style, an inherited
// value traced to its ancestor, and a stylesheet's source map followed to the authored file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { cssRecord } from '../../src/capture/css-record.js';
import { launchTestBrowser } from '../helpers/browser.js';
import { tmpDir } from '../helpers/tmp.js';

let browser: Browser;
let srv: StaticServer;
let dir: string;
before(async () => {
  dir = tmpDir('veval-css-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><link rel="stylesheet" href="site.css"><link rel="stylesheet" href="built.css">\n'
    + '<main class="box"><p class="note">text</p><p class="note" id="loud" style="padding-left: 3px">more</p><div class="mapped">mapped</div></main>');
  fs.writeFileSync(path.join(dir, 'site.css'), '.box { color: rgb(0, 0, 255); }\n.note {\n  margin-top: 4px !important;\n  padding-left: 9px;\n}\nmain .note { margin-top: 12px; }\n');
  // built.css line 1 maps to src/mapped.scss line 5 (mappings "AAIE": column 0 → line 5, column 2)
  fs.writeFileSync(path.join(dir, 'built.css'), '.mapped{margin-top:7px}\n/*# sourceMappingURL=built.css.map */\n');
  fs.writeFileSync(path.join(dir, 'built.css.map'), JSON.stringify({ version: 3, sources: ['src/mapped.scss'], names: [], mappings: 'AAIE' }));
  srv = await serveStatic(dir);
  browser = await launchTestBrowser();
});
after(async () => { await browser?.close(); await srv?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

test('each property is traced to the declaration that wins the cascade, at its own line and column, through a source map', async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${srv.url}/index.html`);
  const rec = await cssRecord(page, { keep: [], lookupMs: 10_000 }, new Map());
  const el = (key: string) => { const e = rec.elements.find((x) => x.key === key); assert.ok(e, `no element ${key} in ${rec.elements.map((x) => x.key).join(', ')}`); return e; };
  const src = (key: string, prop: string) => { const e = el(key); const r = e.rules ?? rec.elements[e.like!].rules!; return r[prop] === undefined ? null : rec.sources[r[prop]]; };
  const first = 'p.note:nth-of-type(1)';
  assert.deepEqual(src(first, 'margin-top'), { kind: 'rule', url: `${srv.url}/site.css`, line: 3, column: 3, selector: '.note', text: 'margin-top: 4px !important' }, 'an !important declaration beats a later, more specific rule');
  assert.equal(src('#loud', 'padding-left')?.kind, 'inline');
  assert.equal(src('#loud', 'padding-left')?.text, 'padding-left: 3px');
  // an inherited colour: not declared on the paragraph, traced to its container's rule
  const box = { kind: 'rule', url: `${srv.url}/site.css`, line: 1, column: 8, selector: '.box', text: 'color: rgb(0, 0, 255)' };
  assert.deepEqual(src(first, 'color'), { ...box, inherited: true });
  assert.deepEqual(src('main.box', 'color'), box);
  const mapped = src('.mapped', 'margin-top');
  assert.equal(mapped?.url, `${srv.url}/src/mapped.scss`);
  assert.equal(mapped?.line, 5);
  assert.deepEqual(mapped?.generated, { url: `${srv.url}/built.css`, line: 1, column: 9 });
  await page.context().close();
});

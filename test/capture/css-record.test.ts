// The CSS record's declarations, from Chromium's cascade on a real page on 127.0.0.1: the
// declaration's own line and column, !important over a later rule, the inline style, an inherited
// value traced to its ancestor, and a stylesheet's source map followed to the authored file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { cssRecord } from '../../src/capture/gatherers/css-record.js';
import { servedDocument } from '../../src/capture/served-html.js';
import { explainAreas, pairElements } from '../../src/parity/compare/cause.js';
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
  // styles a script made, beside authored ones: line numbers below are this file's
  fs.writeFileSync(path.join(dir, 'script.html'), [
    '<!doctype html><html><head>', //                                            1
    '<link rel="stylesheet" href="a.css"><link rel="stylesheet" href="b.css">', // 2
    '<style>', //                                                                3
    '.authored { margin-top: 3px; }', //                                         4
    '</style>', //                                                               5
    '<style id="mut">', //                                                       6
    '.m1 { margin-left: 4px; }', //                                              7
    '</style></head><body>', //                                                  8
    '<div class="authored" style="color: rgb(1, 2, 3); padding-top: 5px">a</div>', // 9
    '<div class="x">x</div><div class="y">y</div><div class="z">z</div><div class="w">w</div>', // 10
    '<div class="m1 m2">m</div><div class="l2">l</div><div class="sa">sa</div>', // 11
    '<p style="padding-top: 2px">same</p><p style="padding-top: 2px">same</p>', // 12
    '<!-- <div class="x" style="padding-left: 7px;"> --><script>',
    "document.querySelector('.x').style.paddingLeft = '7px';",
    "document.styleSheets[0].insertRule('.y { padding-right: 8px; }', 0);",
    "const s = new CSSStyleSheet(); s.replaceSync('.z { padding-bottom: 9px; }'); document.adoptedStyleSheets = [s];",
    "const st = document.createElement('style'); st.textContent = '.w { margin-right: 10px; }'; document.head.appendChild(st);",
    "document.getElementById('mut').sheet.insertRule('.m2 { margin-bottom: 11px; }', 1);",
    "document.styleSheets[1].cssRules[0].style.marginTop = '20px';",
    "document.querySelector('.sa').setAttribute('style', 'border-top-width: 2px');",
    '</script>',
  ].join('\n'));
  fs.writeFileSync(path.join(dir, 'a.css'), '.l { color: red; }\n');
  fs.writeFileSync(path.join(dir, 'b.css'), '.l2 {\n  margin-top: 6px;\n}\n');
  // a banner inserted before three classless, inline-styled divs, and one of them removed
  const divs = (promo: boolean, two: boolean) => '<!doctype html><body style="margin:0"><main>' + (promo ? '<div class="promo" style="height: 40px">Sale</div>' : '')
    + '<div style="color: rgb(200, 0, 0)">one</div>' + (two ? '<div style="color: rgb(0, 120, 0)">two</div>' : '') + '<div style="color: rgb(0, 0, 200)">three</div><div>four</div></main>';
  fs.writeFileSync(path.join(dir, 'before.html'), divs(false, true));
  fs.writeFileSync(path.join(dir, 'after.html'), divs(true, false));
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

test('what a script set is named so, with no line; an authored style attribute or <style> at its line in the served document', async () => {
  const page = await (await browser.newContext()).newPage();
  const res = await page.goto(`${srv.url}/script.html`);
  const rec = await cssRecord(page, { keep: [], lookupMs: 10_000, served: servedDocument(page, res) }, new Map());
  const src = (key: string, prop: string) => {
    const e = rec.elements.find((x) => x.key === key);
    assert.ok(e, `no element ${key} in ${rec.elements.map((x) => x.key).join(', ')}`);
    const r = e.rules ?? rec.elements[e.like!].rules!;
    return r[prop] === undefined ? null : rec.sources[r[prop]];
  };
  const doc = `${srv.url}/script.html`;
  const script = (key: string, prop: string, kind: string, selector: string | null) => {
    const s = src(key, prop);
    assert.equal(s?.script, true, `${key} ${prop}: ${JSON.stringify(s)}`);
    assert.equal(s?.kind, kind);
    assert.equal(s?.selector, selector);
    assert.equal(s?.line, null, 'a script has no line to edit');
  };
  script('.x', 'padding-left', 'inline', null);            // el.style.x = …
  script('.y', 'padding-right', 'rule', '.y');            // insertRule into a served stylesheet
  script('.z', 'padding-bottom', 'rule', '.z');           // a constructed, adopted sheet
  script('.w', 'margin-right', 'rule', '.w');             // a <style> a script made
  script('.m1', 'margin-bottom', 'rule', '.m2');    // insertRule into a served <style>
  script('.l2', 'margin-top', 'rule', '.l2');             // a served rule changed through CSSOM
  script('.sa', 'border-top-width', 'inline', null);      // setAttribute('style', …)
  // authored: the inline <style>'s declaration, the style attribute's own declarations at their line and column
  assert.deepEqual(src('.authored', 'margin-top'), { kind: 'rule', url: doc, line: 4, column: 13, selector: '.authored', text: 'margin-top: 3px' });
  assert.deepEqual(src('.m1', 'margin-left'), { kind: 'rule', url: doc, line: 7, column: 7, selector: '.m1', text: 'margin-left: 4px' }, 'an authored rule in a <style> a script added to');
  assert.deepEqual(src('.authored', 'padding-top'), { kind: 'inline', url: doc, line: 9, column: 51, selector: null, text: 'padding-top: 5px' });
  assert.deepEqual(src('.authored', 'color'), { kind: 'inline', url: doc, line: 9, column: 30, selector: null, text: 'color: rgb(1, 2, 3)' });
  // two elements with the same style attribute: which line is whose cannot be told, so none
  const same = src('p:nth-of-type(1)', 'padding-top');
  assert.deepEqual(same, { kind: 'inline', url: doc, line: null, column: null, selector: null, text: 'padding-top: 2px' });
  await page.context().close();
});

test('a sibling inserted before others and one removed: the rest pair with themselves, the banner is new, the removed one gone', async () => {
  const page = await (await browser.newContext()).newPage();
  const take = async (file: string) => { const res = await page.goto(`${srv.url}/${file}`); return cssRecord(page, { keep: [], lookupMs: 10_000, served: servedDocument(page, res) }, new Map()); };
  const base = await take('before.html');
  const cur = await take('after.html');
  await page.context().close();
  const colour = (r: typeof base, i: number) => r.elements[i].values.color ?? r.defaults[r.props.indexOf('color')];
  const divsOf = (r: typeof base) => r.elements.flatMap((e, i) => (e.tag === 'div' ? [i] : []));
  const pairs = pairElements(base, cur);
  const [promo, one, three, four] = divsOf(cur);
  const [bOne, bTwo, bThree, bFour] = divsOf(base);
  assert.equal(cur.elements[promo].key, '.promo');
  assert.equal(pairs.get(promo), undefined, 'the banner is new, not the old first div with a class added');
  assert.deepEqual([pairs.get(one), pairs.get(three), pairs.get(four)], [bOne, bThree, bFour], 'each div pairs with itself, whatever its :nth-of-type now');
  assert.equal(colour(base, bThree), colour(cur, three));
  assert.ok(![...pairs.values()].includes(bTwo), 'the removed div is paired with nothing');
  const main = cur.elements.find((e) => e.tag === 'main')!.box;
  const [area] = explainAreas(base, cur, [main], { base: (u) => u, cur: (u) => u });
  const kinds = Object.fromEntries(area.causes.map((c) => [c.element, c.kind]));
  assert.equal(kinds['.promo'], 'added', area.text);
  assert.ok(!area.causes.some((c) => c.kind === 'changed'), `nothing changed its own style: ${area.text}`);
  assert.doesNotMatch(area.text, /no longer set by|color/);
});

test('against an approved record with the same stylesheets only what changed is looked up, the rest keeps its declarations; an edited stylesheet is looked up again', async () => {
  const page = await (await browser.newContext()).newPage();
  try {
    await page.goto(`${srv.url}/index.html`);
    const approved = await cssRecord(page, { keep: [], lookupMs: 10_000 }, new Map());
    assert.ok(approved.sheets, 'the stylesheets were digested');
    assert.ok(approved.counts.looked >= 4, `approval looks the elements up (${approved.counts.looked})`);
    const resolve = (r: typeof approved, key: string, prop: string) => {
      const e = r.elements.find((x) => x.key === key)!;
      const rules = e.rules ?? r.elements[e.like!]?.rules;
      return rules?.[prop] === undefined ? null : r.sources[rules[prop]];
    };
    // the same page again: nothing changed, nothing but the kept elements looked up, every declaration carried
    await page.reload();
    const again = await cssRecord(page, { keep: [], lookupMs: 10_000, previous: approved }, new Map());
    assert.equal(again.sheets, approved.sheets);
    assert.equal(again.counts.looked, 0, 'nothing changed: nothing looked up');
    assert.equal(again.counts.carried, again.elements.length, 'every declaration carried');
    for (const [key, prop] of [['p.note:nth-of-type(1)', 'margin-top'], ['main.box', 'color'], ['.mapped', 'margin-top'], ['#loud', 'padding-left']]) {
      assert.deepEqual(resolve(again, key, prop), resolve(approved, key, prop), `${key} ${prop}`);
    }
    // the markup changed, not the stylesheets: the changed element is looked up, the rest carried
    fs.writeFileSync(path.join(dir, 'changed.html'), fs.readFileSync(path.join(dir, 'index.html'), 'utf8').replace('padding-left: 3px', 'padding-left: 5px'));
    await page.goto(`${srv.url}/changed.html`);
    const markup = await cssRecord(page, { keep: [], lookupMs: 10_000, previous: approved }, new Map());
    assert.equal(markup.sheets, approved.sheets);
    assert.equal(markup.counts.looked, 1, 'the one changed element looked up');
    assert.equal(resolve(markup, '#loud', 'padding-left')?.text, 'padding-left: 5px');
    assert.deepEqual(resolve(markup, 'main.box', 'color'), resolve(approved, 'main.box', 'color'));
    // a line added at the top of site.css: the same computed values, but every declaration moved a
    // line down; the digest differs, so the elements are looked up again, at their new lines
    const css = path.join(dir, 'site.css');
    const text = fs.readFileSync(css, 'utf8');
    fs.writeFileSync(css, `/* a comment */\n${text}`);
    try {
      await page.reload();
      const edited = await cssRecord(page, { keep: [], lookupMs: 10_000, previous: approved }, new Map());
      assert.notEqual(edited.sheets, approved.sheets);
      assert.ok(!edited.counts.carried, 'nothing carried from other stylesheets');
      assert.equal(resolve(edited, 'main.box', 'color')?.line, 2);
      assert.equal(resolve(edited, 'p.note:nth-of-type(1)', 'margin-top')?.line, 4);
    } finally { fs.writeFileSync(css, text); }
  } finally { await page.context().close(); }
});

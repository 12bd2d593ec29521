// Changes that pixels hide, on a real page (../shared/corpus/real-pages, served from 127.0.0.1 and
// rewritten on the fly, never copied): approved then re-run unchanged gives no structure finding;
// the submit label "Pay" → "Donate" inside a region within its pixel tolerance is reported with
// before/after text; a masked text change is not; the required button losing its role is a blocker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';

const CORPUS = path.resolve(REPO, '..', 'shared', 'corpus', 'real-pages');
const PAGE = 'pages/pico-v1-sign-in/index.html';
const have = fs.existsSync(path.join(CORPUS, PAGE));
const NO_KEY = { OPENAI_API_KEY: '' };

/** What the served page says: its submit button's label, the masked subtitle, the button's element. */
let variant: { label: string; subtitle?: string; span?: boolean } = { label: 'Pay' };
let server: StaticServer;
before(async () => {
  if (!have) return;
  server = await serveStatic(CORPUS, [(req, res) => {
    if (!req.url?.startsWith(`/${PAGE}`)) return false;
    let html = fs.readFileSync(path.join(CORPUS, PAGE), 'utf8')
      .replace('<button type="submit" class="contrast" onclick="event.preventDefault()">Login</button>',
        variant.span ? `<span id="go" class="contrast">${variant.label}</span>` : `<button id="go" type="submit" class="contrast" onclick="event.preventDefault()">${variant.label}</button>`);
    if (variant.subtitle) html = html.replace('A minimalist layout for Login pages', variant.subtitle);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    return true;
  }]);
});
after(async () => { await server?.close(); });

const latest = (dir: string) => fs.realpathSync(path.join(dir, 'evals', 'latest'));
const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(latest(dir), 'report.json'), 'utf8'));
const structural = (dir: string) => report(dir).specs[0].findings.filter((f: any) => f.evidence?.kind === 'structure');
const show = (dir: string) => JSON.stringify(report(dir).specs[0].findings.map((f: any) => [f.check, f.severity, f.message]), null, 1);

test('structure on a real page: no false alarm unchanged; "Pay" → "Donate" within the pixel tolerance is reported; masked text is not; the required role gone is a blocker', { skip: !have && 'corpus not found' }, async () => {
  const dir = tmpDir('veval-structure-');
  writeTree(dir, {
    'visual-eval.config.yaml': `baseURL: ${server.url}\nviewports:\n  desktop: { width: 1280, height: 800 }\ngate: { warn: [polish] }\n`,
    'specs/signin.yaml': [
      'name: signin', `route: /${PAGE}`, 'viewports: [desktop]',
      'regions: { form: form, nav: nav }',
      'masks: ["hgroup p"]',
      'required: [{ selector: "#go", name: submit button }]',
      'checks: { axe: false }',
      'parity: { maxDiffRatio: 0.02, regions: { form: 0.05 } }', '',
    ].join('\n'),
  });
  let r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const entry = JSON.parse(fs.readFileSync(path.join(dir, 'baselines/signin/manifest.json'), 'utf8')).images['default-desktop'];
  assert.equal(entry.structure.file, 'default-desktop.structure.json', 'approve keeps the structure snapshot beside the image');
  assert.equal(entry.settings.parity.structure, 'important');

  // unchanged: no structure finding, the run passes
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, show(dir));
  assert.deepEqual(structural(dir), []);

  // the masked subtitle changes: masks apply to structure as to pixels
  variant = { label: 'Pay', subtitle: 'A minimalist layout for Donation pages' };
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, show(dir));
  assert.deepEqual(structural(dir), []);

  // the label changes; the pixels stay within the form's tolerance, the structure does not
  variant = { label: 'Donate &lt;now&gt;' };
  r = await runMain(['run', '--reporter', 'json,html,markdown'], dir, NO_KEY);
  assert.equal(r.code, 1, show(dir));
  const parity = JSON.parse(fs.readFileSync(path.join(latest(dir), 'signin/parity.json'), 'utf8'));
  assert.equal(parity.units[0].outcome, 'within-tolerance', 'the pixels alone would pass');
  const found = structural(dir);
  const req = found.find((f: any) => f.evidence.change === 'required-changed');
  assert.ok(req, show(dir));
  assert.equal(req.severity, 'important');
  assert.equal(req.evidence.before, 'button "Pay"');
  assert.equal(req.evidence.after, 'button "Donate <now>"');
  assert.match(req.message, /required element "submit button" \(#go\): its role or name changed: was button "Pay", now button "Donate <now>"/);
  assert.equal(found.length, 1, `one change, reported once: ${show(dir)}`);
  // page text is escaped in the HTML report
  const html = fs.readFileSync(path.join(latest(dir), 'index.html'), 'utf8');
  assert.ok(!html.includes('Donate <now>'), 'raw page text in index.html');
  assert.ok(html.includes('Donate &lt;now&gt;') || html.includes('Donate \\u003cnow'), 'the finding is in index.html');
  const md = fs.readFileSync(path.join(latest(dir), 'summary.md'), 'utf8');
  assert.ok(md.includes('Donate &lt;now&gt;') && !md.includes('Donate <now>'), 'escaped in summary.md');

  // the required button becomes a span: its role is gone, a blocker
  variant = { label: 'Pay', span: true };
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 1);
  const gone = structural(dir).find((f: any) => f.evidence.change === 'role-gone');
  assert.ok(gone, show(dir));
  assert.equal(gone.severity, 'blocker');
  assert.match(gone.message, /its role is gone: was button "Pay", now no role \(text "Pay"\)/);
});

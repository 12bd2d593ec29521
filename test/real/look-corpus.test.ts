// veval look on every page of the real-page corpus (../shared/corpus/real-pages, served from
// 127.0.0.1, never copied): interactive-reachable reports no blocker on any of them (their controls
// are all reachable as published; measured by hand on the screenshots), and a page the ground truth
// calls clean gets no blocker at all. The ground truth is test/real/corpus/truth when present; until
// it is, the page that truth measures with no blocker (mdn-form-validation).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { look } from '../../src/look/index.js';
import { CORPUS_DIR } from './harness.js';

const TRUTH = path.join(REPO, 'test', 'real', 'corpus', 'truth');
const pages = fs.existsSync(path.join(CORPUS_DIR, 'pages')) ? fs.readdirSync(path.join(CORPUS_DIR, 'pages')).sort() : [];

function cleanPages(): string[] {
  if (!fs.existsSync(TRUTH)) return ['mdn-form-validation'];
  return pages.filter((p) => {
    const f = path.join(TRUTH, `${p}.json`);
    if (!fs.existsSync(f)) return false;
    const t = JSON.parse(fs.readFileSync(f, 'utf8')) as { expected: { severity: string; state?: string }[] };
    return !t.expected.some((e) => e.severity === 'blocker' && (e.state ?? 'default') === 'default');
  });
}

let browser: BrowserServer;
let site: StaticServer;
let project: string;
const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

before(async () => {
  if (!pages.length) return;
  browser = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: ['--no-sandbox', '--disable-gpu'], host: '127.0.0.1' });
  site = await serveStatic(CORPUS_DIR);
  project = tmpDir('veval-look-corpus-');
  writeTree(project, { 'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\n` });
});

after(async () => {
  await site?.close();
  await browser?.close();
});

test('look on the real-page corpus: no unreachable-interactive blocker anywhere, no blocker on a clean page', { skip: !pages.length && 'corpus not found' }, async () => {
  const clean = new Set(cleanPages());
  assert.ok(clean.size >= 1);
  const wrong: string[] = [];
  for (const p of pages) {
    const r = await look({ target: `${site.url}/pages/${p}/index.html`, cwd: project, log: quiet });
    for (const u of r.units) {
      assert.equal(u.captureError, null, `${p} ${u.viewport}: captured`);
      assert.ok(u.interactive, `${p} ${u.viewport}: interactive elements looked for`);
      for (const x of u.unreachable) if (x.severity === 'blocker') wrong.push(`${p} ${u.viewport}: ${x.message}`);
      if (clean.has(p)) for (const f of u.findings) if (f.severity === 'blocker') wrong.push(`${p} (clean) ${u.viewport}: ${f.check}: ${f.message}`);
    }
  }
  assert.deepEqual(wrong, []);
});

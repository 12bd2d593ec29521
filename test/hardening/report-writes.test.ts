// A file veval must write and cannot is a failure, never a pass (issue 17 item 6): a report that
// is not written makes the run exit 3 (1 when the gate failed anyway, that verdict stands); an
// artifact that cannot be written before the gate is exit 3; every such message names the file
// and the operation. Faults are real where this machine allows (a directory where index.html must
// go; root ignores permissions and cannot mount a tiny disk) and injected otherwise
// (VEVAL_TEST_FAIL_WRITE=<path suffix>: that write fails with ENOSPC half-way).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { filesUnder, latestRun, runCliAsync } from './helpers.js';
import { describeError } from '../../src/core/errors.js';

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Shop</h1><button id="pay">Pay</button></main></body></html>';
const dirs: string[] = [];
after(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

function project(required = '#pay'): string {
  const dir = tmpDir('veval-writes-');
  dirs.push(dir);
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: off }\n',
    'site/index.html': PAGE,
    'specs/home.yaml': `route: /index.html\nrequired: [{ selector: "${required}" }]\n`,
  });
  return dir;
}
const lastLine = (s: string) => s.trim().split('\n').pop() ?? '';
const noTemp = (dir: string) => assert.deepEqual(filesUnder(dir).filter((f) => f.endsWith('.tmp')), [], 'no temp file left');

test('a passing run whose index.html cannot be written (disk full) exits 3 naming the file and the operation', async () => {
  const dir = project();
  const r = await runCliAsync(['run'], dir, { VEVAL_TEST_FAIL_WRITE: '/index.html' });
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /reporter html failed: cannot write \/\S+\/index\.html \(writing the temp file\): ENOSPC/);
  assert.equal(lastLine(r.stderr), 'veval: index.html not written (the reason is above); a run without the reports asked for does not pass');
  assert.ok(fs.existsSync(path.join(latestRun(dir), 'summary.md')), 'the other reporters still wrote');
  assert.ok(!fs.existsSync(path.join(latestRun(dir), 'index.html')));
  noTemp(dir);
});

test('a failing run whose summary.md cannot be written still exits 1 (the gate verdict stands)', async () => {
  const dir = project('#missing');
  const r = await runCliAsync(['run'], dir, { VEVAL_TEST_FAIL_WRITE: '/summary.md' });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(lastLine(r.stderr), /^veval: summary\.md not written/);
});

test('report.json or an artifact before the gate that cannot be written is exit 3 naming it, not an internal error', async () => {
  for (const suffix of ['/report.json', '/home/checks.json']) {
    const dir = project();
    const r = await runCliAsync(['run'], dir, { VEVAL_TEST_FAIL_WRITE: suffix });
    assert.equal(r.code, 3, `${suffix}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^veval: cannot write /\\S+${suffix.replace(/[./]/g, '\\$&')}\\b.*\\(writing the temp file\\): ENOSPC`, 'm'));
    assert.doesNotMatch(r.stderr, /internal error/);
    noTemp(dir);
  }
});

test('veval report with a directory where index.html must go exits 3 naming the file and the rename (a real fault)', async () => {
  const dir = project();
  const first = await runCliAsync(['run'], dir, {});
  assert.equal(first.code, 0, first.stdout + first.stderr);
  const html = path.join(latestRun(dir), 'index.html');
  fs.rmSync(html);
  fs.mkdirSync(html);
  fs.writeFileSync(path.join(html, 'keep'), 'in the way');
  const r = await runCliAsync(['report'], dir, {});
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, new RegExp(`cannot write ${html.replace(/[./]/g, '\\$&')} \\(renaming the temp file into place\\): (EISDIR|ENOTEMPTY|EEXIST)`));
  assert.equal(fs.readFileSync(path.join(html, 'keep'), 'utf8'), 'in the way', 'what was in the way is untouched');
  noTemp(dir);
});

test('describeError adds the operation and path Node knows when the message lacks them', () => {
  const e = Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR', syscall: 'read', path: '/x/index.html' });
  assert.equal(describeError(e), 'EISDIR: illegal operation on a directory, read (read /x/index.html)');
  const full = Object.assign(new Error("ENOENT: no such file or directory, open '/x/a.json'"), { syscall: 'open', path: '/x/a.json' });
  assert.equal(describeError(full), "ENOENT: no such file or directory, open '/x/a.json'");
});

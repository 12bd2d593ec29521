// What answers at the app's URL decides what gets tested (issue 17 items 4 and 5): another app
// already listening on server.url is refused before the server command starts, and a run in which
// no page load reached any server is "veval could not run at all" (exit 3), not a scored failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { filesUnder, freePort, runCliAsync } from './helpers.js';

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Shop</h1><button id="pay">Pay</button></main></body></html>';

function project(config: string): string {
  const dir = tmpDir('veval-answers-');
  writeTree(dir, {
    'visual-eval.config.yaml': `${config}\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: off }\n`,
    'site/index.html': PAGE,
    'specs/home.yaml': 'route: /index.html\nrequired: [{ selector: "#pay" }]\n',
    'specs/other.yaml': 'route: /other.html\n',
  });
  return dir;
}

test('busy port: something already answering at server.url is refused (exit 3) before the server command starts', async () => {
  const port = await freePort();
  const other = http.createServer((_q, r) => r.end('<!doctype html><title>a different app</title><h1>Other</h1>'));
  await new Promise<void>((r) => other.listen(port, '127.0.0.1', r));
  const dir = project(`server:\n  command: "touch started.marker && exec ${process.execPath} -e 'setTimeout(()=>{},60000)'"\n  url: http://127.0.0.1:${port}/\n  timeout: 5000`);
  try {
    const r = await runCliAsync(['run'], dir, {});
    assert.equal(r.code, 3, r.stdout + r.stderr);
    // what holds the port is named: here, the test process itself
    const first = r.stderr.trim().split('\n')[0];
    assert.ok(first.startsWith(`veval: http://127.0.0.1:${port}/ already answers before the server command started: port ${port} is held by process ${process.pid} (`), first);
    assert.match(r.stderr, /fix: stop it, or set server\.reuseExisting: true/);
    assert.ok(!fs.existsSync(path.join(dir, 'started.marker')), 'the server command never ran');
    assert.ok(!filesUnder(dir).some((f) => f.endsWith('.png')), 'nothing was captured from the other app');
    // with reuseExisting the app already answering is the one tested
    const cfg = fs.readFileSync(path.join(dir, 'visual-eval.config.yaml'), 'utf8').replace('  timeout: 5000', '  timeout: 5000\n  reuseExisting: true');
    fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), cfg);
    const reused = await runCliAsync(['run', 'specs/home.yaml'], dir, {});
    assert.equal(reused.code, 1, 'the other app is captured (and lacks #pay)');
    assert.ok(!fs.existsSync(path.join(dir, 'started.marker')));
  } finally {
    await new Promise((r) => other.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('nothing answers: --base-url to a closed port is exit 3 with one line naming the URL and how to set server:, and no score', async () => {
  const port = await freePort();
  const dir = project('');
  try {
    const r = await runCliAsync(['run', '--base-url', `http://127.0.0.1:${port}`], dir, {});
    assert.equal(r.code, 3, r.stdout + r.stderr);
    // progress lines may come first; the verdict on the run is one line, the last
    const lines = r.stderr.trim().split('\n').filter((l) => l.startsWith('veval:'));
    assert.equal(lines.length, 1, r.stderr);
    assert.equal(r.stderr.trim().split('\n').pop(), lines[0]);
    assert.match(lines[0], new RegExp(`^veval: nothing answers at http://127\\.0\\.0\\.1:${port}: all 2 page load\\(s\\) were refused; .*set \`server:\` in visual-eval\\.config\\.yaml`));
    assert.doesNotMatch(r.stdout + r.stderr, /score \d/, 'no score is printed for a run that reached nothing');
    // one unit served is a verdict, not "could not run": the other spec's page is missing (404)
    const staticDir = project('server: { static: site }');
    const served = await runCliAsync(['run'], staticDir, {});
    fs.rmSync(staticDir, { recursive: true, force: true });
    assert.equal(served.code, 1, served.stdout + served.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

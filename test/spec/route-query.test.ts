// A route's query string may hold anything (issue 17 item 7): only its path part must be relative.
// `route: /search?u=http://x` validates, and a run opens that very URL on the app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load } from './helpers.js';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';

const spec = (route: string) => ({ 'specs/a.yaml': `route: ${JSON.stringify(route)}\n` });

for (const route of ['/search?u=http://x', '/search?u=http%3A%2F%2Fx&next=//other.example/', '/docs#see=https://example.com/a']) {
  test(`route: ${route} is a valid route (the query/fragment may hold a URL)`, async () => {
    const { plan, problems, dir } = await load(spec(route));
    fs.rmSync(dir, { recursive: true, force: true });
    assert.deepEqual(problems, []);
    assert.equal(plan!.specs[0].url, new URL(route, 'http://127.0.0.1:9').href);
  });
}

for (const route of ['//evil.example/x', '/\\evil.example/x', '/a/http://evil.example/']) {
  test(`route: ${route} still leaves the app and is refused`, async () => {
    const { problems, dir } = await load(spec(route));
    fs.rmSync(dir, { recursive: true, force: true });
    assert.ok(problems.some((p) => /^specs\/a\.yaml:1:8 route ".*" must be a path on the app/.test(p)), problems.join('\n'));
  });
}

test('route with a query holding a URL: validate prints nothing wrong and run opens that URL', () => {
  const dir = tmpDir('veval-route-q-');
  try {
    writeTree(dir, {
      'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: off }\n',
      'site/search.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Search</title></head><body><main><h1>Search</h1><p id="q"></p><script>document.getElementById("q").textContent = "looking for " + new URLSearchParams(location.search).get("u");</script></main></body></html>',
      'specs/search.yaml': 'route: /search.html?u=http://x\nrequired: [{ text: "looking for http://x" }]\n',
    });
    const v = runCli(['validate'], dir);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    const r = runCli(['run'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const runDir = fs.realpathSync(path.join(dir, 'evals', 'latest'));   // a link to evals/runs/<id>
    const rec = JSON.parse(fs.readFileSync(path.join(runDir, 'search', 'default-desktop.json'), 'utf8'));
    assert.match(rec.url, /\/search\.html\?u=http:\/\/x$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// veval approve through the CLI: promotes the latest run, and --prune never takes a baseline that
// a spec outside a partial run still produces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { createRun, finishRun } from '../../src/core/run-folder.js';
import { loadProject } from '../../src/spec/project.js';

const PAGE = (t: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t}</title></head><body><main><h1>${t}</h1><button id="go">Go</button></main></body></html>`;
const SPEC = (route: string) => `route: ${route}\nviewports: [phone]\nrequired: [{ selector: "#go" }]\nparity: { maxDiffRatio: 0 }\n`;
const NO_KEY = { OPENAI_API_KEY: '' };

test('approve --prune after a partial run keeps the baselines of specs the run did not cover, and removes only true orphans', async () => {
  const dir = tmpDir('veval-approve-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  phone: { width: 390, height: 700, isMobile: true }\n',
    'site/a.html': PAGE('A'), 'site/b.html': PAGE('B'),
    'specs/a.yaml': SPEC('/a'), 'specs/b.yaml': SPEC('/b'),
  });
  let r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  for (const f of ['baselines/a/default-phone.png', 'baselines/b/default-phone.png']) assert.ok(fs.existsSync(path.join(dir, f)), f);
  // A true orphan: a baseline for a state no spec has any more.
  fs.copyFileSync(path.join(dir, 'baselines/b/default-phone.png'), path.join(dir, 'baselines/b/gone-phone.png'));

  r = await runMain(['run', 'specs/a.yaml', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runMain(['approve', '--prune'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.ok(fs.existsSync(path.join(dir, 'baselines/b/default-phone.png')), 'b is still a spec of the project: its baseline stays');
  assert.ok(fs.existsSync(path.join(dir, 'baselines/b/manifest.json')));
  assert.equal(fs.existsSync(path.join(dir, 'baselines/b/gone-phone.png')), false, 'the true orphan is removed');
  assert.match(r.stdout, /removed +baselines\/b\/gone-phone\.png/);
  assert.match(r.stdout, /unchanged baselines\/a\/default-phone\.png/);
});

test('approve with a --viewport or --state no unit has exits 1 naming the ones that exist; a repeated --viewport is refused, not widened to all', async () => {
  const dir = tmpDir('veval-approve-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\nviewports:\n  phone: { width: 390, height: 700, isMobile: true }\n',
    'specs/a.yaml': SPEC('/a'),
  });
  finishRun(createRun(await loadProject({ cwd: dir })).run, 'completed');
  let r = await runMain(['approve', '--spec', 'a', '--viewport', 'mobile'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /refused +--viewport mobile: no viewport named "mobile" in spec a; viewports: phone/);
  r = await runMain(['approve', '--state', 'nosuch'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /no state named "nosuch" in any spec of this run; states: default/);
  r = await runMain(['approve', '--viewport', 'phone', '--viewport', 'desktop'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /--viewport given more than once/);
  assert.ok(!fs.existsSync(path.join(dir, 'baselines')));
});

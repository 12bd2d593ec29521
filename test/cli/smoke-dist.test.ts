// The built binary (dist/cli/main.js, what `npm i` puts in node_modules/.bin), spawned once per
// exit code: 0 pass · 1 fail · 2 usage · 3 could not run. Everything else about the CLI is tested
// in process through main(argv, io) (test/helpers/cli.ts). `npm test` builds dist first (setup.sh).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';

const BIN = path.join(REPO, 'dist', 'cli', 'main.js');
const made: string[] = [];
after(() => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });

function project(): string {
  const dir = tmpDir('veval-smoke-');
  made.push(dir);
  writeTree(dir, { 'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9/\njudge: { mode: off }\n', 'specs/a.yaml': 'route: /\n' });
  return dir;
}

const bin = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });

test('dist: exit 0 (valid), 1 (verify without a run), 2 (usage), 3 (artifacts folder unusable), each with its one message and no stack', () => {
  assert.ok(fs.existsSync(BIN), `${BIN} missing: run \`npm run build\``);
  const dir = project();
  let r = bin(['validate'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ok: 1 spec\(s\) valid/);
  r = bin(['verify'], dir);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^verify: FAIL — no report/);
  r = bin(['frobnicate'], dir);
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^unknown command "frobnicate"/);
  fs.writeFileSync(path.join(dir, 'evals'), 'a file where the artifacts folder must go');
  r = bin(['capture'], dir);
  assert.equal(r.status, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /^veval: artifacts folder .*evals is unusable/);
  for (const out of [r.stdout, r.stderr]) assert.doesNotMatch(out, /\n\s+at /);
});

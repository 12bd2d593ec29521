// Command-line values as typed: cac would turn "1e3" into 1000 and a repeated option into a list
// (then crash on it). Each is a clear usage error (exit 2) or works as typed. In process: main().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { CONFIG } from '../spec/helpers.js';

function project(extra: Record<string, string> = {}): string {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': CONFIG, 'specs/n1000.yaml': 'route: /a\n', 'specs/n1e3.yaml': 'route: /b\n', ...extra });
  return dir;
}

const usage = async (args: string[], dir: string, re: RegExp) => {
  const r = await runMain(args, dir);
  assert.equal(r.code, 2, `${args.join(' ')} → exit ${r.code}\n${r.stderr}`);
  assert.match(r.stderr, re, args.join(' '));
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, args.join(' '));
};

test('cli options: numbers stay text, repeats are refused, bad values exit 2', async () => {
  const dir = project();
  await usage(['validate', '--config', '123'], dir, /^123:1:1 config file not found\n$/);
  await usage(['validate', '--config', 'visual-eval.config.yaml', '--config', 'visual-eval.config.yaml'], dir, /--config is given 2 times/);
  await usage(['run', '--shard', '1/2', '--shard', '2/2'], dir, /--shard is given 2 times/);
  await usage(['plan', '--grep', 'a', '--grep', 'b'], dir, /--grep is given 2 times/);
  await usage(['run', '--shard', '1/99999999999'], dir, /--shard "1\/99999999999": at most 1000 shards/);
  await usage(['plan', '--viewport', '0'], dir, /--viewport: unknown viewport "0"/);
  await usage(['validate', '--base-url', 'localhost:3000'], dir, /^--base-url: "localhost:3000" must be an absolute http/);
  await usage(['validate', '--base-url', 'http://['], dir, /^--base-url: "http:\/\/\[" must be/);
  await usage(['check', '--out', '123'], dir, /123/);
  const r = await runMain(['plan', '--json', '--grep', '1e3'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).specs.map((s: any) => s.name), ['n1e3']);
});

test('cli: a glob or folder with no spec is exit 2, and validate --json', async () => {
  const dir = project({ 'empty/.keep': '' });
  await usage(['validate', 'nomatch/*.yaml'], dir, /^no spec files match nomatch\/\*\.yaml/);
  await usage(['run', 'empty'], dir, /^no spec files match empty/);
  const ok = await runMain(['validate', '--json'], dir);
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout), { ok: true, specs: ['n1000', 'n1e3'], units: 4, config: 'visual-eval.config.yaml', problems: [] });
});

test('cli: from a subfolder the project config is found above, like git', async () => {
  const dir = project();
  const r = await runMain(['validate', 'n1000.yaml'], path.join(dir, 'specs'));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ok: 1 spec\(s\) valid/);
});

test('cli: a symlink loop under specs finds each spec once', async () => {
  const dir = project();
  fs.symlinkSync('.', path.join(dir, 'specs', 'loop'));
  const r = await runMain(['validate'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ok: 2 spec\(s\) valid/);
});

test('cli: a freezeTime that does not exist and a bad config baseURL are exit 2, not a crash', async () => {
  const dir = project({ 'specs/n1000.yaml': 'route: /a\ncontext: { freezeTime: "2025-13-45T10:00Z" }\n' });
  await usage(['plan'], dir, /^specs\/n1000\.yaml:2:24 context\.freezeTime "2025-13-45T10:00Z": month 13 does not exist/m);
  fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), 'baseURL: "http://["\n');
  await usage(['plan'], dir, /^visual-eval\.config\.yaml:1:10 baseURL "http:\/\/\[" is not a valid URL/m);
});

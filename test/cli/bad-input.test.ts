// Bad input through the CLI (main() in process): exit 2, one clear line with file:line:col, no stack trace, fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { CONFIG, load } from '../spec/helpers.js';

function aliasBomb(): string {
  let s = 'route: /\na0: &a0 ["x","x","x","x","x","x","x","x","x","x"]\n';
  for (let i = 1; i < 10; i++) s += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(',')}]\n`;
  return s;
}

const cases: { name: string; content: string | Buffer; expect: RegExp }[] = [
  { name: 'malformed YAML', content: 'route: /\nregions: { a: "#x"\n', expect: /^specs\/a\.yaml:\d+:\d+ invalid YAML/ },
  { name: 'tab indentation', content: 'route: /\nregions:\n\ta: "#x"\n', expect: /^specs\/a\.yaml:3:1 tab used for indentation/ },
  { name: 'duplicate keys', content: 'route: /\nroute: /b\n', expect: /^specs\/a\.yaml:2:1 duplicate key/ },
  { name: 'wrong types', content: 'route: 5\n', expect: /^specs\/a\.yaml:1:8 route must be text/ },
  { name: 'unknown top-level key', content: 'route: /\nfoo: 1\n', expect: /^specs\/a\.yaml:2:1 unknown key "foo"/ },
  { name: 'empty file', content: '', expect: /^specs\/a\.yaml:1:1 is empty/ },
  { name: 'comments only', content: '# nothing here\n', expect: /^specs\/a\.yaml:1:1 is empty/ },
  { name: 'binary garbage', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255, 0]), expect: /^specs\/a\.yaml:1:1 is binary/ },
  { name: 'a file over 1 MB', content: 'route: /\n' + '#'.repeat(80) + '\n'.repeat(1) + ('x: 1\n'.repeat(1)) + ('# pad\n'.repeat(200_000)), expect: /^specs\/a\.yaml:1:1 is 1\.\d MB; specs and configs are limited to 1 MB/ },
  { name: 'alias bomb', content: aliasBomb(), expect: /^specs\/a\.yaml:\d+:\d+ aliases expand to more than \d+ values \(a YAML alias bomb\?\)/ },
  { name: 'very deep nesting', content: 'route: /\nx: ' + '['.repeat(5000) + ']'.repeat(5000) + '\n', expect: /^specs\/a\.yaml:2:\d+ nesting deeper than 64 levels/ },
  { name: 'a top-level list', content: '- route: /\n', expect: /^specs\/a\.yaml:1:1 expected a mapping of keys at the top level, found a list/ },
  { name: 'path escaping the project', content: 'route: /\nbrief: ../../etc/passwd\n', expect: /^specs\/a\.yaml:2:8 brief: .* is outside the project folder/ },
  { name: 'javascript: route', content: 'url: "javascript:alert(1)"\n', expect: /^specs\/a\.yaml:1:6 url must be an absolute http/ },
];

for (const c of cases) {
  test(`bad input is one located problem: ${c.name}`, async () => {
    const { problems } = await load({ 'specs/a.yaml': c.content });
    assert.ok(problems.length >= 1, 'expected a problem');
    assert.ok(c.expect.test(problems[0]), `first problem: ${problems[0]}`);
  });
}

// The same files through the CLI (a representative few).
const viaCli = ['malformed YAML', 'binary garbage', 'alias bomb', 'a file over 1 MB', 'path escaping the project', 'javascript: route'];
test('bad input through the CLI: exit 2, the located line on stderr, nothing on stdout, no stack', async () => {
  for (const c of cases.filter((x) => viaCli.includes(x.name))) {
    const dir = tmpDir();
    writeTree(dir, { 'visual-eval.config.yaml': CONFIG, 'specs/a.yaml': c.content });
    const r = await runMain(['validate'], dir);
    assert.equal(r.code, 2, `${c.name}: exit ${r.code}\n${r.stdout}\n${r.stderr}`);
    const lines = r.stderr.trim().split('\n');
    assert.ok(c.expect.test(lines[0]), `${c.name}: first line: ${lines[0]}`);
    assert.ok(!/\n\s+at .*:\d+:\d+/.test(r.stderr), `${c.name}: no stack trace`);
    assert.equal(r.stdout, '');
  }
});

test('an invalid config is reported at its own position and nothing runs', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': 'baseURL: ftp://x\nviewports:\n  phone: { width: 390 }\n', 'specs/a.yaml': 'route: /\n' });
  const r = await runMain(['run'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^visual-eval\.config\.yaml:1:10 baseURL must be an absolute http/m);
  assert.match(r.stderr, /^visual-eval\.config\.yaml:3:10 missing required key "height" in viewports\.phone/m);
});

test('usage errors exit 2: unknown command, unknown option, bad --shard, bad --workers', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': CONFIG, 'specs/a.yaml': 'route: /\n' });
  for (const args of [['frobnicate'], ['validate', '--frob'], ['plan', '--shard', '5/4'], ['run', '--workers', 'many'], ['run', '--reporter', 'pdf'], ['plan', '--grep', '(']]) {
    const r = await runMain(args, dir);
    assert.equal(r.code, 2, `${args.join(' ')} → ${r.code}\n${r.stderr}`);
    assert.ok(r.stderr.trim().length > 0 && !/\n\s+at /.test(r.stderr), r.stderr);
  }
});

test('a spec file named on the command line that does not exist is a usage error', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': CONFIG, 'specs/a.yaml': 'route: /\n' });
  const r = await runMain(['validate', 'specs/nope.yaml'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^specs\/nope\.yaml:1:1 spec file not found/);
});

test('look --viewport: an unknown name or a malformed size says WIDTHxHEIGHT is accepted too', async () => {
  const dir = tmpDir();
  try {
    for (const v of ['phone', '390*844', '390x844,tablet']) {
      const r = await runMain(['look', '/', '--viewport', v, '--base-url', 'http://127.0.0.1:9'], dir);
      assert.equal(r.code, 2, `${v}: ${r.stderr}`);
      assert.match(r.stderr, /viewport/);
      assert.match(r.stderr, /WIDTHxHEIGHT \(e\.g\. 390x844\)/, `${v}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    }
  } finally { (await import('node:fs')).rmSync(dir, { recursive: true, force: true }); }
});

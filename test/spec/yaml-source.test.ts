// Reading YAML: what yaml reports in library terms, or misses, said in plain words at the right place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './helpers.js';

const first = async (spec: string | Buffer) => (await load({ 'specs/a.yaml': spec })).problems;

test('yaml: a scalar alias reused 150 times is not an alias bomb', async () => {
  assert.deepEqual(await first('route: /\nregions: { a: &sel "#a" }\nmasks:\n' + '  - *sel\n'.repeat(150)), []);
});

test('yaml: an undefined alias is named at its position', async () => {
  assert.deepEqual(await first('route: /\nmasks: [*undefined]\n'), ['specs/a.yaml:2:9 unknown alias "*undefined": no "&undefined" anchor before it']);
});

test('yaml: brackets inside strings, comments and block scalars are not nesting', async () => {
  const deep = '['.repeat(70);
  assert.deepEqual(await first(`route: /\nrequired: [{ text: "${deep}" }] # ${deep}\njudge:\n  mode: off\n  rubric: |\n    ${deep}\n` + Array.from({ length: 40 }, (_, i) => '    ' + ' '.repeat(i * 4) + 'x').join('\n') + '\n'), []);
});

test('yaml: merge keys are refused with a way out', async () => {
  const problems = await first('route: /\nwait: &b { for: load }\nchecks:\n  <<: *b\n');
  assert.deepEqual(problems, ['specs/a.yaml:4:3 merge keys (<<) are not supported; repeat the keys']);
});

test('yaml: a document of only --- or ~ is empty', async () => {
  for (const t of ['---\n', '~\n', '--- ~\n']) assert.deepEqual(await first(t), ['specs/a.yaml:1:1 is empty: expected a YAML mapping of keys'], t);
});

test('yaml: several documents in one file', async () => {
  assert.deepEqual(await first('route: /\n---\nroute: /b\n---\nroute: /c\n'), ['specs/a.yaml:2:1 one spec per file; found 3 documents (separated by ---)']);
});

test('yaml: a BOM does not shift columns', async () => {
  assert.match((await first('\uFEFFroute: 5\n'))[0], /^specs\/a\.yaml:1:8 /);
});

test('yaml: duplicate keys are named, also in a huge mapping', async () => {
  assert.deepEqual(await first('route: /\nwait: { for: load, for: load }\n'), ['specs/a.yaml:2:20 duplicate key "for": each key may appear once in a mapping']);
  const regions = Array.from({ length: 30000 }, (_, i) => `  r${i}: "#r${i}"`).join('\n');
  const problems = await first(`route: /\nregions:\n${regions}\n  r5: "#x"\n`);
  assert.match(problems[0], /duplicate key "r5"/);
});

test('yaml: a bad byte is reported on its line', async () => {
  assert.deepEqual(await first(Buffer.from('route: /\nname: "caf\xe9"\n', 'latin1')), ['specs/a.yaml:2:11 is not valid UTF-8 text']);
});

test('yaml: non-core tags are refused, not silently converted', async () => {
  const problems = await first('route: !foo /x\nregions: !!set { a, b }\n');
  assert.ok(problems.some((p) => /tag !foo is not supported/.test(p)) && problems.some((p) => /tag !!set is not supported/.test(p)), problems.join('\n'));
});

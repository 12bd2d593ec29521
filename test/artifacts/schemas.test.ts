// The published artifact schemas (schema/*.schema.json) and the precompiled validators the readers
// use are exactly what the TypeBox source generates (`npm run schema`), and they describe the
// artifacts the stages really write (the saved golden run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { artifactSchemaFiles, artifactValidatorsSource } from '../../src/core/artifact-schemas.js';
import { artifactProblem } from '../../src/core/artifact-read.js';
import { REPO } from '../helpers/tmp.js';

for (const [name, json] of Object.entries(artifactSchemaFiles())) {
  test(`schema/${name} matches the artifact schema source (run \`npm run schema\` after changing it)`, () => {
    const committed = JSON.parse(fs.readFileSync(path.join(REPO, 'schema', name), 'utf8'));
    assert.deepEqual(committed, JSON.parse(JSON.stringify(json)));
  });
}

test('src/core/generated/artifact-validators.js is what the artifact schemas generate (run `npm run schema`)', () => {
  const committed = fs.readFileSync(path.join(REPO, 'src/core/generated/artifact-validators.js'), 'utf8');
  assert.ok(committed === artifactValidatorsSource(), 'the precompiled artifact validators are stale');
});

const GOLDEN = path.join(REPO, 'test/fixtures/golden-run/checkout');
const golden = (file: string) => JSON.parse(fs.readFileSync(path.join(GOLDEN, file), 'utf8'));
const SAMPLES = [
  ['capture-record.schema.json', 'record', 'default-desktop.json'],
  ['axe.schema.json', 'axe', 'default-desktop.axe.json'],
  ['checks.schema.json', 'checks', 'checks.json'],
  ['parity.schema.json', 'parity', 'parity.json'],
  ['judge.schema.json', 'judge', 'judge.json'],
] as const;

test('the published schemas and the readers accept what the stages wrote, and refuse another artifact', () => {
  const ajv = new Ajv({ strict: false });
  for (const [schema, name, file] of SAMPLES) {
    const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(REPO, 'schema', schema), 'utf8')));
    assert.ok(validate(golden(file)), `${file} against schema/${schema}: ${ajv.errorsText(validate.errors)}`);
    assert.equal(artifactProblem(name, golden(file)), null);
    // not vacuous: the checks.json of a run is no capture record, parity.json no judge result, …
    const other = name === 'checks' ? golden('parity.json') : golden('checks.json');
    assert.equal(validate(other), false, `schema/${schema} refuses another artifact`);
    assert.match(artifactProblem(name, other)!, /^not a /);
  }
});

test('one severity list: the spec, the artifacts and the report schema all allow exactly blocker, important, polish', () => {
  const spec = JSON.parse(fs.readFileSync(path.join(REPO, 'schema/spec.schema.json'), 'utf8'));
  const record = (file: string) => JSON.parse(fs.readFileSync(path.join(REPO, 'schema', file), 'utf8'));
  // the committed IDE schema writes a literal union as one enum (completion lists it first)
  const warn = spec.properties.gate.properties.warn.items;
  assert.deepEqual(warn.enum ?? warn.anyOf.map((s: any) => s.const), ['blocker', 'important', 'polish']);
  assert.deepEqual(record('checks.schema.json').items.properties.findings.items.properties.severity.enum, ['blocker', 'important', 'polish']);
  assert.deepEqual(Object.keys(record('report.schema.json').properties.totals.properties.findings.properties), ['blocker', 'important', 'polish']);
});

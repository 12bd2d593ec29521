// The committed IDE schemas are exactly what the TypeBox source generates (`npm run schema`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { specSchemaFiles } from '../../src/spec/schema-files.js';
import { REPO } from '../helpers/tmp.js';
import { CHECK_IDS } from '../../src/checks/registry.js';

for (const [name, json] of Object.entries(specSchemaFiles())) {
  test(`schema/${name} matches the schema source (run \`npm run schema\` after changing it)`, () => {
    const committed = JSON.parse(fs.readFileSync(path.join(REPO, 'schema', name), 'utf8'));
    assert.deepEqual(committed, JSON.parse(JSON.stringify(json)));
  });
}

test('the spec schema is draft-07, closed, and lists every check id under checks', () => {
  const s: any = specSchemaFiles()['spec.schema.json'];
  assert.equal(s.$schema, 'http://json-schema.org/draft-07/schema#');
  assert.equal(s.additionalProperties, false);
  assert.deepEqual(Object.keys(s.properties.checks.properties).sort(), [...CHECK_IDS].sort());
  for (const [k, v] of Object.entries<any>(s.properties)) if (k !== '$schema') assert.ok(v.description, `${k} has a description`);
});

test('every spec file in the repo starts with the yaml-language-server modeline', () => {
  for (const f of fs.readdirSync(path.join(REPO, 'specs'))) {
    assert.match(fs.readFileSync(path.join(REPO, 'specs', f), 'utf8'), /^# yaml-language-server: \$schema=\.\.\/schema\/spec\.schema\.json/);
  }
});

test('src/spec/generated/validators.js is what the schema source generates (run `npm run schema`)', async () => {
  const { validatorsSource } = await import('../../src/spec/validators-gen.js');
  const committed = fs.readFileSync(path.join(REPO, 'src/spec/generated/validators.js'), 'utf8');
  assert.ok(committed === validatorsSource(), 'the precompiled validators are stale');
});

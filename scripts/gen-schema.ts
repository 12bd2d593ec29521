// Writes every generated file: the module lists of checks and step verbs (first: everything below
// is built from them), schema/spec + config (spec stage), the artifact schemas and their
// validators (core/artifact-schemas.ts), schema/report + docs/scoring.md (gate stage), the table of
// checks in docs/checks/README.md. Tests fail while the committed files differ from what this writes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeModuleLists } from '../src/core/module-list.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const f of writeModuleLists(root)) console.log(`wrote ${f}`);
// loaded after the lists are written, so a check or step verb added since is in what they build
const { writeJsonAtomic, writeFileAtomic } = await import('../src/core/fsx.js');
const { specSchemaFiles } = await import('../src/spec/schema-files.js');
const { validatorsSource } = await import('../src/spec/validators-gen.js');
const { generate } = await import('../src/gate/generate.js');
const { artifactSchemaFiles, artifactValidatorsSource } = await import('../src/core/artifact-schemas.js');
for (const [name, json] of Object.entries(specSchemaFiles())) {
  writeJsonAtomic(path.join(root, 'schema', name), json);
  console.log(`wrote schema/${name}`);
}
writeFileAtomic(path.join(root, 'src/spec/generated/validators.js'), validatorsSource());
console.log('wrote src/spec/generated/validators.js');
for (const [name, json] of Object.entries(artifactSchemaFiles())) {
  writeJsonAtomic(path.join(root, 'schema', name), json);
  console.log(`wrote schema/${name}`);
}
writeFileAtomic(path.join(root, 'src/core/generated/artifact-validators.js'), artifactValidatorsSource());
console.log('wrote src/core/generated/artifact-validators.js');
generate(root);
console.log('wrote schema/report.schema.json, docs/scoring.md');
const { CHECKS_INDEX, withChecksTable } = await import('../src/checks/docs-index.js');
const fs = await import('node:fs');
writeFileAtomic(path.join(root, CHECKS_INDEX), withChecksTable(fs.readFileSync(path.join(root, CHECKS_INDEX), 'utf8')));
console.log(`wrote ${CHECKS_INDEX}`);

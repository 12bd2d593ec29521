// Writes every generated file: schema/spec + config (spec stage), the artifact schemas and their
// validators (core/artifact-schemas.ts), schema/report + docs/scoring.md (gate stage). Tests fail while the committed files differ from what this writes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeJsonAtomic } from '../src/core/fsx.js';
import { specSchemaFiles } from '../src/spec/schema-files.js';
import { validatorsSource } from '../src/spec/validators-gen.js';
import { writeFileAtomic } from '../src/core/fsx.js';
import { generate } from '../src/gate/generate.js';
import { artifactSchemaFiles, artifactValidatorsSource } from '../src/core/artifact-schemas.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

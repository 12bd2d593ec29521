// The committed IDE schemas (schema/*.json), generated from the TypeBox source and annotated for
// editors (ide-schema.ts). A test fails when the committed files drift; `npm run schema` rewrites them.
import { ideSchema } from './ide-schema.js';
import { Config, Spec, toJsonSchema } from './schema.js';

export function specSchemaFiles(): Record<string, object> {
  return {
    'spec.schema.json': ideSchema(toJsonSchema(Spec, 'https://veval.dev/schema/spec.schema.json'), 'spec'),
    'config.schema.json': ideSchema(toJsonSchema(Config, 'https://veval.dev/schema/config.schema.json'), 'config'),
  };
}

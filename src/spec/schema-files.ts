// The committed IDE schemas (schema/*.json), generated from the TypeBox source. A test fails when
// the committed files drift; `npm run schema` rewrites them.
import { Config, Spec, toJsonSchema } from './schema.js';

export function specSchemaFiles(): Record<string, object> {
  return {
    'spec.schema.json': toJsonSchema(Spec, 'https://veval.dev/schema/spec.schema.json'),
    'config.schema.json': toJsonSchema(Config, 'https://veval.dev/schema/config.schema.json'),
  };
}

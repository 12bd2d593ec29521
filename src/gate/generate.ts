// Writes the generated files this stage publishes: docs/scoring.md and schema/report.schema.json.
// Run: npx tsx src/gate/generate.ts (tests fail while the committed files differ from the code).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic, writeJsonAtomic } from '../core/fsx.js';
import { renderScoringDoc } from './scoring-doc.js';
import { reportJsonSchema } from './report-schema.js';

export const GENERATED = {
  scoringDoc: 'docs/scoring.md',
  reportSchema: 'schema/report.schema.json',
};

export function generate(root: string): void {
  writeFileAtomic(path.join(root, GENERATED.scoringDoc), renderScoringDoc());
  writeJsonAtomic(path.join(root, GENERATED.reportSchema), reportJsonSchema());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generate(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
}

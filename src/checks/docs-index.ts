// The table of checks in docs/checks/README.md, from the registry (written between its markers by
// `npm run schema`), so a new check's doc is listed without editing the index by hand.
import { CHECKS } from './registry.js';
import type { CheckMeta } from './types.js';

export const CHECKS_INDEX = 'docs/checks/README.md';
const START = '<!-- checks: generated from src/checks by `npm run schema` -->';
const END = '<!-- /checks -->';

const SEVERITY: Record<CheckMeta['defaultSeverity'], string> = {
  blocker: 'blocker', important: 'important', polish: 'polish', 'by-impact': 'by axe impact', 'by-width': 'blocker below mobileMaxWidth, else important',
  'by-kind': 'blocker for an uncaught exception, else important', 'by-resource': 'blocker for an own document, script or stylesheet, else important',
  'by-check': 'the swept check\'s own (only with sweep:)',
};

export function checksTable(): string {
  const rows = CHECKS.map(({ meta }) => `| [${meta.id}](${meta.id}.md) | ${meta.title} | ${SEVERITY[meta.defaultSeverity]}${meta.alwaysOn ? ' (always on)' : meta.defaultEnabled ? '' : ' (off by default)'} |`);
  return [START, '| id | what must hold | default severity |', '|---|---|---|', ...rows, END].join('\n');
}

/** The README with its table replaced; throws when the markers are missing (a hand edit lost them). */
export function withChecksTable(readme: string): string {
  const a = readme.indexOf(START), b = readme.indexOf(END);
  if (a === -1 || b < a) throw new Error(`${CHECKS_INDEX}: the generated table's markers are missing`);
  return readme.slice(0, a) + checksTable() + readme.slice(b + END.length);
}

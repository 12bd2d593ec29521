// The test suite's tiers: which test files each command runs. Every test file is in exactly one
// tier; a file named in no list below is `unit`. `.ci/run` runs all three, so nothing that guards
// something stops being run; docs/guarantees.md's tier column is checked against this file
// (test/core/tiers.test.ts).
//   unit       npm test                — every check, step, stage, command and guarantee; each
//                                         heavy capability keeps a small smoke here
//   precision  npm run test:precision  — the scored sets: each fails on any difference from its
//                                         committed truth
//   e2e        npm run test:e2e        — installs from the registry per package manager, whole
//                                         apps and sites end to end, the corpus in Firefox
// Usage: node scripts/tiers.mjs <tier>   prints that tier's test files, one a line
//        node scripts/tiers.mjs --guarantees   rewrites docs/guarantees.md's tier column
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TIERS = {
  precision: [
    'test/real/corpus.test.ts',
    'test/real/look-corpus.test.ts',
    'test/parity/structure-precision.test.ts',
    'test/parity/design-threshold.test.ts',
    'test/parity/root-cause-rates.test.ts',
    'test/checks/e2e-defects.test.ts',
    'test/capture/axe-rules.test.ts',
    'test/real/stress-corpus.test.ts',
    'test/real/layout-shift-corpus.test.ts',
    'test/real/frameworks/visibility-classes.test.ts',
    'test/real/design-systems/design-systems.test.ts',
  ],
  e2e: [
    'test/cli/install.test.ts',
    'test/cli/init-framework.test.ts',
    'test/real/corpus-firefox.test.ts',
    'test/capture/engines-firefox.test.ts',
    'test/cli/storybook-flow.test.ts',
    'test/cli/ci-files-jobs.test.ts',
    'test/cli/shadcn-loop.test.ts',
  ],
};
export const TIER_NAMES = ['unit', 'precision', 'e2e'];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every test file under test/ (fixtures left out), sorted. */
export function allTestFiles() {
  const out = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) { if (e.name !== 'fixtures' && e.name !== 'node_modules') walk(r); }
      else if (e.name.endsWith('.test.ts')) out.push(r);
    }
  };
  walk('test');
  return out.sort();
}

/** The tier a test file belongs to. */
export const tierOf = (file) => TIER_NAMES.find((t) => TIERS[t]?.includes(file)) ?? 'unit';

/** The files of one tier. */
export const filesOf = (tier) => allTestFiles().filter((f) => tierOf(f) === tier);

/** A table row's cells (a `\|` inside a cell is text, not a border). */
const cells = (row) => row.slice(1, row.trimEnd().length - 1).split(/(?<!\\)\|/);

/** docs/guarantees.md with each table row's last column the tiers of the test files the row names
 *  (its "proved by"): the column is derived, never typed. */
export function guaranteesWithTiers(text) {
  return text.split('\n').map((line) => {
    if (!line.startsWith('|')) return line;
    const c = cells(line);
    const hasTier = c.length === 4;
    const body = hasTier ? c.slice(0, 3) : c;
    if (/^-+$/.test(body[0].trim())) return `|${[...body, '---'].join('|')}|`;
    if (body[2].trim() === 'proved by') return `|${[...body, ' tier '].join('|')}|`;
    const named = [...new Set(body[2].match(/test\/[\w./-]+\.test\.ts/g) ?? [])];
    const tiers = TIER_NAMES.filter((t) => named.some((f) => tierOf(f) === t));
    return `|${[...body, ` ${tiers.join(', ') || 'none'} `].join('|')}|`;
  }).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tier = process.argv[2];
  if (tier === '--guarantees') {
    const doc = path.join(ROOT, 'docs', 'guarantees.md');
    fs.writeFileSync(doc, guaranteesWithTiers(fs.readFileSync(doc, 'utf8')));
    process.exit(0);
  }
  if (!TIER_NAMES.includes(tier)) { console.error(`usage: node scripts/tiers.mjs <${TIER_NAMES.join('|')}>`); process.exit(2); }
  const missing = Object.values(TIERS).flat().filter((f) => !fs.existsSync(path.join(ROOT, f)));
  if (missing.length) { console.error(`scripts/tiers.mjs names test files that do not exist: ${missing.join(', ')}`); process.exit(2); }
  process.stdout.write(filesOf(tier).map((f) => `${f}\n`).join(''));
}

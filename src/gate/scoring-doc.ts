// Renders docs/scoring.md from score.ts, so the published formula and the code cannot disagree
// (test/gate/score.test.ts fails when the committed doc differs; src/gate/generate.ts rewrites it).
import { CHECKS } from '../checks/registry.js';
import type { ScoreGroup } from '../checks/types.js';
import { LATEST_SCORING_VERSION, SCORING_VERSIONS, scoringHash, type ComponentId, type ScoringVersion } from './score.js';
import { COMPONENT_MEASURES } from '../core/scoring.js';

/** The checks that count for a score group (each check's meta.score), in report order. */
const inGroup = (g: ScoreGroup) => [...CHECKS].filter((c) => c.meta.score === g).sort((a, b) => a.meta.order - b.meta.order).map((c) => c.meta.id);

const WHAT = (v: ScoringVersion): Record<ComponentId, string> => ({
  structural: `deterministic checks in the structural group (${[...inGroup('structural'), 'capture'].join(', ')}): the share of check results that pass; a failing check keeps the \`checkCredit\` of its worst finding's severity; a crashed check (\`error\`) counts 0; skipped checks do not count`,
  layout: `parity with the approved baseline: the share of captures (state × viewport) with no \`parity\` finding; ${v.rules.unapprovedLayout === 'zero'
    ? 'a capture with no approved baseline yet counts as out'
    : 'a capture with no approved baseline yet is left out of the share, and with none approved (the first run) layout does not apply — the "no approved baseline" blocker still fails the run'}; a spec-wide parity finding or a parity \`error\` counts 0; no parity section, or parity skipped: does not apply`,
  axe: `checks in the axe group (${inGroup('axe').join(', ')}) at the configured impact: 100 minus \`penalty\` per finding by severity (floor 0); ${v.rules.knownDebt === 'counts'
    ? 'known accessibility debt (accepted at approval) counts like any finding'
    : 'known accessibility debt (accepted at approval, [a11y-debt.md](a11y-debt.md)) costs nothing: the report shows it apart (`a11yDebt`: elements, findings, and the score as if it still counted)'}; fixed debt costs nothing; an \`error\` counts 0`,
  judge: 'model judge: 100 minus `penalty` per judge finding by severity (floor 0); `error` or `FAIL_EVIDENCE` counts 0; judge off or skipped: does not apply',
});

export function renderScoringDoc(): string {
  const out: string[] = [
    '<!-- Generated from src/gate/score.ts by `npx tsx src/gate/generate.ts`. Do not edit by hand. -->',
    '# veval score',
    '',
    'The score (0–100) communicates trend. It never decides the verdict: the gate fails any spec with a',
    'blocker, an `error` result, or a finding whose severity is not in `gate.warn`, whatever its score; a',
    'spec also fails when its score is below `gate.minScore`.',
    '',
    'Each component is scored 0–100. The total is the weighted mean of the components that apply to the',
    'spec (a component that does not apply gives its weight to the others). Beside the total, every report',
    'carries the **structural** score (components in the structural group: does the page work) and the',
    '**aesthetic** score (does it look as approved), so a real bug is never averaged away into one number.',
    'A missing `checks.json` scores 0 on both structural and axe.',
    '',
    'Each side is named by what it was made of for the spec, in the console, summary.md, the HTML report',
    'and report.json (`scores.measures`): the components that applied, by what they measure',
    `(${(Object.keys(COMPONENT_MEASURES) as ComponentId[]).map((id) => `${id} → "${COMPONENT_MEASURES[id]}"`).join(', ')}).`,
    'Without a judge, aesthetic is the layout parity alone: `aesthetic 0 = layout parity` is captures out',
    'of parity with their baselines, not a verdict on looks; with no approved baseline and no judge it is',
    '`– = nothing`.',
    '',
    `Latest version: **${LATEST_SCORING_VERSION}**. A spec may pin another with \`scoring: { version: N }\`.`,
    'Changing any number or rule below makes a new version; older versions stay available.',
    '',
    'Version 2 changed two rules and no number: accessibility debt accepted with `veval approve',
    '--accept-a11y-debt` no longer lowers the score the gate compares with `gate.minScore` (report.json',
    'keeps it apart in `a11yDebt`, with `scoreCountingDebt`, the score by version 1\'s rule), and a first',
    'run with no approved baseline is not scored 0 on layout (the "no approved baseline" blocker still',
    'fails it). Pin `scoring: { version: 1 }` to keep the old rules.',
    '',
    'Version 3 changed one rule and no number: findings on stress units (`stress:`, docs/checks/stress/)',
    'count in their check\'s result like any finding, at the stress\'s severity (important unless the spec',
    'says blocker). Only what the stress broke is a finding: a problem the plain state already has stays the',
    'plain unit\'s. Versions 1 and 2 leave stress findings out of the score; the gate fails on them whatever',
    'the version.',
    '',
  ];
  for (const v of Object.values(SCORING_VERSIONS).sort((a, b) => b.version - a.version)) {
    out.push(`## Version ${v.version}`, '', `Hash: \`${scoringHash(v)}\``, '', '| component | weight | group | what it measures |', '|---|---|---|---|');
    for (const id of Object.keys(v.weights) as ComponentId[]) {
      out.push(`| ${id} | ${Math.round(v.weights[id] * 100)}% | ${v.groups[id]} | ${WHAT(v)[id]} |`);
    }
    out.push('', `Penalty per finding: ${Object.entries(v.penalty).map(([s, p]) => `${s} ${p}`).join(', ')}.`, '');
    out.push(`Check credit by worst finding: ${Object.entries(v.checkCredit).map(([s, c]) => `${s} ${c}`).join(', ')}.`, '');
    out.push(`Rules: known accessibility debt ${v.rules.knownDebt === 'free' ? 'free' : 'counts'}; a capture with no approved baseline ${v.rules.unapprovedLayout === 'zero' ? 'scores 0 on layout' : 'is left out of layout'}; stress units' findings ${v.rules.stress === 'counts' ? 'count' : 'are left out'}.`, '');
  }
  return out.join('\n');
}

// summary.md: for a PR comment and $GITHUB_STEP_SUMMARY. Verdict first, then per-spec verdicts,
// findings grouped by severity with links to the capture they rest on, then the agent checklist.
import type { Report, ReportFinding } from '../gate/report-schema.js';
import { escapeMd, pathUrl } from './escape.js';
import { baselinesWritten, boxLabel, EFFECT_WORDS, idOf, idsText, SEVERITY_ORDER, shownOnce, specNotes, structureDiffOf, unitLabel } from './load.js';

/** The effects in the order a capture's row counts them (the gate's strongest first). */
const EFFECTS_SHOWN = Object.keys(EFFECT_WORDS) as ReportFinding['effect'][];

const ICON = { pass: '✅', fail: '❌' } as const;
const ANSWER = { yes: 'yes', no: 'no', unknown: 'unknown' } as const;

const link = (file: string | null | undefined) => (file ? ` — [${escapeMd(file)}](${pathUrl(file)})` : '');

function findingLine(spec: string, f: ReportFinding, units: string, ids: string[]): string {
  const box = f.evidence?.box ? ` box ${Math.round(f.evidence.box.x)},${Math.round(f.evidence.box.y)} ${Math.round(f.evidence.box.width)}×${Math.round(f.evidence.box.height)}` : '';
  const label = boxLabel(f);
  const sel = label ? ` — ${escapeMd(label)}` : '';
  const effect = EFFECT_WORDS[f.effect] ? ` _(${EFFECT_WORDS[f.effect]})_` : '';
  const diff = structureDiffOf(f);
  const all = diff ? ` (all structure changes: [${escapeMd(diff)}](${pathUrl(diff)}))` : '';
  // the ids `veval explain` takes, where the spec's name would be
  return `- **${escapeMd(ids.length ? idsText(ids) : spec)}** · ${escapeMd(f.check)} · ${escapeMd(units)}: ${escapeMd(f.message)}${effect}${sel}${box}${link(f.evidence?.file)}${all}`;
}

/** What the run took from earlier work, in one line (report.json `reuse` has the reasons). */
export function reuseLine(u: NonNullable<Report['reuse']>): string {
  const parts = [`captures reused: ${u.captures.reused} of ${u.captures.of} (never: every unit is captured again)`];
  if (u.parity.of) parts.push(`parity: ${u.parity.reused} of ${u.parity.of} byte-identical to the baseline (not decoded)`);
  if (u.judge.of) parts.push(`judge: ${u.judge.reused} of ${u.judge.of} verdicts from the cache`);
  return parts.join(' · ');
}

export function renderMarkdown(r: Report): string {
  const out: string[] = [];
  const t = r.totals;
  out.push(`## ${ICON[r.status]} veval: ${r.status.toUpperCase()} — ${t.failed} of ${t.specs} spec${t.specs === 1 ? '' : 's'} failed`, '');
  const debt = t.knownDebt ?? r.specs.reduce((n, s) => n + s.findings.filter((f) => f.effect === 'known-debt').length, 0);
  out.push(`${t.findings.blocker} blocker · ${t.findings.important} important · ${t.findings.polish} polish${debt ? ` · ${debt} known debt` : ''} · ${t.units} captures · scoring v${r.scoring.version}${r.incomplete ? ' · **incomplete run**' : ''}`, '');
  for (const reason of r.reasons) out.push(`- ⚠️ ${escapeMd(reason)}`);
  if (r.reasons.length) out.push('');
  // each side named by what it was made of for the spec (report.json scores.measures)
  out.push('| spec | verdict | score | structural | aesthetic | why |', '|---|---|---|---|---|---|');
  for (const s of r.specs) {
    const why = s.reasons.length ? escapeMd(s.reasons[0]) + (s.reasons.length > 1 ? ` (+${s.reasons.length - 1} more)` : '') : s.warnings.length ? `${s.warnings.length} warning(s)` : '';
    const n = (v: number | null) => (v === null ? '–' : String(v));
    const m = s.scores.measures;
    out.push(`| ${escapeMd(s.name)} | ${ICON[s.status]} ${s.status} | ${n(s.score)} | ${n(s.scores.structural)}${m ? ` (${escapeMd(m.structural)})` : ''} | ${n(s.scores.aesthetic)}${m ? ` (${escapeMd(m.aesthetic)})` : ''} | ${why} |`);
  }
  out.push('');
  // a run that wrote baselines compared against itself: say so next to the verdicts
  const written = r.specs.map((s) => [s.name, baselinesWritten(s)] as const).filter(([, w]) => w.length);
  for (const [name, w] of written) out.push(`- 📸 **${escapeMd(name)}** baselines written: ${w.map(escapeMd).join(', ')}`);
  if (written.length) out.push('');
  // what a run did not check is said where the verdict is read
  const notes = r.specs.flatMap((s) => specNotes(s).map((n) => `- ℹ️ **${escapeMd(s.name)}** ${escapeMd(n)}`));
  if (notes.length) out.push(...notes, '');
  for (const sev of SEVERITY_ORDER) {
    const groups = r.specs.flatMap((s) => shownOnce(s.findings.filter((f) => f.severity === sev && f.effect !== 'known-debt')).map((g) => ({ s, g })));
    if (!groups.length) continue;
    // counted in findings, as the header counts them (a line may stand for several captures)
    const count = groups.reduce((n, { g }) => n + g.all.length, 0);
    out.push(`### ${sev} (${count})`, '', ...groups.map(({ s, g }) => findingLine(s.name, g.finding, g.units, g.all.map((f) => idOf(s, f)))), '');
  }
  // accepted accessibility debt: its own count, folded away (it fails nothing)
  const debtGroups = r.specs.flatMap((s) => shownOnce(s.findings.filter((f) => f.effect === 'known-debt')).map((g) => ({ s, g })));
  if (debtGroups.length) {
    out.push(`<details><summary>known debt (${debt}): accessibility violations accepted at approval, not failing</summary>`, '',
      ...debtGroups.map(({ s, g }) => findingLine(s.name, g.finding, g.units, g.all.map((f) => idOf(s, f)))), '', '</details>', '');
  }
  // every capture's verdict as the gate stamped it, folded away (a PR comment stays short)
  const units = r.specs.flatMap((s) => s.units.map((u) => ({ s, u })));
  if (units.length) {
    const bad = units.filter(({ u }) => u.fails).length;
    out.push(`<details><summary>${units.length} capture${units.length === 1 ? '' : 's'}: ${bad} failing</summary>`, '', '| spec | capture | verdict | findings |', '|---|---|---|---|');
    for (const { s, u } of units) {
      const mine = s.findings.filter((f) => f.state === u.state && f.viewport === u.viewport);
      const counted = EFFECTS_SHOWN.map((e) => [e, mine.filter((f) => f.effect === e).length] as const).filter(([, n]) => n);
      const said = counted.map(([e, n]) => `${n} ${e === 'blocker' ? 'failing' : EFFECT_WORDS[e]}`).join(', ');
      out.push(`| ${escapeMd(s.name)} | ${escapeMd(unitLabel(u))} | ${u.fails ? ICON.fail : ICON.pass} ${u.status} | ${said || '–'} |`);
    }
    out.push('', '</details>', '');
  }
  const failing = r.specs.filter((s) => s.status === 'fail');
  if (failing.length) {
    out.push('### Why specs fail', '');
    for (const s of failing) {
      out.push(`- **${escapeMd(s.name)}**`);
      for (const reason of s.reasons) out.push(`  - ${escapeMd(reason)}`);
    }
    out.push('');
  }
  out.push('### Agent checklist', '', '| question | answer | detail | captures |', '|---|---|---|---|');
  for (const c of r.checklist) {
    const mark = c.ok === null ? '❔' : c.ok ? '✅' : '❌';
    out.push(`| ${escapeMd(c.question)} | ${mark} ${ANSWER[c.answer]} | ${escapeMd(c.detail)} | ${c.files.slice(0, 4).map((f) => `[${escapeMd(f)}](${pathUrl(f)})`).join(' ')} |`);
  }
  if (r.reuse) out.push('', `<sub>${reuseLine(r.reuse)}</sub>`);
  out.push('', `<sub>run ${escapeMd(r.runId)} · git ${escapeMd(r.git.sha ?? 'uncommitted')} · tree ${escapeMd((r.git.treeHash ?? '').slice(0, 12))} · veval ${escapeMd(r.tool.version)} · full report: index.html, report.json</sub>`, '');
  return out.join('\n');
}

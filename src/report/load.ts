// Reporters read report.json only: never the capture records or a stage's own files.
import { viewportLabel } from '../core/engines.js';
import path from 'node:path';
import { SEVERITIES, type Box } from '../core/artifacts.js';
import { readArtifact } from '../core/artifact-read.js';
import type { Report, ReportFinding, SpecReport } from '../gate/report-schema.js';

export type { Box } from '../core/artifacts.js';
const isBox = (b: unknown): b is Box => !!b && typeof b === 'object' && [(b as Box).x, (b as Box).y, (b as Box).width, (b as Box).height].every((n) => typeof n === 'number');
/** Evidence carries check-specific fields beyond the schema's (additionalProperties). */
const extra = (f: ReportFinding, key: string): unknown => (f.evidence as Record<string, unknown> | undefined)?.[key];

export function readReport(runDir: string): Report {
  const file = path.join(runDir, 'report.json');
  const loaded = readArtifact('report', file);
  if (!loaded.value) throw new Error(`${file} is ${loaded.problem}`);
  return loaded.value;
}

export const SEVERITY_ORDER = SEVERITIES;

/** A finding's id, "<spec>#<n>": n counts the spec's findings in report.json from 1. `veval explain`
 *  (and the MCP tool) take it; the console and summary.md print it next to each finding. */
export const findingId = (spec: string, index: number) => `${spec}#${index + 1}`;
export const idOf = (s: Pick<SpecReport, 'name' | 'findings'>, f: ReportFinding) => findingId(s.name, s.findings.indexOf(f));

/** Ids as a reader scans them: "checkout#1, #4; home#2", the first `max`, then how many more. */
export function idsText(ids: string[], max = 6): string {
  const shown = ids.slice(0, max);
  const bySpec = new Map<string, string[]>();
  for (const id of shown) { const i = id.lastIndexOf('#'); const spec = id.slice(0, i); bySpec.set(spec, [...(bySpec.get(spec) ?? []), id.slice(i)]); }
  const text = [...bySpec].map(([spec, ns]) => `${spec}${ns.join(', ')}`).join('; ');
  return ids.length > max ? `${text} (+${ids.length - max} more)` : text;
}

/** "state @ viewport", or "spec-wide" for findings about no single capture. */
export const unitLabel = (f: { state: string | null; viewport: string | null }) =>
  f.state || f.viewport ? `${f.state ?? '?'} @ ${f.viewport ? viewportLabel(f.viewport) : '?'}` : 'spec-wide';

/** A finding as a reader sees it: the findings sharing a `group` key (one problem seen in several
 *  captures, one finding per unit in report.json) once, with every unit they affect. */
export interface ShownFinding { finding: ReportFinding; all: ReportFinding[]; units: string }

export function shownOnce(findings: ReportFinding[]): ShownFinding[] {
  const out: ShownFinding[] = [];
  const byGroup = new Map<string, ShownFinding>();
  for (const f of findings) {
    const had = f.group ? byGroup.get(`${f.severity}\u0000${f.group}`) : undefined;
    if (had) { had.all.push(f); continue; }
    const shown = { finding: f, all: [f], units: '' };
    if (f.group) byGroup.set(`${f.severity}\u0000${f.group}`, shown);
    out.push(shown);
  }
  for (const s of out) s.units = [...new Set(s.all.map(unitLabel))].join(', ');
  return out;
}

/** Baseline files the run wrote (run --update-baselines): the spec's `baselines.written` list, and
 *  any unit whose parity outcome is baseline-written that the list does not name. */
export function baselinesWritten(s: SpecReport): string[] {
  const listed = s.baselines?.written ?? [];
  const units = s.units.filter((u) => u.parity === 'baseline-written')
    .filter((u) => !listed.some((f) => f.endsWith(`/${u.state}-${u.viewport}.png`)))
    .map((u) => `${u.state} @ ${viewportLabel(u.viewport)}`);
  return [...listed, ...units];
}

/** What an evidence box outlines: the check's own words when it gave them (evidence.label, from its
 *  meta.label: a min-gap box is the gap between two regions, not its selector's element), else the selector. */
export function boxLabel(f: ReportFinding): string | null {
  return f.evidence?.label ?? f.evidence?.selector ?? null;
}

/** The unit's full list of structure changes a structure finding links (run-relative), else null. */
export function structureDiffOf(f: ReportFinding): string | null {
  const d = extra(f, 'structureDiff');
  return f.check === 'parity' && typeof d === 'string' ? d : null;
}

/** The changed areas of a parity finding (CSS px boxes), the largest first; [] for other findings. */
export function clusterBoxes(f: ReportFinding): Box[] {
  const c = extra(f, 'clusters');
  if (f.check !== 'parity' || !Array.isArray(c)) return [];
  return c.map((x) => (x as { box?: Box } | null)?.box).filter(isBox);
}

/** The hot areas of a stability finding's flake map (CSS px), each labelled with the mask to add
 *  or the cause recognised; [] for other findings. */
export function flakeAreas(f: ReportFinding): { box: Box; label: string }[] {
  const h = extra(f, 'hot');
  if (f.check !== 'stability' || !Array.isArray(h)) return [];
  return h.filter((x) => isBox(x?.box) && x.repeated !== false).map((x) => {
    const what = typeof x.cause === 'string' ? x.cause : typeof x.detail === 'string' ? x.detail : 'changed';
    const who = typeof x.mask === 'string' ? `mask ${x.mask}` : typeof x.element === 'string' && x.element ? x.element : 'changed area';
    return { box: x.box as Box, label: `${who} — ${what}` };
  });
}

/** The masks a stability finding says to add (selectors to paste into the spec's `masks`). */
export function flakeMasks(f: ReportFinding): string[] {
  const m = extra(f, 'masks');
  return f.check === 'stability' && Array.isArray(m) ? m.filter((x): x is string => typeof x === 'string') : [];
}

/** The strips a size change added to the capture or removed from it (CSS px); [] for other findings. */
export function stripBoxes(f: ReportFinding): { kind: 'added' | 'removed'; box: Box }[] {
  const s = extra(f, 'strips');
  if (f.check !== 'parity' || !Array.isArray(s)) return [];
  return s.filter((x): x is { kind: 'added' | 'removed'; box: Box } => (x?.kind === 'added' || x?.kind === 'removed') && isBox(x.box));
}

/** How accepted accessibility debt counted (null: none): beside the score, so accepting it hides nothing. */
export function debtNote(s: SpecReport): string | null {
  const d = s.a11yDebt;
  if (!d) return null;
  const el = (n: number) => `${n} element${n === 1 ? '' : 's'}`;
  const known = d.known || d.findings ? `known accessibility debt: ${el(d.known)} (${d.findings} finding${d.findings === 1 ? '' : 's'}), accepted at approval, not counted in the score${d.scoreCountingDebt !== null && d.scoreCountingDebt !== s.score ? ` (counting it: ${d.scoreCountingDebt})` : ''}` : '';
  const fixed = d.fixed ? `${el(d.fixed)} of the debt fixed (the next \`veval approve\` drops ${d.fixed === 1 ? 'it' : 'them'})` : '';
  return [known, fixed].filter(Boolean).join('; ');
}

/** What a spec's verdict does not say (the run's notes, then how debt counted). */
export const specNotes = (s: SpecReport): string[] => [...(s.notes ?? []), ...[debtNote(s)].filter((n): n is string => !!n)];

/** A spec's reasons for failing that no finding states (a crashed check, a score under minScore), as the gate listed them. */
export const otherReasons = (s: SpecReport): string[] => s.otherReasons;

/** How a finding that does not fail reads next to its message (the gate's effect, in words); '' for one that fails. */
export const EFFECT_WORDS: Record<ReportFinding['effect'], string> = { blocker: '', 'warn-only': 'warning only', 'known-debt': 'known debt', fixed: 'fixed debt' };

/** A path as the reader would type it from where veval ran: relative below the working folder, absolute outside it. */
export function typed(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? path.resolve(file) : rel;
}

// a value the shell would split or expand is single-quoted
export const shellArg = (v: string) => (/^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);

/** The approve command for one unit (or, with no unit, the whole run), naming the run folder so a newer run is never approved by mistake. */
export function approveCommand(runPath: string, u: { spec?: string; state?: string; viewport?: string }): string {
  return ['veval approve --run', shellArg(runPath), ...(u.spec ? ['--spec', shellArg(u.spec)] : []), ...(u.state ? ['--state', shellArg(u.state)] : []),
    ...(u.viewport ? ['--viewport', shellArg(u.viewport)] : [])].join(' ');
}

/** A spec's score with its two sides named by what they were made of (report.json scores.measures):
 *  "structural 95 (checks + axe), aesthetic 60 (layout parity)" — never a bare "aesthetic 0" that is
 *  really the parity of layouts with no judge. */
export function scoreText(s: Pick<SpecReport, 'score' | 'scores'>): string {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '–' : String(v));
  const m = s.scores.measures;
  return `score ${n(s.score)} (structural ${n(s.scores.structural)}${m ? ` = ${m.structural}` : ''}, aesthetic ${n(s.scores.aesthetic)}${m ? ` = ${m.aesthetic}` : ''})`;
}

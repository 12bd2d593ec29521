// index.html: a static review page (one file plus the run's images; no server, no network) rendered
// from html/page.hbs. This module turns report.json into plain view data — ordering (failing units
// first), box geometry, labels, commands — and Handlebars escapes every value it prints. The only
// script is html/report.js, inlined and allowed by its hash in the page's CSP.
import { viewportLabel } from '../core/engines.js';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { Report, ReportFinding, SpecReport, UnitReport } from '../gate/report-schema.js';
import { pathUrl } from './escape.js';
import { placeText } from '../core/cause-text.js';
import { approveCommand, baselinesWritten, boxLabel, clusterBoxes, EFFECT_WORDS, flakeAreas, otherReasons, SEVERITY_ORDER, shownOnce, specNotes, stripBoxes, structureDiffOf, unitLabel, scoreText, type Box } from './load.js';

export interface HtmlOptions {
  /** the run folder as the reader would type it (relative to where veval ran); named by the approve commands */
  runPath?: string;
  /** `veval review` serving the page: html/review.js and review.css added, with the token the
   *  server made at launch (its state-changing requests carry it); the static index.html has none */
  review?: { token: string; idleMs?: number };
}

// The templates and assets sit next to this module, in src/ and in dist/ (scripts/build.sh copies them).
const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'html');
const asset = (name: string) => fs.readFileSync(path.join(here, name), 'utf8');
let cached: { page: HandlebarsTemplateDelegate; script: string; style: string; csp: string; review: { script: string; style: string; csp: string } } | null = null;
function assets() {
  if (cached) return cached;
  const script = asset('report.js'), reviewScript = asset('review.js');
  const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
  const csp = `default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src ${hash(script)}`;
  cached = {
    page: Handlebars.create().compile(asset('page.hbs'), { strict: true }),
    script, style: asset('report.css'), csp,
    // the review page talks to its own server only; forms post nowhere
    review: { script: reviewScript, style: asset('review.css'), csp: `${csp} ${hash(reviewScript)}; connect-src 'self'; form-action 'none'` },
  };
  return cached;
}

const pct = (n: number) => `${(Math.round(n * 10000) / 100).toFixed(2)}%`;
const num = (v: number | null | undefined) => (v === null || v === undefined ? '–' : String(v));
/** A unit's element id in the page (review.js finds a unit's section by it). */
export const unitId = (spec: string, u: { state: string; viewport: string } | null) => (u ? `u-${spec}-${u.state}-${u.viewport}` : `u-${spec}-spec-wide`);
const STATUS_RANK: Record<string, number> = { fail: 0, error: 1, pass: 2 };

type Size = { width: number; height: number };
/** A box (CSS px, document coordinates) placed as percentages of an image of `size` CSS px. */
function place(b: Box, size: Size | null) {
  if (!size || !(size.width > 0 && size.height > 0)) return null;
  return {
    style: `left:${pct(b.x / size.width)};top:${pct(b.y / size.height)};width:${pct(b.width / size.width)};height:${pct(b.height / size.height)}`,
    right: b.x / size.width > 0.5,
  };
}
const cssSize = (u: UnitReport, device: Size | null | undefined): Size | null => {
  const dsf = u.viewportSize?.deviceScaleFactor || 1;
  return device ? { width: device.width / dsf, height: device.height / dsf } : null;
};

interface BoxVm { finding: string; severity: string; check: string; style: string; right: boolean; strip: boolean; was?: boolean; label: string; title: string }

/** A finding's boxes and labels: every changed area of a parity finding, the strips of a size change, else its evidence box. */
function findingBoxes(f: ReportFinding, on: 'candidate' | 'diff'): { box: Box; label: string; strip: boolean }[] {
  const strips = stripBoxes(f).map((s) => ({ box: s.box, label: `${s.kind} strip ${s.box.width}×${s.box.height}`, strip: true, kind: s.kind }));
  const clusters = clusterBoxes(f);
  const main = f.evidence?.box ?? null;
  const same = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  let out: { box: Box; label: string; strip: boolean }[];
  if (clusters.length) {
    const all = main && !clusters.some((c) => same(c, main)) && !strips.some((s) => same(s.box, main)) ? [main, ...clusters] : clusters;
    out = all.map((box, i) => ({ box, label: `changed area ${i + 1} of ${all.length}`, strip: false }));
  } else out = main && !strips.some((s) => same(s.box, main)) ? [{ box: main, label: boxLabel(f) ?? f.check, strip: false }] : [];
  // the element each changed area is traced to, outlined where it is now (parity's cause)
  const causes = on === 'candidate' ? causeBoxes(f, 'box') : [];
  // a moved element (layout-shift) is also drawn where it was before it moved, dashed
  const before = on === 'candidate' ? movedFrom(f) : [];
  // a removed strip lies beyond the candidate: it is drawn on the diff only
  return [...out, ...before, ...causes, ...strips.filter((s) => on === 'diff' || s.kind === 'added')];
}

/** Where the elements of a layout-shift finding were before they moved (evidence.previousBox, and
 *  those that moved with it). */
function movedFrom(f: ReportFinding): { box: Box; label: string; strip: boolean; was: boolean }[] {
  const ev = f.evidence as Record<string, any>;
  const also = Array.isArray(ev.also) ? ev.also : [];
  return [{ box: ev.box, previousBox: ev.previousBox, selector: ev.selector }, ...also]
    .filter((m) => m.previousBox && m.box)
    .map((m) => ({ box: m.previousBox as Box, label: `before: ${m.selector ?? 'moved'}`, strip: false, was: true }));
}

/** The element a parity finding's changed areas are traced to (its `cause`), where it is now or was at approval. */
function causeBoxes(f: ReportFinding, which: 'box' | 'baselineBox'): { box: Box; label: string; strip: boolean }[] {
  return (f.cause ?? []).flatMap((a) => {
    const c = a.causes[0];
    const box = c?.[which];
    return c && box ? [{ box, label: `cause: ${c.element}${which === 'baselineBox' ? ' (at approval)' : ''}`, strip: false }] : [];
  });
}

/** Baseline figure: the traced elements where they were at approval. */
function causeBoxesOn(findings: { f: ReportFinding; id: string }[], size: Size | null): BoxVm[] {
  return findings.flatMap(({ f, id }) => causeBoxes(f, 'baselineBox').flatMap(({ box, label, strip }) => {
    const at = place(box, size);
    return at ? [{ finding: id, severity: f.severity, check: f.check, ...at, strip, label, title: `${label} — ${f.check}: ${f.message}` }] : [];
  }));
}

/** The property table of a traced parity finding: per changed area's first cause, each changed
 *  property with both values and the declaration to edit. */
function causeRows(f: ReportFinding): { element: string; prop: string; before: string; after: string; where: string }[] {
  return (f.cause ?? []).flatMap((a) => {
    const c = a.causes[0];
    if (!c) return [];
    const rows = (element: string, props: typeof c.props) => props.map((p) => ({
      element, prop: p.prop, before: p.before, after: p.after,
      where: p.source ? placeText(p.source) : p.was ? `no longer: ${placeText(p.was)}` : p.unknown ? 'not recorded' : p.wasUnknown ? 'browser default now; the rule at approval not recorded' : 'browser default',
    }));
    return [...rows(c.element, c.props), ...(c.via ? rows(`${c.via.element} (moved ${c.element})`, c.via.props) : [])];
  });
}

function boxesOn(u: UnitReport, findings: { f: ReportFinding; id: string }[], on: 'candidate' | 'diff' | 'flake', size: Size | null): BoxVm[] {
  const boxes = (f: ReportFinding) => on === 'flake' ? flakeAreas(f).map((a) => ({ ...a, strip: false }))
    : on === 'diff' && !clusterBoxes(f).length && !stripBoxes(f).length ? [] : findingBoxes(f, on);
  return findings.flatMap(({ f, id }) => boxes(f).flatMap(({ box, label, strip, ...rest }) => {
    const at = place(box, size);
    const was = 'was' in rest && !!rest.was;
    return at ? [{ finding: id, severity: f.severity, check: f.check, ...at, strip, ...(was ? { was } : {}), label, title: `${label} — ${f.check}: ${f.message}` }] : [];
  }));
}

/** A design-export departure drawn on the export too: its box there (evidence.exportBox) placed on
 *  the export scaled to the capture's width (evidence.exportSize), both in CSS px. */
function exportBoxesOn(findings: { f: ReportFinding; id: string }[]): BoxVm[] {
  return findings.flatMap(({ f, id }) => {
    const ev = f.evidence as { exportBox?: Box | null; exportSize?: Size; region?: string };
    const at = ev.exportBox && ev.exportSize ? place(ev.exportBox, ev.exportSize) : null;
    const label = `region ${ev.region ?? ''} in the export`;
    return at ? [{ finding: id, severity: f.severity, check: f.check, ...at, strip: false, label, title: `${label} — ${f.check}: ${f.message}` }] : [];
  });
}

/** The diff image is as large as candidate and baseline together (a size change), else the candidate's size. */
function diffSize(u: UnitReport, findings: ReportFinding[]): Size | null {
  const size = findings.map((f) => (f.evidence as { size?: { baseline?: Size; current?: Size } }).size).find((s) => s?.baseline && s?.current);
  if (!size) return cssSize(u, u.image);
  return cssSize(u, { width: Math.max(size.baseline!.width, size.current!.width), height: Math.max(size.baseline!.height, size.current!.height) });
}

/** One problem seen in several captures (a shared `group`): told in full once, naming its units; the other units point to it. */
type Grouping = Map<ReportFinding, { primary: ReportFinding; primaryId: string; units: string; size: number }>;

function findingVm(f: ReportFinding, id: string, known: Set<string>, wide: boolean, groups: Grouping) {
  const g = groups.get(f);
  const grouped = !!g && g.size > 1;
  const same = grouped && g!.primary !== f ? { sameHref: encodeURIComponent(g!.primaryId), sameUnit: unitLabel(g!.primary) } : null;
  const ev = f.evidence ?? { file: null };
  const b = ev.box;
  const areas = clusterBoxes(f).length;
  const file = ev.file ?? null;
  // a structure finding links the unit's full list of structure changes
  const diffFile = structureDiffOf(f);
  return {
    id, severity: f.severity, check: f.check, fails: f.fails ? 'true' : 'false', effect: f.effect, effectWords: EFFECT_WORDS[f.effect] ?? f.effect, ...(same ?? {}), same: !!same, units: grouped && !same ? g!.units : '', rule: f.rule ? `${f.rule}${f.impact ? ` (${f.impact})` : ''}` : '', message: f.message,
    label: boxLabel(f) ?? '', quote: ev.text ?? '',
    where: [wide ? unitLabel(f) : '', b ? `box ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}${areas > 1 ? ` (largest of ${areas} changed areas, all outlined)` : ''}` : ''].filter(Boolean).join(' · '),
    // link only what the report knows exists
    file: file ?? '', href: file && known.has(file) ? pathUrl(file) : '',
    diffFile: diffFile ?? '', diffHref: diffFile && known.has(diffFile) ? pathUrl(diffFile) : '',
    causeRows: causeRows(f),
  };
}

const PARITY_NOTE: Record<string, string> = {
  'within-tolerance': 'changed within tolerance (diff dimmed)', changed: 'differs from the baseline', 'size-changed': 'size changed since the baseline',
  'no-baseline': 'no approved baseline yet', 'baseline-written': 'baseline written by this run', identical: 'identical to the baseline',
  'design-match': 'matches the approved design export (per region, perceptually)', 'design-departs': 'departs from the approved design export (regions outlined on both images)',
};

function unitVm(s: SpecReport, u: UnitReport | null, findings: { f: ReportFinding; id: string }[], known: Set<string>, runPath: string, groups: Grouping) {
  const label = u ? `${u.state} @ ${viewportLabel(u.viewport)}${u.stress ? ` — ${u.stress.variant} stress of ${u.stress.of}${u.stress.criterion ? ` (WCAG ${u.stress.criterion})` : ''}` : ''}` : 'spec-wide';
  const id = unitId(s.name, u);
  // accepted accessibility debt is folded away in its own section, and counted apart
  const debt = findings.filter(({ f }) => f.effect === 'known-debt');
  findings = findings.filter(({ f }) => f.effect !== 'known-debt');
  const bySev = SEVERITY_ORDER.map((sev) => [sev, findings.filter(({ f }) => f.severity === sev).length] as const).filter(([, n]) => n);
  const status = u ? u.status : findings.some(({ f }) => f.fails) || s.otherReasons.length ? 'fail' : 'pass';
  const figures: Record<string, unknown>[] = [];
  const notes: string[] = [];
  if (u) {
    const candidateSize = cssSize(u, u.image);
    // one scale for every image of the unit: a figure's share of the row is its image's width in
    // px (report.js corrects it from the image itself once loaded: a design export has its own size)
    const sizes = findings.map(({ f }) => (f.evidence as { size?: { baseline?: Size; current?: Size } }).size).find((x) => x?.baseline && x?.current);
    const grow = (w: number | undefined) => (w && w > 0 ? Math.round(w) : 0);
    const pxWidth = { candidate: grow(u.image?.width), baseline: grow(sizes?.baseline?.width ?? u.image?.width), diff: grow(sizes ? Math.max(sizes.baseline!.width, sizes.current!.width) : u.image?.width) };
    const link = (file: string) => ({ file, href: pathUrl(file) });
    // the first finding's box is drawn last, so that it and its label lie on top
    if (u.files.capture) figures.push({ role: 'candidate', title: 'candidate', grow: pxWidth.candidate, ...link(u.files.capture), boxes: boxesOn(u, findings, 'candidate', candidateSize).reverse() });
    else if (u.files.failure) {
      const why = findings.find(({ f }) => f.check === 'capture')?.f.message;
      figures.push({ role: 'failure', title: 'at failure: what the page showed when it failed', grow: 0, ...link(u.files.failure), boxes: [] });
      if (why) notes.push(`failed: ${why}`);
    } else figures.push({ role: 'candidate', title: 'candidate', grow: 0, file: '', href: '', boxes: [], missing: `no capture for ${label}: ${findings.find(({ f }) => f.check === 'capture')?.f.message ?? 'missing'}` });
    // the flake map laid over the capture: what kept changing while the page was shot, and which element paints it
    if (u.files.flakeMap && u.files.capture) {
      figures.push({ role: 'flake', title: 'flake map — pixels that changed over the shots (yellow: once, red: every time), hot areas outlined', grow: pxWidth.candidate, ...link(u.files.capture),
        overlay: pathUrl(u.files.flakeMap), boxes: boxesOn(u, findings, 'flake', candidateSize) });
    }
    // a stress unit beside its plain state at the same viewport: what the stress changed
    const plain = u.stress ? s.units.find((p) => p.state === u.stress!.of && p.viewport === u.viewport) : null;
    if (plain?.files.capture) {
      figures.push({ role: 'plain', title: `plain state ${plain.state}, without the stress`, grow: grow(plain.image?.width), ...link(plain.files.capture), boxes: [] });
    }
    if (u.files.baseline) {
      const design = u.parity === 'design-match' || u.parity === 'design-departs';
      figures.push({ role: 'baseline', title: design ? 'baseline (approved design export)' : 'baseline (approved)', grow: pxWidth.baseline, ...link(u.files.baseline), boxes: design ? exportBoxesOn(findings).reverse() : causeBoxesOn(findings, cssSize(u, sizes?.baseline ?? u.image)).reverse() });
    }
    if (u.files.diff) {
      const dim = u.parity === 'within-tolerance';
      figures.push({ role: 'diff', title: dim ? 'diff — within tolerance, still shown' : 'diff', dim, grow: pxWidth.diff, ...link(u.files.diff), boxes: boxesOn(u, findings, 'diff', diffSize(u, findings.map((x) => x.f))) });
    }
  }
  const compare = u?.files.capture && u.files.baseline ? { capture: pathUrl(u.files.capture), baseline: pathUrl(u.files.baseline) } : null;
  return {
    id, href: encodeURIComponent(id), spec: s.name, state: u?.state ?? '', viewport: u?.viewport ?? '', label, status, statusUpper: status.toUpperCase(),
    fails: String(u ? u.fails : status === 'fail'),
    collapse: status === 'pass',
    counts: [...bySev.map(([sev, n]) => `${n} ${sev}`), ...(debt.length ? [`${debt.length} known debt`] : [])].join(', '),
    debt: debt.map(({ f, id: fid }) => findingVm(f, fid, known, !u, groups)),
    parityNote: u?.parity ? PARITY_NOTE[u.parity] ?? `parity: ${u.parity}` : '',
    shiftNote: u?.layoutShift ? `layout shift ${u.layoutShift.score} (${u.layoutShift.shifts} shift${u.layoutShift.shifts === 1 ? '' : 's'})` : '',
    findings: findings.map(({ f, id: fid }) => findingVm(f, fid, known, !u, groups)), notes,
    approve: u?.files.capture ? approveCommand(runPath, { spec: s.name, state: u.state, viewport: u.viewport }) : '',
    figures, compare,
    modes: compare ? [{ value: 'side', label: 'side by side', checked: true }, { value: 'slider', label: 'slider' }, { value: 'overlay', label: 'overlay' }] : null,
    worst: Math.min(...findings.map(({ f }) => SEVERITY_ORDER.indexOf(f.severity as never)), 9),
  };
}

/** A spec's sweep strips: per swept state, the widths on an axis and each failing range as a bar
 *  of its severity on its own lane, linked to its screenshot at the worst width. */
function sweepStrips(s: Report['specs'][number], known: Set<string>) {
  return s.units.flatMap((u) => {
    const sw = u.sweep;
    if (!sw) return [];
    const span = Math.max(1, sw.to - sw.from + 1);
    const pct = (w: number) => Math.round((10000 * (w - sw.from)) / span) / 100;
    const ticks = [...new Set([sw.from, ...sw.breakpoints, sw.to])].sort((a, b) => a - b)
      .filter((w, i, all) => i === 0 || i === all.length - 1 || (pct(w) - pct(all[i - 1]!) > 6 && pct(all[all.length - 1]!) - pct(w) > 6));
    return [{
      state: u.state, from: sw.from, to: sw.to, measured: sw.measured, error: sw.error ?? '', seconds: Math.round(sw.timings.total / 100) / 10,
      label: `${s.name} ${u.state}: ${sw.ranges.length} failing range(s) between ${sw.from} and ${sw.to} px`,
      ticks: ticks.map((w) => ({ w, left: pct(w) })),
      ranges: sw.ranges.map((g, i) => ({
        severity: g.severity, left: pct(g.from), width: Math.max(0.4, pct(g.to + 1) - pct(g.from)), top: i * 10,
        text: `${g.kind} ${g.from === g.to ? `at ${g.from}` : `${g.from}–${g.to}`} px (worst ${g.worst} px)`,
        href: g.screenshot && known.has(g.screenshot) ? pathUrl(g.screenshot) : '',
      })),
      height: Math.max(1, sw.ranges.length) * 10 + 4,
    }];
  });
}

export function renderHtml(r: Report, opts: HtmlOptions = {}): string {
  const runPath = opts.runPath ?? r.runId;
  const known = new Set(r.specs.flatMap((s) => s.units.flatMap((u) => Object.values(u.files).filter((f): f is string => typeof f === 'string'))));
  const units = r.specs.flatMap((s) => {
    const ids = new Map(s.findings.map((f, i) => [f, `f-${s.name}-${i}`]));
    const of = (pick: (f: ReportFinding) => boolean) => s.findings.filter(pick).map((f) => ({ f, id: ids.get(f)! }));
    const groups: Grouping = new Map();
    for (const g of shownOnce(s.findings)) for (const f of g.all) groups.set(f, { primary: g.finding, primaryId: ids.get(g.finding)!, units: g.units, size: g.all.length });
    const wide = of((f) => f.state === null && f.viewport === null);
    const list = s.units.map((u) => unitVm(s, u, of((f) => f.state === u.state && f.viewport === u.viewport), known, runPath, groups));
    return wide.length ? [unitVm(s, null, wide, known, runPath, groups), ...list] : list;
  });
  // failing units first, the most severe first; at equal severity a unit with a capture to look at
  // before one whose capture failed; the report's order otherwise
  const failing = (u: { status: string }) => (u.status === 'pass' ? 1 : 0);
  const ordered = units.map((u, i) => ({ u, i })).sort((a, b) =>
    failing(a.u) - failing(b.u) || (a.u.status === 'pass' ? 0 : a.u.worst - b.u.worst || STATUS_RANK[a.u.status] - STATUS_RANK[b.u.status]) || a.i - b.i).map((x) => x.u);

  const viewports = [...new Set(r.specs.flatMap((s) => s.units.map((u) => u.viewport)))];
  const rows = r.specs.flatMap((s) => {
    const states = [...new Set(s.units.map((u) => u.state))];
    const other = otherReasons(s);
    const why = s.status === 'fail' ? (s.reasons[0] ?? '') + (s.reasons.length > 1 ? ` (+${s.reasons.length - 1} more)` : '') : other[0] ?? '';
    return (states.length ? states : ['–']).map((state, i) => ({
      first: i === 0, spec: s.name, specStatus: s.status, state, score: num(s.score), why,
      cells: viewports.map((vp) => {
        const u = s.units.find((x) => x.state === state && x.viewport === vp);
        if (!u) return { id: '' };
        const n = s.findings.filter((f) => f.state === u.state && f.viewport === u.viewport).length;
        const id = unitId(s.name, u);
        // a pass that changed within tolerance says so: "PASS" never hides that the page changed
        const drift = u.parity === 'within-tolerance' ? ' ~' : '';
        return { id, href: encodeURIComponent(id), status: u.status, mark: u.status === 'pass' ? `✓${n ? ` ${n}` : ''}${drift}` : `✗ ${n}`,
          title: `${s.name} ${state} @ ${viewportLabel(vp)}: ${u.status}, ${n} finding(s)${drift ? ', changed within tolerance' : ''}` };
      }),
    }));
  });
  const scores = r.specs.map((s) => s.score).filter((x): x is number => typeof x === 'number');
  const missingBaselines = r.specs.some((s) => s.units.some((u) => u.parity === 'no-baseline' && u.files.capture));
  const a = assets();
  return a.page({
    csp: opts.review ? a.review.csp : a.csp, style: a.style, script: a.script,
    review: opts.review ? { token: opts.review.token, idleMs: opts.review.idleMs ?? 0, script: a.review.script, style: a.review.style } : false,
    status: r.status, statusUpper: r.status.toUpperCase(), runId: r.runId, git: r.git.sha ?? 'uncommitted', scoringVersion: r.scoring.version,
    incomplete: r.incomplete, reasons: r.reasons, counts: r.totals.findings, knownDebt: r.totals.knownDebt ?? 0,
    score: scores.length ? `${Math.min(...scores)}${scores.length > 1 ? ' (lowest spec)' : ''}` : '–',
    failedSpecs: r.totals.failed, totalSpecs: r.totals.specs, unitsFailed: r.totals.unitsFailed, totalUnits: r.totals.units,
    // a column per viewport and engine: "mobile", "mobile · firefox"
    matrix: { viewports: viewports.map((id) => viewportLabel(id)), rows },
    approveAll: missingBaselines ? approveCommand(runPath, {}) : '',
    statuses: ['fail', 'error', 'pass'], severities: SEVERITY_ORDER,
    checks: [...new Set(r.specs.flatMap((s) => s.findings.map((f) => f.check)))].sort(),
    specNames: r.specs.map((s) => s.name), viewports,
    units: ordered,
    specs: r.specs.map((s) => ({
      name: s.name, status: s.status, statusUpper: s.status.toUpperCase(), score: num(s.score), structural: num(s.scores.structural), aesthetic: num(s.scores.aesthetic), scoreText: scoreText(s),
      file: s.file, url: s.url ?? '', written: baselinesWritten(s), other: otherReasons(s), notes: specNotes(s),
      sweeps: sweepStrips(s, known),
    })),
    checklist: r.checklist.map((c) => ({
      question: c.question, answer: c.answer, cls: c.ok === null ? '' : c.ok ? 'pass' : 'fail', detail: c.detail,
      files: c.files.filter((f) => known.has(f)).map((f) => ({ file: f, href: pathUrl(f) })),
    })),
  });
}

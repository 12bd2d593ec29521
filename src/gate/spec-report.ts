// Assembles one spec's entry in report.json: the flat findings list, units with their files,
// stage statuses, the score and the verdict with its reasons.
import { STRESS } from '../core/stress.js';
import { splitViewport } from '../core/engines.js';
import { SEVERITIES, type Finding } from '../core/artifacts.js';
import { files, SWEEP, unitKey, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import { asDigest } from '../parity/store/digest.js';
import { getCheck } from '../checks/registry.js';
import { copyBaseline } from './baseline.js';
import { decide, stamped, strongest } from './policy.js';
import type { SpecArtifacts, UnitArtifacts } from './read.js';
import type { ReportFinding, SpecReport, UnitReport } from './report-schema.js';
import { computeScore, scoreCountingDebt, type ScoreInput, type ScoringVersion } from './score.js';
import { groupMeasures } from '../core/scoring.js';
import { captureStage, checksStage, judgeStage, parityStage } from './stages.js';
import { engineNotes, storybookNotes, unmatchedNotes, viewportNotes } from './spec-notes.js';

/** Where the stages' findings come among the checks' (each check declares its `meta.order`). */
const STAGE_ORDER: Record<string, number> = { capture: 0, guard: 25, parity: 900, judge: 950 };
const checkRank = (id: string) => STAGE_ORDER[id] ?? getCheck(id)?.meta.order ?? Number.MAX_SAFE_INTEGER;
const rank = (list: readonly string[], v: string) => (list.indexOf(v) === -1 ? list.length : list.indexOf(v));
/** Most direct evidence of a broken task first: severity, then check, then where (stable sort). */
function inReadingOrder(findings: Finding[]): Finding[] {
  return findings.map((f, i) => ({ f, i })).sort((a, b) =>
    rank(SEVERITIES, a.f.severity) - rank(SEVERITIES, b.f.severity)
    || checkRank(a.f.check) - checkRank(b.f.check)
    || a.i - b.i).map((x) => x.f);
}

/** The check's words for what its evidence box outlines (meta.label), written for the reporters. */
function labelled(f: Finding): Finding {
  const label = getCheck(f.check)?.meta.label?.(f.evidence);
  return label ? { ...f, evidence: { ...f.evidence, label } } : f;
}

function unitReport(run: RunContext, spec: SpecPlan, u: UnitArtifacts, a: SpecArtifacts, findings: ReportFinding[]): UnitReport {
  const r = u.record.value;
  const rel = (name: string | null | undefined) => (name && u.fileExists(`${spec.name}/${name}`) ? `${spec.name}/${name}` : null);
  const capture = u.captureExists ? (rel(r?.screenshot) ?? files.capture(spec.name, u.state, u.viewport)) : null;
  const key = unitKey(u.state, u.viewport);
  const out: UnitReport = {
    state: u.state,
    viewport: u.viewport,
    engine: splitViewport(u.viewport).engine,
    status: 'pass',
    viewportSize: r ? { width: r.viewport.width, height: r.viewport.height, deviceScaleFactor: r.viewport.deviceScaleFactor ?? 1 } : null,
    image: r?.image ?? null,
    files: { capture, record: r ? files.record(spec.name, u.state, u.viewport) : null, axe: rel(r?.axe) },
    parity: null,
    ms: r?.timings?.total ?? null,
    timings: null,
    fails: false,
    effect: null,
  };
  const story = spec.states.find((st) => st.name === u.state)?.story;
  if (story) out.story = { id: story.id, title: story.title, name: story.name };
  const stress = spec.states.find((st) => st.name === u.state)?.stress;
  if (stress) out.stress = { variant: stress.variant, of: stress.of, criterion: STRESS[stress.variant].criterion };
  const diff = files.diff(spec.name, u.state, u.viewport);
  if (u.fileExists(diff)) out.files.diff = diff;
  const parityUnit = a.parity.value?.units.find((p) => p.state === u.state && p.viewport === u.viewport);
  const baseline = copyBaseline(run, spec.name, key, parityUnit);
  if (baseline) out.files.baseline = baseline;
  out.parity = typeof parityUnit?.outcome === 'string' ? parityUnit.outcome : null;
  if (parityUnit?.comparators) out.comparators = parityUnit.comparators;
  out.timings = unitTimings(r, a, parityUnit);
  const trace = rel(r?.trace) ?? (u.fileExists(files.trace(spec.name, u.state, u.viewport)) ? files.trace(spec.name, u.state, u.viewport) : null);
  if (trace) out.files.trace = trace;
  const failure = rel(r?.failureScreenshot);
  if (failure) out.files.failure = failure;
  const structureDiff = files.structureDiff(spec.name, u.state, u.viewport);
  if (u.fileExists(structureDiff)) out.files.structureDiff = structureDiff;
  const ls = r?.layoutShift;
  if (ls) out.layoutShift = { score: ls.score, shifts: ls.entries.filter((e) => !e.excluded).length, excluded: ls.entries.filter((e) => e.excluded).length };
  const flake = rel(r?.stability?.map);
  if (flake) out.files.flakeMap = flake;
  const mine = findings.filter((f) => f.state === u.state && f.viewport === u.viewport);
  if (mine.some((f) => f.check === 'capture')) out.status = 'error';
  else if (mine.some((f) => f.fails)) out.status = 'fail';
  out.fails = out.status !== 'pass';
  out.effect = strongest(mine);
  return out;
}

/** A swept state's unit (<state>-sweep): its range, the failing ranges for the sweep strip, its time;
 *  an error when the sweep did not finish or a width could not be measured (the sweep check says why). */
function sweepUnit(spec: SpecPlan, sw: SpecArtifacts['sweeps'][number], findings: ReportFinding[]): UnitReport {
  const r = sw.result.value;
  const dir = `${spec.name}/`;
  const mine = findings.filter((f) => f.state === sw.state && f.viewport === SWEEP);
  const broken = !r || !r.ok || r.failedWidths.length > 0;
  const status: UnitReport['status'] = broken ? 'error' : mine.some((f) => f.fails) ? 'fail' : 'pass';
  const worst = r?.ranges[0]?.screenshot ? dir + r.ranges[0].screenshot : null;
  return {
    state: sw.state, viewport: SWEEP, status, viewportSize: null, image: null,
    files: { capture: worst, record: r ? sw.file : null, axe: null },
    parity: null, ms: r?.timings.total ?? null, timings: null, fails: status !== 'pass', effect: strongest(mine),
    ...(r ? { sweep: {
      from: r.from, to: r.to, step: r.step, height: r.height, measured: r.measured.length, breakpoints: r.breakpoints,
      ranges: r.ranges.map((g) => ({ kind: g.kind, severity: g.severity, from: g.from, to: g.to, worst: g.worst, screenshot: g.screenshot ? dir + g.screenshot : null })),
      error: r.error ?? (r.failedWidths.length ? `${r.failedWidths.length} width(s) could not be measured, first ${r.failedWidths[0]!.width} px: ${r.failedWidths[0]!.error}` : null),
      timings: r.timings,
    } } : {}),
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** Where the unit's time went, phase by phase: the capture record's timings, the spec's checks
 *  (they run over all its units at once, so each unit carries an equal share) and its parity comparison. */
function unitTimings(r: UnitArtifacts['record']['value'], a: SpecArtifacts, parityUnit: { ms?: unknown } | undefined): UnitReport['timings'] {
  const t = r?.timings;
  if (!t) return null;
  const checks = a.checks.value;
  const checksMs = checks && a.units.length ? checks.reduce((s, c) => s + (num(c.ms) ?? 0), 0) / a.units.length : null;
  return {
    capture: t.total, context: num(t.context), navigate: t.navigate, settle: t.settle,
    steps: t.steps.reduce((s, x) => s + x.ms, 0), measure: t.measure, screenshot: t.screenshot,
    stability: num(t.stability), axe: t.axe, aria: num(t.aria), css: num(t.css), write: num(t.write), close: num(t.close),
    checks: round(checksMs), parity: round(num(parityUnit?.ms)),
  };
}

export function specReport(run: RunContext, spec: SpecPlan, a: SpecArtifacts, scoring: ScoringVersion | null, scoringError: string | null): SpecReport {
  const checkFindings = (a.checks.value ?? []).flatMap((r) => r.findings);
  // parity.json may carry guard findings even without a parity section (a section removed since
  // the baseline is a loosened setting), so its findings always count when the file exists.
  const parityFindings = a.parity.value?.findings ?? [];
  const capture = captureStage(spec, a.units, checkFindings);
  const checks = checksStage(spec, a);
  const parity = parityStage(spec, a);
  const deterministic = [...capture.findings, ...checkFindings, ...parityFindings];
  const judge = judgeStage(spec, a, deterministic.some((f) => f.severity === 'blocker'));
  const judgeActive = !!spec.judge && spec.judge.mode !== 'off';
  const judgeFindings = judgeActive ? (a.judge.value?.findings ?? []) : [];
  const findings = inReadingOrder([...deterministic, ...judgeFindings, ...judge.findings]).map(labelled);

  // A unit whose capture failed was never looked at: it earns no points. With no capture at all
  // there is nothing to score (checks that found nothing on nothing would read as a high score).
  const anyCaptured = a.units.some((u) => u.record.value?.ok && u.captureExists);
  const scoreInput: ScoreInput = {
    checks: a.checks.value,
    parity: spec.parity ? {
      status: a.parity.value?.status ?? 'error', findings: parityFindings, units: a.units.length,
      unapproved: (a.parity.value?.units ?? []).filter((u) => u.outcome === 'no-baseline').map((u) => `${u.state}\u0000${u.viewport}`),
    } : null,
    judge: judgeActive ? { status: a.judge.value?.status ?? 'error', findings: judgeFindings } : null,
  };
  const score = scoring && anyCaptured ? computeScore(scoring, scoreInput) : { total: null, structural: null, aesthetic: null, components: {} };
  const errors = [...(scoringError ? [scoringError] : []), ...capture.errors, ...checks.errors, ...parity.errors, ...judge.errors];
  const verdict = decide({ findings, errors, gate: spec.gate, score: score.total });
  const reported = findings.map((f) => stamped(spec.gate, f));
  const j = a.judge.value;
  const firstRecord = a.units.find((u) => u.record.value)?.record.value;
  return {
    name: spec.name,
    file: spec.file,
    url: spec.url ?? firstRecord?.finalUrl ?? firstRecord?.url ?? null,
    status: verdict.status,
    score: score.total,
    scoringVersion: scoring?.version ?? null,
    scores: { structural: score.structural, aesthetic: score.aesthetic, components: score.components, ...(scoring ? { measures: groupMeasures(scoring, score.components) } : {}) },
    a11yDebt: debtSummary(checkFindings, scoring && anyCaptured ? () => scoreCountingDebt(scoring, scoreInput).total : () => null),
    reasons: verdict.reasons,
    warnings: verdict.warnings,
    otherReasons: verdict.other,
    notes: [...uncheckedNotes(spec, j), ...viewportNotes(spec), ...engineNotes(spec), ...storybookNotes(spec), ...unmatchedNotes(spec, a.units), ...(a.checks.value ?? []).flatMap((r) => (Array.isArray(r.notes) ? r.notes.filter((n) => typeof n === 'string') : []))],
    gate: { minScore: spec.gate.minScore, warn: [...spec.gate.warn] },
    units: [...a.units.map((u) => unitReport(run, spec, u, a, reported)), ...a.sweeps.map((sw) => sweepUnit(spec, sw, reported))],
    findings: reported,
    checks: (a.checks.value ?? []).map((r) => ({ id: r.check, status: r.status, error: r.error ?? null })),
    stages: { capture: capture.stage, checks: checks.stage, parity: parity.stage, judge: judge.stage },
    judge: judgeActive && j ? {
      status: j.status, reason: j.reason ?? null, model: j.model ?? null, cache: j.cache ?? null, requests: j.requests ?? null,
      bytesSent: j.bytesSent ?? null, tokens: j.tokens ?? null, imagesSent: j.imagesSent ?? null, calibration: j.calibration ?? null,
    } : null,
    // what the run compared against, so verify can tell when a baseline was replaced since
    baselines: asDigest(a.parity.value?.baselines),
  };
}

/** Accepted accessibility debt left in this run (null: none recorded or left): counted apart from
 *  the score the gate compares, with the score as if it still cost points. */
function debtSummary(findings: Finding[], counting: () => number | null): SpecReport['a11yDebt'] {
  const debt = (f: Finding, key: 'known' | 'fixed') => Number((f.evidence as any)?.debt?.[key]) || 0;
  const known = findings.filter((f) => f.effect === 'known-debt');
  const fixed = findings.filter((f) => f.effect === 'fixed');
  if (!known.length && !fixed.length) return null;
  return { known: known.reduce((n, f) => n + debt(f, 'known'), 0), findings: known.length, fixed: fixed.reduce((n, f) => n + debt(f, 'fixed'), 0), scoreCountingDebt: counting() };
}

/** A judge that did not run for want of credentials leaves its part unchecked: say what. */
function uncheckedNotes(spec: SpecPlan, j: { status?: string; reason?: string | null } | null | undefined): string[] {
  if (!spec.judge || spec.judge.mode === 'off' || j?.status !== 'skipped' || !/no credentials/.test(j.reason ?? '')) return [];
  const plain = (spec.brief?.mustShow ?? []).filter((m) => m.kind === 'plain').map((m) => `"${m.item}"`);
  const what = [plain.length ? `${plain.length} must-show item(s) in plain words (${plain.join(', ')})` : '', 'the judge rubric'].filter(Boolean).join(' and ');
  return [`judge skipped (no OPENAI_API_KEY; judge.mode: optional): ${what} not checked`];
}

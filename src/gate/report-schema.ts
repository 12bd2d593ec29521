// report.json: one TypeBox schema is the source of the Report type and of schema/report.schema.json
// (test/gate/schema.test.ts fails when the committed file drifts). Reporters read only this shape.
import { ENGINES } from '../core/engines.js';
import { Type, type Static, type TInteger, type TSchema } from '@sinclair/typebox';
import { toJsonSchema } from '../spec/schema.js';
import { BaselineDigestSchema, COMPARATORS, FindingSchema, Lits, SEVERITIES, SeveritySchema, type Finding, type Severity } from '../core/artifacts.js';

const Nullable = <T extends TSchema>(t: T, options: object = {}) => Type.Union([t, Type.Null()], options);
const Str = (description?: string) => Type.String(description ? { description } : {});
const Num = (description?: string) => Type.Number(description ? { description } : {});

/** What a finding does to the verdict, stamped by the gate (gate/policy.ts effectOf) on every
 *  finding and unit of report.json; reporters render it and never decide it again. */
export const EFFECTS = ['blocker', 'warn-only', 'known-debt', 'fixed'] as const;
export type Effect = (typeof EFFECTS)[number];
const EffectSchema = Type.Unsafe<Effect>({ type: 'string', enum: [...EFFECTS], description: 'why the finding fails or not: blocker (counts against the gate: its severity is not in gate.warn — blockers always count), warn-only (its severity is in gate.warn: a warning), known-debt (an accessibility violation accepted as debt when its baseline was approved), fixed (recorded debt that is gone)' });
const FailsSchema = Type.Boolean({ description: 'true when this counts against the gate (the spec fails because of it)' });

/** A finding as report.json carries it: the stage's finding, stamped with its effect. */
export const ReportFindingSchema = Type.Object({ ...FindingSchema.properties, fails: FailsSchema, effect: EffectSchema }, { additionalProperties: true });

const StageStatus = Type.Union([Type.Literal('ok'), Type.Literal('error'), Type.Literal('skipped'), Type.Literal('not-run')]);
const Stage = Type.Object({ status: StageStatus, reason: Nullable(Str()), ms: Nullable(Num()) }, { additionalProperties: false });

export const UnitSchema = Type.Object({
  state: Str(),
  viewport: Str('the viewport id: the viewport name in Chromium, "<name>.<engine>" in another engine (its files carry it too)'),
  engine: Type.Optional(Lits(...ENGINES)),
  story: Type.Optional(Type.Object({ id: Str(), title: Str(), name: Str() }, { additionalProperties: false, description: 'the Storybook story this unit captured (a storybook spec; the state is its id)' })),
  stress: Type.Optional(Type.Object({ variant: Str(), of: Str('the plain state it stresses: its unit at the same viewport is shown beside this one'), criterion: Nullable(Str('the WCAG success criterion')) }, { additionalProperties: false, description: 'a stress unit (spec stress:, docs/checks/stress/)' })),
  status: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('error')]),
  viewportSize: Nullable(Type.Object({ width: Num(), height: Num(), deviceScaleFactor: Num() })),
  image: Nullable(Type.Object({ width: Num(), height: Num() }, { description: 'device px' })),
  files: Type.Object({
    capture: Nullable(Str()),
    record: Nullable(Str()),
    axe: Nullable(Str()),
    diff: Type.Optional(Str()),
    baseline: Type.Optional(Str()),
    trace: Type.Optional(Str()),
    failure: Type.Optional(Str('screenshot taken when a step or navigation failed')),
    flakeMap: Type.Optional(Str('flake map of a capture that never settled: the pixels that changed over the shots, to lay over the capture')),
    structureDiff: Type.Optional(Str('every structure change of the capture against its baseline (structure-diff.schema.json); present when structure was compared')),
  }, { additionalProperties: false, description: 'relative to the run folder; null when missing' }),
  ms: Nullable(Num('capture time of the unit (record timings.total); null without a record')),
  timings: Nullable(Type.Object({
    capture: Num('the whole capture of the unit (record timings.total)'),
    context: Nullable(Num('opening the browser context and page')),
    navigate: Num(), settle: Num(), steps: Num('all steps together'), measure: Num(),
    screenshot: Num('the first screenshot'),
    stability: Nullable(Num('the stability shots after the first and their comparisons')),
    axe: Num(), aria: Nullable(Num('the snapshots taken before the image: the ARIA snapshot, the structure snapshot and the CSS record')),
    css: Type.Optional(Nullable(Num('of aria: the CSS record (computed values and the rules that set them); null when none was taken'))),
    write: Nullable(Num('writing the screenshot and axe results')),
    close: Nullable(Num('closing the context')),
    checks: Nullable(Num('the spec\'s deterministic checks (checks.json, loading the records included), shared evenly among its units')),
    parity: Nullable(Num('comparing this unit with its baseline (parity.json); null when not compared')),
  }, { additionalProperties: false, description: 'milliseconds per phase; null for a phase the record predates or that did not run' })),
  parity: Nullable(Str('parity outcome from parity.json (identical, within-tolerance, changed, baseline-written, …); null when not compared')),
  comparators: Type.Optional(Type.Array(Lits(...COMPARATORS), { description: 'the parity comparators that ran on this unit (parity.json units[].comparators): pixels or design-export, chosen by the baseline\'s provenance, then layout and structure when they compared; empty when none could (no capture, no usable baseline); absent when the unit has no parity result or its parity.json predates this field' })),
  sweep: Type.Optional(Type.Object({
    from: Num(), to: Num(), step: Num(), height: Num(),
    measured: Num('widths measured'), breakpoints: Type.Array(Num(), { description: 'the page\'s query breakpoints in the range' }),
    ranges: Type.Array(Type.Object({ kind: Str(), severity: SeveritySchema, from: Num(), to: Num(), worst: Num(), screenshot: Nullable(Str('relative to the run folder')) }, { additionalProperties: false })),
    error: Nullable(Str('why the sweep did not finish, or a width could not be measured')),
    timings: Type.Object({ total: Num(), open: Num(), measure: Num(), screenshots: Num() }, { additionalProperties: false }),
  }, { additionalProperties: false, description: 'a width sweep unit (viewport "sweep"): the range swept and the failing ranges found, for the sweep strip' })),
  layoutShift: Type.Optional(Type.Object({
    score: Num('Chrome\'s session-window CLS of the shifts a user sees, from navigation through settling and after each step'),
    shifts: Num('shifts counted'), excluded: Num('shifts left out: within 500 ms of a step\'s input, or veval\'s own'),
  }, { additionalProperties: false, description: 'the unit\'s layout-shift score (record.layoutShift; Chromium only, absent when not observed)' })),
  fails: Type.Boolean({ description: 'true when the unit counts against the gate: a failing finding of its own, or no trustworthy capture (status fail or error)' }),
  effect: Nullable(EffectSchema, { description: 'the strongest effect among the unit\'s findings (blocker > warn-only > known-debt > fixed); null when it has none' }),
}, { additionalProperties: false });

const ScoreValue = Nullable(Type.Number({ minimum: 0, maximum: 100 }));
export const ScoresSchema = Type.Object({
  structural: ScoreValue,
  aesthetic: ScoreValue,
  components: Type.Record(Type.String(), ScoreValue, { description: 'each component 0..100; null when it does not apply' }),
  measures: Type.Optional(Type.Object({ structural: Str(), aesthetic: Str() }, { additionalProperties: false,
    description: 'what each side was made of for this spec, by what its components measure: "checks + axe", "layout parity" (no judge ran), "layout parity + judge", "nothing"' })),
}, { additionalProperties: false, description: 'structural (does the page work) and aesthetic (does it look as approved) kept apart from the total' });

const JudgeSummary = Type.Object({
  status: Str(),
  reason: Nullable(Str()),
  model: Type.Unknown({ description: 'as judge.json gives it: { requested, reported, mismatch }' }),
  cache: Type.Unknown(),
  requests: Nullable(Num()),
  bytesSent: Nullable(Num()),
  tokens: Type.Unknown(),
  imagesSent: Type.Unknown({ description: 'the images sent (names) or their count' }),
  calibration: Type.Unknown(),
}, { additionalProperties: false });

export const SpecReportSchema = Type.Object({
  name: Str(),
  file: Str(),
  url: Nullable(Str()),
  status: Type.Union([Type.Literal('pass'), Type.Literal('fail')]),
  score: ScoreValue,
  scoringVersion: Nullable(Type.Integer({ description: 'the score formula version used (a spec may pin one)' })),
  scores: ScoresSchema,
  a11yDebt: Type.Optional(Nullable(Type.Object({
    known: Type.Integer({ description: 'elements whose violations are known debt (accepted at approval), summed over the captures' }),
    findings: Type.Integer({ description: 'known-debt findings (one per rule per capture)' }),
    fixed: Type.Integer({ description: 'elements recorded as debt that no longer violate (the next approve drops them)' }),
    scoreCountingDebt: ScoreValue,
  }, { additionalProperties: false, description: 'accepted accessibility debt: how much is left, and the score if it still cost points (scoring version 1\'s rule); score is what the gate compares with minScore' }))),
  reasons: Type.Array(Str(), { description: 'why the spec fails, in words (empty when it passes)' }),
  warnings: Type.Array(Str(), { description: 'findings that pass only because their severity is in gate.warn' }),
  otherReasons: Type.Array(Str(), { description: 'the reasons (also in reasons) that no finding states: a stage that did not run or crashed, a score under gate.minScore' }),
  notes: Type.Optional(Type.Array(Str(), { description: 'what this run did not check and why (a judge skipped for want of credentials leaves its brief items and rubric unchecked)' })),
  gate: Type.Object({ minScore: Num(), warn: Type.Array(SeveritySchema) }, { additionalProperties: false }),
  units: Type.Array(UnitSchema),
  findings: Type.Array(ReportFindingSchema),
  checks: Type.Array(Type.Object({ id: Str(), status: Str(), error: Nullable(Str()) }, { additionalProperties: false })),
  stages: Type.Object({ capture: Stage, checks: Stage, parity: Stage, judge: Stage }, { additionalProperties: false }),
  judge: Nullable(JudgeSummary),
  baselines: Nullable(BaselineDigestSchema),
}, { additionalProperties: false });

export const ChecklistItemSchema = Type.Object({
  id: Str(),
  question: Str(),
  answer: Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('unknown')]),
  ok: Nullable(Type.Boolean({ description: 'true when the answer is the good one; null when unknown' })),
  detail: Str(),
  files: Type.Array(Str(), { description: 'capture files the answer rests on' }),
}, { additionalProperties: false });

const Reused = (what: string) => Type.Object({ reused: Type.Integer(), of: Type.Integer(), why: Str(what) }, { additionalProperties: false });
/** What this run took from earlier work, and why that is safe (issue 26: an unchanged rerun reuses
 *  only what cannot differ). The `why` texts are the policy, in one place: REUSE_WHY. */
export const ReuseSchema = Type.Object({
  captures: Reused('captures are never reused: every unit was captured in this run'),
  parity: Reused('units whose capture equals its approved baseline byte for byte, found identical without decoding either image (of the units compared)'),
  judge: Reused('judge verdicts answered from the content-keyed cache (of the specs judged)'),
}, { additionalProperties: false, description: 'what the run reused from earlier work, and why that is safe' });

export const ReportSchema = Type.Object({
  schemaVersion: Type.Literal(1),
  tool: Type.Object({ name: Type.Literal('veval'), version: Str() }, { additionalProperties: false }),
  runId: Str(),
  argv: Type.Optional(Type.Array(Str())),
  scoring: Type.Object({ version: Type.Integer(), weights: Type.Record(Type.String(), Num()), hash: Str() }, { additionalProperties: false }),
  git: Type.Object({ sha: Nullable(Str()), treeHash: Nullable(Str()) }, { additionalProperties: false }),
  environment: Type.Unknown({ description: 'the browser build and flavour, fonts and platform every capture of the run shares (each record has its own, with its device scale factor); null when the captures differ or none was made' }),
  status: Type.Union([Type.Literal('pass'), Type.Literal('fail')]),
  exitCode: Type.Union([Type.Literal(0), Type.Literal(1)]),
  startedAt: Str(),
  finishedAt: Str(),
  durationMs: Num(),
  incomplete: Type.Boolean(),
  reasons: Type.Array(Str(), { description: 'run-wide reasons for failing (interrupted run, missing run.json)' }),
  specs: Type.Array(SpecReportSchema),
  totals: Type.Object({
    specs: Type.Integer(), passed: Type.Integer(), failed: Type.Integer(),
    units: Type.Integer(), unitsFailed: Type.Integer(),
    findings: Type.Object(Object.fromEntries(SEVERITIES.map((s) => [s, Type.Integer()])) as Record<Severity, TInteger>, { additionalProperties: false,
      description: 'findings by severity, accepted accessibility debt (effect known-debt) left out: it is knownDebt' }),
    knownDebt: Type.Optional(Type.Integer({ description: 'findings that are accessibility debt accepted at approval (effect known-debt): reported, never failing' })),
  }, { additionalProperties: false }),
  checklist: Type.Array(ChecklistItemSchema),
  reuse: Type.Optional(ReuseSchema),
}, { additionalProperties: false, title: 'veval report', description: 'report.json: the result of one veval run' });

export type Report = Static<typeof ReportSchema>;
export type Reuse = Static<typeof ReuseSchema>;
export type SpecReport = Static<typeof SpecReportSchema>;
export type UnitReport = Static<typeof UnitSchema>;
export type ChecklistItem = Static<typeof ChecklistItemSchema>;
export type ReportFinding = Omit<Finding, 'effect'> & { fails: boolean; effect: Effect };
export type Scores = Static<typeof ScoresSchema>;

export const reportJsonSchema = (): object => toJsonSchema(ReportSchema, 'https://veval.dev/schema/report.schema.json');

// The artifacts the stages after capture write: checks.json, parity.json, layout-diff.json, the
// design region boxes, judge.json and run.json (the capture's own are in core/artifacts.ts, which
// re-exports these, so readers import every artifact from there).
import { Type, type Static } from '@sinclair/typebox';
import { BoxSchema, FindingSchema, Lits, Nullable, Num, SeveritySchema, Size, Str, type Finding } from './artifact-parts.js';

// ---- checks.json ----

/** One check's outcome for one spec. `error`: the check could not decide — fails closed. */
export const CheckResultSchema = Type.Object({
  check: Str(),
  status: Lits('pass', 'fail', 'error', 'skipped'),
  findings: Type.Array(FindingSchema),
  error: Nullable(Str()),
  ms: Num(),
  notes: Type.Optional(Type.Array(Str(), { description: 'what the check did not check and why, one line each (absent when nothing was left out)' })),
});
export type CheckResult = Omit<Static<typeof CheckResultSchema>, 'findings'> & { findings: Finding[] };
export const ChecksFileSchema = Type.Array(CheckResultSchema, { title: 'veval checks', description: '<spec>/checks.json: every check\'s outcome for one spec' });

export type StageStatus = 'ok' | 'error' | 'skipped' | 'not-run';

// ---- parity.json ----

export const ClusterSchema = Type.Object({
  box: BoxSchema,
  pixels: Num('changed pixels in it'),
  device: Type.Tuple([Num(), Num(), Num(), Num()], { description: 'device px [x0, y0, x1, y1)' }),
});
export type Cluster = Static<typeof ClusterSchema>;
export const RegionCountSchema = Type.Object({ name: Str(), changed: Num(), pixels: Num(), ratio: Num(), box: Nullable(BoxSchema) });
export type RegionCount = Static<typeof RegionCountSchema>;

/** The kinds of departure from a design export, each with its own threshold under parity.design. */
export const DESIGN_DEPARTURES = ['moved', 'resized', 'missing', 'restyled', 'content'] as const;

/** The parity comparators (parity/compare/): the image is compared by pixels, or perceptually against
 *  an imported design export (by the baseline's provenance); layout and structure beside it. */
export const COMPARATORS = ['pixels', 'design-export', 'layout', 'structure'] as const;
export type ComparatorId = (typeof COMPARATORS)[number];

export const ParityOutcomeSchema = Lits(
  'identical', 'within-tolerance', 'changed', 'no-baseline', 'size-changed',
  'unreadable-baseline', 'missing-capture', 'unreadable-capture', 'env-mismatch', 'image-too-large',
  'baseline-written', 'error', 'design-match', 'design-departs',
  // no capture to compare: the capture stage already fails the unit for it (missing-capture: reports from before)
  'skipped');
export type ParityOutcome = Static<typeof ParityOutcomeSchema>;

export const ParityUnitSchema = Type.Object({
  state: Str(),
  viewport: Str(),
  outcome: ParityOutcomeSchema,
  comparators: Type.Optional(Type.Array(Lits(...COMPARATORS), { description: 'the comparators that ran on this unit, in this order: pixels or design-export (chosen by the baseline\'s provenance), then layout and structure when they compared; empty when none could (no capture, no usable baseline); absent in parity.json from before it was recorded' })),
  capture: Nullable(Str('run-relative file compared')),
  baseline: Nullable(Str('project-relative baseline file')),
  changedPixels: Nullable(Num()),
  ratio: Nullable(Num('changed / compared (unmasked) pixels')),
  size: Nullable(Type.Object({ baseline: Nullable(Size), current: Nullable(Size) })),
  regions: Type.Array(Type.Intersect([RegionCountSchema, Type.Object({ tolerance: Nullable(Num()), exceeded: Type.Boolean() })])),
  clusters: Type.Array(ClusterSchema, { description: 'largest first, at most MAX_CLUSTERS' }),
  clusterCount: Num(),
  diff: Nullable(Str('run-relative diff PNG, only when pixels differ')),
  message: Str('one line: what happened'),
  ms: Num(),
  design: Type.Optional(Type.Object({
    source: Str('the design export the baseline was imported from, as given to approve --from-image'),
    boxes: Type.Boolean({ description: 'region boxes came with the export: layout compared box against box' }),
    scale: Num('CSS px of the capture per px of the export file'),
    exportSize: Size,
    captureSize: Size,
    minScore: Num(),
    tolerancePx: Num(),
    maxSizeRatio: Type.Optional(Num('resized beyond this ratio departs (absent in parity.json from before issue 37)')),
    maxDeltaE: Type.Optional(Num('restyled beyond this mean ΔE2000 departs (absent in parity.json from before issue 37)')),
    regions: Type.Array(Type.Object({
      name: Str(),
      score: Nullable(Num('content: perceptual similarity 0..1 (SSIM of luma where the export has it); null: not scored')),
      box: Nullable(BoxSchema),
      exportBox: Nullable(BoxSchema, { description: 'where the export has it (CSS px of the export scaled to the capture width): found by searching the export, or its region box' }),
      located: Type.Optional(Type.Boolean({ description: 'true: found by searching the whole export (no region boxes)' })),
      match: Type.Optional(Nullable(Num('how well its corners match at the place found (normalised cross-correlation, -1..1); null with region boxes or a blank region'))),
      shift: Nullable(Type.Object({ dx: Num(), dy: Num() }, { description: 'how far the export\'s crop was moved to match best' })),
      offset: Nullable(Type.Object({ dx: Num(), dy: Num(), dw: Num(), dh: Num() }, { description: 'capture box minus the export\'s box' })),
      sizeRatio: Type.Optional(Nullable(Type.Object({ width: Num(), height: Num() }, { description: 'capture size / export size per axis' }))),
      deltaE: Type.Optional(Nullable(Num('mean CIE ΔE2000 between the capture\'s box and the export\'s'))),
      kinds: Type.Optional(Type.Array(Lits(...DESIGN_DEPARTURES), { description: 'the kinds of departure found' })),
      departs: Type.Boolean(),
      why: Type.Array(Str()),
    })),
  }, { description: 'only against a design-export baseline: the per-region perceptual comparison' })),
});
export type ParityUnit = Static<typeof ParityUnitSchema>;

const Sha = (description: string) => Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()], { description });
export const BaselineDigestSchema = Type.Object({
  manifest: Str('project-relative baselines/<spec>/manifest.json'),
  units: Type.Array(Type.Object({
    state: Str(),
    viewport: Str(),
    file: Str('project-relative baseline PNG'),
    sha256: Sha('sha256 of the baseline PNG as compared; null when there was none'),
    entry: Sha('sha256 of the unit\'s manifest entry; null when none'),
    capture: Sha('sha256 of the capture this run compared; null when none'),
  }, { additionalProperties: false })),
  written: Type.Array(Str(), { description: 'baseline files this run wrote (run --update-baselines)' }),
}, { additionalProperties: false, description: 'the baselines this run compared against; verify refuses the report once they change on disk' });
export type BaselineDigest = Static<typeof BaselineDigestSchema>;
export type BaselineDigestUnit = BaselineDigest['units'][number];

export const ParityResultSchema = Type.Object({
  status: Lits('pass', 'fail', 'error', 'skipped'),
  findings: Type.Array(FindingSchema),
  units: Type.Array(ParityUnitSchema),
  ms: Num(),
  notes: Type.Array(Str()),
  reason: Type.Optional(Str()),
  baselines: Type.Optional(Nullable(BaselineDigestSchema, { description: 'the baselines compared (and written) by this run; null when parity could not run; absent in files from before it was recorded' })),
}, { title: 'veval parity', description: '<spec>/parity.json: the comparison with the approved baselines' });
export type ParityResult = Omit<Static<typeof ParityResultSchema>, 'findings'> & { findings: Finding[] };

// ---- layout-diff.json ----

export const LayoutDiffSchema = Type.Object({
  version: Type.Literal(1),
  spec: Str(),
  tolerancePx: Num(),
  units: Type.Array(Type.Object({
    state: Str(),
    viewport: Str(),
    compared: Type.Boolean({ description: 'false: no baseline entry or no current record' }),
    reason: Nullable(Str()),
    boxes: Type.Array(Type.Object({
      kind: Lits('region', 'required'),
      name: Str(),
      baseline: Nullable(BoxSchema),
      current: Nullable(BoxSchema),
      change: Lits('same', 'moved', 'resized', 'moved+resized', 'added', 'removed'),
      dx: Num(), dy: Num(), dw: Num(), dh: Num(),
    })),
    spacing: Type.Array(Type.Object({ a: Str(), b: Str(), axis: Lits('x', 'y'), baseline: Num(), current: Num(), delta: Num() })),
  })),
}, { title: 'veval layout diff', description: '<spec>/layout-diff.json: how region and required boxes moved against the baselines' });
export type LayoutDiff = Static<typeof LayoutDiffSchema>;
export type LayoutUnitDiff = LayoutDiff['units'][number];
export type LayoutChange = LayoutUnitDiff['boxes'][number];
export type SpacingChange = LayoutUnitDiff['spacing'][number];

// ---- design region boxes: <export>.boxes.json, written by a designer or a design-tool plugin ----

const DesignBoxSchema = Type.Object({
  x: Type.Number({ description: 'left edge, in frame units (px of the design frame at 1×)' }),
  y: Type.Number({ description: 'top edge, in frame units' }),
  width: Type.Number({ exclusiveMinimum: 0 }),
  height: Type.Number({ exclusiveMinimum: 0 }),
}, { additionalProperties: false });
export const DesignBoxesSchema = Type.Object({
  $schema: Type.Optional(Str()),
  version: Type.Literal(1),
  frame: Type.Optional(Type.Object({
    width: Type.Number({ exclusiveMinimum: 0, description: 'the exported frame\'s width in the units of the boxes (the PNG may be exported at 2× or 3× of it)' }),
    height: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  }, { additionalProperties: false, description: 'default: the PNG\'s own size (boxes in its pixels)' })),
  regions: Type.Record(Type.String({ minLength: 1 }), DesignBoxSchema, { description: 'named boxes; each name is a region declared in the spec (regions:)' }),
}, { additionalProperties: false, title: 'veval design region boxes',
  description: 'named boxes of a design export (veval approve --from-image … --boxes file): where each region of the spec lies in the design' });
export type DesignBoxes = Static<typeof DesignBoxesSchema>;

// ---- judge.json ----

export const DroppedFindingSchema = Type.Object({ reason: Lits('praise', 'redesign'), severity: SeveritySchema, issue: Str(), fix: Str() });
export type DroppedFinding = Static<typeof DroppedFindingSchema>;

/** One checklist item (a rubric item, R1…, or a plain-words must-show item, M1…) with the judge's answer. */
export const JudgeItemSchema = Type.Object({
  id: Str(),
  source: Lits('rubric', 'must-show'),
  text: Str(),
  answered: Type.Boolean(),
  met: Nullable(Type.Boolean()),
  verified: Type.Boolean({ description: 'answered, met, and its evidence checks out against the inputs' }),
  evidence: Nullable(Type.Object({ file: Str(), region: Nullable(Str()), quote: Nullable(Str()) })),
  unverified: Nullable(Str('why the item does not count as shown')),
});
export type JudgeItemAnswer = Static<typeof JudgeItemSchema>;

export const JudgeResultSchema = Type.Object({
  status: Lits('pass', 'fail', 'FAIL_EVIDENCE', 'error', 'skipped'),
  reason: Nullable(Str()),
  findings: Type.Array(FindingSchema),
  model: Nullable(Type.Object({ requested: Str(), reported: Nullable(Str()), mismatch: Type.Boolean() })),
  cache: Nullable(Lits('hit', 'miss', 'bypass')),
  requests: Num(),
  bytesSent: Num(),
  tokens: Nullable(Type.Object({ prompt: Num(), completion: Num() })),
  imagesSent: Type.Array(Str()),
  dropped: Type.Object({ praise: Num(), redesign: Num() }),
  droppedFindings: Type.Optional(Type.Array(DroppedFindingSchema, { description: 'polish findings left out as praise or redesign, kept so a reader can disagree (absent in files from before they were kept)' })),
  items: Type.Optional(Type.Array(JudgeItemSchema, { description: 'the checklist a pass must answer with verified evidence (absent in files from before it existed)' })),
  calibration: Type.Object({ status: Lits('calibrated', 'uncalibrated', 'none'), model: Nullable(Str()), date: Nullable(Str()), agreement: Nullable(Num()) }),
  ms: Num(),
}, { title: 'veval judge', description: '<spec>/judge.json: the model judge\'s verdict, checked against the evidence' });
export type JudgeResult = Omit<Static<typeof JudgeResultSchema>, 'findings'> & { findings: Finding[] };

// ---- run.json ----

/**
 * running: a process works on it (pid) · captured: `veval capture` finished; check, judge and gate
 * continue it · completed: its gate wrote report.json (the only state `latest`, `verify` and
 * `approve` accept) · interrupted: stopped by a signal (partial report, marked incomplete) ·
 * failed-to-start: the app server or browser never came up · failed: an error stopped it.
 */
export const RunStateSchema = Lits('running', 'captured', 'completed', 'interrupted', 'failed-to-start', 'failed');
export type RunState = Static<typeof RunStateSchema>;

export const SelectionSchema = Type.Object({
  args: Type.Array(Str(), { description: 'spec arguments as given (empty: every spec)' }),
  grep: Nullable(Str()),
  viewport: Nullable(Type.Array(Str())),
  shard: Nullable(Str()),
  changed: Nullable(Str()),
  specs: Type.Array(Str(), { description: 'the specs the selection kept' }),
});
export type Selection = Static<typeof SelectionSchema>;

export const TreeChangeSchema = Type.Object({ treeHash: Str(), changed: Type.Array(Str()), added: Type.Array(Str()), removed: Type.Array(Str()) });
export type TreeChange = Static<typeof TreeChangeSchema>;

export const RunInfoSchema = Type.Object({
  version: Type.Literal(1),
  runId: Str(),
  startedBy: Lits('run', 'capture', 'merge'),
  state: RunStateSchema,
  pid: Nullable(Num()),
  host: Str(),
  gitSha: Nullable(Str()),
  treeHash: Str(),
  dirty: Type.Boolean(),
  startedAt: Str(),
  finishedAt: Nullable(Str()),
  toolVersion: Str(),
  argv: Type.Array(Str()),
  files: Type.Record(Type.String(), Type.String(), { description: 'tree manifest at the start (path → content hash): what `verify` compares against' }),
  shard: Nullable(Str()),
  selection: SelectionSchema,
  treeAtEnd: Nullable(TreeChangeSchema, { description: 'the working tree at the end of the run, when it differed from the start (a growing log file)' }),
  error: Nullable(Str()),
}, { title: 'veval run', description: 'runs/<id>/run.json: what a run was made from (commit, tree), what it selected, and its state' });
export type RunInfo = Static<typeof RunInfoSchema>;

// ---- <spec>/<state>-<viewport>.structure-diff.json: every structure change of one unit (parity) ----

/** What a structure change is (docs/structure.md): tree changes, a wrapper around unchanged content, a required element's role or name. */
export const STRUCTURE_CHANGE_KINDS = ['added', 'removed', 'renamed', 'role-changed', 'text-changed', 'state-changed',
  'wrapper-added', 'wrapper-removed', 'wrapper-changed', 'required-changed', 'role-gone', 'name-gone'] as const;
export const StructureDiffSchema = Type.Object({
  version: Type.Literal(1),
  spec: Str(), state: Str(), viewport: Str(),
  baseline: Str('the approved snapshot compared with (project-relative)'),
  structure: Str('the capture\'s snapshot (run-relative)'),
  changes: Type.Array(Type.Object({
    group: Type.String({ pattern: '^[0-9a-f]{16}$', description: 'the same change in every capture that has it (the findings\' `group`), across units and specs' }),
    kind: Lits(...STRUCTURE_CHANGE_KINDS),
    severity: SeveritySchema,
    finding: Type.Boolean({ description: 'false: one of the changes beyond the 10 findings per unit, summed up in their "more" finding' }),
    regions: Type.Array(Str(), { description: 'where it was heard: region "name" or "the page"; a required element\'s "required \\"name\\""' }),
    within: Nullable(Str('the path of ancestors (as heard) in the capture, or in the baseline for a removal')),
    before: Nullable(Str('as it read in the baseline: role "name" [flags]: "text"')),
    after: Nullable(Str('as it reads now')),
    also: Type.Array(Str(), { description: 'the same change heard elsewhere in this capture (a label\'s text and the name it gives its field)' }),
    selector: Nullable(Str('a required element\'s selector')),
    box: Nullable(BoxSchema),
  })),
}, { title: 'veval structure diff', description: '<spec>/<state>-<viewport>.structure-diff.json: every structure change of one unit against its baseline, in finding order; written whenever the structure was compared (an empty list: none)' });
export type StructureDiff = Static<typeof StructureDiffSchema>;

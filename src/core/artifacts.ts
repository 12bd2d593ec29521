// The shapes written to disk between stages. Stages share nothing else: a check reads a
// CaptureRecord, never the browser; the gate reads results, never a check's code.
// Schema-first, like the spec: each artifact's TypeBox schema here is the one source of its
// TypeScript type, of the validator every reader runs on what it reads (artifact-read.ts, compiled
// ahead of time into generated/artifact-validators.js) and of schema/<artifact>.schema.json.
// Objects stay open (a newer writer may add fields); what a reader relies on is required.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(t: T, options: object = {}) => Type.Union([t, Type.Null()], options);
const Str = (description?: string) => Type.String(description ? { description } : {});
const Num = (description?: string) => Type.Number(description ? { description } : {});
/** A closed list of strings, e.g. Lits('pass', 'fail'): one `enum` (small validator code, plain JSON Schema). */
const Lits = <const T extends readonly string[]>(...values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** The severity list, written once: most severe first. */
export const SeveritySchema = Lits('blocker', 'important', 'polish');
export type Severity = Static<typeof SeveritySchema>;
export const SEVERITIES: readonly Severity[] = SeveritySchema.enum as Severity[];

/** A rectangle in CSS pixels, document coordinates (origin = top-left of the page). */
export const BoxSchema = Type.Object({ x: Num(), y: Num(), width: Num(), height: Num() }, { description: 'CSS px, document coordinates' });
export type Box = Static<typeof BoxSchema>;
const Size = Type.Object({ width: Num(), height: Num() });

// ---- findings (checks.json, parity.json, judge.json, report.json) ----

/** Evidence a finding rests on: always the capture file, plus the element or quoted text. */
export const EvidenceSchema = Type.Object({
  file: Nullable(Str('capture file the finding rests on, relative to the run folder')),
  selector: Type.Optional(Str()),
  box: Type.Optional(Nullable(BoxSchema)),
  text: Type.Optional(Str()),
  label: Type.Optional(Str('what the box outlines when the selector alone would mislead (a check\'s meta.label; the gate writes it into report.json)')),
}, { additionalProperties: true });
export type Evidence = Static<typeof EvidenceSchema> & { [k: string]: unknown };

export const FindingSchema = Type.Object({
  check: Str('check id, or capture | parity | judge | guard'),
  severity: SeveritySchema,
  viewport: Nullable(Str('set when the finding concerns one capture; null when spec-wide')),
  state: Nullable(Str()),
  message: Str(),
  evidence: EvidenceSchema,
  rule: Type.Optional(Str('axe rule id')),
  impact: Type.Optional(Str('axe impact')),
  effect: Type.Optional(Type.Union([Type.Literal('known-debt'), Type.Literal('fixed')], { description: 'set when the finding does not count against the gate: known-debt (an accessibility violation recorded as debt when its baseline was approved; reported, never failing) or fixed (recorded debt that is gone; the next approve drops it)' })),
  group: Type.Optional(Type.String({ pattern: '^[0-9a-f]{16}$', description: 'the same problem (check + what was seen) in several captures is one finding per unit, each with this key: list one unit\'s findings by viewport and state, show a problem once by group' })),
}, { additionalProperties: true });
export type Finding = Omit<Static<typeof FindingSchema>, 'evidence'> & { evidence: Evidence };

// ---- capture record: <spec>/<state>-<viewport>.json ----

export const ViewportSpecSchema = Type.Object({
  name: Str(), width: Num(), height: Num(), deviceScaleFactor: Num(), isMobile: Type.Boolean(), hasTouch: Type.Boolean(),
  colorScheme: Lits('light', 'dark', 'no-preference'),
});
export type ViewportSpec = Static<typeof ViewportSpecSchema>;

/** What made a capture: compared across baselines so that cross-environment diffs are refused. */
export const EnvFingerprintSchema = Type.Object({
  browserName: Str('"chromium"'),
  browserVersion: Str(),
  flavour: Lits('headless-shell', 'chromium', 'chrome', 'playwright', 'remote', 'unknown'),
  executablePath: Nullable(Str()),
  fonts: Type.Array(Str(), { description: 'sorted font files/families visible to the browser' }),
  fontsHash: Str(),
  fontConfigHash: Type.Optional(Str('sha256 of veval\'s private fonts.conf (which font each generic family resolves to); "remote" for a remote browser; absent in records made before the aliases were fingerprinted')),
  deviceScaleFactor: Num(),
  platform: Str('process.platform-arch'),
  playwrightVersion: Str(),
});
export type EnvFingerprint = Static<typeof EnvFingerprintSchema>;

/** Why a capture unit could not produce trustworthy evidence. Each becomes a `capture` finding. */
export const CaptureErrorReasonSchema = Lits(
  'navigation-timeout', 'connection-refused', 'dns-failure', 'navigation-failed',
  'step-failed', 'renderer-crash', 'browser-closed', 'write-failed', 'screenshot-failed',
  'measure-failed', 'interrupted', 'internal');
export type CaptureErrorReason = Static<typeof CaptureErrorReasonSchema>;

export const CaptureErrorSchema = Type.Object({
  reason: CaptureErrorReasonSchema,
  message: Str(),
  step: Type.Optional(Type.Object({ index: Num(), action: Str(), selector: Type.Optional(Str()), timeout: Type.Optional(Num()) })),
});
export type CaptureError = Static<typeof CaptureErrorSchema>;

const ElementRefProps = { selector: Str(), box: Nullable(BoxSchema) };
export type ElementRef = { selector: string; box: Box | null };

/** A frame chain (CSS selectors of the frame elements, outermost first), as a spec's `frame:` names it. */
const FrameChain = (description: string) => Type.Optional(Type.Array(Str(), { description }));

/** Why a frame a spec entry names could not be looked into (capture says so; the entry fails). */
export const FrameProblemSchema = Type.Object({
  frame: Str('the selector of the frame element that failed (one link of the chain)'),
  reason: Lits('missing', 'not-a-frame', 'cross-origin'),
  message: Str('one human sentence'),
}, { description: 'the frame is not on the page, is not an iframe/frame, or is of another origin (or sandboxed): veval cannot look inside it' });
export type FrameProblem = Static<typeof FrameProblemSchema>;

/** Visibility as a user sees it (contract: "Visible"). Computed in the page during capture. */
export const VisibilityVerdictSchema = Type.Object({
  present: Type.Boolean(),
  count: Num('matching elements'),
  displayed: Type.Boolean({ description: 'not display:none / visibility:hidden / content-visibility' }),
  nonZeroSize: Type.Boolean(),
  opacity: Num('effective (product over ancestors)'),
  box: Nullable(BoxSchema),
  offscreenX: Num('horizontal position relative to the viewport: 0 inside, else how far out (px, negative = left)'),
  reachable: Type.Boolean({ description: 'some reachable scroll position brings the whole element vertically inside the viewport' }),
  clippedBy: Nullable(Type.Object({ ...ElementRefProps, hiddenPx: Num(), frame: FrameChain('the clipping element is inside this frame (absent: in the top page)') })),
  coveredBy: Nullable(Type.Object({
    ...ElementRefProps, coveredPx: Num(), coveredBox: Nullable(BoxSchema),
    frame: FrameChain('the cover is inside this frame (absent: in the top page)'),
    backdrop: Type.Optional(Type.Boolean({ description: 'hidden by the ::backdrop of this modal dialog' })),
    invisible: Type.Optional(Type.Boolean({ description: 'the cover paints nothing over it (opacity 0, or the pixels do not change without it), yet it takes the clicks' })),
  })),
  visibleFraction: Num('share of sample points inside the box that a user sees at the best scroll position (0..1)'),
  level: Lits('full', 'partial', 'none'),
  reason: Str('one human sentence: why not fully visible ("" when fully visible)'),
});
export type VisibilityVerdict = Static<typeof VisibilityVerdictSchema>;

export const RequiredCheckResultSchema = Type.Object({
  name: Str(),
  selector: Nullable(Str()),
  text: Nullable(Str('as written in the spec (substring or /regex/flags)')),
  within: Nullable(Str()),
  visible: Lits('full', 'partial', 'present'),
  source: Lits('spec', 'state', 'brief'),
  matchedSelector: Nullable(Str('for text entries: the element whose text matched')),
  matchedText: Nullable(Str()),
  frame: FrameChain('the element is inside this same-origin frame; its boxes are in top-page coordinates'),
  frameProblem: Type.Optional(FrameProblemSchema),
  verdict: VisibilityVerdictSchema,
});
export type RequiredCheckResult = Static<typeof RequiredCheckResultSchema>;

export const InteractiveSchema = Type.Object({
  checked: Num('interactive elements measured (at most `limit`)'),
  total: Num('interactive elements a user is meant to see now (rendered, not the visually-hidden idiom, not a focus-only skip link, not parked in a closed container)'),
  limit: Num(),
  hidden: Type.Array(Type.Object({
    selector: Str(), role: Str('ARIA role, else the tag (input[type=…])'), name: Str('its label as shown, ≤ 80 characters'),
    verdict: VisibilityVerdictSchema,
  }), { description: 'the measured elements that are not fully visible (covered, clipped, off-screen)' }),
  actions: Type.Array(Type.Object({ selector: Str(), name: Str() }), { description: 'fully visible named buttons outside navigation, header and footer (at most 5): a starting spec\'s required entries' }),
  landmarks: Type.Array(Type.Object({ role: Str(), selector: Str() }), { description: 'the page\'s top-level landmarks (at most 8): a starting spec\'s regions' }),
}, { description: 'veval look: the page\'s interactive elements found without a spec, held to the visibility rules' });
export type InteractiveResult = Static<typeof InteractiveSchema>;

export const OverflowOffenderSchema = Type.Object({
  selector: Str(), box: BoxSchema, overflowPx: Num(),
  edge: Type.Optional(Type.Literal('left', { description: 'set on a right-to-left page, which overflows to the left' })),
});
export type OverflowOffender = Static<typeof OverflowOffenderSchema>;

export const ClippedTextSchema = Type.Object({
  selector: Str(),
  box: BoxSchema,
  text: Str('the text that is cut (or spills)'),
  axis: Lits('x', 'y'),
  hiddenPx: Num(),
  ellipsis: Type.Boolean(),
  spill: Type.Optional(Type.Boolean({ description: 'the text runs out of a painted box that does not clip it (absent: it is clipped)' })),
});
export type ClippedText = Static<typeof ClippedTextSchema>;

export const FLAKE_CAUSES = ['clock', 'carousel', 'video', 'caret', 'font-swap', 'ad-slot'] as const;
export type FlakeCause = typeof FLAKE_CAUSES[number];
/** One hot area of a flake map. */
function FlakeHotSchema() {
  return Type.Object({
    box: BoxSchema,
    element: Str('the element that paints it (report selector)'),
    elementBox: Nullable(BoxSchema),
    mask: Nullable(Str('the mask to add to the spec (a short selector that stays valid while the page moves); null when masking is not the fix (a web-font swap)')),
    cause: Nullable(Lits(...FLAKE_CAUSES)),
    pixels: Num('pixels that changed in it (0: a painted change the watch saw that no shot pair showed)'),
    changes: Num('most shot pairs in which one of its pixels changed'),
    detail: Str('what the page changed in it: "text", "attribute class", "transition transform" …'),
    repeated: Type.Boolean({ description: 'it kept changing (in two shot pairs or more, or in the last window); false: one change the page made once' }),
  });
}

export const StabilityResultSchema = Type.Object({
  checked: Type.Boolean({ description: 'false when checks.stability: false (one capture taken)' }),
  stable: Type.Boolean(),
  attempts: Num(),
  changedBox: Nullable(BoxSchema),
  changedRegion: Nullable(Str()),
  changedSelector: Nullable(Str()),
  shots: Type.Optional(Num('consecutive shots that agreed (absent in older records)')),
  kind: Type.Optional(Lits('pixels', 'mutation', 'animation', 'transition', 'canvas', 'video')),
  changes: Type.Optional(Type.Array(Type.Object({
    kind: Lits('pixels', 'mutation', 'animation', 'transition', 'canvas', 'video'),
    selector: Str('the element that painted the change ("" for a pixel difference alone)'),
    box: BoxSchema,
    detail: Str('e.g. "attribute class", "text", the animation name'),
  }), { description: 'the painted changes of the last unsettled interval (at most 10)' })),
  map: Type.Optional(Str('file name of the flake map next to this record (e.g. "default-mobile.flake.png"): the pixels that changed over the shots, to lay over the capture (the more often a pixel changed, the redder); set only when the capture never settled')),
  pairs: Type.Optional(Num('shot pairs the flake map counts changes over')),
  hot: Type.Optional(Type.Array(FlakeHotSchema(), { description: 'the hot areas of the flake map (largest first, at most 10), each mapped to the element that paints it, then painted changes no shot pair showed' })),
});
export type StabilityResult = Static<typeof StabilityResultSchema>;

export const CaptureRecordSchema = Type.Object({
  version: Type.Literal(1),
  spec: Str(),
  state: Str(),
  viewport: ViewportSpecSchema,
  url: Str('requested'),
  finalUrl: Nullable(Str()),
  httpStatus: Nullable(Num('null: no response at all')),
  ok: Type.Boolean({ description: 'false: error is set, evidence is incomplete' }),
  error: Nullable(CaptureErrorSchema),
  screenshot: Nullable(Str('file name next to this record, e.g. "default-mobile.png"')),
  image: Nullable(Type.Object({ width: Num(), height: Num() }, { description: 'device px' })),
  axe: Nullable(Str('file name of the axe results, e.g. "default-mobile.axe.json"')),
  axeError: Nullable(Str()),
  console: Type.Array(Type.Object({ type: Lits('error', 'pageerror'), text: Str(), location: Nullable(Str()) })),
  failedRequests: Type.Array(Type.Object({ url: Str(), status: Nullable(Num()), failure: Nullable(Str()), resourceType: Str() })),
  document: Type.Object({
    scrollWidth: Num(), scrollHeight: Num(), clientWidth: Num(), clientHeight: Num(),
    direction: Type.Optional(Lits('ltr', 'rtl')),
    title: Type.Optional(Str('the document title as the browser shows it (absent in records from before it was measured)')),
  }, { description: 'direction: the page\'s writing direction (absent in records from before it was measured: ltr)' }),
  overflow: Type.Object({ overflowPx: Num(), offenders: Type.Array(OverflowOffenderSchema) }),
  regions: Type.Record(Type.String(), Type.Object({
    selector: Str(), count: Num(), box: Nullable(BoxSchema),
    ink: Type.Optional(Nullable(BoxSchema)),
    frame: FrameChain('the region is inside this frame: its boxes are in top-page coordinates, cut to where the frame shows'),
    frameProblem: Type.Optional(FrameProblemSchema),
  }), { description: 'box: the border box; ink: what the region visibly paints (absent in records from before it was measured)' }),
  masks: Type.Array(Type.Object({
    selector: Str(), boxes: Type.Array(BoxSchema),
    frame: FrameChain('the mask is inside this frame: its boxes are in top-page coordinates, cut to where the frame shows'),
    frameProblem: Type.Optional(FrameProblemSchema),
  })),
  required: Type.Array(RequiredCheckResultSchema),
  interactive: Type.Optional(InteractiveSchema),
  clippedText: Type.Array(ClippedTextSchema),
  aria: Nullable(Str('Playwright ARIA snapshot (YAML text)')),
  structure: Type.Optional(Nullable(Str('file name of the structure snapshot (ARIA trees of the page, its regions and required elements), e.g. "default-mobile.structure.json"; null or absent: none was taken'))),
  text: Str('visible text of the page (innerText); judge evidence is checked against it'),
  stability: StabilityResultSchema,
  timings: Type.Object({
    total: Num(), navigate: Num(), steps: Type.Array(Type.Object({ action: Str(), ms: Num() })),
    settle: Num(), measure: Num(), screenshot: Num('the first screenshot (the one kept when stability is off)'), axe: Num(),
    context: Type.Optional(Num('opening the browser context and page')),
    stability: Type.Optional(Num('the stability shots after the first and their comparison, evidence gathering between them excluded')),
    aria: Type.Optional(Num('the ARIA snapshot')),
    write: Type.Optional(Num('writing the screenshot and axe results to disk')),
    close: Type.Optional(Num('closing the context (and the trace)')),
  }, { description: 'milliseconds per phase; context, stability, aria, write and close are absent in records from before they were timed (stability was then part of screenshot)' }),
  environment: EnvFingerprintSchema,
  trace: Nullable(Str()),
  failureScreenshot: Type.Optional(Nullable(Str('file name of the screenshot taken when a step or navigation failed (absent in older records)'))),
}, { title: 'veval capture record', description: '<spec>/<state>-<viewport>.json: what one capture unit measured' });
export type CaptureRecord = Static<typeof CaptureRecordSchema>;

// ---- structure snapshot: <spec>/<state>-<viewport>.structure.json (parity compares it with the baseline's) ----

const AriaNodesSchema = Type.Array(Type.Unknown(), { description: 'Playwright ariaSnapshotJSON nodes: { role, name?, text?, children?, state flags, url?, box? } (box in document CSS px), or a text fragment (string)' });
export const StructureSnapshotSchema = Type.Object({
  version: Type.Literal(1),
  page: Nullable(AriaNodesSchema, { description: 'the body; null when it could not be read (see error)' }),
  regions: Type.Record(Type.String(), Type.Object({ selector: Str(), nodes: Nullable(AriaNodesSchema, { description: 'null: no element matched' }) })),
  required: Type.Array(Type.Object({
    key: Str('which required entry (its selector and name)'), name: Str(), selector: Str('the element snapshotted'),
    nodes: Nullable(AriaNodesSchema, { description: 'null: no element matched' }),
  })),
  masks: Type.Array(Type.Object({ selector: Str(), box: BoxSchema, text: Str('the masked element\'s text, whitespace collapsed') })),
  error: Nullable(Str('why a part could not be snapshotted')),
}, { title: 'veval structure snapshot', description: '<spec>/<state>-<viewport>.structure.json: the ARIA trees parity compares with the approved baseline\'s' });
export type StructureSnapshot = Static<typeof StructureSnapshotSchema>;

// ---- axe summary: <spec>/<state>-<viewport>.axe.json (the parts of axe-core's results veval reads) ----

const AxeNodeSchema = Type.Object({ target: Type.Array(Type.Unknown()), html: Type.Optional(Str()), failureSummary: Type.Optional(Str()), impact: Type.Optional(Nullable(Str())),
  role: Type.Optional(Nullable(Str('the node\'s ARIA role (axe\'s reading); part of its accessibility-debt fingerprint'))),
  name: Type.Optional(Nullable(Str('the node\'s accessible name; part of its accessibility-debt fingerprint'))) });
const AxeRuleSchema = Type.Object({
  id: Str(), impact: Type.Optional(Nullable(Str())), help: Str(), helpUrl: Type.Optional(Str()),
  description: Type.Optional(Str()), tags: Type.Optional(Type.Array(Str())), nodes: Type.Array(AxeNodeSchema),
});
export const AxeSummarySchema = Type.Object({
  violations: Type.Array(AxeRuleSchema),
  incomplete: Type.Optional(Type.Array(AxeRuleSchema)),
}, { title: 'veval axe results', description: '<spec>/<state>-<viewport>.axe.json: axe-core results of one capture' });
export type AxeNodeLite = Static<typeof AxeNodeSchema>;
export type AxeRuleLite = Static<typeof AxeRuleSchema>;
export type AxeResultsLite = Static<typeof AxeSummarySchema>;

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

export const ParityOutcomeSchema = Lits(
  'identical', 'within-tolerance', 'changed', 'no-baseline', 'size-changed',
  'unreadable-baseline', 'missing-capture', 'unreadable-capture', 'env-mismatch', 'image-too-large',
  'baseline-written', 'error', 'design-match', 'design-departs');
export type ParityOutcome = Static<typeof ParityOutcomeSchema>;

export const ParityUnitSchema = Type.Object({
  state: Str(),
  viewport: Str(),
  outcome: ParityOutcomeSchema,
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
    regions: Type.Array(Type.Object({
      name: Str(),
      score: Nullable(Num('perceptual similarity 0..1 (lowest SSIM of the colour channels); null: not scored')),
      box: Nullable(BoxSchema),
      exportBox: Nullable(BoxSchema, { description: 'where it was read in the export (CSS px of the export scaled to the capture width)' }),
      shift: Nullable(Type.Object({ dx: Num(), dy: Num() }, { description: 'how far the export\'s crop was moved to match best' })),
      offset: Nullable(Type.Object({ dx: Num(), dy: Num(), dw: Num(), dh: Num() }, { description: 'capture box minus the export\'s box (region boxes only)' })),
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

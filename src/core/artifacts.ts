// The shapes written to disk between stages. Stages share nothing else: a check reads a
// CaptureRecord, never the browser; the gate reads results, never a check's code.
// Schema-first, like the spec: each artifact's TypeBox schema here is the one source of its
// TypeScript type, of the validator every reader runs on what it reads (artifact-read.ts, compiled
// ahead of time into generated/artifact-validators.js) and of schema/<artifact>.schema.json.
// Objects stay open (a newer writer may add fields); what a reader relies on is required.
// The shared parts are in artifact-parts.ts, the artifacts after capture in artifact-results.ts.
import { Type, type Static } from '@sinclair/typebox';
import { ENGINES } from './engines.js';
import { BoxSchema, Lits, Nullable, Num, Size, Str, type Box } from './artifact-parts.js';
import { LayoutShiftSchema } from './artifact-shift.js';

export * from './artifact-parts.js';
export * from './artifact-results.js';
export * from './artifact-shift.js';

// ---- capture record: <spec>/<state>-<viewport>.json ----

export const ViewportSpecSchema = Type.Object({
  name: Str(), width: Num(), height: Num(), deviceScaleFactor: Num(), isMobile: Type.Boolean(), hasTouch: Type.Boolean(),
  colorScheme: Lits('light', 'dark', 'no-preference'),
  // the engine of a non-Chromium unit (its name is then "<viewport>.<engine>"); absent: Chromium
  engine: Type.Optional(Lits(...ENGINES)),
});
export type ViewportSpec = Static<typeof ViewportSpecSchema>;

/** What made a capture: compared across baselines so that cross-environment diffs are refused. */
export const EnvFingerprintSchema = Type.Object({
  browserName: Str('"chromium" or "firefox"'),
  browserVersion: Str(),
  flavour: Lits('headless-shell', 'chromium', 'chrome', 'playwright', 'remote', 'firefox-esr', 'firefox', 'unknown'),
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
  'measure-failed', 'interrupted', 'internal',
  /** a Storybook story that threw, rendered nothing, or whose parameters.veval are invalid */
  'story-error');
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
  closed: Type.Optional(Type.Object({ selector: Str('the panel'), how: Lits('translated', 'hidden') }, { description: 'inside a closed panel (off-canvas navigation, a drawer): moved out of the window, or visibility: hidden, until a user opens it' })),
  scrolls: Type.Optional(Type.Object({ selector: Str('the nearest box a user scrolls (wheel, touch, or once pointed at) that holds it') }, { description: 'not brought whole into view by any scroll position of the page and of the boxes that scroll it' })),
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
  actions: Type.Array(Type.Object({ selector: Str(), name: Str() }), { description: 'fully visible named buttons and form fields outside navigation, header, footer and repeated content (list items: their text is data), each by a selector that survives re-renders (an id, a test id, an aria-label, a name; never :nth-of-type), at most 8: a starting spec\'s required entries' }),
  headings: Type.Optional(Type.Array(Type.Object({ selector: Str(), name: Str() }), { description: 'the page\'s primary headings (h1), fully visible, by a selector that survives re-renders: a starting spec\'s required entries' })),
  landmarks: Type.Array(Type.Object({ role: Str(), selector: Str() }), { description: 'the page\'s top-level landmarks (at most 8; with none, the container the app renders into, role content), by a selector that survives re-renders: a starting spec\'s regions' }),
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
  within: Type.Optional(Str('the painted ancestor the text runs out of (absent: its own box)')),
  clippedBy: Type.Optional(Str('the ancestor whose overflow box cuts the text (absent: the element\'s own box)')),
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
  engine: Type.Optional(Lits(...ENGINES)),
  skipped: Type.Optional(Type.Array(Type.Object({ what: Str(), reason: Str() }), { description: 'evidence this engine does not gather, and why (core/engines.ts ENGINE_GAPS): absent rather than silently missing' })),
  url: Str('requested'),
  finalUrl: Nullable(Str()),
  httpStatus: Nullable(Num('null: no response at all')),
  ok: Type.Boolean({ description: 'false: error is set, evidence is incomplete' }),
  error: Nullable(CaptureErrorSchema),
  screenshot: Nullable(Str('file name next to this record, e.g. "default-mobile.png"')),
  image: Nullable(Type.Object({ width: Num(), height: Num() }, { description: 'device px' })),
  axe: Nullable(Str('file name of the axe results, e.g. "default-mobile.axe.json"')),
  axeError: Nullable(Str()),
  console: Type.Array(Type.Object({
    type: Lits('error', 'pageerror'), text: Str(), location: Nullable(Str()),
    causedBy: Type.Optional(Str('set when veval\'s own emulation caused the error (not the page\'s): what, and the setting that avoids it')),
  })),
  failedRequests: Type.Array(Type.Object({ url: Str(), status: Nullable(Num()), failure: Nullable(Str()), resourceType: Str() })),
  fontFallbacks: Type.Optional(Type.Array(Type.Object({
    family: Str('the font family the page asked for first'), usedFont: Str('the font Chromium rendered the text in'),
    selector: Str('an element whose text fell back'), elements: Num('text nodes in this font stack'),
    faceFailed: Type.Boolean({ description: 'an @font-face of this family failed to load (else its stylesheet never declared it)' }),
  }), { description: 'web font families that fell back to another font (asked only when a font or stylesheet request failed)' })),
  random: Type.Optional(Type.Object({
    mathRandom: Num('calls of Math.random'), seeded: Type.Boolean({ description: 'Math.random was seeded (context.randomSeed)' }),
    getRandomValues: Num('calls of crypto.getRandomValues (never seeded)'), randomUUID: Num('calls of crypto.randomUUID (never seeded)'),
  }, { description: 'the random sources the page drew from up to its capture: what makes a chart or canvas differ between runs' })),
  clock: Type.Optional(Type.Object({
    dateNow: Num('calls of Date.now'), newDate: Num('`new Date()` and `Date()` without arguments'), performanceNow: Num('calls of performance.now'),
  }, { description: 'the page\'s reads of the clock up to its capture (absent under context.freezeTime): what it draws from it differs between runs' })),
  stress: Type.Optional(Type.Object({
    variant: Str('the stress variant applied after the state\'s steps (core/stress.ts)'), of: Str('the declared state it stresses'),
    elements: Num('elements restyled'), texts: Num('text nodes rewritten'), attributes: Num('placeholders, button values, alt texts and aria-labels rewritten'),
  }, { description: 'a stress unit (spec stress:): what the variant changed' })),
  abandoned: Type.Optional(Type.Array(Type.Object({ url: Str(), resourceType: Str(), why: Str() }), {
    description: 'requests the page gave up on (a speculative load it cancelled, a load of a document it navigated away from): not failures',
  })),
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
  blocks: Type.Optional(Type.Array(Type.Object({ name: Str('its selector (numbered when two blocks share one)'), selector: Str(), box: BoxSchema }), {
    description: 'without declared regions: the page\'s main blocks (landmarks and top-level sections covering at least 5 % of the capture), in document order; a design export is compared on these',
  })),
  masks: Type.Array(Type.Object({
    selector: Str(), boxes: Type.Array(BoxSchema),
    frame: FrameChain('the mask is inside this frame: its boxes are in top-page coordinates, cut to where the frame shows'),
    frameProblem: Type.Optional(FrameProblemSchema),
  })),
  required: Type.Array(RequiredCheckResultSchema),
  interactive: Type.Optional(InteractiveSchema),
  clippedText: Type.Array(ClippedTextSchema),
  aria: Nullable(Str('Playwright ARIA snapshot (YAML text)')),
  cssError: Type.Optional(Str('why no CSS record was taken')),
  css: Type.Optional(Nullable(Str('file name of the CSS record (elements, computed values and the rules that set them), e.g. "default-mobile.css.json"; null or absent: none was taken'))),
  structure: Type.Optional(Nullable(Str('file name of the structure snapshot (ARIA trees of the page, its regions and required elements), e.g. "default-mobile.structure.json"; null or absent: none was taken'))),
  text: Str('visible text of the page (innerText); judge evidence is checked against it'),
  stability: StabilityResultSchema,
  timings: Type.Object({
    total: Num(), navigate: Num(), steps: Type.Array(Type.Object({ action: Str(), ms: Num() })),
    settle: Num(), measure: Num(), screenshot: Num('the first screenshot (the one kept when stability is off)'), axe: Num(),
    context: Type.Optional(Num('opening the browser context and page')),
    stability: Type.Optional(Num('proving the page still: the paint signals\' calm window, or the stability shots after the first and their comparison; evidence gathering excluded')),
    stillBy: Type.Optional(Str('how stillness was proven: "paint signals" (one full-page image), "shots: <why the signals could not>" (the page painted, another engine), or "not checked"')),
    aria: Type.Optional(Num('the snapshots taken before the image: the ARIA snapshot, the structure snapshot and the CSS record (css)')),
    write: Type.Optional(Num('writing the screenshot and axe results to disk')),
    close: Type.Optional(Num('closing the context (and the trace)')),
    css: Type.Optional(Num('taking the CSS record (computed values and the rules that set them)')),
  }, { description: 'milliseconds per phase; context, stability, aria, write and close are absent in records from before they were timed (stability was then part of screenshot)' }),
  environment: EnvFingerprintSchema,
  trace: Nullable(Str()),
  failureScreenshot: Type.Optional(Nullable(Str('file name of the screenshot taken when a step or navigation failed (absent in older records)'))),
  paint: Type.Optional(Type.Object({
    content: Num('visible texts, loaded images, media and controls found inside the first viewport (counting stops at 20)'),
    examples: Type.Array(Str(), { description: 'up to 3 of them, in words' }),
    ink: Nullable(Num('share (0..1) of the first viewport\'s pixels that differ from its most common colour; null: not read, because content was found')),
    background: Nullable(Str('the first viewport\'s most common colour (#rrggbb), when the pixels were read')),
  }, { description: 'what the first viewport of the capture paints (the renders check); absent in records from before it was measured' })),
  layoutShift: Type.Optional(LayoutShiftSchema),
  evidence: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'evidence of gatherers that keep their own (capture/gatherers), by gatherer id' })),
}, { title: 'veval capture record', description: '<spec>/<state>-<viewport>.json: what one capture unit measured' });
/** Evidence kept under record.evidence[<gatherer id>]: a gatherer (capture/gatherers/<id>.ts) names
 *  its type here by declaration merging, in its own file, so a check reads it typed. */
export interface GatheredEvidence {}
export type CaptureRecord = Omit<Static<typeof CaptureRecordSchema>, 'evidence'> & { evidence?: Partial<GatheredEvidence> };

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

// ---- CSS record: <spec>/<state>-<viewport>.css.json (parity names the element, property and rule behind a pixel change) ----

export const RuleSourceSchema = Type.Object({
  kind: Lits('rule', 'inline', 'attribute'),
  url: Str('the stylesheet (the document for an inline <style> or style attribute); after a source map, the authored file'),
  line: Nullable(Num('1-based line of the declaration itself (not of its rule)')),
  column: Nullable(Num('1-based column of the declaration')),
  selector: Nullable(Str('the rule\'s selector that matched; null for inline styles')),
  text: Str('the declaration as written, e.g. "margin-top: -8px"'),
  inherited: Type.Optional(Type.Boolean({ description: 'declared on an ancestor (an inherited property)' })),
  script: Type.Optional(Type.Boolean({ description: 'made by a script, so line and column are null: a constructed or script-created stylesheet, a rule inserted or changed through CSSOM, a style attribute the served document does not have' })),
  generated: Type.Optional(Type.Object({ url: Str(), line: Nullable(Num()), column: Nullable(Num()) }, { description: 'where the browser read it, when a source map led to the authored file' })),
});
export type RuleSourceRecord = Static<typeof RuleSourceSchema>;

export const CssRecordSchema = Type.Object({
  version: Type.Literal(1),
  url: Str('the page captured'),
  props: Type.Array(Str(), { description: 'the properties recorded, in the order of `defaults`' }),
  defaults: Type.Array(Str(), { description: 'per property the value most elements have; an element lists only values that differ' }),
  sources: Type.Array(RuleSourceSchema, { description: 'declarations, referenced by index from elements[].rules' }),
  elements: Type.Array(Type.Object({
    key: Str('stable element key: the spec\'s selector for a region or required element it alone matches, else #id, test id, tag.class (the scheme of flake-map masks), else the report selector; " #n" when not unique'),
    tag: Str(),
    ident: Type.Optional(Str('a hash of its tag, id, classes, own text and number of children: parity aligns siblings by it when an inserted or removed one shifts their keys')),
    parent: Nullable(Type.Integer({ description: 'index of the nearest recorded ancestor' })),
    box: BoxSchema,
    values: Type.Record(Type.String(), Type.String(), { description: 'computed values that differ from `defaults`' }),
    rules: Nullable(Type.Record(Type.String(), Type.Integer()), { description: 'property → index in `sources` of the declaration that sets it; null: not looked up (beyond the lookup bound)' }),
    like: Type.Optional(Type.Integer({ description: 'index of an element alike (tag, id, classes, parent alike) whose rules stand for this one\'s' })),
  })),
  counts: Type.Object({ visible: Num('visible elements on the page'), recorded: Num(), looked: Num('elements whose rules were looked up'),
    carried: Type.Optional(Num('elements whose rules were taken from the approved record: the page\'s stylesheets are the approved ones (`sheets`) and the element\'s key, ident and values are too')) }),
  sheets: Type.Optional(Str('sha256 of the page\'s stylesheets as the cascade read them (each one\'s URL, place in its document and text; veval\'s own left out); absent when not read')),
  ms: Type.Object({ values: Num(), rules: Num() }),
  error: Nullable(Str('why the rules (or part of them) could not be read')),
}, { title: 'veval CSS record', description: '<spec>/<state>-<viewport>.css.json: elements, boxes, computed values and the declarations that set them' });
export type CssRecord = Static<typeof CssRecordSchema>;

// ---- axe summary: <spec>/<state>-<viewport>.axe.json (the parts of axe-core's results veval reads) ----

const AxeNodeSchema = Type.Object({ target: Type.Array(Type.Unknown()), html: Type.Optional(Str()), failureSummary: Type.Optional(Str()), impact: Type.Optional(Nullable(Str())),
  role: Type.Optional(Nullable(Str('the node\'s ARIA role (axe\'s reading); part of its accessibility-debt fingerprint'))),
  name: Type.Optional(Nullable(Str('the node\'s accessible name; part of its accessibility-debt fingerprint'))),
  box: Type.Optional(Nullable(BoxSchema)),
  axeTarget: Type.Optional(Type.Array(Type.Unknown(), { description: 'axe\'s own selector where veval named the node by its own (target): debt recorded by it still matches' })) });
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

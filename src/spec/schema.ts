// Schema-first: these TypeBox schemas are the one source of truth for the TypeScript types, the
// runtime validation (ajv) and the committed IDE schemas in schema/ (test/spec/schema-drift).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { FrameRef } from './frame-ref.js';
import { CHECKS } from '../checks/registry.js';
import { STEP_VERBS, STEPS } from '../steps/registry.js';
import { SelectorValue } from '../steps/lib.js';
import { DEFAULT_KEEP_RUNS, DEFAULT_MCP_MAX_IMAGE_BYTES, DEFAULT_OUT, UNIT_CAP } from '../core/defaults.js';
import { DESIGN_DEFAULTS } from '../core/limits.js';
import { SEVERITIES } from '../core/artifacts.js';
import { ENGINES } from '../core/engines.js';
import { STRESS, STRESS_DEFAULT_SEVERITY, STRESS_VARIANTS } from '../core/stress.js';

const Str = (description: string, extra: object = {}) => Type.String({ description, ...extra });
const SEVERITY = Type.Union(SEVERITIES.map((s) => Type.Literal(s)), {
  description: 'blocker (task impossible or high-risk mistake) | important (task harder, trust harmed) | polish (consistency only)',
});
/** Names become folder and file names: keep them portable. */
const NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';
/** An ISO 8601 date-time with a zone, e.g. 2025-01-01T00:00:00Z. */
export const ISO_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$';
const Name = (description: string) => Type.String({ description, pattern: NAME_PATTERN, maxLength: 100 });
/** A mapping whose keys are names: without additionalProperties a bad key would pass unnoticed. */
const NamedRecord = <T extends TSchema>(value: T, description: string) =>
  Type.Record(Type.String({ pattern: NAME_PATTERN }), value, { additionalProperties: false, description });
/** RFC 7230 token: what a browser accepts as a header name. */
export const HEADER_NAME = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";

export const ColorScheme = Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Literal('no-preference')], {
  description: 'prefers-color-scheme emulated for this viewport or context',
});

const viewportProps = {
  width: Type.Integer({ minimum: 200, maximum: 4000, description: 'CSS px' }),
  height: Type.Integer({ minimum: 200, maximum: 4000, description: 'CSS px (the visible window; captures are full page)' }),
  deviceScaleFactor: Type.Optional(Type.Number({ minimum: 1, maximum: 4, description: 'device pixel ratio (default 1)' })),
  isMobile: Type.Optional(Type.Boolean({ description: 'emulate a mobile browser (meta viewport, touch events)' })),
  hasTouch: Type.Optional(Type.Boolean({ description: 'emulate a touch screen' })),
  colorScheme: Type.Optional(ColorScheme),
};
export const ViewportDef = Type.Object(viewportProps, { additionalProperties: false, description: 'a viewport' });
export const InlineViewport = Type.Object({ name: Name('viewport name, used in file names'), ...viewportProps }, {
  additionalProperties: false, description: 'an inline viewport',
});

export const Context = Type.Object({
  storageState: Type.Optional(Str('path to a Playwright storageState JSON (a logged-in session), relative to the file', { minLength: 1 })),
  extraHTTPHeaders: Type.Optional(Type.Record(Type.String({ pattern: HEADER_NAME }), Type.String(), { additionalProperties: false, description: 'headers sent with every request' })),
  locale: Type.Optional(Str('BCP 47 locale (default en-US)')),
  timezoneId: Type.Optional(Str('IANA time zone (default UTC)')),
  colorScheme: Type.Optional(ColorScheme),
  freezeTime: Type.Optional(Type.Union([Type.Boolean(), Type.String({ pattern: ISO_TIME })], {
    description: 'freeze Date at this ISO time (true: 2025-01-01T00:00:00Z) so clocks render the same every run',
  })),
  randomSeed: Type.Optional(Type.Union([Type.Integer(), Type.Literal(false)], {
    description: 'Math.random seeded with this integer so random content (a chart drawn from random data, a skeleton of random widths) renders the same every run (default 1, the same for every unit); false: the page\'s own randomness',
  })),
  reducedMotion: Type.Optional(Type.Union([Type.Literal('reduce'), Type.Literal('no-preference')], {
    description: 'prefers-reduced-motion emulated in the page (default reduce: animations a page honours it for stop, so captures repeat; no-preference: the page as most users get it, e.g. a site whose view transitions throw under reduce)',
  })),
}, { additionalProperties: false, description: 'browser context settings' });

export const Network = Type.Object({
  block: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'URL glob patterns whose requests are aborted (third-party noise)' })),
  har: Type.Optional(Str('HAR file answering matching requests (Playwright routeFromHAR), relative to the file', { minLength: 1 })),
  harUrl: Type.Optional(Str('only requests matching this glob are answered from the HAR (default: all)')),
  harNotFound: Type.Optional(Type.Union([Type.Literal('abort'), Type.Literal('fallback')], { description: 'a request missing from the HAR: abort (default) or go to the network' })),
}, { additionalProperties: false, description: 'network control' });

export const Wait = Type.Object({
  for: Type.Optional(Type.Union([Type.Literal('load'), Type.Literal('networkidle'), Type.Literal('selector')], { description: 'readiness before anything is captured (default load)' })),
  selector: Type.Optional(Str('with for: selector — the element whose appearance means ready', { minLength: 1 })),
  timeout: Type.Optional(Type.Integer({ minimum: 0, maximum: 600000, description: 'ms (default 15000)' })),
}, { additionalProperties: false, description: 'readiness before capture' });

/** A region or mask: a CSS selector in the page, or { selector, frame } inside a same-origin frame. */
const TargetValue = (what: string) => Type.Union([
  SelectorValue,
  Type.Object({ selector: SelectorValue, frame: FrameRef }, { additionalProperties: false, description: `${what} inside a same-origin frame` }),
], { description: `${what}: a CSS selector, or { selector, frame } inside a same-origin frame` });
// one object per step verb (src/steps/<verb>.ts): `{ <verb>: <its value> }`
export const Step = Type.Union(STEPS.map((v) => Type.Object({ [v.verb]: v.value }, { additionalProperties: false, description: v.description })),
  { description: `one declarative step: ${STEP_VERBS.join(', ')} — no code` });

/** `viewports: [...]` on a state or a required entry: names among the spec's viewports (checked in spec/semantic.ts). */
const Engines = (description: string) => Type.Array(Type.Union(ENGINES.map((e) => Type.Literal(e))), { minItems: 1, uniqueItems: true, description });
const OnlyViewports = (description: string) => Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description });

export const Required = Type.Object({
  selector: Type.Optional(Str('CSS selector of the element that must be visible', { minLength: 1 })),
  text: Type.Optional(Str('visible text: a substring, or /regex/flags', { minLength: 1 })),
  within: Type.Optional(Str('with text: only look inside this CSS selector', { minLength: 1 })),
  frame: Type.Optional(FrameRef),
  name: Type.Optional(Str('a human name for messages')),
  visible: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('partial'), Type.Literal('present')], {
    description: 'full (default): entirely visible at a reachable scroll position, uncovered, unclipped; partial: some of it; present: in the DOM',
  })),
  states: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'only in these states (default: every state)' })),
  viewports: Type.Optional(OnlyViewports('checked only at these viewports of the spec (default: every one), e.g. the desktop nav links at [desktop], the menu button at [mobile]')),
}, { additionalProperties: false, description: 'an element (selector) or text that must be visible to a user' });

/** `stress:` — variants of each state captured as units of their own (core/stress.ts). */
const StressVariant = Type.Union(STRESS_VARIANTS.map((v) => Type.Literal(v, { description: STRESS[v].description })), { description: 'a stress variant' });
const StressSetting = Type.Union([
  Type.Boolean({ description: `true: on, its findings ${STRESS_DEFAULT_SEVERITY}; false: off (turns off a default's)` }),
  SEVERITY,
  Type.Object({
    severity: Type.Optional(SEVERITY),
    parity: Type.Optional(Type.Boolean({ description: 'compare the stress unit with a baseline of its own too (default false: its purpose is the checks)' })),
  }, { additionalProperties: false }),
]);
export const Stress = Type.Union([
  Type.Boolean({ description: 'false: no stress variants (turns off the config\'s); true: every variant' }),
  Type.Array(StressVariant, { uniqueItems: true, description: 'these variants, their findings important' }),
  Type.Object(Object.fromEntries(STRESS_VARIANTS.map((v) => [v, Type.Optional(StressSetting)])), {
    additionalProperties: false, description: 'per variant: true | false | the severity of its findings (blocker: the stress is required) | { severity, parity }',
  }),
], { description: `stress variants of each state, each captured as a unit of its own named <state>-<variant> (${STRESS_VARIANTS.join(', ')}) and checked by the deterministic checks; a finding on a stress unit names what broke and is ${STRESS_DEFAULT_SEVERITY} unless set here (docs/checks/stress/)` });

export const State = Type.Object({
  name: Name('state name, used in file names'),
  steps: Type.Optional(Type.Array(Step, { description: 'run from a fresh page after wait, before capture' })),
  required: Type.Optional(Type.Array(Required, { description: 'added to the spec-level entries for this state only' })),
  viewports: Type.Optional(OnlyViewports('captured only at these viewports of the spec (default: every one), e.g. an opened mobile menu at [mobile]')),
  stress: Type.Optional(Stress),
}, { additionalProperties: false, description: 'a state of the page reached by steps' });

// `checks:` — one key per registered check; value true | false | severity | options (| shorthand).
function checkValueSchema(c: (typeof CHECKS)[number]): TSchema {
  const m = c.meta;
  if (m.alwaysOn) {
    return Type.Literal(true, { description: `${m.title} — always on (cannot be switched off). ${m.description}` });
  }
  const withSeverity = Type.Object({
    ...(m.options as any).properties,
    severity: Type.Optional(SEVERITY),
  }, { additionalProperties: false });
  const forms: TSchema[] = [Type.Boolean(), SEVERITY, withSeverity];
  if (m.shorthand) forms.push(m.shorthand);
  return Type.Union(forms, { description: `${m.title}. ${m.description} Default severity: ${m.defaultSeverity}.` });
}
export const Checks = Type.Object(
  Object.fromEntries(CHECKS.map((c) => [c.meta.id, Type.Optional(checkValueSchema(c))])),
  { additionalProperties: false, description: 'keys are check ids; value: true | false | a severity | options' },
);

const Tolerance = (d: string) => Type.Number({ minimum: 0, maximum: 1, description: d });
export const Parity = Type.Object({
  threshold: Type.Optional(Tolerance('per-pixel colour tolerance 0..1, anti-aliasing aware (default 0.1)')),
  maxDiffRatio: Type.Optional(Tolerance('share of changed pixels allowed for the whole capture (default 0)')),
  regions: Type.Optional(Type.Record(Type.String(), Tolerance('share of changed pixels allowed inside this region'), { description: 'per-region tolerance; may be stricter than the page' })),
  maxPixels: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'pixels a baseline or capture may have; a PNG whose header claims more is never decoded and fails as an image bomb (default 100000000)' })),
  design: Type.Optional(Type.Object({
    minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: `content: perceptual similarity (SSIM of luma, 0..1) each region must reach where the design export has it (default ${DESIGN_DEFAULTS.minScore}, measured in docs/design-parity.md)` })),
    tolerancePx: Type.Optional(Type.Number({ minimum: 0, maximum: 200, description: `moved: CSS px a region may sit from where the design export has it (default ${DESIGN_DEFAULTS.tolerancePx}): across, and vertically plus 10% of its distance from the top (text above may reflow in another font); also the px a size may differ by whatever the ratio` })),
    maxSizeRatio: Type.Optional(Type.Number({ minimum: 1, maximum: 10, description: `resized: how many times wider, narrower, taller or shorter than in the design export a region may be (default ${DESIGN_DEFAULTS.maxSizeRatio}); differences within tolerancePx always pass` })),
    maxDeltaE: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: `restyled: mean CIE ΔE2000 allowed between a region and the design export's (default ${DESIGN_DEFAULTS.maxDeltaE}; about 1 is just noticeable, beyond 10 another colour)` })),
  }, { additionalProperties: false, description: 'comparison with a baseline imported from a design export (`veval approve --from-image`); pixel settings do not apply to it' })),
  structure: Type.Optional(Type.Union([SEVERITY, Type.Boolean()], { description: 'compare the ARIA structure (roles, accessible names, text of the page and each region) with the baseline\'s, even when pixels are within tolerance: the severity of a change (default important; true: important; false: not compared). A required element\'s role or name gone is always a blocker' })),
}, { additionalProperties: false, description: 'comparison with the approved baseline' });

export const JudgeBudget = Type.Object({
  maxImages: Type.Optional(Type.Integer({ minimum: 0, description: 'images sent per run at most' })),
  maxTokens: Type.Optional(Type.Integer({ minimum: 0, description: 'estimated prompt + completion tokens per run at most' })),
}, { additionalProperties: false, description: 'a run that would exceed this fails closed before calling' });
export const Calibration = Type.Object({
  minAgreement: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'calibrate fails below this agreement rate (default 0.8)' })),
  required: Type.Optional(Type.Boolean({ description: 'fail the gate when the judge model is not the calibrated one (default false)' })),
  file: Type.Optional(Str('where calibrate records its result (default .veval/calibration.json)')),
}, { additionalProperties: false, description: 'judge calibration against a human-labelled gold set' });
export const Judge = Type.Object({
  rubric: Type.Optional(Str('rubric: a path to a .md file (relative to the file), or inline text; a Handlebars template', { minLength: 1 })),
  model: Type.Optional(Str('model id, pinned (e.g. gpt-4.1-2025-04-14)')),
  mode: Type.Optional(Type.Union([Type.Literal('required'), Type.Literal('optional'), Type.Literal('off')], {
    description: 'required (default): no credentials = error; optional: no credentials = skipped; off: never called',
  })),
  baseURL: Type.Optional(Str('OpenAI-compatible endpoint (default OPENAI_BASE_URL or the OpenAI API)')),
  images: Type.Optional(Type.Union([Type.Literal('crops'), Type.Literal('full')], { description: 'send crops of regions and changed areas (default) or full captures' })),
  maxImageSize: Type.Optional(Type.Integer({ minimum: 64, maximum: 4096, description: 'longest image side in px after downscaling (default 1024)' })),
  timeout: Type.Optional(Type.Integer({ minimum: 1, description: 'ms per request (default 60000)' })),
  retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: 'retries after a failed request (default 2)' })),
  maxTokens: Type.Optional(Type.Integer({ minimum: 1, description: 'completion token limit (default 2000)' })),
  budget: Type.Optional(JudgeBudget),
  calibration: Type.Optional(Calibration),
}, { additionalProperties: false, description: 'model judge' });

/** The width sweep's defaults, quoted by its descriptions and used by compile (one place). */
export const SWEEP_DEFAULTS = { from: 320, to: 1400, step: 80, height: 900 } as const;
export const Sweep = Type.Union([
  Type.Boolean({ description: `true: sweep ${SWEEP_DEFAULTS.from}–${SWEEP_DEFAULTS.to} px; false: no sweep (turns off the config's)` }),
  Type.Object({
    from: Type.Optional(Type.Integer({ minimum: 100, maximum: 4000, description: `narrowest width, CSS px (default ${SWEEP_DEFAULTS.from})` })),
    to: Type.Optional(Type.Integer({ minimum: 100, maximum: 4000, description: `widest width, CSS px (default ${SWEEP_DEFAULTS.to})` })),
    step: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: `px between the widths measured besides the page's breakpoints (each ±1) before bisecting (default ${SWEEP_DEFAULTS.step})` })),
    height: Type.Optional(Type.Integer({ minimum: 100, maximum: 4000, description: `viewport height while sweeping (default ${SWEEP_DEFAULTS.height})` })),
    states: Type.Optional(Type.Array(Name('a state name of this spec'), { minItems: 1, description: 'states swept (default: every state)' })),
  }, { additionalProperties: false }),
], { description: 'sweep every width between from and to for responsive layout failures (overflow, collisions, elements out of their container, clipped text, required elements hidden), reported as width ranges; off by default (`veval run --sweep` turns it on for every spec)' });

export const Gate = Type.Object({
  minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'fail below this score (default 0)' })),
  warn: Type.Optional(Type.Array(SEVERITY, { description: 'severities that pass with warnings (default [polish]); blockers and errors always fail' })),
}, { additionalProperties: false, description: 'gate policy' });

export const Scoring = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 1, description: 'pin the score formula version' })),
}, { additionalProperties: false, description: 'score formula' });

const StoryGlobs = (d: string) => Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: d });
export const Storybook = Type.Object({
  url: Type.Optional(Str('a running Storybook (e.g. http://127.0.0.1:6006): its index.json lists the stories', { pattern: '^https?://' })),
  static: Type.Optional(Str('a built Storybook folder (storybook build\'s storybook-static/), relative to this file; served by veval on a free port on 127.0.0.1', { minLength: 1 })),
  build: Type.Optional(Str('with static: shell command run to completion in the config\'s folder before the folder is served, e.g. npm run build-storybook', { minLength: 1 })),
  include: Type.Optional(StoryGlobs('only stories whose id or title matches one of these globs (e.g. example-button--*, Example/**)')),
  exclude: Type.Optional(StoryGlobs('leave out stories whose id or title matches one of these globs')),
}, { additionalProperties: false, description: 'every story of a Storybook as a state of this spec, named by its story id (instead of route/url and states); a story\'s parameters.veval (skip, masks, required, viewports) apply at capture' });

const specProps = {
  $schema: Type.Optional(Type.String()),
  name: Type.Optional(Name('unique spec name (default: file name without .yaml); used in artifact paths')),
  route: Type.Optional(Str('path joined to the config baseURL, e.g. /checkout/payment', { pattern: '^/' })),
  url: Type.Optional(Str('absolute http(s) URL, instead of route', { pattern: '^https?://' })),
  brief: Type.Optional(Str('markdown brief (user job and ## Must show list), relative to this file', { minLength: 1 })),
  viewports: Type.Optional(Type.Array(Type.Union([Type.String({ description: 'a viewport name from the config' }), InlineViewport]), { minItems: 1, description: 'default: every viewport in the config' })),
  engines: Type.Optional(Engines('captured only in these engines (a subset of the config\'s browser.engines; default: all of them)')),
  context: Type.Optional(Context),
  network: Type.Optional(Network),
  wait: Type.Optional(Wait),
  fullPage: Type.Optional(Type.Boolean({ description: 'capture the full page (default true) or only the viewport' })),
  regions: Type.Optional(NamedRecord(TargetValue('a named part of the page'), 'named parts of the page (CSS selectors, or { selector, frame } inside a same-origin frame)')),
  masks: Type.Optional(Type.Array(TargetValue('an area ignored by pixel diffs'), { description: 'ignored by pixel diffs (at compare time) and judge crops' })),
  required: Type.Optional(Type.Array(Required, { description: 'must be present and visible to a user' })),
  states: Type.Optional(Type.Array(State, { minItems: 1, description: 'default: one state "default" = the page after wait' })),
  checks: Type.Optional(Checks),
  parity: Type.Optional(Parity),
  judge: Type.Optional(Judge),
  gate: Type.Optional(Gate),
  sweep: Type.Optional(Sweep),
  stress: Type.Optional(Stress),
  scoring: Type.Optional(Scoring),
  watch: Type.Optional(Type.Array(Type.String(), { description: 'extra paths (globs) whose change makes --changed run this spec' })),
  storybook: Type.Optional(Storybook),
};
export const Spec = Type.Object(specProps, { additionalProperties: false, title: 'veval spec', description: 'one veval spec: a route (or a user task on a route)' });

const STATIC_DIR = 'folder served by veval on a free port on 127.0.0.1; baseURL is set to it';
export const Server = Type.Union([
  Type.Object({
    command: Str('shell command that starts the app'),
    url: Str('URL polled until it answers; then capture starts', { pattern: '^https?://' }),
    cwd: Type.Optional(Str('working folder for the command, relative to the config')),
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
    timeout: Type.Optional(Type.Integer({ minimum: 0, description: 'ms to wait for url (default 60000)' })),
    reuseExisting: Type.Optional(Type.Boolean({ description: 'use an app already answering at url instead of starting one' })),
  }, { additionalProperties: false, description: 'start the app with a command (like Playwright webServer)' }),
  Type.Object({
    static: Type.Union([
      Str(STATIC_DIR, { minLength: 1 }),
      Type.Object({
        dir: Str(STATIC_DIR, { minLength: 1 }),
        fallback: Type.Optional(Str('HTML file inside dir answered for a path with no file and no extension, as a history-routed single-page app needs (/settings → index.html); a missing asset such as /app.js still answers 404', { minLength: 1, pattern: '\\.html?$' })),
      }, { additionalProperties: false, description: 'a folder, and how paths without a file are answered' }),
    ], { description: 'folder served by veval on a free port on 127.0.0.1 (baseURL is set to it), or { dir, fallback } for a single-page app' }),
    build: Type.Optional(Str('shell command run to completion in the config\'s folder before the folder is served, e.g. npm run build', { minLength: 1 })),
  }, { additionalProperties: false, description: 'serve a static folder' }),
], { description: 'the app under test' });

export const Browser = Type.Object({
  executablePath: Type.Optional(Str('browser binary (or env VEVAL_BROWSER); default: Debian chromium-headless-shell, chromium, Playwright browsers, Chrome')),
  wsEndpoint: Type.Optional(Str('connect to a Playwright browser server', { pattern: '^wss?://' })),
  cdpEndpoint: Type.Optional(Str('connect to a Chromium exposing CDP', { pattern: '^(https?|wss?)://' })),
  args: Type.Optional(Type.Array(Type.String(), { description: 'extra launch flags' })),
  engines: Type.Optional(Engines('the engines every spec is captured in (default [chromium]); the keys above are Chromium\'s; a spec\'s engines: narrows the set')),
  firefox: Type.Optional(Type.Object({
    executablePath: Type.Optional(Str('Firefox binary (default /usr/bin/firefox-esr, then /usr/bin/firefox); Debian: apt-get install firefox-esr')),
    args: Type.Optional(Type.Array(Type.String(), { description: 'extra Firefox launch flags' })),
  }, { additionalProperties: false, description: 'the Firefox engine (WebDriver BiDi), used when engines lists firefox' })),
}, { additionalProperties: false, description: 'which browser captures' });

export const Config = Type.Object({
  $schema: Type.Optional(Type.String()),
  baseURL: Type.Optional(Str('joined with each spec route', { pattern: '^https?://' })),
  server: Type.Optional(Server),
  specs: Type.Optional(Type.Array(Type.String(), { description: 'spec globs (default specs/**/*.yaml)' })),
  out: Type.Optional(Str(`artifacts folder (default ${DEFAULT_OUT}); one reached through a symbolic link out of the project is refused`, { minLength: 1 })),
  keepRuns: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: `run folders kept under <out>/runs; older ones are removed after a run completes, never the latest completed run or a running one (default ${DEFAULT_KEEP_RUNS})` })),
  viewports: Type.Optional(NamedRecord(ViewportDef, 'named viewports')),
  browser: Type.Optional(Browser),
  workers: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, description: 'parallel browser contexts (default from core count)' })),
  timeout: Type.Optional(Type.Integer({ minimum: 1000, description: `ms a capture unit may go without progress (a stage begun, a full-page shot taken) before it fails; ${UNIT_CAP} × this in all (default 60000)` })),
  mobileMaxWidth: Type.Optional(Type.Integer({ minimum: 0, description: 'viewports narrower than this are mobile (default 768)' })),
  context: Type.Optional(Context),
  network: Type.Optional(Network),
  wait: Type.Optional(Wait),
  checks: Type.Optional(Checks),
  parity: Type.Optional(Parity),
  judge: Type.Optional(Judge),
  gate: Type.Optional(Gate),
  sweep: Type.Optional(Sweep),
  stress: Type.Optional(Stress),
  scoring: Type.Optional(Scoring),
  mcp: Type.Optional(Type.Object({
    maxImageBytes: Type.Integer({ minimum: 10000, maximum: 50000000, description: `bytes of PNG image data in one \`veval mcp\` tool result (default ${DEFAULT_MCP_MAX_IMAGE_BYTES}): images are downscaled, then cropped or left out (the result names what) to stay under it` }),
  }, { additionalProperties: false, description: '`veval mcp`, the MCP server agents call' })),
}, { additionalProperties: false, title: 'veval config', description: 'visual-eval.config.yaml: project defaults' });

export type SpecInput = Static<typeof Spec>;
export type ConfigInput = Static<typeof Config>;
/** One step as written: `{ <verb>: value }` (each verb's module types its value). */
export type StepInput = Record<string, unknown>;
export type RequiredInput = Static<typeof Required>;
export type { FrameInput } from './frame-ref.js';
export type ViewportInput = Static<typeof ViewportDef>;
export type JudgeInput = Static<typeof Judge>;
export type ParityInput = Static<typeof Parity>;
export type GateInput = Static<typeof Gate>;
export type ContextInput = Static<typeof Context>;
export type NetworkInput = Static<typeof Network>;
export type WaitInput = Static<typeof Wait>;
export type ServerInput = Static<typeof Server>;
export type BrowserInput = Static<typeof Browser>;
export type StorybookInput = Static<typeof Storybook>;
export type StressInput = Static<typeof Stress>;

/** The JSON written to schema/*.json (draft-07). Symbols (TypeBox Kind) drop out in JSON. */
export function toJsonSchema(schema: TSchema, id: string): object {
  return { $schema: 'http://json-schema.org/draft-07/schema#', $id: id, ...JSON.parse(JSON.stringify(schema)) };
}

// The compiled plan: plain data, produced by a pure compile step (spec/compile.ts) and written to
// <run>/plan.json, so every later stage can run from the artifacts folder alone.
import type { DesignSettings } from '../parity/compare/design.js';
import type { Severity, ViewportSpec } from '../core/artifacts.js';
import { splitViewport, type Engine } from '../core/engines.js';

/** A compiled step: the union of the step verb modules' plans (src/steps/<verb>.ts), by `action`. */
export type { StepAction, StepPlan } from '../steps/registry.js';
import type { StepPlan } from '../steps/registry.js';
import type { StoriesChanged } from './story-types.js';
import type { StressPlan } from '../core/stress.js';

export interface RequiredPlan {
  name: string;
  selector: string | null;
  text: string | null;            // substring, or /regex/flags
  within: string | null;
  visible: 'full' | 'partial' | 'present';
  source: 'spec' | 'state' | 'brief';
  /** inside this same-origin frame: the frame elements' selectors, outermost first (absent: the top page) */
  frame?: string[];
  /** checked only at these viewports (absent: every viewport of its state) */
  viewports?: string[];
}

/** A region or mask inside a same-origin frame: its selector in the frame, and the frame chain (outermost first). */
export interface FramedTarget { selector: string; frame: string[] }

/** `.ad in frame #outer › #inner`: a framed region or mask in one line (settings snapshots, plan listings). */
export const framedLabel = (t: FramedTarget): string => `${t.selector} in frame ${t.frame.join(' › ')}`;

export interface StatePlan {
  name: string; steps: StepPlan[]; required: RequiredPlan[];
  /** captured only at these viewports (absent: every viewport of the spec) */
  viewports?: string[];
  /** a Storybook story (spec storybook:): the state is the story, captured at its own URL */
  story?: StoryRef;
  /** masks of this state only, added to the spec's (a story's parameters.veval.masks) */
  masks?: string[];
  /** a stress unit's state (spec stress:): the declared state `of` with the variant applied after its steps */
  stress?: StressPlan;
}

/** One story of a Storybook spec, as its index and preview describe it. */
export interface StoryRef {
  id: string; title: string; name: string;
  /** iframe.html?id=<id>&viewMode=story on the Storybook the run reads */
  url: string;
  /** its parameters.veval could not be applied: the story's units fail with this */
  problem?: string;
}

/** `storybook:` of a spec: where the stories come from. The states are made from its index at capture
 *  (spec/storybook.ts, capture/storybook-plan.ts); until then the plan has none. */
export interface StorybookPlan {
  url: string | null;             // a running Storybook
  dir: string | null;             // a built Storybook folder (absolute), served by veval
  build: string | null;           // run before dir is served
  include: string[];
  exclude: string[];
  /** --grep, when it did not match the spec's name: matched against "<spec>/<story id>" once the stories are read */
  grep?: string;
  /** --changed, when only files its watch: globs name changed: the stories are narrowed to those
   *  that import them once the index is read (spec/story-imports.ts) */
  changed?: StoriesChanged;
  /** what every story must show: the spec's required entries and its brief's */
  required: RequiredPlan[];
  /** set at capture: the Storybook the states were read from, the ids of every story it has that
   *  include/exclude select (whether captured in this run or not), those parameters.veval.skip left
   *  out, and what the preview could not say */
  read?: { base: string; index: string; ids: string[]; skipped: string[]; notes: string[] };
}

/** Whether a state is captured at a viewport: the one rule every stage that lists units follows. */
/** The required entries a unit checks: those not limited to other viewports. */
// a viewport id may name an engine too (`mobile.firefox`): `viewports:` lists name the viewport
export const requiredAt = (st: StatePlan, viewport: string): RequiredPlan[] => st.required.filter((r) => !r.viewports || r.viewports.includes(splitViewport(viewport).viewport));
/** "desktop only", "mobile, tablet only": a viewport limit in words, for plans and notes. */
export const onlyWords = (viewports: string[]): string => `${viewports.join(', ')} only`;

export interface CheckPlan {
  id: string;
  enabled: boolean;
  severity: Severity | null;      // null: the check's default
  options: Record<string, unknown>;
}

export interface ParityPlan {
  threshold: number; maxDiffRatio: number; regions: Record<string, number>;
  /** severity of an ARIA-structure change against the baseline; false: not compared (compile fills it; absent means important) */
  structure?: Severity | false;
  /** pixels per image decoded at most (compile fills it; absent means the default) */
  maxPixels?: number;
  /** against a design-export baseline (compile fills it; absent means the defaults) */
  design?: DesignSettings;
}

export interface JudgePlan {
  mode: 'required' | 'optional' | 'off';
  model: string;
  baseURL: string | null;
  rubric: { file: string | null; text: string };   // file relative to project root
  images: 'crops' | 'full';
  maxImageSize: number;
  timeout: number;
  retries: number;
  maxTokens: number;
  budget: { maxImages: number | null; maxTokens: number | null };
  calibration: { minAgreement: number; required: boolean; file: string };
}

export interface GatePlan { minScore: number; warn: Severity[] }

export interface BriefPlan {
  file: string;                   // relative to project root
  text: string;
  /** the brief's "## Must show" items; selector/text ones also became required entries */
  mustShow: { item: string; kind: 'selector' | 'text' | 'plain' }[];
}

export interface SpecPlan {
  name: string;
  file: string;                   // relative to project root
  specHash: string;               // sha256 of the spec file + brief + rubric text
  /** the spec's route (joined at capture time to the base URL, which a static server may only
   *  know then), or null when the spec gives an absolute `url` */
  route: string | null;
  /** absolute URL when known at compile time (spec url:, or config baseURL + route) */
  url: string | null;
  brief: BriefPlan | null;
  /** every viewport in every engine of the spec: Chromium's by name, another engine's as "<name>.<engine>" (core/engines.ts) */
  viewports: ViewportSpec[];
  /** engines the spec is not captured in, and why (core/engines.ts engineCannot); absent in older plans */
  engineSkips?: { engine: Engine; reason: string }[];
  states: StatePlan[];
  context: {
    storageState: string | null;  // absolute path
    extraHTTPHeaders: Record<string, string>;
    locale: string;
    timezoneId: string;
    colorScheme: 'light' | 'dark' | 'no-preference' | null;
    freezeTime: string | null;    // ISO time, or null: real clock
    randomSeed: number | null;   // Math.random seeded with it (default 1), or null: context.randomSeed false
    /** prefers-reduced-motion the context emulates */
    reducedMotion: 'reduce' | 'no-preference';
  };
  network: { block: string[]; har: string | null; harUrl: string | null; harNotFound: 'abort' | 'fallback' };
  wait: { for: 'load' | 'networkidle' | 'selector'; selector: string | null; timeout: number };
  fullPage: boolean;
  /** regions and masks of the top page (CSS selectors); those inside frames are in `framed` */
  regions: Record<string, string>;
  masks: string[];
  /** regions and masks inside same-origin frames (absent: none); a region name is in regions or here, not both */
  framed?: { regions: Record<string, FramedTarget>; masks: FramedTarget[] };
  checks: CheckPlan[];            // every registered check, in registry order
  parity: ParityPlan | null;      // null: no parity section, no baseline needed
  judge: JudgePlan | null;        // null: no judge section
  gate: GatePlan;
  /** the width sweep (capture/sweep/); null or absent: none */
  sweep?: SweepPlan | null;
  scoring: { version: number | null };
  watch: string[];
  /** spec storybook: (absent: a route or url) */
  storybook?: StorybookPlan;
  mobileMaxWidth: number;
  timeout: number;                // ms per capture unit
}

export interface SweepPlan { from: number; to: number; step: number; height: number; /** null: every state */ states: string[] | null }

export interface ProjectPlan {
  version: 1;
  root: string;                   // absolute project root
  configFile: string | null;      // relative to root
  baseURL: string | null;
  server:
    | { kind: 'command'; command: string; url: string; cwd: string; env: Record<string, string>; timeout: number; reuseExisting: boolean }
    | { kind: 'static'; dir: string; build: string | null; /** file inside dir answered for paths with no file (SPA) */ fallback: string | null }
    | null;
  /** executablePath, wsEndpoint, cdpEndpoint and args are Chromium's; engines absent: [chromium] */
  browser: { executablePath: string | null; wsEndpoint: string | null; cdpEndpoint: string | null; args: string[];
    engines?: Engine[]; firefox?: { executablePath: string | null; args: string[] } };
  workers: number | null;
  out: string;                    // artifacts folder, relative to root
  specs: SpecPlan[];
}

// Spec + config → SpecPlan. Pure: every file it needs (brief, rubric) is read before and passed
// in, so the plan of a spec can be tested without a disk or a browser.
import type { Severity, ViewportSpec } from '../core/artifacts.js';
import { sha256 } from '../core/fsx.js';
import { DEFAULT_MAX_PIXELS, DESIGN_DEFAULTS } from '../core/limits.js';
import { CHECKS } from '../checks/registry.js';
import { DEFAULT_ENGINES, engineCannot, engineViewport, type Engine } from '../core/engines.js';
import { SWEEP_DEFAULTS, type ConfigInput, type RequiredInput, type SpecInput, type ViewportInput } from './schema.js';
import { stepPlan } from '../steps/registry.js';
import { frameChain } from './frame-ref.js';
import type { CheckPlan, FramedTarget, JudgePlan, RequiredPlan, SpecPlan, StatePlan, SweepPlan } from './plan.js';
import type { MustShowItem } from './brief.js';
import { deepMerge, mergeChecks } from './merge.js';
import { STORY_CHECKS } from './storybook-checks.js';
import { stressOf, withStress } from './stress.js';

export const DEFAULT_VIEWPORTS: Record<string, ViewportInput> = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844, isMobile: true, hasTouch: true },
};
export const DEFAULTS = {
  locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' as 'reduce' | 'no-preference', waitTimeout: 15000, unitTimeout: 60000, mobileMaxWidth: 768,
  threshold: 0.1, maxDiffRatio: 0, randomSeed: 1, model: 'gpt-4.1-2025-04-14', frozenTime: '2025-01-01T00:00:00.000Z',
  rubric: 'Judge whether this page lets its user do the job described in the brief. Report only problems a user would notice, each with evidence.',
} as const;

export interface CompileInput {
  file: string;                                   // spec path relative to root
  spec: SpecInput;
  config: ConfigInput;
  specText: string;
  brief: { rel: string; text: string; items: MustShowItem[] } | null;
  rubric: { rel: string | null; text: string } | null;
  storageState: string | null;                    // absolute, resolved and checked
  har: string | null;                             // absolute
  storybookDir?: string | null;                   // storybook.static, absolute
  baseURL: string | null;                         // --base-url or config baseURL
  /** where each step came from, "file:line:col", by state index and step index */
  stepSource: (state: number, step: number) => string;
}

export function specNameOf(file: string, spec: SpecInput): string {
  return spec.name ?? file.split('/').pop()!.replace(/\.ya?ml$/i, '');
}

export function toViewport(name: string, v: ViewportInput, contextScheme?: string | null): ViewportSpec {
  return {
    name, width: v.width, height: v.height, deviceScaleFactor: v.deviceScaleFactor ?? 1,
    isMobile: v.isMobile ?? false, hasTouch: v.hasTouch ?? false,
    colorScheme: (v.colorScheme ?? contextScheme ?? 'light') as ViewportSpec['colorScheme'],
  };
}

export function requiredPlan(r: RequiredInput, source: RequiredPlan['source']): RequiredPlan {
  return {
    name: r.name ?? r.selector ?? `text ${r.text}`,
    selector: r.selector ?? null, text: r.text ?? null, within: r.within ?? null,
    visible: r.visible ?? 'full', source,
    ...(r.frame ? { frame: frameChain(r.frame) } : {}),
    ...(r.viewports ? { viewports: [...r.viewports] } : {}),
  };
}

/** Regions and masks: the top page's as selectors, those inside frames apart (plan.framed). */
function targetsOf(spec: SpecInput): Pick<SpecPlan, 'regions' | 'masks' | 'framed'> {
  const regions: Record<string, string> = {}, framedRegions: Record<string, FramedTarget> = {};
  for (const [name, t] of Object.entries(spec.regions ?? {})) {
    if (typeof t === 'string') regions[name] = t; else framedRegions[name] = { selector: t.selector, frame: frameChain(t.frame) };
  }
  const masks: string[] = [], framedMasks: FramedTarget[] = [];
  for (const t of spec.masks ?? []) if (typeof t === 'string') masks.push(t); else framedMasks.push({ selector: t.selector, frame: frameChain(t.frame) });
  return { regions, masks, ...(Object.keys(framedRegions).length || framedMasks.length ? { framed: { regions: framedRegions, masks: framedMasks } } : {}) };
}

function briefRequired(items: MustShowItem[]): RequiredPlan[] {
  return items.filter((i) => i.kind !== 'plain').map((i) => ({
    name: i.name, selector: i.kind === 'selector' ? i.value : null, text: i.kind === 'text' ? i.value : null,
    within: null, visible: 'full' as const, source: 'brief' as const,
  }));
}

function viewportsOf(spec: SpecInput, config: ConfigInput, scheme: string | null, engines: Engine[]): ViewportSpec[] {
  const named = config.viewports ?? DEFAULT_VIEWPORTS;
  const list = spec.viewports ?? Object.keys(named);
  const base = list.map((v) => typeof v === 'string' ? toViewport(v, named[v] ?? DEFAULT_VIEWPORTS[v], scheme) : toViewport(v.name, v, scheme));
  // each engine captures every viewport; Chromium's come first and keep their plain names
  return engines.flatMap((engine) => base.map((vp) => engine === 'chromium' ? vp : { ...vp, name: engineViewport(vp.name, engine), engine }));
}

/** The engines a spec is captured in: its own list (validated as a subset), else the config's. */
export const enginesOf = (spec: Pick<SpecInput, 'engines'>, config: ConfigInput): Engine[] => {
  const all = config.browser?.engines ?? DEFAULT_ENGINES;
  return spec.engines ? all.filter((e) => spec.engines!.includes(e)) : [...all];
};

function judgePlan(j: NonNullable<ConfigInput['judge']>, rubric: CompileInput['rubric']): JudgePlan {
  return {
    mode: j.mode ?? 'required', model: j.model ?? DEFAULTS.model, baseURL: j.baseURL ?? null,
    rubric: rubric ? { file: rubric.rel, text: rubric.text } : { file: null, text: DEFAULTS.rubric },
    images: j.images ?? 'crops', maxImageSize: j.maxImageSize ?? 1024, timeout: j.timeout ?? 60000,
    retries: j.retries ?? 2, maxTokens: j.maxTokens ?? 2000,
    budget: { maxImages: j.budget?.maxImages ?? null, maxTokens: j.budget?.maxTokens ?? null },
    calibration: {
      minAgreement: j.calibration?.minAgreement ?? 0.8, required: j.calibration?.required ?? false,
      file: j.calibration?.file ?? '.veval/calibration.json',
    },
  };
}

/** The sweep as written (spec over config, key by key when both are objects) with its defaults. */
export function sweepPlan(v: ConfigInput['sweep'] | undefined, base?: ConfigInput['sweep']): SweepPlan | null {
  if (v === undefined || v === false) return null;
  const o = { ...(typeof base === 'object' ? base : {}), ...(typeof v === 'object' ? v : {}) };
  return { from: o.from ?? SWEEP_DEFAULTS.from, to: o.to ?? SWEEP_DEFAULTS.to, step: o.step ?? SWEEP_DEFAULTS.step, height: o.height ?? SWEEP_DEFAULTS.height, states: o.states ? [...o.states] : null };
}

export function compileSpec(input: CompileInput): SpecPlan {
  const { spec, config } = input;
  const context = deepMerge(config.context, spec.context) ?? {};
  const network = deepMerge(config.network, spec.network) ?? {};
  const wait = deepMerge(config.wait, spec.wait) ?? {};
  const parity = deepMerge(config.parity, spec.parity);
  const judge = deepMerge(config.judge, spec.judge);
  const gate = deepMerge(config.gate, spec.gate) ?? {};
  const scoring = deepMerge(config.scoring, spec.scoring) ?? {};
  const checks = mergeChecks(spec.storybook ? STORY_CHECKS : undefined, config.checks as any, spec.checks as any);

  const fromBrief = input.brief ? briefRequired(input.brief.items) : [];
  const baseRequired = [...(spec.required ?? []).map((r) => ({ r, plan: requiredPlan(r, 'spec') }))];
  // a Storybook spec has its states (the stories) made at capture, from its index (spec/storybook.ts)
  const statesIn = spec.storybook ? [] : spec.states ?? [{ name: 'default' }];
  // A brief item the spec already requires is checked once, under the spec's name for it.
  // (a brief's item is on the top page: an entry inside a frame with the same selector is another element)
  const briefOnly = fromBrief.filter((b) => !(spec.required ?? []).some((r) => !r.frame && ((b.selector && r.selector === b.selector) || (b.text && r.text === b.text))));
  const storyRequired = [...baseRequired.filter(({ r }) => !r.states).map(({ plan }) => plan), ...briefOnly];
  const states: StatePlan[] = statesIn.map((st, si) => ({
    name: st.name,
    ...(st.viewports ? { viewports: [...st.viewports] } : {}),
    steps: (st.steps ?? []).map((s, i) => stepPlan(s, input.stepSource(si, i))),
    required: [
      ...baseRequired.filter(({ r }) => !r.states || r.states.includes(st.name)).map(({ plan }) => plan),
      ...briefOnly,
      ...(st.required ?? []).map((r) => requiredPlan(r, 'state')),
    ],
  }));

  const checkPlans: CheckPlan[] = CHECKS.map(({ meta }) => {
    const c = checks[meta.id];
    return {
      id: meta.id,
      enabled: meta.alwaysOn ? true : c?.enabled ?? meta.defaultEnabled,
      severity: meta.alwaysOn ? null : (c?.severity as Severity | undefined) ?? null,
      options: c?.options ?? {},
    };
  });

  const engines = enginesOf(spec, config);
  const reduced = { reducedMotion: context.reducedMotion ?? DEFAULTS.reducedMotion };
  const freeze = context.freezeTime === true ? DEFAULTS.frozenTime : typeof context.freezeTime === 'string' ? new Date(context.freezeTime).toISOString() : null;
  const url = spec.url ?? (input.baseURL && spec.route ? new URL(spec.route, input.baseURL).href : null);

  return {
    name: specNameOf(input.file, spec),
    file: input.file,
    specHash: sha256([input.specText, input.brief?.text ?? '', input.rubric?.text ?? ''].join('\0')),
    route: spec.url ? null : spec.route ?? null,
    url,
    brief: input.brief ? { file: input.brief.rel, text: input.brief.text, mustShow: input.brief.items.map((i) => ({ item: i.item, kind: i.kind })) } : null,
    viewports: viewportsOf(spec, config, context.colorScheme ?? null, engines.filter((e) => !engineCannot(e, reduced))),
    engineSkips: engines.flatMap((engine) => { const reason = engineCannot(engine, reduced); return reason ? [{ engine, reason }] : []; }),
    // each stress variant of a state is a unit of its own, after its state (spec/stress.ts)
    states: withStress(states, (st, i) => stressOf(config.stress, spec.stress, statesIn[i]?.stress, st.name)),
    context: {
      storageState: input.storageState,
      extraHTTPHeaders: context.extraHTTPHeaders ?? {},
      locale: context.locale ?? DEFAULTS.locale,
      timezoneId: context.timezoneId ?? DEFAULTS.timezoneId,
      colorScheme: context.colorScheme ?? null,
      freezeTime: freeze,
      // seeded by default, as fonts and motion are pinned (issue 55: a chart drawn from Math.random failed every unit)
      randomSeed: context.randomSeed === false ? null : context.randomSeed ?? DEFAULTS.randomSeed,
      reducedMotion: context.reducedMotion ?? DEFAULTS.reducedMotion,
    },
    network: { block: network.block ?? [], har: input.har, harUrl: network.harUrl ?? null, harNotFound: network.harNotFound ?? 'abort' },
    wait: { for: wait.for ?? 'load', selector: wait.selector ?? null, timeout: wait.timeout ?? DEFAULTS.waitTimeout },
    fullPage: spec.fullPage ?? true,
    ...targetsOf(spec),
    checks: checkPlans,
    parity: parity ? { threshold: parity.threshold ?? DEFAULTS.threshold, maxDiffRatio: parity.maxDiffRatio ?? DEFAULTS.maxDiffRatio, regions: parity.regions ?? {}, maxPixels: parity.maxPixels ?? DEFAULT_MAX_PIXELS,
      design: { ...DESIGN_DEFAULTS, ...parity.design },
      structure: parity.structure === undefined || parity.structure === true ? 'important' : parity.structure } : null,
    judge: judge ? judgePlan(judge, input.rubric) : null,
    sweep: sweepPlan(spec.sweep ?? config.sweep, config.sweep),
    gate: { minScore: gate.minScore ?? 0, warn: (gate.warn ?? ['polish']) as Severity[] },
    scoring: { version: scoring.version ?? null },
    watch: spec.watch ?? [],
    ...(spec.storybook ? { storybook: {
      url: spec.storybook.url ?? null, dir: input.storybookDir ?? null, build: spec.storybook.build ?? null,
      include: spec.storybook.include ?? [], exclude: spec.storybook.exclude ?? [], required: storyRequired,
    } } : {}),
    mobileMaxWidth: config.mobileMaxWidth ?? DEFAULTS.mobileMaxWidth,
    timeout: config.timeout ?? DEFAULTS.unitTimeout,
  };
}

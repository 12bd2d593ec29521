// Hand-made plans for capture tests (the spec compiler is written in parallel; these tests must
// not depend on it). Defaults mirror the contract's.
import path from 'node:path';
import type { ViewportSpec } from '../../src/core/artifacts.js';
import type { RunContext } from '../../src/core/run.js';
import type { ProjectPlan, RequiredPlan, SpecPlan, StatePlan, StepPlan } from '../../src/spec/plan.js';
import { CHECKS } from '../../src/checks/registry.js';

export const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'capture');

export const desktop: ViewportSpec = { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' };
export const mobile: ViewportSpec = { name: 'mobile', width: 390, height: 700, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: 'light' };

export const req = (r: Partial<RequiredPlan> & ({ selector: string } | { text: string })): RequiredPlan => ({
  name: r.name ?? (r as any).selector ?? (r as any).text, selector: null, text: null, within: null, visible: 'full', source: 'spec', ...r,
});

export const step = (s: Partial<StepPlan> & { action: StepPlan['action'] }): StepPlan => ({ selector: null, source: 'specs/test.yaml:1:1', ...s }) as StepPlan;

export const state = (name: string, required: RequiredPlan[] = [], steps: StepPlan[] = []): StatePlan => ({ name, steps, required });

type CheckOverrides = Record<string, false | Record<string, unknown>>;

export function makeSpec(name: string, o: Partial<SpecPlan> & { checkOptions?: CheckOverrides } = {}): SpecPlan {
  const { checkOptions = {}, ...rest } = o;
  const checks = CHECKS.map((c) => {
    const v = checkOptions[c.meta.id];
    return { id: c.meta.id, enabled: v === false ? false : v ? true : c.meta.id === 'axe' ? false : c.meta.defaultEnabled, severity: null, options: v || {} };
  });
  return {
    name, file: `specs/${name}.yaml`, specHash: 'test', route: `/${name}`, url: null, brief: null,
    viewports: [desktop], states: [state('default')],
    context: { storageState: null, extraHTTPHeaders: {}, locale: 'en-US', timezoneId: 'UTC', colorScheme: null, freezeTime: null, randomSeed: null, reducedMotion: 'reduce' as const },
    network: { block: [], har: null, harUrl: null, harNotFound: 'abort' },
    wait: { for: 'load', selector: null, timeout: 10_000 },
    fullPage: true, regions: {}, masks: [], checks, parity: null, judge: null,
    gate: { minScore: 0, warn: ['polish'] }, scoring: { version: null }, watch: [], mobileMaxWidth: 768, timeout: 30_000,
    ...rest,
  };
}

export function makeRun(outDir: string, specs: SpecPlan[], baseURL: string | null, runId = 'run'): RunContext {
  const plan: ProjectPlan = {
    version: 1, root: outDir, configFile: null, baseURL, server: null,
    browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: 2, out: 'evals', specs,
  };
  return { root: outDir, outDir: path.join(outDir, 'evals'), runId, runDir: path.join(outDir, 'evals', runId), plan };
}

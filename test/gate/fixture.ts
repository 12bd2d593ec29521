// Hand-written run folders for gate and report tests: a plan, run.json, capture records (with real
// 1×1-scaled PNGs where needed), checks/parity/judge results — the shapes the other stages write.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { CaptureRecord, CheckResult, Finding, Severity } from '../../src/core/artifacts.js';
import type { RunContext } from '../../src/core/run.js';
import type { GateInfo } from '../../src/gate/index.js';
import type { ProjectPlan, SpecPlan } from '../../src/spec/plan.js';
import { tmpDir } from '../helpers/tmp.js';
import { runInfo } from '../helpers/artifacts.js';

export const VIEWPORTS = {
  desktop: { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' as const },
  mobile: { name: 'mobile', width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'light' as const },
};

export function specPlan(name: string, over: Partial<SpecPlan> = {}): SpecPlan {
  return {
    name, file: `specs/${name}.yaml`, specHash: 'h', route: `/${name}`, url: `http://127.0.0.1:4000/${name}`, brief: null,
    viewports: [VIEWPORTS.desktop, VIEWPORTS.mobile], states: [{ name: 'default', steps: [], required: [] }],
    context: { storageState: null, extraHTTPHeaders: {}, locale: 'en-US', timezoneId: 'UTC', colorScheme: null, freezeTime: null, randomSeed: null, reducedMotion: 'reduce' as const },
    network: { block: [], har: null, harUrl: null, harNotFound: 'abort' },
    wait: { for: 'load', selector: null, timeout: 15000 }, fullPage: true, regions: {}, masks: [],
    checks: [], parity: null, judge: null, gate: { minScore: 0, warn: ['polish'] }, scoring: { version: null },
    watch: [], mobileMaxWidth: 768, timeout: 60000, ...over,
  };
}

export function record(spec: string, state: string, vp: keyof typeof VIEWPORTS, over: Partial<CaptureRecord> = {}): CaptureRecord {
  const v = VIEWPORTS[vp];
  return {
    version: 1, spec, state, viewport: v, url: `http://127.0.0.1:4000/${spec}`, finalUrl: `http://127.0.0.1:4000/${spec}`, httpStatus: 200,
    ok: true, error: null, screenshot: `${state}-${vp}.png`, image: { width: v.width * v.deviceScaleFactor, height: 1000 * v.deviceScaleFactor },
    axe: `${state}-${vp}.axe.json`, axeError: null, console: [], failedRequests: [],
    document: { scrollWidth: v.width, scrollHeight: 1000, clientWidth: v.width, clientHeight: v.height },
    overflow: { overflowPx: 0, offenders: [] }, regions: {}, masks: [], required: [], clippedText: [], aria: null, text: 'Pay now',
    stability: { checked: true, stable: true, attempts: 2, changedBox: null, changedRegion: null, changedSelector: null },
    timings: { total: 500, navigate: 200, steps: [], settle: 50, measure: 50, screenshot: 100, axe: 100 },
    environment: { browserName: 'chromium', browserVersion: '140.0.0.0', flavour: 'headless-shell', executablePath: null, fonts: ['DejaVuSans.ttf'], fontsHash: 'f', deviceScaleFactor: v.deviceScaleFactor, platform: 'linux-x64', playwrightVersion: '1.65.1' },
    trace: null, ...over,
  };
}

export const finding = (check: string, severity: Severity, state: string | null, viewport: string | null, message: string, file: string | null = null, extra: Partial<Finding> = {}): Finding =>
  ({ check, severity, state, viewport, message, evidence: { file }, ...extra });

export const result = (check: string, findings: Finding[] = [], status?: CheckResult['status'], error: string | null = null): CheckResult =>
  ({ check, status: status ?? (error ? 'error' : findings.length ? 'fail' : 'pass'), findings, error, ms: 1 });

/** A PNG of the given device size: a light page with a dark button-like block, so diffs and boxes are visible. */
export function png(width: number, height: number, shade = 240): Buffer {
  const p = new PNG({ width, height });
  for (let i = 0; i < p.data.length; i += 4) { p.data[i] = shade; p.data[i + 1] = shade; p.data[i + 2] = shade; p.data[i + 3] = 255; }
  return PNG.sync.write(p);
}

export interface RunFolder { run: RunContext; dir: string }

/** Writes `tree` (objects as JSON, Buffers as-is) into a fresh run folder and returns its context. */
export function makeRun(specs: SpecPlan[], tree: Record<string, unknown>, runJson: object | null = runInfo()): RunFolder {
  const root = tmpDir('veval-gate-');
  const runDir = path.join(root, 'evals', 'abc123');
  fs.mkdirSync(runDir, { recursive: true });
  const all = runJson ? { 'run.json': runJson, ...tree } : tree;
  for (const [rel, v] of Object.entries(all)) {
    const file = path.join(runDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.isBuffer(v) ? v : typeof v === 'string' ? v : JSON.stringify(v, null, 2));
  }
  const plan: ProjectPlan = { version: 1, root, configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: null, out: 'evals', specs };
  return { run: { root, outDir: path.join(root, 'evals'), runId: 'abc123', runDir, plan }, dir: runDir };
}

/** A spec whose every unit captured fine and every check passed; `extra` overrides/adds files. */
export function healthySpec(spec: SpecPlan, checks: CheckResult[] = [result('capture')], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const tree: Record<string, unknown> = { [`${spec.name}/checks.json`]: checks };
  for (const st of spec.states) for (const vp of spec.viewports) {
    const r = record(spec.name, st.name, vp.name as keyof typeof VIEWPORTS);
    tree[`${spec.name}/${st.name}-${vp.name}.json`] = r;
    tree[`${spec.name}/${st.name}-${vp.name}.png`] = png(8, 8);
  }
  return { ...tree, ...extra };
}

export const INFO: GateInfo = { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:05.000Z' };

export const GOLDEN_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'golden-run');

/** A copy of the saved golden artifacts folder, with its plan, ready for gateRun. */
export function goldenRun(): RunFolder {
  const root = tmpDir('veval-golden-');
  const runDir = path.join(root, 'evals', 'golden');
  fs.cpSync(GOLDEN_DIR, runDir, { recursive: true });
  const plan = JSON.parse(fs.readFileSync(path.join(runDir, 'plan.json'), 'utf8')) as ProjectPlan;
  plan.root = root;
  return { run: { root, outDir: path.join(root, 'evals'), runId: 'golden', runDir, plan }, dir: runDir };
}

// A record factory and a tiny RuleTester for checks: each check's test is a table of valid inputs
// (no finding) and invalid ones (exactly the findings listed, matched field by field).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Box, CaptureRecord, Finding, RequiredCheckResult, Severity, ViewportSpec, VisibilityVerdict } from '../../src/core/artifacts.js';
import type { SpecPlan } from '../../src/spec/plan.js';
import type { AxeResultsLite, Check, UnitInput } from '../../src/checks/types.js';

export const VIEWPORTS: Record<string, ViewportSpec> = {
  desktop: { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' },
  mobile: { name: 'mobile', width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: 'light' },
};

export const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

export function verdict(over: Partial<VisibilityVerdict> = {}): VisibilityVerdict {
  return {
    present: true, count: 1, displayed: true, nonZeroSize: true, opacity: 1, box: box(20, 700, 200, 48), offscreenX: 0,
    reachable: true, clippedBy: null, coveredBy: null, visibleFraction: 1, level: 'full', reason: '', ...over,
  };
}

export function required(over: Partial<RequiredCheckResult> = {}, v: Partial<VisibilityVerdict> = {}): RequiredCheckResult {
  return {
    name: 'primary CTA', selector: '#pay', text: null, within: null, visible: 'full', source: 'spec',
    matchedSelector: null, matchedText: null, verdict: verdict(v), ...over,
  };
}

/** A clean, ok capture record of "checkout" with nothing wrong; tests override what they need. */
export function record(over: DeepPartial<CaptureRecord> & { viewport?: ViewportSpec | string } = {}): CaptureRecord {
  const vp = typeof over.viewport === 'string' ? VIEWPORTS[over.viewport]! : over.viewport ?? VIEWPORTS.desktop!;
  const base: CaptureRecord = {
    version: 1, spec: 'checkout', state: 'default', viewport: vp, url: 'http://127.0.0.1:4000/checkout', finalUrl: 'http://127.0.0.1:4000/checkout',
    httpStatus: 200, ok: true, error: null, screenshot: `default-${vp.name}.png`, image: { width: vp.width, height: 2000 },
    axe: `default-${vp.name}.axe.json`, axeError: null, console: [], failedRequests: [],
    document: { scrollWidth: vp.width, scrollHeight: 2000, clientWidth: vp.width, clientHeight: vp.height },
    overflow: { overflowPx: 0, offenders: [] }, regions: {}, masks: [], required: [], clippedText: [], aria: null, text: '',
    stability: { checked: true, stable: true, attempts: 2, changedBox: null, changedRegion: null, changedSelector: null },
    timings: { total: 0, navigate: 0, steps: [], settle: 0, measure: 0, screenshot: 0, axe: 0 },
    environment: { browserName: 'chromium', browserVersion: '0', flavour: 'headless-shell', executablePath: null, fonts: [], fontsHash: '', deviceScaleFactor: 1, platform: 'linux-x64', playwrightVersion: '1.65.1' },
    trace: null,
  };
  const { viewport: _vp, ...rest } = over;
  const out = { ...base, ...rest } as CaptureRecord;
  for (const k of ['overflow', 'stability', 'document'] as const) if (rest[k]) (out as any)[k] = { ...base[k], ...rest[k] };
  return out;
}

/** Regions from { name: [x, y, w, h] | null }. */
export function regions(spec: Record<string, [number, number, number, number] | null>): CaptureRecord['regions'] {
  return Object.fromEntries(Object.entries(spec).map(([n, b]) => [n, { selector: `[data-region=${n}]`, count: b ? 1 : 0, box: b ? box(...b) : null }]));
}

export function unit(r: CaptureRecord, axe?: AxeResultsLite | null): UnitInput {
  return { record: r, file: `${r.spec}/${r.state}-${r.viewport.name}.png`, ...(axe !== undefined ? { axe } : {}) };
}

export function specPlan(over: Partial<SpecPlan> = {}): SpecPlan {
  return {
    name: 'checkout', file: 'specs/checkout.yaml', specHash: 'x', route: '/checkout', url: null, brief: null,
    viewports: [VIEWPORTS.desktop!, VIEWPORTS.mobile!], states: [{ name: 'default', steps: [], required: [] }],
    context: { storageState: null, extraHTTPHeaders: {}, locale: 'en-US', timezoneId: 'UTC', colorScheme: null, freezeTime: null, randomSeed: null, reducedMotion: 'reduce' as const },
    network: { block: [], har: null, harUrl: null, harNotFound: 'abort' }, wait: { for: 'load', selector: null, timeout: 15000 },
    fullPage: true, regions: {}, masks: [], checks: [], parity: null, judge: null, gate: { minScore: 0, warn: ['polish'] },
    scoring: { version: null }, watch: [], mobileMaxWidth: 768, timeout: 60000, ...over,
  };
}

export interface Case {
  name: string;
  units: (CaptureRecord | UnitInput)[];
  options?: Record<string, unknown>;
  severity?: Severity | null;
  spec?: Partial<SpecPlan>;
  /** the one-line notes the check must leave (substrings, in order); unchecked when absent */
  notes?: string[];
}
/** Expected finding: every given field must match; `message` entries are substrings. */
export interface Expect extends Partial<Omit<Finding, 'message' | 'evidence'>> {
  message?: string | string[];
  evidence?: Record<string, unknown>;
}
export interface InvalidCase extends Case { findings: Expect[] }

const asUnit = (u: CaptureRecord | UnitInput): UnitInput => ('record' in u ? u : unit(u));

export function runCase(check: Check, c: Case): Finding[] {
  const notes: string[] = [];
  const findings = check.run({ spec: specPlan(c.spec), units: c.units.map(asUnit), options: c.options ?? {}, severity: c.severity ?? null, note: (l) => notes.push(l) });
  if (c.notes) {
    assert.equal(notes.length, c.notes.length, `note count; got ${JSON.stringify(notes)}`);
    c.notes.forEach((n, i) => assert.ok(notes[i]!.includes(n) && !/[\n\r]/.test(notes[i]!), `note ${JSON.stringify(notes[i])} lacks ${JSON.stringify(n)} or is not one line`));
  }
  return findings;
}

export function assertFinding(f: Finding, e: Expect, where: string): void {
  const { message, evidence, ...fields } = e;
  for (const [k, v] of Object.entries(fields)) assert.deepEqual((f as any)[k], v, `${where}: ${k}`);
  for (const m of [message ?? []].flat()) assert.ok(f.message.includes(m), `${where}: message ${JSON.stringify(f.message)} lacks ${JSON.stringify(m)}`);
  for (const [k, v] of Object.entries(evidence ?? {})) assert.deepEqual(f.evidence[k], v, `${where}: evidence.${k}`);
  assert.ok(f.evidence.file && f.evidence.file.endsWith('.png'), `${where}: evidence names the capture file`);
}

/** ESLint RuleTester style: valid cases give no finding; invalid ones exactly the listed findings. */
export function testCheck(check: Check, cases: { valid: Case[]; invalid: InvalidCase[] }): void {
  describe(`check ${check.meta.id}`, () => {
    for (const c of cases.valid) it(`passes: ${c.name}`, () => assert.deepEqual(runCase(check, c), []));
    for (const c of cases.invalid) {
      it(`finds: ${c.name}`, () => {
        const got = runCase(check, c);
        assert.equal(got.length, c.findings.length, `finding count; got ${JSON.stringify(got.map((f) => f.message), null, 1)}`);
        got.forEach((f, i) => {
          assert.equal(f.check, check.meta.id);
          assertFinding(f, c.findings[i]!, `finding ${i}`);
        });
      });
    }
  });
}

// Builds a run folder by hand: plan, capture records, small PNGs, checks.json, parity.json — the
// judge's whole input, without a browser.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { CaptureRecord, CheckResult, ViewportSpec } from '../../src/core/artifacts.js';
import type { JudgePlan, ProjectPlan, SpecPlan } from '../../src/spec/plan.js';
import { files, type RunContext } from '../../src/core/run.js';
import { tmpDir } from '../helpers/tmp.js';

export const SENTINEL_KEY = 'sk-SENTINEL-do-not-leak-4242';

/** A w×h PNG, two-tone so crops differ by position. */
export function makePng(w: number, h: number, seed = 0): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = (y * w + x) * 4;
    png.data[i] = (x * 7 + seed) & 255; png.data[i + 1] = (y * 3) & 255; png.data[i + 2] = y < h / 2 ? 40 : 200; png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

export function judgePlan(over: Partial<JudgePlan> = {}): JudgePlan {
  return {
    mode: 'required', model: 'gpt-test-2025-01-01', baseURL: null,
    rubric: { file: null, text: 'Judge whether {{spec.name}} lets a buyer pay. Regions: {{#each regionNames}}{{this}} {{/each}}' },
    images: 'crops', maxImageSize: 256, timeout: 5000, retries: 0, maxTokens: 500,
    budget: { maxImages: null, maxTokens: null },
    calibration: { minAgreement: 0.8, required: false, file: '.veval/calibration.json' },
    ...over,
  };
}

const VP: ViewportSpec = { name: 'desktop', width: 400, height: 300, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' };

export function specPlan(name: string, over: Partial<SpecPlan> = {}): SpecPlan {
  return {
    name, file: `specs/${name}.yaml`, specHash: 'x', route: '/', url: null,
    brief: { file: 'briefs/b.md', text: 'The buyer pays for the order.\n## Must show\n- total', mustShow: [] },
    viewports: [VP], states: [{ name: 'default', steps: [], required: [] }],
    context: { storageState: null, extraHTTPHeaders: {}, locale: 'en-US', timezoneId: 'UTC', colorScheme: null, freezeTime: null, randomSeed: null, reducedMotion: 'reduce' as const },
    network: { block: [], har: null, harUrl: null, harNotFound: 'abort' },
    wait: { for: 'load', selector: null, timeout: 1000 }, fullPage: true,
    regions: { summary: 'aside', cta: '#pay' }, masks: [], checks: [], parity: null, judge: judgePlan(),
    gate: { minScore: 0, warn: ['polish'] }, scoring: { version: null }, watch: [], mobileMaxWidth: 768, timeout: 1000,
    ...over,
  };
}

export function record(spec: string, over: Partial<CaptureRecord> = {}): CaptureRecord {
  return {
    version: 1, spec, state: 'default', viewport: VP, url: 'http://127.0.0.1/', finalUrl: 'http://127.0.0.1/', httpStatus: 200,
    ok: true, error: null, screenshot: 'default-desktop.png', image: { width: 400, height: 900 }, axe: null, axeError: null,
    console: [], failedRequests: [], document: { scrollWidth: 400, scrollHeight: 900, clientWidth: 400, clientHeight: 300 },
    overflow: { overflowPx: 0, offenders: [] },
    regions: {
      summary: { selector: 'aside', count: 1, box: { x: 10, y: 20, width: 380, height: 600 } },
      cta: { selector: '#pay', count: 1, box: { x: 50, y: 700, width: 120, height: 40 } },
    },
    masks: [], required: [], clippedText: [],
    aria: '- complementary "Order summary":\n  - text: "Total $42.00"\n- button "Pay now"',
    text: 'Order summary\nTotal   $42.00\nPay now',
    stability: { checked: false, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null },
    timings: { total: 1, navigate: 1, steps: [], settle: 0, measure: 0, screenshot: 0, axe: 0 },
    environment: { browserName: 'chromium', browserVersion: '1', flavour: 'headless-shell', executablePath: null, fonts: [], fontsHash: '', deviceScaleFactor: 1, platform: 'linux-x64', playwrightVersion: '1.65' },
    trace: null,
    ...over,
  };
}

export interface Fixture { root: string; run: RunContext; spec: SpecPlan; write(rel: string, data: unknown): void }

/** A project root with one run folder holding one captured, check-clean spec. */
export function makeRun(spec: SpecPlan, opts: { rec?: Partial<CaptureRecord>; checks?: CheckResult[] | null; root?: string; runId?: string } = {}): Fixture {
  const root = opts.root ?? tmpDir('veval-judge-');
  const plan: ProjectPlan = { version: 1, root, configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: 1, out: 'evals', specs: [spec] };
  const run: RunContext = { root, outDir: path.join(root, 'evals'), runId: opts.runId ?? 'r1', runDir: path.join(root, 'evals', opts.runId ?? 'r1'), plan };
  const write = (rel: string, data: unknown) => {
    const f = path.join(run.runDir, rel);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, Buffer.isBuffer(data) ? data : typeof data === 'string' ? data : JSON.stringify(data));
  };
  write(files.capture(spec.name, 'default', 'desktop'), makePng(400, 900));
  write(files.record(spec.name, 'default', 'desktop'), record(spec.name, opts.rec));
  if (opts.checks !== null) write(files.checks(spec.name), opts.checks ?? [{ check: 'overflow', status: 'pass', findings: [], error: null, ms: 1 }]);
  return { root, run, spec, write };
}

/** A verdict citing a region crop that was sent and a quote that is on the page. */
export const GOOD_FINDING = {
  severity: 'important',
  evidence: { file: 'default-desktop.region-summary.png', region: 'summary', quote: 'Total $42.00' },
  issue: 'The total is set in a much smaller type than the line items', impact: 'Buyers may miss the amount they pay.', fix: 'Set the total at least as large as the line items.',
};

/** Every file under dir, as text (for "the key never appears on disk"). */
export function allFilesText(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p); else out.push({ file: p, text: fs.readFileSync(p, 'latin1') });
    }
  };
  walk(dir);
  return out;
}

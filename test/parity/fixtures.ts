// Hand-built runs for parity tests: RunContext, SpecPlan, capture records and PNGs on disk.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import type { Box, CaptureRecord, EnvFingerprint, ViewportSpec } from '../../src/core/artifacts.js';
import { files, type RunContext } from '../../src/core/run.js';
import type { ProjectPlan, SpecPlan } from '../../src/spec/plan.js';
import { approveWith, type ApproveOptions } from '../../src/parity/approve/promote.js';
import { hashManifest } from '../../src/core/freshness.js';
import { gateRun } from '../../src/gate/index.js';
import { tmpDir } from '../helpers/tmp.js';
import { runInfo } from '../helpers/artifacts.js';

export const VP: ViewportSpec = { name: 'desktop', width: 200, height: 150, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' };

export const ENV: EnvFingerprint = {
  browserName: 'chromium', browserVersion: '156.0.8078.114', flavour: 'headless-shell', executablePath: '/usr/lib/chromium/chromium-headless-shell',
  fonts: ['DejaVuSans.ttf'], fontsHash: 'fonts-1', fontConfigHash: 'conf-1', deviceScaleFactor: 1, platform: 'linux-x64', playwrightVersion: '1.65.1',
};

export function makeSpec(over: Partial<SpecPlan> = {}): SpecPlan {
  return {
    name: 'shop', file: 'specs/shop.yaml', specHash: 'spec-hash-1', route: '/', url: null, brief: null,
    viewports: [VP], states: [{ name: 'default', steps: [], required: [] }],
    context: { storageState: null, extraHTTPHeaders: {}, locale: 'en-US', timezoneId: 'UTC', colorScheme: null, freezeTime: null, randomSeed: null, reducedMotion: 'reduce' as const },
    network: { block: [], har: null, harUrl: null, harNotFound: 'abort' },
    wait: { for: 'load', selector: null, timeout: 1000 }, fullPage: true,
    regions: { form: 'form' }, masks: [],
    checks: [
      { id: 'axe', enabled: true, severity: null, options: { impact: 'moderate' } },
      { id: 'console', enabled: true, severity: null, options: {} },
    ],
    parity: { threshold: 0.1, maxDiffRatio: 0, regions: {} },
    judge: null, gate: { minScore: 80, warn: ['polish'] }, scoring: { version: null }, watch: [], mobileMaxWidth: 768, timeout: 10000,
    ...over,
  };
}

let runs = 0;
export function makeRun(specs: SpecPlan[], root = tmpDir('veval-parity-')): RunContext {
  const runId = `run-${++runs}`;
  const plan: ProjectPlan = { version: 1, root, configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: null, out: 'evals', specs };
  const run = { root, outDir: path.join(root, 'evals'), runId, runDir: path.join(root, 'evals', runId), plan };
  fs.mkdirSync(run.runDir, { recursive: true });
  // a completed, gated run of the tree testDeps describes (approve takes nothing less)
  fs.writeFileSync(path.join(run.runDir, files.run), JSON.stringify(runInfo({ runId, gitSha: 'abc123', treeHash: TREE, startedAt: '2026-01-01T00:00:00Z' })));
  // a report with no findings (the gate's, over no specs): approve reads blockers from it
  gateRun({ ...run, plan: { ...plan, specs: [] } }, { startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:01Z' });
  return run;
}

/** A second run of the same project (same baselines folder), e.g. after a code change. */
export const nextRun = (run: RunContext, specs = run.plan.specs) => makeRun(specs, run.root);

export type Paint = (img: Image) => void;

export class Image {
  readonly png: PNG;
  constructor(readonly width = VP.width, readonly height = VP.height) {
    this.png = new PNG({ width, height });
    this.png.data.fill(255);
  }
  rect(x: number, y: number, w: number, h: number, rgb: [number, number, number]): this {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) {
      const o = (j * this.width + i) * 4;
      this.png.data[o] = rgb[0]; this.png.data[o + 1] = rgb[1]; this.png.data[o + 2] = rgb[2]; this.png.data[o + 3] = 255;
    }
    return this;
  }
  bytes(): Buffer { return PNG.sync.write(this.png); }
}

export interface CaptureOpts { record?: Partial<CaptureRecord>; regions?: Record<string, Box | null>; masks?: Box[]; state?: string; viewport?: ViewportSpec }

export function writeCapture(run: RunContext, spec: string, png: Buffer | null, o: CaptureOpts = {}): CaptureRecord {
  const state = o.state ?? 'default', vp = o.viewport ?? VP;
  const rec: CaptureRecord = {
    version: 1, spec, state, viewport: vp, url: 'http://127.0.0.1/', finalUrl: 'http://127.0.0.1/', httpStatus: 200, ok: true, error: null,
    screenshot: `${state}-${vp.name}.png`, image: { width: vp.width, height: vp.height }, axe: null, axeError: null, console: [], failedRequests: [],
    document: { scrollWidth: vp.width, scrollHeight: vp.height, clientWidth: vp.width, clientHeight: vp.height },
    overflow: { overflowPx: 0, offenders: [] },
    regions: Object.fromEntries(Object.entries(o.regions ?? { form: { x: 20, y: 20, width: 100, height: 60 } }).map(([k, box]) => [k, { selector: k, count: box ? 1 : 0, box }])),
    masks: o.masks ? [{ selector: '.clock', boxes: o.masks }] : [], required: [], clippedText: [], aria: null, text: '',
    stability: { checked: false, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null },
    timings: { total: 0, navigate: 0, steps: [], settle: 0, measure: 0, screenshot: 0, axe: 0 }, environment: { ...ENV, deviceScaleFactor: vp.deviceScaleFactor }, trace: null,
    ...o.record,
  };
  const dir = path.join(run.runDir, spec);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(run.runDir, files.record(spec, state, vp.name)), JSON.stringify(rec));
  if (png) fs.writeFileSync(path.join(run.runDir, files.capture(spec, state, vp.name)), png);
  return rec;
}

/** The working tree approve sees: empty unless a test says otherwise. */
export const TREE = hashManifest({});
export const testDeps = { tree: () => ({ treeHash: TREE, files: {} }), now: () => new Date('2026-02-03T04:05:06Z') };
export const approveT = (run: RunContext, opts: ApproveOptions = {}) => approveWith(run, { approver: 'Tester <t@example.com>', ...opts }, testDeps);
export const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/** A well-formed PNG whose IHDR claims w×h RGBA and whose IDAT starts a stream of zero rows. */
export function bomb(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; ihdr[9] = 6;
  const rows = zlib.deflateSync(Buffer.alloc((w * 4 + 1) * 4));   // four rows' worth: enough to look real
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

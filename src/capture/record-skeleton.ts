// The capture record skeleton: what a unit writes even when nothing could be captured, so later
// stages see why instead of a missing file.
import type { CaptureError, CaptureRecord, EnvFingerprint, ViewportSpec } from '../core/artifacts.js';

export function emptyRecord(spec: string, state: string, viewport: ViewportSpec, url: string, env: EnvFingerprint | null): CaptureRecord {
  return {
    version: 1, spec, state, viewport, url, finalUrl: null, httpStatus: null, ok: false, error: null,
    screenshot: null, image: null, axe: null, axeError: null, console: [], failedRequests: [],
    document: { scrollWidth: 0, scrollHeight: 0, clientWidth: 0, clientHeight: 0 },
    overflow: { overflowPx: 0, offenders: [] }, regions: {}, masks: [], required: [], clippedText: [],
    aria: null, text: '',
    stability: { checked: false, stable: false, attempts: 0, changedBox: null, changedRegion: null, changedSelector: null },
    timings: { total: 0, navigate: 0, steps: [], settle: 0, measure: 0, screenshot: 0, axe: 0 },
    environment: envFor(env, viewport),
    trace: null,
    failureScreenshot: null,
  };
}

/** The run's fingerprint with this viewport's device scale factor (it changes every pixel). */
export function envFor(env: EnvFingerprint | null, viewport: ViewportSpec): EnvFingerprint {
  const base: EnvFingerprint = env ?? {
    browserName: 'unknown', browserVersion: 'unknown', flavour: 'unknown', executablePath: null, fonts: [], fontsHash: '',
    deviceScaleFactor: 1, platform: `${process.platform}-${process.arch}`, playwrightVersion: 'unknown',
  };
  return { ...base, deviceScaleFactor: viewport.deviceScaleFactor };
}

export function failedRecord(spec: string, state: string, viewport: ViewportSpec, url: string, env: EnvFingerprint | null, error: CaptureError): CaptureRecord {
  return { ...emptyRecord(spec, state, viewport, url, env), error };
}

/** Width and height from a PNG's IHDR chunk (no decode). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

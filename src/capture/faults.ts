// Maps what went wrong during a unit to the contract's named CaptureError reasons.
import type { CaptureError, CaptureErrorReason } from '../core/artifacts.js';
import { UNIT_CAP } from '../core/defaults.js';

export type Stage = 'context' | 'navigate' | 'ready' | 'steps' | 'measure' | 'screenshot' | 'write';

export class UnitFault extends Error {
  constructor(public readonly reason: CaptureErrorReason, message: string, public readonly step?: CaptureError['step']) {
    super(message);
  }
}

const firstLine = (err: unknown) => String((err as Error)?.message ?? err).split('\n')[0];

/** `timedOut`: the unit's watchdog fired — `stalled` when nothing progressed for `ms` (the unit
 *  timeout), else the unit was still progressing at `ms` (UNIT_CAP × the timeout in all). */
export interface FaultState { stage: Stage; crashed: boolean; disconnected: boolean; aborted: boolean; timedOut: { ms: number; stalled: boolean } | null }

/** A fault state whose every stage change (a phase begun; a shot re-sets 'screenshot') is progress
 *  for the unit's watchdog (watched). */
export type WatchedFault = FaultState & { progressAt: number };
export function progressingFault(): WatchedFault {
  let stage: Stage = 'context';
  return {
    progressAt: Date.now(),
    get stage() { return stage; }, set stage(v: Stage) { stage = v; this.progressAt = Date.now(); },
    crashed: false, disconnected: false, aborted: false, timedOut: null,
  };
}

/** `work`, unless the unit's watchdog fires first: no progress (see progressingFault) for the unit
 *  timeout, or still going at UNIT_CAP × it since `start`; it sets fault.timedOut and rejects.
 *  `stop()` ends the watch. */
export function watched<T>(work: Promise<T>, fault: WatchedFault, timeout: number, start: number): { done: Promise<T>; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const dog = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const now = Date.now();
      const stalled = now - fault.progressAt >= timeout;
      if (!stalled && now - start < UNIT_CAP * timeout) return;
      fault.timedOut = { ms: stalled ? timeout : UNIT_CAP * timeout, stalled };
      reject(new Error('unit timeout'));
    }, Math.min(1000, Math.max(50, timeout / 20)));
  });
  return { done: Promise.race([work, dog]), stop: () => clearInterval(timer) };
}

export function classify(err: unknown, s: FaultState): CaptureError {
  if (err instanceof UnitFault) return { reason: err.reason, message: err.message, ...(err.step ? { step: err.step } : {}) };
  const msg = firstLine(err);
  if (s.aborted) return { reason: 'interrupted', message: `interrupted during ${s.stage}` };
  if (s.crashed || /Target crashed|Page crashed/i.test(msg)) return { reason: 'renderer-crash', message: `the page's renderer crashed during ${s.stage}: ${msg}` };
  if (s.disconnected) return { reason: 'browser-closed', message: `the browser closed during ${s.stage}` };
  if (s.timedOut !== null) {
    const reason: CaptureErrorReason = s.stage === 'navigate' || s.stage === 'ready' ? 'navigation-timeout' : s.stage === 'steps' ? 'step-failed' : s.stage === 'screenshot' ? 'screenshot-failed' : 'measure-failed';
    return { reason, message: s.timedOut.stalled
      ? `the unit made no progress for ${s.timedOut.ms} ms (stuck in ${s.stage})`
      : `the unit did not finish within ${s.timedOut.ms} ms (still in ${s.stage}; it was progressing, slowly: ${UNIT_CAP} × the unit timeout is its limit)` };
  }
  if (s.stage === 'navigate') {
    if (/ERR_CONNECTION_REFUSED/.test(msg)) return { reason: 'connection-refused', message: `connection refused: ${msg}` };
    if (/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/.test(msg)) return { reason: 'dns-failure', message: `DNS lookup failed: ${msg}` };
    if ((err as Error)?.name === 'TimeoutError') return { reason: 'navigation-timeout', message: msg };
    return { reason: 'navigation-failed', message: msg };
  }
  if (s.stage === 'ready' && (err as Error)?.name === 'TimeoutError') return { reason: 'navigation-timeout', message: msg };
  if (s.stage === 'measure') return { reason: 'measure-failed', message: msg };
  if (s.stage === 'screenshot') return { reason: 'screenshot-failed', message: msg };
  if (s.stage === 'write') return { reason: 'write-failed', message: msg };
  if (/has been closed|Browser closed|Connection closed/i.test(msg)) return { reason: 'browser-closed', message: msg };
  return { reason: 'internal', message: msg };
}

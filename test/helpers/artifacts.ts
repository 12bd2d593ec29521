// Complete parity.json / judge.json values as the stages write them, for tests that hand-build a
// run folder: readers validate every artifact against its schema, so partial ones are refused.
import type { Finding, JudgeResult, ParityResult, ParityUnit } from '../../src/core/artifacts.js';

export const parityUnit = (state: string, viewport: string, over: Partial<ParityUnit> = {}): ParityUnit => ({
  state, viewport, outcome: 'identical', capture: `${state}-${viewport}.png`, baseline: null, changedPixels: 0, ratio: 0,
  size: null, regions: [], clusters: [], clusterCount: 0, diff: null, message: 'identical to the baseline', ms: 1, ...over,
});

export const parityResult = (status: ParityResult['status'], over: Partial<ParityResult> = {}): ParityResult => ({
  status, findings: [], units: [], ms: 3, notes: [], baselines: null, ...over,
});

export const judgeResult = (status: JudgeResult['status'], findings: Finding[] = [], reason: string | null = null, over: Partial<JudgeResult> = {}): JudgeResult => ({
  status, reason, findings, model: { requested: 'm', reported: 'm', mismatch: false }, cache: 'miss', requests: 1, bytesSent: 10,
  tokens: { prompt: 1, completion: 1 }, imagesSent: ['default-desktop.png'], dropped: { praise: 0, redesign: 0 }, droppedFindings: [],
  calibration: { status: 'none', model: null, date: null, agreement: null }, ms: 5, ...over,
});

// Complete parity.json / judge.json / report.json values as the stages write them, for tests that hand-build a
// run folder: readers validate every artifact against its schema, so partial ones are refused.
import path from 'node:path';
import type { Finding, JudgeResult, ParityResult, ParityUnit, RunInfo } from '../../src/core/artifacts.js';
import { writeJsonAtomic } from '../../src/core/fsx.js';
import type { RunContext } from '../../src/core/run.js';
import { gateRun, type Report } from '../../src/gate/index.js';

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

/** A complete run.json (a completed run made from tree `treeHash`), as createRun and finishRun write it. */
export const runInfo = (over: Partial<RunInfo> = {}): RunInfo => ({
  version: 1, runId: 'abc123', startedBy: 'run', state: 'completed', pid: null, host: 'test-host', gitSha: 'abc123', treeHash: 'tree1',
  dirty: false, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', toolVersion: '0.1.0', argv: [], files: {},
  shard: null, selection: { args: [], grep: null, viewport: null, shard: null, changed: null, specs: [] }, treeAtEnd: null, error: null, ...over,
});

/** A real report.json for `run` (the gate's, on its run folder), passing unless `edit` says otherwise, written in place. */
export function writeReport(run: RunContext, edit: (r: Report) => void = () => {}): Report {
  const report = gateRun(run, { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z' });
  Object.assign(report, { status: 'pass', exitCode: 0, incomplete: false, reasons: [] });
  for (const s of report.specs) Object.assign(s, { status: 'pass', reasons: [] });
  edit(report);
  writeJsonAtomic(path.join(run.runDir, 'report.json'), report);
  return report;
}

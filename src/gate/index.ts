// The gate stage: reads the run folder (run.json, each spec's checks/parity/judge results and
// capture records), applies the policy and the score formula, and writes report.json atomically.
// It never throws for a missing or broken artifact: each one becomes a failing reason.
import { SEVERITIES, type Severity } from '../core/artifacts.js';
import { writeJsonAtomic } from '../core/fsx.js';
import { abs, files, type RunContext } from '../core/run.js';
import { buildChecklist } from './checklist.js';
import { readArtifact } from '../core/artifact-read.js';
import { decide, exitCodeOf, type Verdict } from './policy.js';
import { readSpec } from './read.js';
import type { Report, SpecReport } from './report-schema.js';
import { LATEST_SCORING_VERSION, SCORING_VERSIONS, scoringHash } from './score.js';
import { reuseOf } from './reuse.js';
import { specReport } from './spec-report.js';
import { checksStage, judgeStage, parityStage } from './stages.js';
import type { SpecPlan } from '../spec/plan.js';

export type { Report, SpecReport } from './report-schema.js';
export { exitCodeOf, type Verdict } from './policy.js';

export interface GateInfo { startedAt: string; finishedAt: string; incomplete?: boolean; argv?: string[] }

/** One CI shard (`run --shard i/n`) whose slice holds no spec: nothing to fail; merge counts it as present. */
export const isEmptyShard = (run: RunContext, shard: string | null | undefined) => !run.plan.specs.length && /^\d+\/\d+$/.test(shard ?? '');

/** The browser and fonts every capture of the run was made with (the device scale factor is the
 *  viewport's, so it is left out); null when none has one or they differ (shards merged from unlike
 *  machines): the report states one environment or none. */
function sharedEnvironment(records: ({ environment?: object } | null)[]): unknown {
  const envs = records.flatMap((r) => (r?.environment ? [{ ...r.environment, deviceScaleFactor: undefined }] : []));
  const same = envs.every((e) => JSON.stringify(e) === JSON.stringify(envs[0]));
  return envs.length && same ? JSON.parse(JSON.stringify(envs[0])) : null;
}

export function gateRun(run: RunContext, info: GateInfo): Report {
  const runJson = readArtifact('run', abs(run, files.run));
  const reasons: string[] = [];
  if (!runJson.value) reasons.push(`${files.run} is ${runJson.problem}: git SHA and tree hash unknown`);
  if (info.incomplete) reasons.push('the run is incomplete (interrupted or stopped early): an incomplete run never passes');
  if (!run.plan.specs.length && !isEmptyShard(run, runJson.value?.shard)) reasons.push('no specs ran');

  const specs: SpecReport[] = [];
  const forChecklist: Parameters<typeof buildChecklist>[0] = [];
  for (const spec of run.plan.specs) {
    const pinned = spec.scoring?.version ?? LATEST_SCORING_VERSION;
    const scoring = SCORING_VERSIONS[pinned] ?? null;
    const artifacts = readSpec(run, spec);
    const report = specReport(run, spec, artifacts, scoring, scoring ? null : `scoring version ${pinned} is unknown (known: ${Object.keys(SCORING_VERSIONS).join(', ')})`);
    specs.push(report);
    forChecklist.push({ spec, artifacts, findings: report.findings as any, diffs: report.units.flatMap((u) => (u.files.diff ? [u.files.diff] : [])) });
  }

  // every unit refused the connection: nothing was served, and the findings say so unit by unit;
  // one line says what to do about it
  const records = forChecklist.flatMap((c) => c.artifacts.units.map((u) => u.record.value));
  if (records.length && records.every((r) => r && !r.ok && r.error?.reason === 'connection-refused')) {
    const url = run.plan.baseURL ?? records[0]?.url ?? 'the base URL';
    reasons.push(`nothing answers at ${url}: start the app, or set server: (a command and url, or static: <folder>) in visual-eval.config.yaml`);
  }

  // The run-level scoring block names the latest version; a spec that pins another says so in docs.
  const latest = SCORING_VERSIONS[LATEST_SCORING_VERSION];
  const failed = specs.filter((s) => s.status === 'fail').length;
  const status: Report['status'] = reasons.length || failed ? 'fail' : 'pass';
  // accepted accessibility debt is counted apart (knownDebt), never as the blockers it was once
  const count = (sev: string) => specs.reduce((n, s) => n + s.findings.filter((f) => f.severity === sev && f.effect !== 'known-debt').length, 0);
  const started = Date.parse(info.startedAt), finished = Date.parse(info.finishedAt);
  const rj: Partial<NonNullable<typeof runJson.value>> = runJson.value ?? {};
  const report: Report = {
    schemaVersion: 1,
    tool: { name: 'veval', version: rj.toolVersion ?? 'unknown' },
    runId: rj.runId ?? run.runId,
    ...(info.argv ? { argv: info.argv } : {}),
    scoring: { version: latest.version, weights: { ...latest.weights }, hash: scoringHash(latest) },
    git: { sha: rj.gitSha ?? null, treeHash: rj.treeHash ?? null },
    environment: sharedEnvironment(records),
    status,
    exitCode: exitCodeOf({ status }),
    startedAt: info.startedAt,
    finishedAt: info.finishedAt,
    durationMs: Number.isFinite(finished - started) ? Math.max(0, finished - started) : 0,
    incomplete: !!info.incomplete,
    reasons,
    specs,
    totals: {
      specs: specs.length, passed: specs.length - failed, failed,
      units: specs.reduce((n, s) => n + s.units.length, 0),
      unitsFailed: specs.reduce((n, s) => n + s.units.filter((u) => u.status !== 'pass').length, 0),
      findings: Object.fromEntries(SEVERITIES.map((s) => [s, count(s)])) as Record<Severity, number>,
      knownDebt: specs.reduce((n, s) => n + s.findings.filter((f) => f.effect === 'known-debt').length, 0),
    },
    checklist: buildChecklist(forChecklist),
    reuse: reuseOf(specs),
  };
  writeJsonAtomic(abs(run, files.report), report);
  return report;
}

/** The gate's policy over one stage's artifacts, for `veval check` and `veval judge` (their exit
 *  code): the same fail-closed errors and finding effects as the gate, without the score (minScore
 *  is the whole gate's). `checks`: checks.json and parity.json; `judge`: judge.json. */
export function stageVerdict(run: RunContext, spec: SpecPlan, stage: 'checks' | 'judge'): Verdict {
  const a = readSpec(run, spec);
  const gate = { ...spec.gate, minScore: 0 };
  const checkFindings = (a.checks.value ?? []).flatMap((r) => r.findings);
  if (stage === 'checks') {
    const checks = checksStage(spec, a), parity = parityStage(spec, a);
    return decide({ findings: [...checkFindings, ...(a.parity.value?.findings ?? [])], errors: [...checks.errors, ...parity.errors], gate, score: null });
  }
  const judge = judgeStage(spec, a, checkFindings.some((f) => f.severity === 'blocker'));
  const active = !!spec.judge && spec.judge.mode !== 'off';
  return decide({ findings: [...(active ? a.judge.value?.findings ?? [] : []), ...judge.findings], errors: judge.errors, gate, score: null });
}

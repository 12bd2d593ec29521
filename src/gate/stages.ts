// Turns each stage's artifact (or its absence) into fail-closed errors, synthesized findings and a
// stage status. A stage the spec asked for that did not run, or ran and erred, is an error.
import type { Finding, StageStatus } from '../core/artifacts.js';
import { files } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import type { SpecArtifacts, UnitArtifacts } from './read.js';

export interface Stage { status: StageStatus; reason: string | null; ms: number | null }
export interface StageOutcome { stage: Stage; errors: string[]; findings: Finding[] }

const sum = (xs: (number | undefined)[]) => xs.reduce<number>((a, b) => a + (typeof b === 'number' ? b : 0), 0);

/** One `capture` blocker per unit without trustworthy capture evidence, unless checks already said so. */
export function captureStage(spec: SpecPlan, units: UnitArtifacts[], existing: Finding[]): StageOutcome {
  const findings: Finding[] = [];
  let bad = 0;
  for (const u of units) {
    const r = u.record.value;
    let message: string | null = null;
    if (!r) message = `capture record ${files.record(spec.name, u.state, u.viewport)} is ${u.record.problem}`;
    else if (!r.ok) message = `capture failed${r.error ? ` (${r.error.reason}): ${r.error.message}` : ''}`;
    else if (!u.captureExists) message = `screenshot ${r.screenshot ?? files.capture(spec.name, u.state, u.viewport)} is missing`;
    if (!message) continue;
    bad++;
    const said = existing.some((f) => f.check === 'capture' && f.state === u.state && f.viewport === u.viewport);
    // cite only a file that exists: the failure screenshot, when capture took one
    const shot = r?.failureScreenshot ? `${spec.name}/${r.failureScreenshot}` : null;
    const evidence = { file: shot && u.fileExists(shot) ? shot : null };
    if (!said) findings.push({ check: 'capture', severity: 'blocker', viewport: u.viewport, state: u.state, message, evidence });
  }
  const ms = sum(units.map((u) => u.record.value?.timings?.total));
  const stage: Stage = bad
    ? { status: 'error', reason: `${bad} of ${units.length} captures failed or are missing`, ms }
    : { status: 'ok', reason: null, ms };
  return { stage, errors: [], findings };
}

export function checksStage(spec: SpecPlan, a: SpecArtifacts): StageOutcome {
  const file = files.checks(spec.name);
  if (!a.checks.value) {
    const reason = `${file} is ${a.checks.problem}: the checks stage did not run`;
    return { stage: { status: a.checks.problem === 'missing' ? 'not-run' : 'error', reason, ms: null }, errors: [reason], findings: [] };
  }
  const results = a.checks.value;
  const errors = results.filter((r) => r.status === 'error').map((r) => `check ${r.check} crashed: ${r.error ?? 'no message'}`);
  for (const c of spec.checks) {
    if (c.enabled && !results.some((r) => r.check === c.id)) errors.push(`check ${c.id} is enabled but produced no result`);
  }
  for (const r of results) {
    if (r.status === 'fail' && r.findings.length === 0) errors.push(`check ${r.check} failed without findings`);
  }
  const ms = sum(results.map((r) => r.ms));
  return { stage: { status: errors.length ? 'error' : 'ok', reason: errors[0] ?? null, ms }, errors, findings: [] };
}

export function parityStage(spec: SpecPlan, a: SpecArtifacts): StageOutcome {
  if (!spec.parity) return { stage: { status: 'skipped', reason: 'no parity section', ms: null }, errors: [], findings: [] };
  const p = a.parity.value;
  const file = files.parity(spec.name);
  if (!p) {
    const reason = `${file} is ${a.parity.problem}: the spec asks for parity`;
    return { stage: { status: a.parity.problem === 'missing' ? 'not-run' : 'error', reason, ms: null }, errors: [reason], findings: [] };
  }
  const why = p.reason ?? (p.notes.length ? p.notes.join('; ') : null);
  if (p.status === 'error') {
    const reason = `parity error${why ? `: ${why}` : ''}`;
    return { stage: { status: 'error', reason, ms: p.ms ?? null }, errors: [reason], findings: [] };
  }
  if (p.status === 'skipped') {
    const reason = `parity skipped although the spec asks for it${why ? `: ${why}` : ''}`;
    return { stage: { status: 'skipped', reason, ms: p.ms ?? null }, errors: [reason], findings: [] };
  }
  const errors = p.status === 'fail' && p.findings.length === 0 ? ['parity failed without findings'] : p.status === 'pass' || p.status === 'fail' ? [] : [`parity status "${p.status}" is unknown`];
  return { stage: { status: errors.length ? 'error' : 'ok', reason: why, ms: p.ms ?? null }, errors, findings: [] };
}

/** `blocked`: a deterministic blocker already fails the spec, so a skipped judge is expected. */
export function judgeStage(spec: SpecPlan, a: SpecArtifacts, blocked: boolean): StageOutcome {
  const mode = spec.judge?.mode ?? 'off';
  if (mode === 'off') return { stage: { status: 'skipped', reason: 'judge off', ms: null }, errors: [], findings: [] };
  const j = a.judge.value;
  if (!j) {
    const reason = `${files.judge(spec.name)} is ${a.judge.problem}: the spec asks for the judge (mode: ${mode})`;
    return { stage: { status: a.judge.problem === 'missing' ? 'not-run' : 'error', reason, ms: null }, errors: [reason], findings: [] };
  }
  const ms = j.ms ?? null;
  const why = j.reason ? `: ${j.reason}` : '';
  switch (j.status) {
    case 'pass':
      return { stage: { status: 'ok', reason: j.reason, ms }, errors: [], findings: [] };
    case 'fail': {
      const errors = j.findings.length ? [] : ['judge failed without findings'];
      return { stage: { status: errors.length ? 'error' : 'ok', reason: j.reason, ms }, errors, findings: [] };
    }
    case 'FAIL_EVIDENCE': {
      const said = j.findings.some((f) => f.check === 'judge' && f.viewport === null && f.state === null && f.severity === 'blocker');
      const findings: Finding[] = said ? [] : [{
        check: 'judge', severity: 'blocker', viewport: null, state: null,
        message: `judge verdict rests on evidence not found in the inputs (FAIL_EVIDENCE)${why}`, evidence: { file: files.judge(spec.name) },
      }];
      return { stage: { status: 'error', reason: `FAIL_EVIDENCE${why}`, ms }, errors: [], findings };
    }
    case 'skipped': {
      const fine = mode === 'optional' || blocked;
      const reason = `judge skipped${why}`;
      return { stage: { status: 'skipped', reason, ms }, errors: fine ? [] : [`${reason} (mode: required)`], findings: [] };
    }
    case 'error':
      return { stage: { status: 'error', reason: `judge error${why}`, ms }, errors: [`judge error${why}`], findings: [] };
    default:
      return { stage: { status: 'error', reason: `unknown judge status "${j.status}"`, ms }, errors: [`unknown judge status "${j.status}"`], findings: [] };
  }
}

// Every gate rule, each from a hand-written run folder through gateRun (the real entry point).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gateRun } from '../../src/gate/index.js';
import type { JudgePlan, ParityPlan } from '../../src/spec/plan.js';
import { finding, healthySpec, INFO, makeRun, record, result, specPlan } from './fixture.js';
import { judgeResult, parityResult } from '../helpers/artifacts.js';
import type { Finding, JudgeResult, ParityResult } from '../../src/core/artifacts.js';

const CHECK_IDS = ['capture', 'axe', 'console', 'http-status', 'min-gap', 'overflow', 'overlap', 'requests', 'required-visible', 'stability', 'task-order', 'text-clipped'];
const allPass = () => CHECK_IDS.map((id) => result(id));
const judgePlan = (mode: JudgePlan['mode']): JudgePlan => ({
  mode, model: 'gpt-4.1-2025-04-14', baseURL: null, rubric: { file: null, text: 'r' }, images: 'crops', maxImageSize: 1024, timeout: 60000,
  retries: 2, maxTokens: 2000, budget: { maxImages: null, maxTokens: null }, calibration: { minAgreement: 0.8, required: false, file: '.veval/calibration.json' },
});
const parityPlan: ParityPlan = { threshold: 0.1, maxDiffRatio: 0, regions: {} };
const judgeJson = (status: JudgeResult['status'], findings: Finding[] = [], reason: string | null = null) => judgeResult(status, findings, reason);
const parityJson = (status: ParityResult['status'], findings: Finding[] = []) => parityResult(status, { findings });

function gate(spec = specPlan('checkout'), tree = healthySpec(spec, allPass()), info = INFO) {
  const { run, dir } = makeRun([spec], tree);
  const report = gateRun(run, info);
  return { report, s: report.specs[0], dir };
}

test('a clean run passes with exit code 0 and writes report.json', () => {
  const { report, s, dir } = gate();
  assert.equal(report.status, 'pass');
  assert.equal(report.exitCode, 0);
  assert.equal(s.status, 'pass');
  assert.deepEqual(s.reasons, []);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).status, 'pass');
});

test('a spec scoring 91 or more still fails on one blocker', () => {
  const spec = specPlan('checkout');
  const checks = allPass().map((r) => r.check === 'required-visible'
    ? result('required-visible', [finding('required-visible', 'blocker', 'default', 'mobile', 'primary CTA #pay is covered by .cookie-bar', 'checkout/default-mobile.png')])
    : r);
  const { report, s } = gate(spec, healthySpec(spec, checks));
  assert.ok(s.score! >= 91, `score ${s.score}`);
  assert.equal(s.status, 'fail');
  assert.equal(report.exitCode, 1);
  assert.match(s.reasons.join('\n'), /blocker required-visible \(default @ mobile\): primary CTA #pay is covered/);
  assert.equal(s.units.find((u) => u.viewport === 'mobile')!.status, 'fail');
  assert.equal(s.units.find((u) => u.viewport === 'desktop')!.status, 'pass');
});

test('a crashed check (status error) fails the spec even without findings', () => {
  const spec = specPlan('checkout');
  const checks = allPass().map((r) => (r.check === 'overlap' ? result('overlap', [], 'error', 'check overlap failed: boom') : r));
  const { s } = gate(spec, healthySpec(spec, checks));
  assert.equal(s.status, 'fail');
  assert.match(s.reasons.join('\n'), /check overlap crashed: check overlap failed: boom/);
  assert.equal(s.stages.checks.status, 'error');
});

test('an enabled check with no result in checks.json fails closed', () => {
  const spec = specPlan('checkout', { checks: [{ id: 'overlap', enabled: true, severity: null, options: {} }] });
  const { s } = gate(spec, healthySpec(spec, allPass().filter((r) => r.check !== 'overlap')));
  assert.equal(s.status, 'fail');
  assert.match(s.reasons.join('\n'), /check overlap is enabled but produced no result/);
});

test('a missing checks.json fails the spec', () => {
  const spec = specPlan('checkout');
  const tree = healthySpec(spec);
  delete tree['checkout/checks.json'];
  const { s } = gate(spec, tree);
  assert.equal(s.status, 'fail');
  assert.match(s.reasons.join('\n'), /checks\.json is missing/);
  assert.equal(s.stages.checks.status, 'not-run');
});

test('an unreadable checks.json fails the spec', () => {
  const spec = specPlan('checkout');
  const { s } = gate(spec, healthySpec(spec, [], { 'checkout/checks.json': '{"not json' }));
  assert.equal(s.status, 'fail');
  assert.match(s.reasons.join('\n'), /checks\.json is unreadable/);
});

test('a unit without a capture fails with a capture finding on that unit', () => {
  const spec = specPlan('checkout');
  const tree = healthySpec(spec, allPass());
  delete tree['checkout/default-mobile.png'];
  const { s } = gate(spec, tree);
  assert.equal(s.status, 'fail');
  const f = s.findings.find((x) => x.check === 'capture')!;
  assert.equal(f.viewport, 'mobile');
  assert.equal(f.state, 'default');
  assert.equal(f.severity, 'blocker');
  assert.equal(s.units.find((u) => u.viewport === 'mobile')!.status, 'error');
  assert.equal(s.units.find((u) => u.viewport === 'mobile')!.files.capture, null);
});

test('a judge FAIL_EVIDENCE fails with a spec-wide judge finding', () => {
  const spec = specPlan('checkout', { judge: judgePlan('required') });
  const { s } = gate(spec, healthySpec(spec, allPass(), { 'checkout/judge.json': judgeJson('FAIL_EVIDENCE', [], 'quoted text "Pay now!" not on the page') }));
  assert.equal(s.status, 'fail');
  const f = s.findings.find((x) => x.check === 'judge')!;
  assert.equal(f.viewport, null);
  assert.equal(f.state, null);
  assert.match(s.reasons.join('\n'), /FAIL_EVIDENCE/);
});

test('a judge error fails; a missing judge.json fails when the spec has a judge', () => {
  const spec = specPlan('checkout', { judge: judgePlan('required') });
  assert.equal(gate(spec, healthySpec(spec, allPass(), { 'checkout/judge.json': judgeJson('error', [], 'timeout') })).s.status, 'fail');
  const missing = gate(spec, healthySpec(spec, allPass()));
  assert.equal(missing.s.status, 'fail');
  assert.match(missing.s.reasons.join('\n'), /judge\.json is missing/);
});

test('judge skipped passes under mode optional and fails under mode required', () => {
  const skipped = judgeJson('skipped', [], 'no OPENAI_API_KEY');
  const optional = specPlan('checkout', { judge: judgePlan('optional') });
  assert.equal(gate(optional, healthySpec(optional, allPass(), { 'checkout/judge.json': skipped })).s.status, 'pass');
  const required = specPlan('checkout', { judge: judgePlan('required') });
  const r = gate(required, healthySpec(required, allPass(), { 'checkout/judge.json': skipped }));
  assert.equal(r.s.status, 'fail');
  assert.match(r.s.reasons.join('\n'), /judge skipped: no OPENAI_API_KEY \(mode: required\)/);
});

test('judge skipped because a deterministic blocker already fails adds no judge reason', () => {
  const spec = specPlan('checkout', { judge: judgePlan('required') });
  const checks = allPass().map((r) => (r.check === 'overflow' ? result('overflow', [finding('overflow', 'blocker', 'default', 'mobile', 'page is 40px wider')]) : r));
  const { s } = gate(spec, healthySpec(spec, checks, { 'checkout/judge.json': judgeJson('skipped', [], 'a deterministic blocker fails already') }));
  assert.equal(s.status, 'fail');
  assert.equal(s.reasons.length, 1);
  assert.match(s.reasons[0], /overflow/);
});

test('an optional judge skipped for want of credentials passes, and the report says what it left unchecked', async () => {
  const spec = specPlan('checkout', {
    judge: judgePlan('optional'),
    brief: { file: 'briefs/checkout.md', text: 'x', mustShow: [{ item: '#pay', kind: 'selector' }, { item: 'The total is easy to find', kind: 'plain' }] },
  });
  const { s, report } = gate(spec, healthySpec(spec, allPass(), { 'checkout/judge.json': judgeJson('skipped', [], 'no credentials') }));
  assert.equal(s.status, 'pass');
  assert.deepEqual(s.notes, ['judge skipped (no OPENAI_API_KEY; judge.mode: optional): 1 must-show item(s) in plain words ("The total is easy to find") and the judge rubric not checked']);
  const { renderMarkdown } = await import('../../src/report/markdown.js');
  assert.match(renderMarkdown(report as any), /ℹ️ \*\*checkout\*\* judge skipped \(no OPENAI\\_API\\_KEY/);
});

test('when every unit was refused a connection, the run says once that nothing answers and what to do', () => {
  const spec = specPlan('checkout');
  const refused = (vp: 'desktop' | 'mobile') => record('checkout', 'default', vp, { ok: false, screenshot: null, error: { reason: 'connection-refused', message: 'net::ERR_CONNECTION_REFUSED' } });
  const { report } = gate(spec, healthySpec(spec, allPass(), { 'checkout/default-desktop.json': refused('desktop'), 'checkout/default-mobile.json': refused('mobile') }));
  assert.equal(report.status, 'fail');
  assert.ok(report.reasons.some((r: string) => /^nothing answers at .*: start the app, or set server:/.test(r)), report.reasons.join('\n'));
  // a unit whose capture failed contributes no score: with no capture at all there is no score (it was 93.9)
  assert.equal(report.specs[0].score, null);
  assert.deepEqual([report.specs[0].scores.structural, report.specs[0].scores.aesthetic], [null, null]);
  // one unit served is not "nothing answers"
  const { report: partly } = gate(spec, healthySpec(spec, allPass(), { 'checkout/default-mobile.json': refused('mobile') }));
  assert.ok(!partly.reasons.some((r: string) => /nothing answers/.test(r)));
});

test('judge mode off never needs judge.json', () => {
  const spec = specPlan('checkout', { judge: judgePlan('off') });
  assert.equal(gate(spec).s.status, 'pass');
});

const withSeverity = (sev: 'polish' | 'important') => allPass().map((r) => (r.check === 'min-gap' ? result('min-gap', [finding('min-gap', sev, 'default', 'desktop', 'gap 4px < 8px')]) : r));

test('polish-only findings pass with warnings by default', () => {
  const spec = specPlan('checkout');
  const { s, report } = gate(spec, healthySpec(spec, withSeverity('polish')));
  assert.equal(s.status, 'pass');
  assert.equal(report.status, 'pass');
  assert.equal(s.warnings.length, 1);
  assert.match(s.warnings[0], /polish min-gap/);
});

test('polish findings fail when gate.warn is emptied', () => {
  const spec = specPlan('checkout', { gate: { minScore: 0, warn: [] } });
  const { s } = gate(spec, healthySpec(spec, withSeverity('polish')));
  assert.equal(s.status, 'fail');
});

test('important findings fail by default and pass when gate.warn includes important', () => {
  const dflt = specPlan('checkout');
  assert.equal(gate(dflt, healthySpec(dflt, withSeverity('important'))).s.status, 'fail');
  const lenient = specPlan('checkout', { gate: { minScore: 0, warn: ['polish', 'important'] } });
  const { s } = gate(lenient, healthySpec(lenient, withSeverity('important')));
  assert.equal(s.status, 'pass');
  assert.equal(s.warnings.length, 1);
});

test('a blocker fails even when a config lists blocker in gate.warn', () => {
  const spec = specPlan('checkout', { gate: { minScore: 0, warn: ['polish', 'important', 'blocker'] } });
  const checks = allPass().map((r) => (r.check === 'http-status' ? result('http-status', [finding('http-status', 'blocker', 'default', 'desktop', 'HTTP 500')]) : r));
  assert.equal(gate(spec, healthySpec(spec, checks)).s.status, 'fail');
});

test('gate.minScore fails a spec below it and passes one at or above it', () => {
  const low = specPlan('checkout', { gate: { minScore: 99.5, warn: ['polish'] } });
  const r = gate(low, healthySpec(low, withSeverity('polish')));
  assert.ok(r.s.score! < 99.5, `score ${r.s.score}`);
  assert.equal(r.s.status, 'fail');
  assert.match(r.s.reasons.join('\n'), /below gate\.minScore 99\.5/);
  const ok = specPlan('checkout', { gate: { minScore: 80, warn: ['polish'] } });
  assert.equal(gate(ok, healthySpec(ok, withSeverity('polish'))).s.status, 'pass');
});

test('a spec with parity fails when parity.json is missing, errored or skipped', () => {
  const spec = specPlan('checkout', { parity: parityPlan });
  const missing = gate(spec, healthySpec(spec, allPass()));
  assert.equal(missing.s.status, 'fail');
  assert.match(missing.s.reasons.join('\n'), /parity\.json is missing/);
  for (const status of ['error', 'skipped'] as const) {
    assert.equal(gate(spec, healthySpec(spec, allPass(), { 'checkout/parity.json': parityJson(status) })).s.status, 'fail', status);
  }
  assert.equal(gate(spec, healthySpec(spec, allPass(), { 'checkout/parity.json': parityJson('pass') })).s.status, 'pass');
});

test('parity and guard findings join the flat findings list and fail the spec', () => {
  const spec = specPlan('checkout', { parity: parityPlan });
  const p = parityJson('fail', [
    finding('parity', 'important', 'default', 'desktop', '0.8% of pixels differ (max 0%)', 'checkout/default-desktop.png'),
    finding('guard', 'important', null, null, 'maxDiffRatio loosened from 0 to 0.05 since the baseline'),
  ]);
  const { s } = gate(spec, healthySpec(spec, allPass(), { 'checkout/parity.json': p }));
  assert.equal(s.status, 'fail');
  assert.deepEqual(s.findings.map((f) => f.check).sort(), ['guard', 'parity']);
  assert.equal(s.scores.components.layout, 50);
});

test('an incomplete run never passes, even when every spec passes', () => {
  const { report } = gate(undefined, undefined, { ...INFO, incomplete: true });
  assert.equal(report.specs[0].status, 'pass');
  assert.equal(report.status, 'fail');
  assert.equal(report.exitCode, 1);
  assert.match(report.reasons.join('\n'), /incomplete/);
});

test('a missing run.json fails the run', () => {
  const spec = specPlan('checkout');
  const { run } = makeRun([spec], healthySpec(spec, allPass()), null);
  const report = gateRun(run, INFO);
  assert.equal(report.status, 'fail');
  assert.match(report.reasons.join('\n'), /run\.json is missing/);
});

test('an unknown pinned scoring version fails the spec', () => {
  const spec = specPlan('checkout', { scoring: { version: 99 } });
  const { s } = gate(spec, healthySpec(spec, allPass()));
  assert.equal(s.status, 'fail');
  assert.match(s.reasons.join('\n'), /scoring version 99 is unknown/);
});

test('guard findings in parity.json count even when the spec has no parity section any more', () => {
  const spec = specPlan('checkout');
  const guard = finding('guard', 'blocker', null, null, 'parity section removed since the baseline was approved (loosened)');
  const { s } = gate(spec, healthySpec(spec, allPass(), { 'checkout/parity.json': { ...parityJson('skipped', [guard]), notes: ['no parity section'] } }));
  assert.equal(s.status, 'fail');
  assert.match(s.reasons.join('\n'), /blocker guard \(spec-wide\): parity section removed/);
  assert.equal(s.stages.parity.status, 'skipped');
});

test('a finding with a severity the policy does not know fails instead of being ignored', () => {
  const spec = specPlan('checkout');
  const checks = allPass().map((r) => r.check === 'console'
    ? result('console', [finding('console', 'critical' as any, 'default', 'mobile', 'TypeError: x is undefined', 'checkout/default-mobile.png')])
    : r);
  const { report, s } = gate(spec, healthySpec(spec, checks));
  assert.equal(report.status, 'fail');
  // checks.json is validated as it is read: the finding's unknown severity makes it a foreign file, named
  assert.ok(s.reasons.some((x) => /checks\.json is unreadable: .*severity must be one of blocker \| important \| polish, not "critical"/.test(x)), s.reasons.join('\n'));
});

// `veval check` / `veval judge` take their exit code from this policy over the stage's artifacts
// (gate/index.ts stageVerdict): the same effects as the gate, without the score.
test('stage verdicts: the gate\'s effects decide check and judge alone (known debt and warn-only pass, a crash fails)', async () => {
  const { stageVerdict, exitCodeOf } = await import('../../src/gate/index.js');
  const verdict = (spec: ReturnType<typeof specPlan>, checks: ReturnType<typeof result>[], extra: Record<string, unknown> = {}, stage: 'checks' | 'judge' = 'checks') => {
    const { run } = makeRun([spec], healthySpec(spec, [...allPass().filter((r) => !checks.some((c) => c.check === r.check)), ...checks], extra));
    return stageVerdict(run, spec, stage);
  };
  const debt = finding('axe', 'blocker', 'default', 'mobile', 'known debt', null, { effect: 'known-debt' });
  const important = finding('overflow', 'important', 'default', 'desktop', 'page is 20 px wider');
  const spec = specPlan('checkout', { gate: { minScore: 95, warn: ['important', 'polish'] } });
  let v = verdict(spec, [result('axe', [debt], 'pass'), result('overflow', [important])]);
  assert.deepEqual([v.status, v.reasons, v.warnings.length], ['pass', [], 1], 'known debt and a warn-only finding pass; minScore is the whole gate\'s');
  assert.equal(exitCodeOf(v), 0);
  v = verdict(specPlan('checkout'), [result('overflow', [important])]);
  assert.deepEqual([v.status, exitCodeOf(v)], ['fail', 1]);
  assert.match(v.reasons[0], /^important overflow \(default @ desktop\): page is 20 px wider/);
  v = verdict(specPlan('checkout'), [result('overlap', [], 'error', 'boom')]);
  assert.deepEqual([v.status, v.other], ['fail', ['check overlap crashed: boom']]);
  // judge: required and skipped fails; skipped because a deterministic blocker already fails passes
  const required = specPlan('checkout', { judge: judgePlan('required') });
  const skipped = { 'checkout/judge.json': judgeJson('skipped', [], 'no credentials') };
  assert.equal(verdict(required, [], skipped, 'judge').status, 'fail');
  assert.equal(verdict(required, [result('overflow', [finding('overflow', 'blocker', 'default', 'mobile', 'wide')])], skipped, 'judge').status, 'pass');
  assert.equal(verdict(specPlan('checkout'), [], {}, 'judge').status, 'pass', 'judge off: nothing to fail');
});

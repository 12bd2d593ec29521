// A corrupt (bad JSON) or foreign (valid JSON, wrong shape) capture record, parity.json,
// judge.json or run.json is refused by every stage that reads it, each with its own named fail-closed reason —
// the readers share one schema and one validator (src/core/artifact-read.ts), not a guard each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runChecks } from '../../src/checks/runner.js';
import { gateRun } from '../../src/gate/index.js';
import { runJudge } from '../../src/judge/index.js';
import { runParity } from '../../src/parity/index.js';
import { approveWith } from '../../src/parity/approve/promote.js';
import { healthySpec, INFO, makeRun, record, result, specPlan } from '../gate/fixture.js';
import { judgePlan } from '../judge/fixture.js';
import { judgeResult, parityResult, runInfo } from '../helpers/artifacts.js';
import { listRuns, openRunDir } from '../../src/core/run-folder.js';
import { FatalError } from '../../src/core/errors.js';
import { runMain } from '../helpers/cli.js';

const spec = specPlan('checkout', { parity: { threshold: 0.1, maxDiffRatio: 0, regions: {} }, judge: judgePlan() });
const REC = 'checkout/default-desktop.json';

/** Two ways an artifact goes bad: cut off mid-write, or another tool's (or version's) file. */
const corruptions = (good: object, foreign: object) => [
  { kind: 'corrupt', content: JSON.stringify(good).slice(0, 40), why: /JSON/ },
  { kind: 'foreign', content: JSON.stringify(foreign), why: null as RegExp | null },
];

function runWith(file: string, content: string) {
  const tree = healthySpec(spec, [result('capture')], {
    'checkout/parity.json': parityResult('pass'),
    'checkout/judge.json': judgeResult('pass'),
  });
  const { run, dir } = makeRun([spec], tree);
  fs.writeFileSync(path.join(dir, file), content);
  return run;
}

const env = { OPENAI_API_KEY: '' } as NodeJS.ProcessEnv;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

for (const c of corruptions(record('checkout', 'default', 'desktop'), { ...record('checkout', 'default', 'desktop'), viewport: { ...record('checkout', 'default', 'desktop').viewport, width: 'wide' } })) {
  const why = c.why ?? /not a capture record \(\/viewport\/width must be number, not "wide"\)/;
  test(`a ${c.kind} capture record: checks, parity, judge, gate and approve each refuse it, naming the file and why`, async () => {
    const run = runWith(REC, c.content);
    const checks = await runChecks(run, spec);
    const capture = checks.find((r) => r.check === 'capture')!;
    const f = capture.findings.find((x) => x.viewport === 'desktop')!;
    assert.equal(f.severity, 'blocker');
    assert.match(f.message, new RegExp(`^unreadable capture record ${esc(REC)}: .*${why.source}`));

    const parity = await runParity(run, spec);
    const unit = parity.units.find((u) => u.viewport === 'desktop')!;
    assert.equal(unit.outcome, 'skipped');
    assert.match(unit.message, new RegExp(`capture record ${esc(REC)} is unreadable: .*${why.source}`));

    const judge = await runJudge(run, spec, { env });
    assert.equal(judge.status, 'skipped');
    assert.match(judge.reason!, new RegExp(`blocked by .*unreadable ${esc(REC)}`));

    const report = gateRun(run, INFO);
    assert.equal(report.status, 'fail');
    assert.match(report.specs[0].reasons.join('\n'), new RegExp(`unreadable capture record ${esc(REC)}: .*${why.source}`));

    const approved = await approveWith(run, { approver: 'T <t@example.com>' }, { tree: () => ({ treeHash: 'tree1', files: {} }), now: () => new Date('2026-01-01T00:00:00Z') });
    assert.ok(!approved.written.some((w) => w.includes('default-desktop')), 'the desktop baseline is not written');
    const refused = approved.refused.find((r) => r.unit === 'checkout/default-desktop')!;
    assert.match(refused.reason, new RegExp(`capture record ${esc(REC)} is unreadable: .*${why.source}`));
  });
}

for (const c of corruptions(parityResult('pass'), { ...parityResult('pass'), status: 'ok' })) {
  const why = c.why ?? /not a parity result \(\/status must be one of pass \| fail \| error \| skipped, not "ok"\)/;
  test(`a ${c.kind} parity.json: the judge will not run and the gate fails the parity stage, naming why`, async () => {
    const run = runWith('checkout/parity.json', c.content);
    const judge = await runJudge(run, spec, { env });
    assert.equal(judge.status, 'skipped');
    assert.match(judge.reason!, /blocked by .*unreadable parity\.json/);

    const s = gateRun(run, INFO).specs[0];
    assert.equal(s.status, 'fail');
    assert.equal(s.stages.parity.status, 'error');
    assert.match(s.stages.parity.reason!, new RegExp(`checkout/parity\\.json is unreadable: .*${why.source}`));
  });
}

for (const c of corruptions(judgeResult('pass'), { ...judgeResult('pass'), findings: [{ check: 'judge', severity: 'fatal' as 'blocker', viewport: null, state: null, message: 'x', evidence: { file: null } }] })) {
  const why = c.why ?? /not a judge result \(\/findings\/0\/severity must be one of blocker \| important \| polish, not "fatal"\)/;
  test(`a ${c.kind} judge.json: the gate fails the judge stage, naming why`, () => {
    const s = gateRun(runWith('checkout/judge.json', c.content), INFO).specs[0];
    assert.equal(s.status, 'fail');
    assert.equal(s.stages.judge.status, 'error');
    assert.match(s.stages.judge.reason!, new RegExp(`checkout/judge\\.json is unreadable: .*${why.source}`));
  });
}

for (const c of corruptions(runInfo(), { ...runInfo(), state: 'done' })) {
  const why = c.why ?? /not a veval run\.json \(\/state must be one of running \| captured \| completed \| interrupted \| failed-to-start \| failed, not "done"\)/;
  test(`a ${c.kind} run.json: the gate, approve, verify and the run list each refuse it, naming why`, async () => {
    const run = runWith('run.json', c.content);
    const report = gateRun(run, INFO);
    assert.equal(report.status, 'fail');
    assert.match(report.reasons.join('\n'), new RegExp(`run\\.json is unreadable: .*${why.source}.*git SHA and tree hash unknown`));
    assert.equal(report.git.treeHash, null, 'no tree hash is taken from a run.json that failed its schema');

    const approved = await approveWith(run, { approver: 'T <t@example.com>' }, { tree: () => ({ treeHash: 'tree1', files: {} }), now: () => new Date('2026-01-01T00:00:00Z') });
    assert.deepEqual(approved.written, [], 'nothing is approved from a run whose run.json is unreadable');
    assert.ok(approved.refused.length && approved.refused.every((r) => new RegExp(`run\\.json .*unreadable.*${why.source}`).test(r.reason)), JSON.stringify(approved.refused));

    // the run list and the commands that open a run folder (verify, approve, report --run …)
    fs.mkdirSync(path.join(run.outDir, 'runs'), { recursive: true });
    fs.renameSync(run.runDir, path.join(run.outDir, 'runs', run.runId));
    const runDir = path.join(run.outDir, 'runs', run.runId);
    assert.equal(listRuns(run.outDir)[0].state, 'unreadable');
    assert.throws(() => openRunDir(run.root, runDir), (e: unknown) => e instanceof FatalError && new RegExp(`${why.source}`).test(e.message));
    fs.mkdirSync(path.join(run.root, 'specs'), { recursive: true });
    fs.writeFileSync(path.join(run.root, 'specs/checkout.yaml'), 'route: /\n');
    const verify = await runMain(['verify'], run.root);
    assert.equal(verify.code, 1, verify.stderr);
    assert.match(verify.stdout, new RegExp(`verify: FAIL[^]*not used: run ${run.runId} .*unreadable \\(run\\.json .*${why.source}`));
    assert.doesNotMatch(verify.stderr, /\n\s+at /, 'no stack trace');
  });
}

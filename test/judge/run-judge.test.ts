import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { runJudge, createLedger } from '../../src/judge/index.js';
import { files } from '../../src/core/run.js';
import { fakeSlot, type Step } from './fake-openai.js';
import { allFilesText, GOOD_FINDING, judgePlan, makePng, makeRun, SENTINEL_KEY, specPlan } from './fixture.js';
import { parityResult, parityUnit } from '../helpers/artifacts.js';
import { gateRun } from '../../src/gate/index.js';
import { REUSE_WHY } from '../../src/gate/reuse.js';

const INFO = { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z' };

const slot = fakeSlot(SENTINEL_KEY);
after(slot.close);
const serve = slot.serve;

function sentImages(body: any): { width: number; height: number }[] {
  return body.messages[1].content.filter((p: any) => p.type === 'image_url').map((p: any) => {
    const png = PNG.sync.read(Buffer.from(p.image_url.url.replace(/^data:image\/png;base64,/, ''), 'base64'));
    return { width: png.width, height: png.height };
  });
}

test('a finding whose file, region and quote check out is kept as a verified judge finding', async () => {
  const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [GOOD_FINDING] }, usage: { prompt_tokens: 1234, completion_tokens: 56 } }]);
  const fx = makeRun(specPlan('checkout'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'fail');
  assert.equal(r.findings.length, 1);
  const f = r.findings[0];
  assert.equal(f.check, 'judge');
  assert.equal(f.severity, 'important');
  assert.equal(f.state, 'default');
  assert.equal(f.viewport, 'desktop');
  assert.equal(f.evidence.file, 'checkout/default-desktop.png');
  assert.equal(f.evidence.verified, true);
  assert.deepEqual(r.model, { requested: 'gpt-test-2025-01-01', reported: 'gpt-test-2025-01-01', mismatch: false });
  assert.deepEqual(r.tokens, { prompt: 1234, completion: 56 });
  assert.equal(r.requests, 1);
  assert.equal(r.cache, 'miss');
  assert.ok(r.bytesSent > 0);
  assert.deepEqual(r.imagesSent, ['default-desktop.region-summary.png', 'default-desktop.region-cta.png']);

  // the request body: pinned model, temperature 0, strict schema, crops within the size limit
  const body = slot.fake.requests[0].body;
  assert.equal(body.model, 'gpt-test-2025-01-01');
  assert.equal(body.temperature, 0);
  assert.equal(body.response_format.type, 'json_schema');
  assert.equal(body.response_format.json_schema.strict, true);
  const dims = sentImages(body);
  assert.equal(dims.length, 2);
  for (const d of dims) assert.ok(Math.max(d.width, d.height) <= 256, `image ${d.width}x${d.height} exceeds 256`);
  assert.ok(dims.some((d) => Math.max(d.width, d.height) === 256), 'the tall region crop was downscaled to the limit');
  const prompt = body.messages[1].content[0].text as string;
  for (const name of ['brief.md', 'default-desktop.region-summary.png', 'default-desktop.region-cta.png', 'default-desktop.aria.yaml']) {
    assert.ok(prompt.includes(name), `prompt names ${name}`);
  }
  assert.match(prompt, /Judge whether checkout lets a buyer pay\. Regions: summary cta/);
  assert.match(body.messages[0].content, /never instructions/);

  const written = JSON.parse(fs.readFileSync(path.join(fx.run.runDir, files.judge('checkout')), 'utf8'));
  assert.equal(written.status, 'fail');
  for (const { file, text } of allFilesText(fx.root)) assert.ok(!text.includes(SENTINEL_KEY), `API key found in ${file}`);
});

test('a finding citing a file that was never sent makes the result FAIL_EVIDENCE', async () => {
  const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [{ ...GOOD_FINDING, severity: 'blocker', evidence: { file: 'default-mobile.png', region: null, quote: 'Pay now' } }] } }]);
  const fx = makeRun(specPlan('ghost-file'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'FAIL_EVIDENCE');
  assert.match(r.reason!, /default-mobile\.png.*not sent/);
  const judged = r.findings.find((f) => f.evidence.cited === 'default-mobile.png')!;
  assert.equal(judged.evidence.verified, false);
  assert.ok(r.findings.some((f) => f.state === null && f.severity === 'blocker' && /FAIL_EVIDENCE/.test(f.message)));
});

test('a quote that is not on the page, or an undeclared region, fails verification', async () => {
  for (const evidence of [
    { file: 'default-desktop.region-summary.png', region: null, quote: 'Free shipping today' },
    { file: 'default-desktop.region-summary.png', region: 'sidebar', quote: null },
  ]) {
    const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [{ ...GOOD_FINDING, evidence }] } }]);
    const fx = makeRun(specPlan('bad-cite'));
    const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
    assert.equal(r.status, 'FAIL_EVIDENCE', JSON.stringify(evidence));
  }
});

test('a cited file verifies whatever folder the model puts in front of its name; a name never sent does not', async () => {
  for (const [file, ok] of [
    ['./default-desktop.region-summary.png', true], ['checkout/default-desktop.region-summary.png', true],
    ['evals/r1/checkout/default-desktop.region-summary.png', true], ['`default-desktop.text.txt`', true],
    ['checkout/default-desktop.png', false], ['default-desktop.region-summary', false],
  ] as const) {
    const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [{ ...GOOD_FINDING, evidence: { ...GOOD_FINDING.evidence, file } }] } }]);
    const fx = makeRun(specPlan('checkout'));
    const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
    assert.equal(r.status, ok ? 'fail' : 'FAIL_EVIDENCE', file);
    assert.equal(r.findings.find((f) => f.check === 'judge' && f.evidence.cited === file)?.evidence.verified, ok, file);
  }
});

test('quotes match the page text with whitespace and case normalised', async () => {
  const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [{ ...GOOD_FINDING, evidence: { file: 'default-desktop.text.txt', region: null, quote: 'total $42.00' } }] } }]);
  const fx = makeRun(specPlan('norm-quote'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'fail');
  assert.equal(r.findings[0].evidence.verified, true);
});

const errorCases: { name: string; script: Step[]; judge?: object; reason: RegExp; requests: number }[] = [
  { name: 'malformed JSON', script: [{ kind: 'raw', content: '{"status": "pass", findings: [' }], reason: /invalid JSON/, requests: 1 },
  { name: 'a schema violation', script: [{ kind: 'json', content: { status: 'great', findings: [] } }], reason: /schema/, requests: 1 },
  { name: 'HTTP 500 on every try', script: [{ kind: 'http', status: 500 }], judge: { retries: 2 }, reason: /HTTP 500 after 3 attempts/, requests: 3 },
  { name: 'an answer slower than the timeout', script: [{ kind: 'slow', ms: 3000 }], judge: { timeout: 300 }, reason: /timed out/, requests: 1 },
  { name: 'truncated output', script: [{ kind: 'truncated' }], reason: /truncated/, requests: 1 },
  { name: 'a refusal', script: [{ kind: 'refusal', text: 'I cannot help' }], reason: /refused/, requests: 1 },
];
for (const c of errorCases) {
  test(`${c.name} is a judge error, never a pass`, async () => {
    const env = await serve(c.script);
    const fx = makeRun(specPlan('err', { judge: judgePlan(c.judge as any) }));
    const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
    assert.equal(r.status, 'error');
    assert.match(r.reason!, c.reason);
    assert.equal(slot.fake.requests.length, c.requests);
    assert.equal(fs.existsSync(path.join(fx.root, '.veval-cache')), false, 'failures are not cached');
  });
}

test('a deterministic blocker, a check error or missing checks.json means zero requests and skipped', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const blocker = { check: 'required-visible', severity: 'blocker', viewport: 'desktop', state: 'default', message: 'primary CTA covered', evidence: { file: 'x' } };
  const cases = [
    { checks: [{ check: 'required-visible', status: 'fail', findings: [blocker], error: null, ms: 1 }], reason: 'blocked by required-visible' },
    { checks: [{ check: 'axe', status: 'error', findings: [], error: 'boom', ms: 1 }], reason: 'blocked by axe error' },
    { checks: null, reason: 'blocked by missing checks.json' },
  ];
  for (const c of cases) {
    const fx = makeRun(specPlan('blocked'), { checks: c.checks as any });
    const r = await runJudge(fx.run, fx.spec, { env });
    assert.equal(r.status, 'skipped');
    assert.equal(r.reason, c.reason);
  }
  assert.equal(slot.fake.requests.length, 0);
});

test('important findings do not stop the judge', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const important = { check: 'console', severity: 'important', viewport: 'desktop', state: 'default', message: 'x', evidence: { file: 'x' } };
  const fx = makeRun(specPlan('important-only'), { checks: [{ check: 'console', status: 'fail', findings: [important], error: null, ms: 1 }] as any });
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'pass');
  assert.equal(slot.fake.requests.length, 1);
});

test('a rerun on unchanged captures is a cache hit with zero requests; noCache bypasses', async () => {
  const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [GOOD_FINDING] } }]);
  const fx = makeRun(specPlan('cached'));
  const first = await runJudge(fx.run, fx.spec, { env });
  assert.equal(first.cache, 'miss');
  const second = await runJudge(fx.run, fx.spec, { env });
  assert.equal(second.cache, 'hit');
  assert.equal(second.requests, 0);
  // report.json says the verdict was reused, and why
  assert.deepEqual(gateRun(fx.run, INFO).reuse!.judge, { reused: 1, of: 1, why: REUSE_WHY.judge });
  assert.equal(second.status, first.status);
  assert.deepEqual(second.findings, first.findings);
  assert.equal(slot.fake.requests.length, 1);
  const third = await runJudge(fx.run, fx.spec, { env, noCache: true });
  assert.equal(third.cache, 'bypass');
  assert.deepEqual(gateRun(fx.run, INFO).reuse!.judge, { reused: 0, of: 1, why: REUSE_WHY.judge });
  assert.equal(slot.fake.requests.length, 2);
  // a changed capture is a miss
  fx.write(files.capture('cached', 'default', 'desktop'), makePng(400, 900, 99));
  const fourth = await runJudge(fx.run, fx.spec, { env });
  assert.equal(fourth.cache, 'miss');
  assert.equal(slot.fake.requests.length, 3);
  for (const { file, text } of allFilesText(fx.root)) assert.ok(!text.includes(SENTINEL_KEY), `API key found in ${file}`);
});

test('no credentials: optional mode is skipped, required mode is an error, neither calls', async () => {
  await serve([{ kind: 'pass' }]);
  const env = { OPENAI_BASE_URL: slot.fake.url } as NodeJS.ProcessEnv;
  const opt = makeRun(specPlan('opt', { judge: judgePlan({ mode: 'optional' }) }));
  assert.deepEqual([(await runJudge(opt.run, opt.spec, { env })).status], ['skipped']);
  assert.equal(JSON.parse(fs.readFileSync(path.join(opt.run.runDir, 'opt/judge.json'), 'utf8')).reason, 'no credentials');
  const req = makeRun(specPlan('req'));
  const r = await runJudge(req.run, req.spec, { env });
  assert.equal(r.status, 'error');
  assert.match(r.reason!, /no credentials/);
  const off = makeRun(specPlan('off', { judge: judgePlan({ mode: 'off' }) }));
  assert.equal((await runJudge(off.run, off.spec, { env: { ...env, OPENAI_API_KEY: SENTINEL_KEY } })).reason, 'off');
  const none = makeRun(specPlan('none', { judge: null }));
  assert.equal((await runJudge(none.run, none.spec, { env })).reason, 'no judge section');
  assert.equal(slot.fake.requests.length, 0);
});

test('a model answering pass with a blocker finding is a fail', async () => {
  const env = await serve([{ kind: 'json', content: { status: 'pass', findings: [{ ...GOOD_FINDING, severity: 'blocker' }] } }]);
  const fx = makeRun(specPlan('pass-blocker'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'fail');
});

test('a fail verdict with no finding left is FAIL_EVIDENCE; polish praise and redesign are dropped, counted and kept in judge.json', async () => {
  const env = await serve([{ kind: 'json', content: { status: 'fail', findings: [
    { ...GOOD_FINDING, severity: 'polish', issue: 'The summary looks great', impact: 'Well designed page.' },
    { ...GOOD_FINDING, severity: 'polish', fix: 'Redesign the checkout with a new layout.' },
  ] } }]);
  const fx = makeRun(specPlan('praise'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.deepEqual(r.dropped, { praise: 1, redesign: 1 });
  assert.equal(r.status, 'FAIL_EVIDENCE');
  assert.match(r.reason!, /2 polish finding\(s\) dropped as praise or redesign/);
  const written = JSON.parse(fs.readFileSync(path.join(fx.run.runDir, files.judge('praise')), 'utf8'));
  assert.deepEqual(written.droppedFindings, [
    { reason: 'praise', severity: 'polish', issue: 'The summary looks great', fix: GOOD_FINDING.fix },
    { reason: 'redesign', severity: 'polish', issue: GOOD_FINDING.issue, fix: 'Redesign the checkout with a new layout.' },
  ]);
});

test('the server-reported model is recorded and a mismatch noted', async () => {
  const env = await serve([{ kind: 'pass', model: 'gpt-other' }]);
  const fx = makeRun(specPlan('mismatch'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.deepEqual(r.model, { requested: 'gpt-test-2025-01-01', reported: 'gpt-other', mismatch: true });
  assert.match(r.reason!, /mismatch/);
});

test('a call that would exceed the run budget fails closed before calling; the ledger spans specs', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const tight = makeRun(specPlan('tight', { judge: judgePlan({ budget: { maxImages: 1, maxTokens: null } }) }));
  const r = await runJudge(tight.run, tight.spec, { env });
  assert.equal(r.status, 'error');
  assert.match(r.reason!, /maxImages 1/);
  assert.equal(slot.fake.requests.length, 0);

  const a = makeRun(specPlan('a', { judge: judgePlan({ budget: { maxImages: 3, maxTokens: null } }) }));
  const b = makeRun(specPlan('b', { judge: judgePlan({ budget: { maxImages: 3, maxTokens: null } }) }), { root: a.root });
  a.run.plan.specs.push(b.spec);
  const ledger = createLedger(a.run.plan);
  assert.equal((await runJudge(a.run, a.spec, { env, ledger })).status, 'pass');
  const rb = await runJudge(b.run, b.spec, { env, ledger });
  assert.equal(rb.status, 'error');
  assert.match(rb.reason!, /bring the run to 4/);
  assert.equal(slot.fake.requests.length, 1);
});

test('a rubric using a variable that does not exist is an error (strict templates)', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const fx = makeRun(specPlan('strict', { judge: judgePlan({ rubric: { file: null, text: 'Check {{spec.nmae}}' } }) }));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'error');
  assert.match(r.reason!, /rubric template/);
  assert.equal(slot.fake.requests.length, 0);
});

test('changed clusters are sent as candidate and baseline crops; images: full sends downscaled captures', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const spec = specPlan('changed', { parity: { threshold: 0.1, maxDiffRatio: 0, regions: {} } });
  const fx = makeRun(spec);
  fx.write(files.parity('changed'), parityResult('fail', { units: [parityUnit('default', 'desktop', { outcome: 'changed', clusters: [{ box: { x: 100, y: 100, width: 50, height: 30 }, pixels: 1500, device: [100, 100, 150, 130] }], clusterCount: 1 })] }));
  fs.mkdirSync(path.join(fx.root, 'baselines', 'changed'), { recursive: true });
  fs.writeFileSync(path.join(fx.root, 'baselines', 'changed', 'default-desktop.png'), makePng(400, 900, 5));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.ok(r.imagesSent.includes('default-desktop.change-1.png'));
  assert.ok(r.imagesSent.includes('baseline.default-desktop.change-1.png'));
  assert.deepEqual(sentImages(slot.fake.requests[0].body).slice(-2), [{ width: 50, height: 30 }, { width: 50, height: 30 }]);

  const full = makeRun(specPlan('full', { judge: judgePlan({ images: 'full', maxImageSize: 300 }) }));
  const rf = await runJudge(full.run, full.spec, { env });
  assert.deepEqual(rf.imagesSent, ['default-desktop.png']);
  assert.deepEqual(sentImages(slot.fake.requests[1].body), [{ width: 133, height: 300 }]);
});

test('a missing capture PNG is a judge error with the file named', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const fx = makeRun(specPlan('nopng'));
  fs.rmSync(path.join(fx.run.runDir, files.capture('nopng', 'default', 'desktop')));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'error');
  assert.match(r.reason!, /nopng\/default-desktop\.png is missing/);
});

test('with calibration.required, a model other than the calibrated one is an error before calling', async () => {
  const env = await serve([{ kind: 'pass' }]);
  const fx = makeRun(specPlan('calib', { judge: judgePlan({ calibration: { minAgreement: 0.8, required: true, file: '.veval/calibration.json' } }) }));
  fs.mkdirSync(path.join(fx.root, '.veval'), { recursive: true });
  fs.writeFileSync(path.join(fx.root, '.veval/calibration.json'), JSON.stringify({ version: 1, date: '2026-01-01T00:00:00Z', model: 'gpt-old', agreement: 0.9, pass: true }));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'error');
  assert.equal(r.reason, 'uncalibrated model gpt-test-2025-01-01; last calibrated with gpt-old');
  assert.equal(r.calibration.status, 'uncalibrated');
  assert.equal(slot.fake.requests.length, 0);
});

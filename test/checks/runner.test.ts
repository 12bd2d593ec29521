import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { CaptureRecord, CheckResult } from '../../src/core/artifacts.js';
import { FatalError } from '../../src/core/errors.js';
import { files, type RunContext } from '../../src/core/run.js';
import { runChecks } from '../../src/checks/runner.js';
import { CHECK_IDS, getCheck } from '../../src/checks/registry.js';
import type { CheckPlan, SpecPlan } from '../../src/spec/plan.js';
import { tmpDir } from '../helpers/tmp.js';
import { record, required, specPlan } from './helpers.js';

function makeRun(spec: SpecPlan): RunContext {
  const root = tmpDir('veval-checks-');
  const outDir = path.join(root, 'evals');
  return { root, outDir, runId: 'worktree-test', runDir: path.join(outDir, 'worktree-test'), plan: { version: 1, root, configFile: null, baseURL: null, server: null, browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] }, workers: 1, out: 'evals', specs: [spec] } };
}

function put(run: RunContext, rel: string, content: string | object) {
  const f = path.join(run.runDir, rel);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
}

/** A captured unit: record, PNG and (empty) axe results on disk. */
function putUnit(run: RunContext, r: CaptureRecord, { png = true, axe = '{"violations":[]}' as string | null } = {}) {
  put(run, files.record(r.spec, r.state, r.viewport.name), r);
  if (png) put(run, files.capture(r.spec, r.state, r.viewport.name), 'PNG');
  if (axe !== null) put(run, files.axe(r.spec, r.state, r.viewport.name), axe);
}

const byId = (results: CheckResult[], id: string) => results.find((r) => r.check === id)!;
const plan = (id: string, over: Partial<CheckPlan> = {}): CheckPlan => ({ id, enabled: true, severity: null, options: {}, ...over });

describe('runChecks', () => {
  it('passes a clean spec with every check and writes checks.json atomically', async () => {
    const spec = specPlan();
    const run = makeRun(spec);
    putUnit(run, record());
    putUnit(run, record({ viewport: 'mobile' }));
    const results = await runChecks(run, spec);
    assert.deepEqual(results.map((r) => r.check), ['capture', ...CHECK_IDS]);
    // a check off by default (interactive-reachable) or with nothing to look at in this spec (sweep
    // without sweep:) is skipped, the others pass
    const skipped = (id: string) => getCheck(id)?.meta.defaultEnabled === false || getCheck(id)?.meta.appliesTo?.(spec) === false;
    for (const r of results) assert.equal(r.status, skipped(r.check) ? 'skipped' : 'pass', `${r.check}: ${r.error ?? JSON.stringify(r.findings)}`);
    const written = JSON.parse(fs.readFileSync(path.join(run.runDir, files.checks(spec.name)), 'utf8'));
    assert.deepEqual(written, results);
    assert.deepEqual(fs.readdirSync(path.join(run.runDir, spec.name)).filter((f) => f.endsWith('.tmp')), []);
  });

  it('turns missing, unreadable and failed captures and a missing PNG into blocker capture findings', async () => {
    const spec = specPlan({ states: [{ name: 'default', steps: [], required: [] }, { name: 'open', steps: [], required: [] }] });
    const run = makeRun(spec);
    putUnit(run, record(), { png: false });
    put(run, files.record('checkout', 'default', 'mobile'), '{"ok": tru');
    putUnit(run, record({ state: 'open', ok: false, httpStatus: 200, error: { reason: 'step-failed', message: 'waiting for selector', step: { index: 0, action: 'click', selector: '#menu', timeout: 5000 } }, failureScreenshot: 'open-desktop.failure.png' }), { png: false, axe: null });
    put(run, files.failure('checkout', 'open', 'desktop'), 'png');
    // open-mobile: never captured
    const capture = byId(await runChecks(run, spec), 'capture');
    assert.equal(capture.status, 'fail');
    const msgs = capture.findings.map((f) => `${f.state}-${f.viewport} ${f.severity} ${f.message}`);
    assert.equal(msgs.length, 4, msgs.join('\n'));
    assert.match(msgs[0]!, /^default-desktop blocker missing screenshot checkout\/default-desktop\.png/);
    assert.match(msgs[1]!, /^default-mobile blocker unreadable capture record checkout\/default-mobile\.json/);
    assert.match(msgs[2]!, /^open-desktop blocker capture failed .*step-failed at step 1 \(click "#menu", timeout 5000 ms\): waiting for selector/);
    assert.match(msgs[3]!, /^open-mobile blocker missing capture record checkout\/open-mobile\.json/);
    assert.equal(capture.findings[2]!.evidence.selector, '#menu');
    // evidence cites only files that exist: the failure screenshot, or nothing
    assert.equal(capture.findings[2]!.evidence.file, 'checkout/open-desktop.failure.png');
    assert.deepEqual([0, 1, 3].map((i) => capture.findings[i]!.evidence.file), [null, null, null]);
  });

  it('makes a throwing check an error result and the run goes on', async () => {
    const spec = specPlan({ viewports: [specPlan().viewports[0]!], checks: [plan('console', { options: { ignore: ['(unclosed'] } })] });
    const run = makeRun(spec);
    putUnit(run, record({ console: [{ type: 'error', text: 'boom', location: null }], clippedText: [{ selector: 'b', box: { x: 0, y: 0, width: 9, height: 9 }, text: 'xx', axis: 'x', hiddenPx: 5, ellipsis: false }] }));
    const results = await runChecks(run, spec);
    const c = byId(results, 'console');
    assert.equal(c.status, 'error');
    assert.match(c.error!, /check console failed: console\.ignore: invalid regular expression "\(unclosed"/);
    assert.equal(byId(results, 'text-clipped').status, 'fail');
  });

  it('fails closed when axe results are missing or unreadable for a captured page', async () => {
    const spec = specPlan();
    const run = makeRun(spec);
    putUnit(run, record(), { axe: null });
    putUnit(run, record({ viewport: 'mobile' }), { axe: '{not json' });
    const axe = byId(await runChecks(run, spec), 'axe');
    assert.equal(axe.status, 'error');
    assert.match(axe.error!, /default-desktop: checkout\/default-desktop\.axe\.json is missing/);
    assert.match(axe.error!, /default-mobile: checkout\/default-mobile\.axe\.json is unreadable/);
  });

  it('skips disabled checks, but never the always-on ones, which keep blocker severity', async () => {
    const spec = specPlan({ viewports: [specPlan().viewports[1]!], checks: [plan('overflow', { enabled: false }), plan('required-visible', { enabled: false, severity: 'polish' }), plan('axe', { enabled: false })] });
    const run = makeRun(spec);
    putUnit(run, record({ viewport: 'mobile', overflow: { overflowPx: 50, offenders: [] }, required: [required({}, { present: false, level: 'none' })] }), { axe: null });
    const results = await runChecks(run, spec);
    assert.equal(byId(results, 'overflow').status, 'skipped');
    assert.equal(byId(results, 'axe').status, 'skipped');
    const rv = byId(results, 'required-visible');
    assert.equal(rv.status, 'fail');
    assert.equal(rv.findings[0]!.severity, 'blocker');
  });

  it('reports a planned check this build does not know as an error', async () => {
    const spec = specPlan({ viewports: [specPlan().viewports[0]!], checks: [plan('contrast-v2')] });
    const run = makeRun(spec);
    putUnit(run, record());
    const r = byId(await runChecks(run, spec), 'contrast-v2');
    assert.equal(r.status, 'error');
  });

  it('throws FatalError when checks.json cannot be written', async () => {
    const spec = specPlan({ viewports: [specPlan().viewports[0]!] });
    const run = makeRun(spec);
    fs.mkdirSync(run.runDir, { recursive: true });
    fs.writeFileSync(path.join(run.runDir, 'checkout'), 'a file where the spec folder must go');
    await assert.rejects(runChecks(run, spec), FatalError);
  });

  it('hands min-gap the approved layout of each unit from baselines/<spec>/manifest.json; an unreadable manifest makes it an error, never a silent pass', async () => {
    const spec = specPlan({ viewports: [record({ viewport: 'mobile' }).viewport] });
    const run = makeRun(spec);
    const regs = (gap: number) => ({
      form: { selector: '.form', count: 1, box: { x: 0, y: 100, width: 390, height: 500 } },
      summary: { selector: '.summary', count: 1, box: { x: 0, y: 600 + gap, width: 390, height: 200 } },
    });
    putUnit(run, record({ viewport: 'mobile', regions: regs(2) }));
    const manifest = path.join(run.root, 'baselines', spec.name, 'manifest.json');
    fs.mkdirSync(path.dirname(manifest), { recursive: true });
    const approved = { regions: Object.fromEntries(Object.entries(regs(24)).map(([k, v]) => [k, v.box])), required: {}, masks: [] };
    fs.writeFileSync(manifest, JSON.stringify({ version: 1, spec: spec.name, images: { 'default-mobile': { layout: approved } } }));
    let gap = byId(await runChecks(run, spec), 'min-gap');
    assert.equal(gap.status, 'fail');
    assert.match(gap.findings[0]!.message, /regions form and summary are 2 px apart \(vertical\), down from 24 px in the approved baseline/);
    fs.writeFileSync(manifest, '{ not json');
    gap = byId(await runChecks(run, spec), 'min-gap');
    assert.equal(gap.status, 'error');
    assert.match(gap.error!, /cannot compare gaps with the approved baseline: baselines\/checkout\/manifest\.json is unreadable/);
  });
});

// How a parsed verdict becomes the judge status: what may be dropped (polish only), what counts as
// evidence (blank = null; a cited text input's own text), what the model's "pass" is worth, and
// which reported model ids are the requested one.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runJudge } from '../../src/judge/index.js';
import { sameModel } from '../../src/judge/model-id.js';
import { isRedesign, type RawFinding } from '../../src/judge/verdict.js';
import { files } from '../../src/core/run.js';
import { fakeSlot } from './fake-openai.js';
import { GOOD_FINDING, judgePlan, makeRun, SENTINEL_KEY, specPlan } from './fixture.js';

const slot = fakeSlot(SENTINEL_KEY);
after(slot.close);

const CTA = { file: 'default-desktop.region-cta.png', region: 'cta', quote: 'Pay now' };
const POLISH = { ...GOOD_FINDING, severity: 'polish', issue: 'Total label spacing is inconsistent', impact: 'Minor.', fix: 'Use the spacing token.' };
const judged = async (name: string, verdict: unknown, over: Parameters<typeof specPlan>[1] = {}, rec = {}) => {
  // a pass is answered as an honest model would: every checklist item with evidence (paraphrase.test.ts covers the others)
  const v = verdict as { status?: string; findings?: unknown[] };
  const env = await slot.serve([v.status === 'pass' && !('items' in v) ? { kind: 'pass', findings: v.findings } : { kind: 'json', content: verdict }]);
  const fx = makeRun(specPlan(name, over), { rec });
  const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
  return { r, fx, written: JSON.parse(fs.readFileSync(path.join(fx.run.runDir, files.judge(name)), 'utf8')) };
};

test('a blocker is never dropped for praise or redesign wording; it stays and is verified', async () => {
  for (const blocker of [
    { issue: 'In the new layout the Pay now button is covered by the cookie banner', impact: 'Buyers cannot pay.', fix: 'Raise the button above the banner.' },
    { issue: 'The page looks good, but the Pay now button is greyed out and inert', impact: 'Buyers will think payment is unavailable and abandon the order.', fix: 'Enable the button.' },
    { issue: 'Pay now is hidden behind the footer', impact: 'Buyers cannot pay.', fix: 'Use a different layout for the footer so it does not cover the button.' },
    { issue: 'The summary looks great', impact: 'Nice.', fix: 'Redesign the checkout.' },
  ]) {
    const { r, written } = await judged('keep', { status: 'fail', findings: [{ severity: 'blocker', evidence: CTA, ...blocker }, POLISH] });
    assert.equal(r.status, 'fail', blocker.issue);
    assert.deepEqual(r.dropped, { praise: 0, redesign: 0 });
    assert.deepEqual(written.droppedFindings, []);
    const kept = r.findings.find((f) => f.severity === 'blocker')!;
    assert.ok(kept.message.startsWith(blocker.issue));
    assert.equal(kept.evidence.verified, true);
  }
});

test('an important finding is not dropped either, and the redesign filter reads only the fix', async () => {
  const { r } = await judged('keep-important', { status: 'fail', findings: [{ ...GOOD_FINDING, fix: 'Redesign the summary with a new layout.' }] });
  assert.equal(r.status, 'fail');
  assert.equal(r.findings[0].severity, 'important');
  const f = (issue: string, fix: string): RawFinding => ({ severity: 'polish', evidence: { file: 'x.png' }, issue, impact: 'y', fix });
  assert.equal(isRedesign(f('In the new layout the total is clipped', 'Let the total wrap.')), false);
  assert.equal(isRedesign(f('The total is clipped', 'Introduce a new layout for the summary.')), true);
});

test('blank region or quote counts as null; the other must still verify', async () => {
  const cases: [object, string][] = [
    [{ ...GOOD_FINDING.evidence, quote: '' }, 'fail'],
    [{ ...GOOD_FINDING.evidence, region: ' ' }, 'fail'],
    [{ file: 'default-desktop.text.txt', region: '', quote: '' }, 'FAIL_EVIDENCE'],
  ];
  for (const [evidence, status] of cases) {
    const { r } = await judged('blank', { status: 'fail', findings: [{ ...GOOD_FINDING, evidence }] });
    assert.equal(r.status, status, JSON.stringify(evidence));
    if (status === 'FAIL_EVIDENCE') assert.match(r.reason!, /names neither a region nor quoted page text/);
    else assert.equal(r.findings[0].evidence.verified, true);
  }
});

test('a quote verifies in the cited text input that was sent (axe summary, layout diff, brief), nowhere else', async () => {
  const axe = { violations: [{ id: 'color-contrast', impact: 'serious', help: 'Elements must meet minimum color contrast ratio thresholds', nodes: [] }] };
  const cite = (file: string, quote: string) => ({ status: 'fail', findings: [{ ...GOOD_FINDING, evidence: { file, region: null, quote } }] });
  for (const [file, quote, ok] of [
    ['default-desktop.axe.json', 'Elements must meet minimum color contrast ratio thresholds', true],
    ['layout-diff.json', '"change": "moved"', true],
    ['brief.md', 'The buyer pays for the order', true],
    ['default-desktop.axe.json', '"change": "moved"', false],          // in another file, not the cited one
    ['default-desktop.region-summary.png', 'color contrast ratio thresholds', false],
  ] as const) {
    const env = await slot.serve([{ kind: 'json', content: cite(file, quote) }]);
    const fx = makeRun(specPlan('textcite'), { rec: { axe: 'axe-default-desktop.json' } });
    fx.write('textcite/axe-default-desktop.json', axe);
    fx.write(files.layoutDiff('textcite'), { version: 1, spec: 'textcite', tolerancePx: 2, units: [{ state: 'default', viewport: 'desktop', compared: true, reason: null,
      boxes: [{ kind: 'region', name: 'summary', baseline: { x: 0, y: 100, width: 300, height: 200 }, current: { x: 0, y: 140, width: 300, height: 200 }, change: 'moved', dx: 0, dy: 40, dw: 0, dh: 0 }], spacing: [] }] });
    const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
    assert.equal(r.status, ok ? 'fail' : 'FAIL_EVIDENCE', `${file}: ${quote}`);
    if (!ok && file.endsWith('.json')) assert.match(r.reason!, new RegExp(`which is not in ${file.replace(/\./g, '\\.')} nor the page's ARIA snapshot or text`));
  }
});

test('a quote too short to prove anything says so', async () => {
  const { r } = await judged('short', { status: 'fail', findings: [{ ...GOOD_FINDING, evidence: { file: 'default-desktop.text.txt', region: null, quote: '$' } }] });
  assert.equal(r.status, 'FAIL_EVIDENCE');
  assert.match(r.reason!, /quotes "\$", which is too short to verify/);
});

test('pass with an important finding is a fail; pass with polish only stays pass', async () => {
  let { r, written } = await judged('pass-important', { status: 'pass', findings: [GOOD_FINDING] });
  assert.equal(r.status, 'fail');
  assert.equal(written.reason, 'the judge answered pass with an important finding');
  ({ r } = await judged('pass-polish', { status: 'pass', findings: [POLISH] }));
  assert.equal(r.status, 'pass');
  assert.equal(r.reason, null);
  assert.equal(r.findings.length, 1);
});

test('a reported id that is the requested one plus a date or version is no mismatch; a real one is in the reason whatever the status', async () => {
  for (const [req, rep, same] of [
    ['gpt-4o', 'gpt-4o-2024-08-06', true], ['gpt-4', 'gpt-4-0613', true], ['claude-3-opus', 'claude-3-opus@20240229', true],
    ['gpt-test-2025-01-01', 'gpt-test-2025-01-01-0613', true], ['m', 'm-v2.1', true],
    ['gpt-4o', 'gpt-4o-mini', false], ['gpt-4', 'gpt-4.1', false], ['llama3', 'llama3-8', false], ['gpt-4o', 'other', false],
  ] as const) assert.equal(sameModel(req, rep), same, `${req} → ${rep}`);

  let env = await slot.serve([{ kind: 'pass', model: 'gpt-4o-2024-08-06' }]);
  let fx = makeRun(specPlan('alias', { judge: judgePlan({ model: 'gpt-4o' }) }));
  let r = await runJudge(fx.run, fx.spec, { env });
  assert.deepEqual([r.status, r.reason, r.model], ['pass', null, { requested: 'gpt-4o', reported: 'gpt-4o-2024-08-06', mismatch: false }]);

  env = await slot.serve([{ kind: 'json', content: { status: 'fail', findings: [GOOD_FINDING] }, model: 'gpt-other' }]);
  fx = makeRun(specPlan('other'));
  r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.status, 'fail');
  assert.equal(r.reason, '1 finding(s); model mismatch: requested gpt-test-2025-01-01, server reported gpt-other');
});

// junit.xml, summary.md, index.html and the agent checklist agree with the gate on every unit:
// each is read back from disk and compared, unit by unit, with report.json's verdicts (`fails`,
// `effect`) — on the golden run, and on a run whose findings pass as warn-only (gate.warn), as
// accepted accessibility debt (known-debt) and as fixed debt, next to one failing unit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gateRun } from '../../src/gate/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { writeReportsDetailed } from '../../src/report/index.js';
import { EFFECT_WORDS } from '../../src/report/load.js';
import type { CaptureRecord, CheckResult } from '../../src/core/artifacts.js';
import type { Report, SpecReport, UnitReport } from '../../src/gate/report-schema.js';
import { finding, healthySpec, INFO, makeRun, record, specPlan } from '../gate/fixture.js';
import { gatedRun } from './fixture.js';

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const mine = (s: SpecReport, u: UnitReport) => s.findings.filter((f) => f.state === u.state && f.viewport === u.viewport);

/** Reads the four renderings of one run folder and checks each unit against report.json. Returns how many units it compared. */
function agree(dir: string): number {
  const { failures } = writeReportsDetailed(dir, ['junit', 'markdown', 'html']);
  assert.deepEqual(failures, []);
  const report: Report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const junit = fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8');
  const md = fs.readFileSync(path.join(dir, 'summary.md'), 'utf8');
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  let n = 0;
  for (const s of report.specs) for (const u of s.units) {
    const where = `${s.name} ${u.state} @ ${u.viewport}`;
    const f = mine(s, u);
    // the gate's own stamps agree with each other: a unit fails by a failing finding, or with no capture
    assert.equal(u.fails, u.status !== 'pass', where);
    assert.equal(u.fails, f.some((x) => x.fails) || u.status === 'error', where);

    // junit.xml: a failure (or error) exactly when the unit fails, listing exactly its failing findings
    const tc = new RegExp(`<testcase classname="${s.name}" name="${u.state} @ ${u.viewport}"[^>]*>([\\s\\S]*?)</testcase>`).exec(junit);
    assert.ok(tc, `junit has ${where}`);
    const body = unescape(tc[1]);
    const failure = /<(failure|error) message="[^"]*" type="veval">([\s\S]*?)<\/\1>/.exec(tc[1])?.map(unescape);
    assert.equal(!!failure, u.fails, `junit ${where}`);
    if (failure) assert.equal(failure[1], u.status === 'error' ? 'error' : 'failure', `junit ${where}`);
    for (const x of f) {
      const line = `[${x.severity}] ${x.check} (${u.state} @ ${u.viewport}): ${x.message}`;
      if (x.fails) assert.ok(failure?.[2].includes(line), `junit ${where}: failing ${line}`);
      else assert.ok(body.includes(`${EFFECT_WORDS[x.effect]}: ${line}`) && !failure?.[2].includes(line), `junit ${where}: ${x.effect} ${line}`);
    }

    // summary.md: the unit's row in the captures table, its verdict and its findings counted by effect
    const row = md.split('\n').find((l) => l.startsWith(`| ${s.name} | ${u.state} @ ${u.viewport} |`));
    assert.ok(row, `summary.md has ${where}`);
    const cells = row.split(' | ');
    assert.equal(cells[2], `${u.fails ? '❌' : '✅'} ${u.status}`, `summary.md ${where}`);
    for (const [effect, words] of Object.entries(EFFECT_WORDS)) {
      const count = f.filter((x) => x.effect === effect).length;
      const said = new RegExp(`\\b(\\d+) ${effect === 'blocker' ? 'failing' : words}\\b`).exec(cells[3])?.[1];
      assert.equal(Number(said ?? 0), count, `summary.md ${where}: ${effect}`);
    }

    // index.html: the unit's section carries the gate's status and stamp; each finding its effect
    const section = new RegExp(`<details class="unit" id="u-${s.name}-${u.state}-${u.viewport}" open data-status="([^"]+)" data-fails="([^"]+)"[\\s\\S]*?</details>`).exec(html);
    assert.ok(section, `index.html has ${where}`);
    assert.deepEqual([section[1], section[2]], [u.status, String(u.fails)], `index.html ${where}`);
    const shown = [...section[0].matchAll(/<li class="finding[^"]*" id="[^"]*" data-finding="[^"]*" data-fails="([^"]+)" data-effect="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(shown.sort(), f.map((x) => `${x.fails} ${x.effect}`).sort(), `index.html ${where}`);

    // the checklist: a capture is cited as a problem exactly when the check deciding that question found something on it
    for (const [id, checks] of Object.entries({ 'no-horizontal-overflow': ['overflow'], 'console-errors-empty': ['console'], 'text-clipped-or-overlapping': ['text-clipped', 'overlap'] })) {
      const item = report.checklist.find((c) => c.id === id)!;
      if (item.ok === null) continue;
      const found = f.some((x) => checks.includes(x.check));
      assert.equal(item.ok === false && !!u.files.capture && item.files.includes(u.files.capture), found, `checklist ${id} ${where}: ${item.detail}`);
    }
    n++;
  }
  return n;
}

test('the golden run: junit.xml, summary.md, index.html and the checklist agree with report.json on every unit', () => {
  const { dir, report } = gatedRun();
  assert.equal(agree(dir), report.totals.units);
  assert.ok(report.specs.some((s) => s.units.some((u) => u.fails)) && report.specs.some((s) => s.units.some((u) => !u.fails)), 'both verdicts are compared');
});

test('a run with warn-only, known-debt and fixed findings next to a failing unit: every rendering agrees with the gate', async () => {
  const spec = specPlan('shop', {
    states: [{ name: 'default', steps: [], required: [] }, { name: 'filled', steps: [], required: [] }],
    checks: [{ id: 'axe', enabled: false, severity: null, options: {} }],
    gate: { minScore: 0, warn: ['important', 'polish'] },
  });
  const over = (px: number, vp: 'desktop' | 'mobile'): Partial<CaptureRecord> =>
    ({ overflow: { overflowPx: px, offenders: [{ selector: 'table.prices', box: { x: 0, y: 300, width: (vp === 'desktop' ? 1280 : 390) + px, height: 200 }, overflowPx: px }] } });
  const records: Record<string, Partial<CaptureRecord>> = {
    'default-desktop': over(30, 'desktop'),                 // overflow above mobile width: important → warn-only
    'default-mobile': { console: [{ type: 'error', text: 'Failed to load the recommendations widget', location: null }] },   // important → warn-only
    'filled-desktop': {},
    'filled-mobile': over(20, 'mobile'),                    // overflow below mobile width: blocker → fails
  };
  const tree = healthySpec(spec, []);
  for (const [key, r] of Object.entries(records)) {
    const [state, vp] = key.split('-') as [string, 'desktop' | 'mobile'];
    tree[`shop/${key}.json`] = record('shop', state, vp, r);
  }
  const { run } = makeRun([spec], tree);
  await runChecks(run, spec);
  // the axe check's own effects, as it writes them for recorded accessibility debt
  const checksFile = path.join(run.runDir, 'shop/checks.json');
  const results: CheckResult[] = JSON.parse(fs.readFileSync(checksFile, 'utf8'));
  results.push({ check: 'axe', status: 'pass', error: null, ms: 1, findings: [
    finding('axe', 'blocker', 'default', 'mobile', 'axe image-alt (critical): known debt — 1 element still, 1 at approval (unchanged): "#logo"', 'shop/default-mobile.png', { rule: 'image-alt', impact: 'critical', effect: 'known-debt' }),
    finding('axe', 'polish', 'filled', 'desktop', 'axe link-name: fixed — 1 element of the 1 recorded as debt no longer violates: "#empty"', 'shop/filled-desktop.png', { rule: 'link-name', impact: 'serious', effect: 'fixed' }),
  ] });
  fs.writeFileSync(checksFile, JSON.stringify(results));
  const report = gateRun(run, INFO);
  const s = report.specs[0];
  const effects = Object.fromEntries(s.units.map((u) => [`${u.state}-${u.viewport}`, [u.fails, u.effect]]));
  assert.deepEqual(effects, {
    'default-desktop': [false, 'warn-only'], 'default-mobile': [false, 'warn-only'], 'filled-desktop': [false, 'fixed'], 'filled-mobile': [true, 'blocker'],
  });
  assert.deepEqual(s.findings.map((f) => `${f.check} ${f.effect}`).sort(), ['axe fixed', 'axe known-debt', 'console warn-only', 'overflow blocker', 'overflow warn-only']);
  assert.equal(s.status, 'fail');
  assert.equal(s.reasons.length, 1, s.reasons.join('\n'));
  assert.equal(agree(run.runDir), 4);
});

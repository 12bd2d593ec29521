// report.json says where each unit's time went, phase by phase (the breakdown `npm run bench`
// prints medians of): every phase of the capture record, the unit's share of its spec's checks,
// and its parity comparison — measured, so the phases add up to no more than the capture itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runPipeline } from '../../src/index.js';
import { selectPlan } from '../../src/cli/select.js';
import { loadProject } from '../../src/spec/project.js';
import { REPO, tmpDir } from '../helpers/tmp.js';

const DIR = path.join(REPO, 'test', 'fixtures', 'defects');
const CAPTURE_PHASES = ['context', 'navigate', 'settle', 'steps', 'measure', 'screenshot', 'stability', 'axe', 'aria', 'write', 'close'] as const;

test('report.json units carry per-phase timings that account for the capture time', async () => {
  const plan = selectPlan(await loadProject({ cwd: DIR }), { grep: '^(menu-clipped|clean-landing)$' });
  const out = tmpDir('veval-timings-');
  const log = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
  const { run } = await runPipeline(plan, { out, workers: 2, reporters: ['json'], argv: [], log });
  const report = JSON.parse(fs.readFileSync(path.join(run.runDir, 'report.json'), 'utf8'));
  const units = report.specs.flatMap((s: any) => s.units.map((u: any) => ({ spec: s.name, ...u })));
  assert.equal(units.length, 6, 'menu-clipped: 2 states × 2 viewports; clean-landing: 2 viewports');
  for (const u of units) {
    const t = u.timings;
    const where = `${u.spec}/${u.state}/${u.viewport}`;
    assert.ok(t, `${where} has timings`);
    for (const p of CAPTURE_PHASES) assert.ok(typeof t[p] === 'number' && t[p] >= 0, `${where}: ${p} is a measured duration (${t[p]})`);
    assert.equal(t.capture, u.ms, 'capture is the record total the unit\'s ms already gives');
    const sum = CAPTURE_PHASES.reduce((s, p) => s + t[p], 0);
    assert.ok(sum <= t.capture + 2, `${where}: phases (${sum} ms) fit in the capture (${t.capture} ms)`);
    assert.ok(t.navigate > 0 && t.screenshot > 0 && t.axe > 0, `${where}: navigation, the screenshot and axe took time`);
    // a stable page still needs its confirming shots at the unequal gaps (100 ms, spent on the ARIA
    // snapshot, then 170 ms, spent on axe, by default): what the evidence did not fill is stability's
    assert.ok(t.stability > 0 && t.stability + t.axe + t.aria >= 270, `${where}: the stability re-shooting (${t.stability} ms) is counted apart from the first screenshot and the evidence gathered in its gaps (${t.axe} + ${t.aria} ms)`);
    assert.ok(typeof t.checks === 'number' && t.checks > 0, `${where}: its share of the spec's checks`);
    assert.equal(t.parity, null, 'no parity section: nothing compared');
  }
  const open = units.find((u: any) => u.state === 'menu-open');
  assert.ok(open.timings.steps > 0, 'the click and waitFor steps are timed');
  assert.equal(units.find((u: any) => u.spec === 'clean-landing').timings.steps, 0, 'no steps, no step time');
});

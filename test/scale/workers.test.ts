// Results do not depend on the worker count: the same specs (several pages, states and viewports,
// findings of many checks) run through the whole pipeline with 1 and with 4 workers give the same
// report.json apart from timings and ports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runPipeline } from '../../src/index.js';
import { selectPlan } from '../../src/cli/select.js';
import { loadProject } from '../../src/spec/project.js';
import { REPO, tmpDir } from '../helpers/tmp.js';
import { normaliseReport } from './normalise.js';

const DIR = path.join(REPO, 'test', 'fixtures', 'defects');
// pages with findings of several checks, a two-state spec and a clean page; all desktop + mobile
const SPECS = ['clean-modal', 'menu-clipped', 'mobile-reordered-cta', 'sticky-summary', 'low-contrast'];

async function reportWith(workers: number) {
  const plan = selectPlan(await loadProject({ cwd: DIR }), { grep: `^(${SPECS.join('|')})$` });
  const out = tmpDir(`veval-workers-${workers}-`);
  const log = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
  const { report, run } = await runPipeline(plan, { out, workers, reporters: ['json'], argv: [], log });
  const onDisk = JSON.parse(fs.readFileSync(path.join(run.runDir, 'report.json'), 'utf8'));
  assert.deepEqual(onDisk.status, report.status);
  return onDisk;
}

test('1 and 4 workers give the same report.json apart from timings and ports', async () => {
  const one = await reportWith(1);
  const four = await reportWith(4);
  assert.equal(one.specs.length, SPECS.length);
  const units = one.specs.flatMap((s: any) => s.units);
  assert.equal(units.length, 12, 'every unit (5 specs × 2 viewports, one with 2 states) reported');
  assert.ok(one.specs.some((s: any) => s.status === 'fail') && one.specs.some((s: any) => s.status === 'pass'), 'a mix of verdicts, so the comparison means something');
  assert.deepEqual(normaliseReport(four), normaliseReport(one));
});

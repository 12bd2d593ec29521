// The real CLI with the width sweep: `veval run --sweep` reports a failure that exists only
// between two widths as one finding with its range in a <state>-sweep unit (junit gets a test case
// for it, the gate counts it), `veval plan --sweep` shows the sweep, and without --sweep or
// sweep: nothing is swept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

const PAGE = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'sweep', 'overflow-600-640.html'), 'utf8');

test('run --sweep: an overflow only between 600 and 640 px is one finding with its exact range in the default-sweep unit', async () => {
  const dir = tmpDir('veval-sweep-run-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 1280, height: 800 }\n',
    'specs/search.yaml': 'route: /search.html\nchecks: { stability: false, axe: false }\n',
    'site/search.html': PAGE,
  });
  const plan = await runMain(['plan', '--sweep'], dir);
  assert.equal(plan.code, 0, plan.stderr);
  assert.match(plan.stdout, /sweep: +320–1400 px \(height 900\): the page's breakpoints ±1 and every 80 px, bisected to exact ranges/);
  assert.match((await runMain(['plan'], dir)).stdout, /sweep: +none/);

  const r = await runMain(['run', '--sweep', '--reporter', 'json,junit'], dir, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  const spec = report.specs[0];
  const f = spec.findings.filter((x: any) => x.check === 'sweep');
  assert.equal(f.length, 1, JSON.stringify(spec.findings, null, 1));
  assert.match(f[0].message, /^overflow from 600 to 640 px: "form\.search" sticks out 41 px past the right edge \(worst at 600 px\)$/);
  assert.deepEqual(f[0].sweep, { from: 600, to: 640, worst: 600 });
  assert.equal(f[0].viewport, 'sweep');
  assert.equal(f[0].severity, 'blocker');
  assert.match(f[0].group, /^[0-9a-f]{16}$/);
  assert.ok(fs.existsSync(path.join(dir, 'evals', 'latest', f[0].evidence.file)), f[0].evidence.file);
  const unit = spec.units.find((u: any) => u.viewport === 'sweep');
  assert.equal(unit.state, 'default');
  assert.equal(unit.status, 'fail');
  assert.deepEqual(unit.sweep.ranges.map((g: any) => [g.kind, g.from, g.to]), [['overflow', 600, 640]]);
  assert.ok(unit.sweep.timings.total > 0);
  // the 1280 px capture passes: only the sweep sees it
  assert.equal(spec.units.find((u: any) => u.viewport === 'desktop').status, 'pass');
  const junit = fs.readFileSync(path.join(dir, 'evals', 'latest', 'junit.xml'), 'utf8');
  assert.match(junit, /default-sweep/);
});

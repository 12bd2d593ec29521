// From a pixel change to its cause (docs/root-cause.md). The demo's regression end to end through
// the real CLI: approve keeps the CSS record beside the baseline (digest in the manifest); the
// regressed run's parity finding names the order summary, margin-top with both values and the
// rule's file and line — in the console line, summary.md, the HTML report's property table,
// report.json's `cause` and `veval explain` (what the MCP tool prints). The regression set's rates
// are the precision tier's: test/parity/root-cause-rates.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runMain } from '../helpers/cli.js';
import { copyProject, demoFlow } from '../helpers/demo-flow.js';
import { artifactProblem } from '../../src/core/artifact-read.js';

const NO_KEY = { OPENAI_API_KEY: '' };

test('the demo regression is traced to the order summary\'s margin-top, set by build.css line 5, everywhere a finding is shown', async () => {
  const flow = await demoFlow();   // built once per suite: test/helpers/demo-flow.ts
  const dir = flow.project;
  assert.equal(flow.approved.code, 0, flow.approved.stderr);
  const manifest = JSON.parse(flow.approvedManifest);
  const entry = manifest.images['default-mobile'];
  assert.equal(entry.css.file, 'default-mobile.css.json', 'approve keeps the CSS record beside the baseline');
  const kept = fs.readFileSync(path.join(dir, 'baselines/checkout-payment/default-mobile.css.json'));
  assert.equal((await import('node:crypto')).createHash('sha256').update(kept).digest('hex'), entry.css.sha256, 'its digest is in the manifest');
  assert.equal(artifactProblem('css', JSON.parse(kept.toString('utf8'))), null, 'the record is valid against its schema');

  // a new run of the same build, approved again: its record differs (timings, how far lookups got),
  // its capture does not, so the approved record and manifest stay as they are
  assert.equal(flow.passed.code, 0);
  assert.equal(flow.approvedAgain.code, 0, flow.approvedAgain.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'baselines/checkout-payment/manifest.json'), 'utf8')).images['default-mobile'].css.sha256, entry.css.sha256);

  // the regressed build (demo/regressed/build.css), run with every reporter
  const r = flow.regressed;
  assert.equal(r.code, 1, r.stderr);
  const said = /changed area \d+×\d+ in aside\.order-summary: margin-top 0px → -8px, set by demo\/app\/build\.css:5 \(\.order-summary\)/;
  const run = flow.regressed.run!;
  const report = JSON.parse(fs.readFileSync(path.join(run, 'report.json'), 'utf8'));
  const f = report.specs[0].findings.find((x: any) => x.check === 'parity' && x.viewport === 'mobile' && x.state === 'default' && x.cause);
  assert.ok(f, 'the mobile parity finding carries a cause');
  assert.match(f.message, said);
  const top = f.cause[0].causes[0];
  assert.equal(top.element, 'aside.order-summary');
  assert.deepEqual(top.props[0], { prop: 'margin-top', before: '0px', after: '-8px', was: null,
    source: { file: 'demo/app/build.css', line: 5, column: 20, selector: '.order-summary', kind: 'rule', text: 'margin-top: -8px' } });
  // it also moved: the form card before it lost its bottom padding and border
  assert.equal(top.via.element, '.payment-card');
  assert.deepEqual(top.via.props.slice(0, 2).map((p: any) => p.prop), ['padding-bottom', 'border-bottom-width'], 'layout first');
  assert.ok(top.via.props.every((p: any) => `${p.source.file}:${p.source.line}` === 'demo/app/build.css:4'), JSON.stringify(top.via.props));
  assert.match(r.stderr, said, 'the console line');
  assert.match(fs.readFileSync(path.join(run, 'summary.md'), 'utf8'), said);
  const html = fs.readFileSync(path.join(run, 'index.html'), 'utf8');
  assert.match(html, /<table class="cause">.*<td><code>aside\.order-summary<\/code><\/td><td>margin-top<\/td><td>0px<\/td><td>-8px<\/td><td><code>demo\/app\/build\.css:5 \(\.order-summary\)<\/code><\/td>/);
  assert.match(html, /cause: aside\.order-summary \(at approval\)/, 'the element is outlined on the baseline too');
  const id = report.specs[0].findings.indexOf(f) + 1;
  const ex = await runMain(['explain', `checkout-payment#${id}`], copyProject(flow), NO_KEY);
  assert.match(ex.stdout + ex.stderr, /edit demo\/app\/build\.css:5 \(\.order-summary\): margin-top: -8px/, ex.stdout + ex.stderr);
});

// The real CLI end to end on the bundled demo shop: approve → pass → regression fails with
// evidence; stage commands re-gate saved artifacts without a browser; shards merge to one verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, tmpDir } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { copyProject, demoFlow } from '../helpers/demo-flow.js';
import type { CliResult } from '../helpers/tmp.js';

const NO_KEY = { OPENAI_API_KEY: '' };

function demoProject(): string {
  const dir = tmpDir('veval-run-');
  for (const rel of ['visual-eval.config.yaml', 'specs', 'briefs', 'demo/app']) fs.cpSync(path.join(REPO, rel), path.join(dir, rel), { recursive: true });
  return dir;
}
const latestDir = (dir: string, out = 'evals') => fs.realpathSync(path.join(dir, out, 'latest'));
const readReport = (dir: string, out = 'evals') => JSON.parse(fs.readFileSync(path.join(latestDir(dir, out), 'report.json'), 'utf8'));

test('run: a first run with no baseline fails closed, --update-baselines approves, the next run passes, a regression fails with evidence', async () => {
  const flow = await demoFlow();   // built once per suite: test/helpers/demo-flow.ts
  const dir = flow.project;
  let r: CliResult = flow.first;
  assert.equal(r.code, 1, 'no approved baseline → fail');
  // --reporter names exactly what is produced: three files, each named on stderr; no console list, nothing on stdout
  assert.equal(r.stdout, '');
  assert.deepEqual(r.stderr.trim().split('\n').map((l) => l.replace(/^wrote .*\//, '')), ['summary.md', 'junit.xml', 'index.html'], r.stderr);
  for (const l of r.stderr.trim().split('\n')) assert.ok(fs.existsSync(path.join(dir, l.slice('wrote '.length))), `${l}: no such file`);
  assert.ok(JSON.parse(fs.readFileSync(path.join(flow.first.run!, 'report.json'), 'utf8')).specs[0].findings.some((f: any) => f.check === 'parity' && /no approved baseline/.test(f.message)));

  r = flow.approved;
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.ok(fs.existsSync(path.join(dir, 'baselines/checkout-payment/manifest.json')));
  assert.ok(fs.existsSync(path.join(dir, 'baselines/checkout-payment/default-mobile.png')));

  r = flow.passed;
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);   // report.json and nothing else on stdout
  assert.equal(r.stderr, '', '--reporter json alone: no console list, no other file');
  assert.equal(json.status, 'pass');
  assert.equal(json.specs[0].units.length, 4);
  assert.equal(flow.verifiedFresh.code, 0, 'a fresh passing report verifies');
  assert.equal(flow.verifiedStale.code, 1, 'the edit makes the report stale');
  r = flow.regressed;
  assert.equal(r.code, 1);
  assert.match(fs.readFileSync(flow.stepSummary, 'utf8'), /required-visible/, 'summary.md is appended to the GitHub job summary');
  const run = flow.regressed.run!;
  const report = JSON.parse(fs.readFileSync(path.join(run, 'report.json'), 'utf8'));
  const f = report.specs[0].findings.find((x: any) => x.check === 'required-visible' && x.viewport === 'mobile' && x.state === 'default');
  assert.ok(f, 'the covered Pay button is a required-visible finding on mobile');
  assert.equal(f.severity, 'blocker');
  assert.match(f.message, /covered by "aside\.card\.order-summary" over 8 px/);
  assert.equal(f.evidence.file, 'checkout-payment/default-mobile.png');
  assert.equal(f.evidence.selector, '#pay');
  assert.match(fs.readFileSync(path.join(run, 'summary.md'), 'utf8'), /required-visible[\s\S]*#pay|#pay[\s\S]*required-visible/);
  assert.match(fs.readFileSync(path.join(run, 'junit.xml'), 'utf8'), /<failure[^>]*>[\s\S]*covered by/);
  assert.ok(fs.existsSync(path.join(run, 'index.html')));
  // without --reporter: the console list on stderr, one line per problem, the files and the one command to look
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^blocker +required-visible {2}#pay \(primary CTA \(Pay button\)\) {2}.*covered by "aside\.card\.order-summary".* {2}in 2 captures: checkout-payment\/\* @ mobile {2}\[checkout-payment#\d+, #\d+\]$/m);
  assert.match(r.stderr, /wrote .*report\.json, .*junit\.xml, .*summary\.md\n/);
  assert.match(r.stderr.trimEnd().split('\n').at(-1)!, /^look at the report: \S+ \S*index\.html$/);
  assert.equal(r.stderr.split('required-visible  #pay').length, 2, 'the covered button is told once');

  // Stage commands work from the artifacts alone (no browser, no server): same verdict — on a copy,
  // since they rewrite the run's report
  const mine = copyProject(flow);
  const copied = path.join(mine, 'evals', 'runs', path.basename(run));
  fs.rmSync(path.join(copied, 'report.json'));
  const check = await runMain(['check', '--run', copied], mine, NO_KEY);
  assert.equal(check.code, 1, check.stderr);
  assert.match(check.stderr, /using run \S+ \(--run\)/, 'a stage command says which run it continues');
  assert.equal((await runMain(['gate', '--run', path.basename(run), '--reporter', 'json'], mine, NO_KEY)).code, 1, 'a run id names a folder under evals/runs');
  assert.equal(readReport(mine).status, 'fail');
});

test('run --shard: shards capture disjoint specs; merge gives one report with every spec', async () => {
  const dir = demoProject();
  const spec = fs.readFileSync(path.join(dir, 'specs/checkout.yaml'), 'utf8');
  fs.writeFileSync(path.join(dir, 'specs/cart.yaml'), '# yaml-language-server: $schema=../schema/spec.schema.json\nroute: /cart\nviewports: [mobile]\nrequired: [{ selector: "#checkout" }]\n');
  fs.writeFileSync(path.join(dir, 'specs/checkout.yaml'), spec.replace(/parity:[\s\S]*?(?=judge:)/, ''));
  const a = await runMain(['run', '--shard', '1/2', '--out', 'shard1', '--reporter', 'json'], dir, NO_KEY);
  const b = await runMain(['run', '--shard', '2/2', '--out', 'shard2', '--reporter', 'json'], dir, NO_KEY);
  const names = [readReport(dir, 'shard1'), readReport(dir, 'shard2')].map((x) => x.specs.map((s: any) => s.name));
  assert.deepEqual(names.flat().sort(), ['cart', 'checkout-payment'], `${a.stderr}${b.stderr}`);
  assert.equal(names[0].length, 1);
  const m = await runMain(['merge', 'shard1', 'shard2', '--out', 'merged', '--reporter', 'json,html'], dir, NO_KEY);
  assert.equal(m.code, a.code === 0 && b.code === 0 ? 0 : 1, m.stdout + m.stderr);
  const merged = readReport(dir, 'merged');
  assert.deepEqual(merged.specs.map((s: any) => s.name).sort(), ['cart', 'checkout-payment']);
  assert.ok(fs.existsSync(path.join(latestDir(dir, 'merged'), 'index.html')));
  assert.equal((await runMain(['merge', 'shard1', 'shard1', '--out', 'm2'], dir)).code, 2, 'the same shard twice is refused');
  const partial = await runMain(['merge', 'shard1', '--out', 'm3', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(partial.code, 1, 'a shard that never arrived makes the merge fail, whatever the present shards say');
  assert.match(partial.stderr, /shard 2\/2 is missing/);
  assert.equal(fs.existsSync(path.join(dir, 'm3/latest')), false, 'an incomplete merge never becomes latest');
  const [m3] = fs.readdirSync(path.join(dir, 'm3/runs'));
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'm3/runs', m3, 'report.json'), 'utf8')).incomplete, true);
  // an artifacts folder and a copy of its `latest` (as an artifact upload makes it) are one shard
  fs.cpSync(latestDir(dir, 'shard1'), path.join(dir, 'copy1'), { recursive: true });
  const twice = await runMain(['merge', 'shard1/runs', 'copy1', 'shard2', '--out', 'm4', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(twice.code, m.code, twice.stdout + twice.stderr);
  assert.match(twice.stdout + twice.stderr, /is a copy of run \S+ \(already merged from/);
  // three folders given, one a copy: two shards merged, and said so
  assert.match(twice.stderr, /merged 2 shard\(s\) into/);
});

// veval init scaffolds a project that validates; veval plan prints what will run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';

test('init scaffolds config, schemas, spec, brief, CI workflow, AGENTS.md, npm scripts and .gitignore — and the result validates', () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': JSON.stringify({ name: 'app', scripts: { test: 'x' } }), '.gitignore': 'node_modules/\n', 'AGENTS.md': '# Agents\nBe nice.\n' });
  const r = runCli(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  for (const f of ['visual-eval.config.yaml', 'specs/home.yaml', 'briefs/home.md', '.github/workflows/visual-eval.yml', 'schema/spec.schema.json', 'schema/config.schema.json', 'schema/report.schema.json']) {
    assert.ok(fs.existsSync(path.join(dir, f)), `${f} created`);
  }
  assert.match(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), /^# yaml-language-server: \$schema=\.\.\/schema\/spec\.schema\.json/);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(pkg.scripts).sort(), ['eval:capture', 'eval:check', 'eval:judge', 'eval:verify', 'eval:visual', 'test']);
  assert.equal(pkg.scripts['eval:visual'], 'veval run');
  const agents = fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8');
  assert.match(agents, /^# Agents\nBe nice\./);
  assert.match(agents, /veval run[\s\S]*veval verify[\s\S]*report\.json/);
  assert.match(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8'), /node_modules\/\nevals\/\nevals-shard-\*\/\nshards\/\n\.veval-cache\//);
  const wf = fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8');
  assert.match(wf, /shard: \[1\]/);
  assert.match(wf, /veval merge/);
  assert.match(wf, /if: always\(\)/);
  const v = runCli(['validate'], dir);
  assert.equal(v.code, 0, v.stdout + v.stderr);

  // A second init keeps the user's files and does not duplicate the AGENTS.md section.
  fs.writeFileSync(path.join(dir, 'specs/home.yaml'), '# mine\nroute: /\n');
  assert.equal(runCli(['init'], dir).code, 0);
  assert.equal(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), '# mine\nroute: /\n');
  assert.equal(fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8').match(/veval:start/g)!.length, 1);
});

test('plan prints states, steps, required entries, resolved checks, parity, judge and gate; --json is the plan data', () => {
  const dir = tmpDir();
  writeTree(dir, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\ncheck: 1\n'.replace('check: 1\n', 'checks:\n  axe: { impact: serious }\n'),
    'specs/a.yaml': 'route: /a\nregions: { cta: "#pay" }\nrequired: [{ selector: "#pay", name: Pay }]\nstates:\n  - name: default\n  - name: sent\n    steps: [{ click: "#pay" }, { waitFor: ".ok" }]\nchecks: { console: false }\nparity: { maxDiffRatio: 0.01 }\njudge: { mode: optional, rubric: "Is the total visible?" }\n',
  });
  const r = runCli(['plan'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /url: +http:\/\/127\.0\.0\.1:9\/a/);
  assert.match(r.stdout, /sent: click #pay → waitFor \.ok \(visible\)/);
  assert.match(r.stdout, /must show \(full, from spec\): Pay \[#pay\]/);
  assert.match(r.stdout, /off console/);
  assert.match(r.stdout, /on  axe {"impact":"serious"}/);
  assert.match(r.stdout, /parity: +threshold 0\.1, maxDiffRatio 0\.01/);
  assert.match(r.stdout, /judge: +optional/);
  assert.match(r.stdout, /order: +capture → checks → parity → judge \(only if no blocker\) → gate/);
  const j = runCli(['plan', '--json'], dir);
  const plan = JSON.parse(j.stdout);
  assert.equal(plan.specs[0].states[1].steps[0].action, 'click');
  assert.equal(plan.specs[0].parity.maxDiffRatio, 0.01);
});

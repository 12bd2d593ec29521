// What every other part derives from a step verb's file (src/steps/<verb>.ts), listed part by part:
// the spec schema, compile, semantic validation, `veval plan`, `--step` and the IDE schema.
// test/steps/add-verb.test.ts adds a verb in a scratch copy of the sources and runs it end to end.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import YAML from 'yaml';
import { listFile, MODULE_LISTS, moduleListSource, modulesIn } from '../../src/core/module-list.js';
import { parseSteps } from '../../src/look/steps.js';
import { describeStep, STEP_HELP, STEP_VERBS, STEPS, stepPlan } from '../../src/steps/registry.js';
import { REPO } from '../helpers/tmp.js';
import { load } from '../spec/helpers.js';

it('the generated verb list is what the files in src/steps give (npm run schema), each module exporting its own verb', async () => {
  const list = MODULE_LISTS.find((l) => l.dir === 'src/steps')!;
  assert.equal(fs.readFileSync(path.join(REPO, listFile(list)), 'utf8'), moduleListSource(REPO, list), `${listFile(list)} is stale: run npm run schema`);
  assert.deepEqual(modulesIn(REPO, list), [...STEP_VERBS].sort());
  for (const v of STEPS) assert.equal((await import(path.join(REPO, 'src', 'steps', `${v.verb}.ts`))).verb, v);
  assert.equal(new Set(STEPS.map((v) => v.order)).size, STEPS.length, 'each verb has its own order');
});

it('schema, compile, `veval plan`, --step help and the IDE schema derive every verb', () => {
  const spec = JSON.parse(fs.readFileSync(path.join(REPO, 'schema', 'spec.schema.json'), 'utf8'));
  const json = JSON.stringify(spec);
  for (const v of STEPS) {
    assert.ok(json.includes(`"title":"step: ${v.verb}"`), `schema/spec.schema.json has step: ${v.verb}`);
    assert.ok(STEP_HELP.includes(`${v.verb}:${v.cli.form}`), `--step help names ${v.verb}`);
    // the IDE example is a valid step of this verb, and compiles to it
    const written = YAML.parse(v.example) as Record<string, unknown>;
    assert.deepEqual(Object.keys(written), [v.verb]);
    const plan = stepPlan(written, 'specs/a.yaml:1:1');
    assert.equal(plan.action, v.verb);
    assert.ok(describeStep(plan).startsWith(v.verb), `veval plan describes ${v.verb}: ${describeStep(plan)}`);
    assert.ok(json.includes(JSON.stringify(v.snippet).slice(1, -1)), `the IDE schema offers the ${v.verb} snippet`);
  }
});

it('every verb\'s IDE example validates in a spec, and --step gives the same verb', async () => {
  const steps = STEPS.map((v) => `      - ${v.example}`).join('\n');
  const { plan, problems } = await load({ 'specs/a.yaml': `route: /\nstates:\n  - name: s\n    steps:\n${steps}\n` });
  assert.deepEqual(problems, []);
  assert.deepEqual(plan!.specs[0].states[0].steps.map((s) => s.action), [...STEP_VERBS]);
  for (const v of STEPS) {
    const arg = v.cli.form === 'MS' ? '300' : v.cli.form === 'KEY' ? 'Enter' : v.cli.form.includes('=') ? '#f=x' : '#f';
    assert.deepEqual(Object.keys(parseSteps([`${v.verb}:${arg}`])[0]!), [v.verb]);
  }
});

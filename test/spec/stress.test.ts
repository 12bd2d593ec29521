// stress: as written → stress states (spec/stress.ts): config under spec under state, the list and
// map forms, severities, and a declared state that would share a stress unit's name refused at
// validate, where it is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stressOf, stressSpec, withStress } from '../../src/spec/stress.js';
import type { SpecPlan, StatePlan } from '../../src/spec/plan.js';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const brief = (s: ReturnType<typeof stressOf>) => s.map((p) => `${p.variant}:${p.severity}${p.parity ? ':parity' : ''}`);

test('the list form turns variants on at important; the map form sets severity and parity; layers override', () => {
  assert.deepEqual(brief(stressOf(undefined, ['expand', 'text-spacing'], undefined, 'default')), ['text-spacing:important', 'expand:important']);
  assert.deepEqual(brief(stressOf(undefined, { 'text-spacing': 'blocker', 'long-words': { parity: true } }, undefined, 'x')), ['text-spacing:blocker', 'long-words:important:parity']);
  // config default, spec map merges into it, a state turns one off, false clears all
  assert.deepEqual(brief(stressOf(['text-spacing', 'text-200'], { 'text-spacing': 'blocker' }, { 'text-200': false }, 'x')), ['text-spacing:blocker']);
  assert.deepEqual(brief(stressOf(['text-spacing'], false, undefined, 'x')), []);
  assert.deepEqual(brief(stressOf(undefined, undefined, true, 'x')), ['text-spacing:important', 'text-200:important', 'expand:important', 'long-words:important']);
  // a list replaces what came before
  assert.deepEqual(brief(stressOf(['text-spacing'], ['expand'], undefined, 'x')), ['expand:important']);
});

test('each stress unit is a state named <state>-<variant>, after its state, with the same steps and required entries', () => {
  const st: StatePlan = { name: 'checkout', steps: [], required: [{ name: 'pay', selector: '#pay', text: null, within: null, visible: 'full', source: 'spec' }] };
  const out = withStress([st, { name: 'other', steps: [], required: [] }], (s) => (s.name === 'checkout' ? stressOf(undefined, ['text-spacing', 'expand'], undefined, s.name) : []));
  assert.deepEqual(out.map((s) => s.name), ['checkout', 'checkout-text-spacing', 'checkout-expand', 'other']);
  assert.deepEqual(out[1]!.required, st.required);
  assert.deepEqual(out[1]!.stress, { variant: 'text-spacing', of: 'checkout', severity: 'important', parity: false });
});

test('a stress unit gathers only for the stress checks and has no parity unless opted in', () => {
  const spec = { parity: { threshold: 0.1 }, checks: [{ id: 'axe', enabled: true }, { id: 'text-clipped', enabled: true }, { id: 'stability', enabled: true }] } as unknown as SpecPlan;
  const s = stressSpec(spec, { variant: 'expand', of: 'x', severity: 'important', parity: false });
  assert.equal(s.parity, null);
  assert.deepEqual(s.checks.map((c) => [c.id, c.enabled]), [['axe', false], ['text-clipped', true], ['stability', true]]);
  assert.deepEqual(stressSpec(spec, { variant: 'expand', of: 'x', severity: 'important', parity: true }).parity, spec.parity);
});

test('validate refuses a declared state named like a stress unit, at file:line:col; the schema names a bad variant', async () => {
  const dir = tmpDir();
  writeTree(dir, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9/\nstress: [text-spacing]\n',
    'specs/a.yaml': 'route: /\nstates:\n  - name: checkout\n  - name: checkout-text-spacing\n',
    'specs/b.yaml': 'route: /\nstress: [text-spacing, bigger]\n',
  });
  const r = await runMain(['validate'], dir);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr + r.stdout, /specs\/a\.yaml:4:\d+ state "checkout-text-spacing" has the name of the text-spacing stress unit of state "checkout"/);
  assert.match(r.stderr + r.stdout, /specs\/b\.yaml:2:\d+ .*bigger/);
  // turning that stress off for the state removes the collision
  writeTree(dir, { 'specs/a.yaml': 'route: /\nstates:\n  - name: checkout\n    stress: { text-spacing: false }\n  - name: checkout-text-spacing\n', 'specs/b.yaml': 'route: /\n' });
  const ok = await runMain(['validate'], dir);
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
});

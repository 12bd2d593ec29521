// --shard splits specs deterministically and evenly (by units), keeping a spec whole; --grep and
// --viewport narrow the plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectPlan, shardSpecs } from '../../src/cli/select.js';
import type { ProjectPlan, SpecPlan } from '../../src/spec/plan.js';

const spec = (name: string, states: number, vps = 2): SpecPlan => ({
  name, states: Array.from({ length: states }, (_, i) => ({ name: `s${i}`, steps: [], required: [] })),
  viewports: Array.from({ length: vps }, (_, i) => ({ name: ['desktop', 'mobile', 'tablet'][i], width: 1000, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, colorScheme: 'light' })),
} as unknown as SpecPlan);
const plan = (specs: SpecPlan[]) => ({ specs } as unknown as ProjectPlan);

test('shards cover every spec exactly once, whole, and are balanced by units', () => {
  const specs = Array.from({ length: 23 }, (_, i) => spec(`spec-${String(i).padStart(2, '0')}`, 1 + (i % 4)));
  for (const n of [1, 2, 3, 4, 7]) {
    const shards = shardSpecs(specs, n);
    const names = shards.flat().map((s) => s.name).sort();
    assert.deepEqual(names, specs.map((s) => s.name).sort(), `n=${n}: every spec once`);
    const loads = shards.map((sh) => sh.reduce((a, s) => a + s.states.length * s.viewports.length, 0));
    assert.ok(Math.max(...loads) - Math.min(...loads) <= 8, `n=${n}: balanced ${loads}`);
  }
});

test('every shard computes the same split whatever order the specs were found in', () => {
  const specs = Array.from({ length: 10 }, (_, i) => spec(`s${i}`, 1 + (i % 3)));
  const a = shardSpecs(specs, 3).map((s) => s.map((x) => x.name));
  const b = shardSpecs([...specs].reverse(), 3).map((s) => s.map((x) => x.name));
  assert.deepEqual(a, b);
});

test('--grep selects specs by name or states by spec/state; --viewport keeps only named viewports', () => {
  const p = plan([spec('checkout', 2), spec('cart', 1)]);
  assert.deepEqual(selectPlan(p, { grep: '^cart$' }).specs.map((s) => s.name), ['cart']);
  const st = selectPlan(p, { grep: 'checkout/s1' }).specs;
  assert.deepEqual(st.map((s) => [s.name, s.states.map((x) => x.name)]), [['checkout', ['s1']]]);
  assert.deepEqual(selectPlan(p, { viewport: 'mobile' }).specs[0].viewports.map((v) => v.name), ['mobile']);
  assert.throws(() => selectPlan(p, { viewport: 'watch' }), /unknown viewport "watch"/);
  assert.throws(() => selectPlan(p, { grep: 'nothing-matches' }), /no spec, state or viewport matches/);
  assert.throws(() => selectPlan(p, { shard: '0/2' }), /expected i\/n/);
});

import { CHECKS } from '../../src/checks/registry.js';
// The compiled plan: defaults, the merge rule (config = defaults, spec overrides key by key),
// states, brief-derived requirements. Pure: no browser, no disk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSpec, type CompileInput } from '../../src/spec/compile.js';
import { parseMustShow } from '../../src/spec/brief.js';
import type { ConfigInput, SpecInput } from '../../src/spec/schema.js';

const input = (spec: SpecInput, config: ConfigInput = {}, extra: Partial<CompileInput> = {}): CompileInput => ({
  file: 'specs/checkout.yaml', spec, config, specText: JSON.stringify(spec), brief: null, rubric: null,
  storageState: null, har: null, baseURL: 'http://app.test', stepSource: (s, i) => `specs/checkout.yaml:${s}:${i}`, ...extra,
});
const check = (plan: ReturnType<typeof compileSpec>, id: string) => plan.checks.find((c) => c.id === id)!;

test('compile: a spec with no checks section runs every deterministic check with defaults', () => {
  const plan = compileSpec(input({ route: '/x' }));
  // every check but those published as off by default (interactive-reachable: veval look turns it
  // on; layout-shift: load-time shifts race with resources on real pages, docs/checks/layout-shift.md)
  const off = new Set(CHECKS.filter((c) => !c.meta.defaultEnabled).map((c) => c.meta.id));
  assert.deepEqual([...off], ['interactive-reachable', 'layout-shift']);
  assert.ok(plan.checks.every((c) => c.enabled === !off.has(c.id)), 'all enabled');
  assert.ok(plan.checks.every((c) => c.severity === null && Object.keys(c.options).length === 0));
  assert.equal(plan.name, 'checkout');
  assert.equal(plan.url, 'http://app.test/x');
  assert.deepEqual(plan.states.map((s) => s.name), ['default']);
  assert.deepEqual(plan.viewports.map((v) => `${v.name}:${v.width}`), ['desktop:1280', 'mobile:390']);
  assert.equal(plan.parity, null, 'no parity section → no baseline needed');
  assert.equal(plan.judge, null);
  assert.deepEqual(plan.gate, { minScore: 0, warn: ['polish'] });
});

test('compile: objects merge, arrays and scalars replace; a spec `axe: true` keeps the config axe options', () => {
  const config: ConfigInput = {
    checks: { axe: { impact: 'serious', tags: ['wcag2a'] }, console: 'polish' },
    parity: { threshold: 0.2, maxDiffRatio: 0.01, regions: { a: 0 } },
    gate: { minScore: 70, warn: ['polish', 'important'] },
    context: { locale: 'de-DE', extraHTTPHeaders: { 'x-a': '1' } },
  };
  const spec: SpecInput = {
    route: '/x', regions: { a: '#a', b: '#b' },
    checks: { axe: true, console: false, overflow: 'important' },
    parity: { maxDiffRatio: 0.001, regions: { b: 0.1 } },
    gate: { warn: [] },
    context: { extraHTTPHeaders: { 'x-b': '2' } },
  };
  const plan = compileSpec(input(spec, config));
  assert.deepEqual(check(plan, 'axe'), { id: 'axe', enabled: true, severity: null, options: { impact: 'serious', tags: ['wcag2a'] } });
  assert.equal(check(plan, 'console').enabled, false);
  assert.equal(check(plan, 'overflow').severity, 'important');
  assert.deepEqual(plan.parity, { threshold: 0.2, maxDiffRatio: 0.001, regions: { a: 0, b: 0.1 }, maxPixels: 100_000_000, design: { minScore: 0.7, tolerancePx: 8, maxSizeRatio: 1.1, maxDeltaE: 5 }, structure: 'important' });
  assert.deepEqual(plan.gate, { minScore: 70, warn: [] }, 'arrays replace');
  assert.equal(plan.context.locale, 'de-DE');
  assert.deepEqual(plan.context.extraHTTPHeaders, { 'x-a': '1', 'x-b': '2' });
});

test('compile: always-on checks stay on whatever the config says', () => {
  const plan = compileSpec(input({ route: '/' }, { checks: { overflow: false } }));
  assert.equal(check(plan, 'required-visible').enabled, true);
  assert.equal(check(plan, 'http-status').enabled, true);
  assert.equal(check(plan, 'overflow').enabled, false);
});

test('compile: shorthand check values become options', () => {
  const plan = compileSpec(input({ route: '/', regions: { a: '#a', b: '#b' }, checks: { overlap: [['a', 'b']], 'task-order': ['b', 'a'] } }));
  assert.deepEqual(check(plan, 'overlap').options, { pairs: [['a', 'b']] });
  assert.deepEqual(check(plan, 'task-order').options, { order: ['b', 'a'] });
});

test('compile: required entries reach the states they name; state entries only their state; steps normalised', () => {
  const plan = compileSpec(input({
    route: '/',
    required: [{ selector: '#pay' }, { text: 'Thanks', states: ['done'] }],
    states: [
      { name: 'default' },
      { name: 'done', steps: [{ click: '#pay' }, { fill: { selector: '#e', value: 'a@b.c' } }, { press: 'Enter' }, { waitFor: { selector: '.ok', timeout: 500 } }, { scroll: { y: 300 } }, { wait: 50 }], required: [{ text: '/order #\\d+/', within: 'main' }] },
    ],
  }));
  assert.deepEqual(plan.states[0].required.map((r) => r.name), ['#pay']);
  assert.deepEqual(plan.states[1].required.map((r) => [r.source, r.selector ?? r.text]), [['spec', '#pay'], ['spec', 'Thanks'], ['state', '/order #\\d+/']]);
  assert.deepEqual(plan.states[1].steps.map((s) => s.action), ['click', 'fill', 'press', 'waitFor', 'scroll', 'wait']);
  // each verb's plan has its own fields (StepPlan is a union by action)
  const [, fill, press, waitFor, scroll, wait] = plan.states[1].steps;
  assert.ok(fill.action === 'fill' && press.action === 'press' && scroll.action === 'scroll' && wait.action === 'wait');
  assert.equal(fill.value, 'a@b.c');
  assert.equal(press.key, 'Enter');
  assert.equal(waitFor.timeout, 500);
  assert.equal(scroll.y, 300);
  assert.equal(wait.ms, 50);
  assert.equal(plan.states[1].steps[0].source, 'specs/checkout.yaml:1:0');
});

test('compile: the brief Must show list adds selector and quoted-text items to every state; plain items go to the judge', () => {
  const md = '# x\n\n## Must show\n- `#pay` — the Pay button\n- "Total"\n- The fields are grouped\n\n## Notes\n- `#not-this`\n';
  const items = parseMustShow(md);
  assert.deepEqual(items.map((i) => [i.kind, i.value]), [['selector', '#pay'], ['text', 'Total'], ['plain', 'The fields are grouped']]);
  const plan = compileSpec(input({ route: '/', states: [{ name: 'a' }, { name: 'b' }] }, {}, { brief: { rel: 'briefs/x.md', text: md, items } }));
  for (const st of plan.states) assert.deepEqual(st.required.map((r) => [r.source, r.selector, r.text, r.name]), [['brief', '#pay', null, 'the Pay button'], ['brief', null, 'Total', 'text "Total"']]);
  assert.deepEqual(plan.brief!.mustShow.filter((m) => m.kind === 'plain').map((m) => m.item), ['The fields are grouped']);
});

test('compile: the spec hash changes with the spec, the brief and the rubric', () => {
  const a = compileSpec(input({ route: '/' })).specHash;
  assert.notEqual(a, compileSpec(input({ route: '/' }, {}, { specText: 'other' })).specHash);
  assert.notEqual(a, compileSpec(input({ route: '/' }, {}, { rubric: { rel: null, text: 'r' } })).specHash);
  assert.equal(a, compileSpec(input({ route: '/' })).specHash);
});

test('compile: inline viewports, colour scheme from context, url specs, frozen clock', () => {
  const plan = compileSpec(input({ url: 'https://example.test/a', viewports: [{ name: 'dark-phone', width: 360, height: 740, deviceScaleFactor: 3, colorScheme: 'dark' }, 'desktop'], context: { colorScheme: 'dark', freezeTime: true } }));
  assert.equal(plan.url, 'https://example.test/a');
  assert.equal(plan.route, null);
  assert.deepEqual(plan.viewports.map((v) => [v.name, v.deviceScaleFactor, v.colorScheme]), [['dark-phone', 3, 'dark'], ['desktop', 1, 'dark']]);
  assert.equal(plan.context.freezeTime, '2025-01-01T00:00:00.000Z');
});

test('compile: a route with no base URL yet is left for capture time', () => {
  const plan = compileSpec(input({ route: '/a' }, {}, { baseURL: null }));
  assert.equal(plan.url, null);
  assert.equal(plan.route, '/a');
});

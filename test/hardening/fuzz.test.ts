// Property-based fuzzing of the spec loader, in process: thousands of generated specs, each either
// valid by construction (must give a plan) or invalid by construction (must give an InputError with
// located problems). Random byte-level damage must never crash the loader: a plan or an InputError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import YAML from 'yaml';
import { loadProject } from '../../src/spec/project.js';
import { InputError } from '../../src/core/errors.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { CONFIG } from '../spec/helpers.js';

const dir = tmpDir('veval-fuzz-');
writeTree(dir, { 'visual-eval.config.yaml': CONFIG, 'briefs/a.md': '# Job\nPay.\n\n## Must show\n- `#pay` — pay\n', 'specs/a.yaml': 'route: /\n' });
const SPEC = path.join(dir, 'specs', 'a.yaml');

type Outcome = { plan: true } | { problems: string[] };
async function loadText(text: string | Buffer): Promise<Outcome> {
  fs.writeFileSync(SPEC, text);
  try {
    await loadProject({ cwd: dir, specs: ['specs/a.yaml'] });
    return { plan: true };
  } catch (err) {
    if (err instanceof InputError) return { problems: err.problems };
    throw err;                           // anything else is a crash: the property fails
  }
}

// ---- valid specs, by construction -------------------------------------------------------------
const NAME = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const SELECTOR = fc.constantFrom('#pay', 'form#payment', 'aside.order-summary', '[data-ready]', 'main > h1', 'ul li:nth-child(2n+1)', 'a:not(.x)', 'div:has(> img)', 'button[type="submit"]', 'input[name=email]', '*');
const TEXT = fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,12}$/), fc.constantFrom('/total|subtotal/i', '/^Pay \\d+/', '/[a-z]+/'));
const VIEWPORT = fc.oneof(fc.constantFrom('desktop', 'mobile'), fc.record({ name: NAME, width: fc.integer({ min: 200, max: 4000 }), height: fc.integer({ min: 200, max: 4000 }) }));
const STEP = fc.oneof(
  SELECTOR.map((s) => ({ click: s })), SELECTOR.map((s) => ({ hover: { selector: s } })), SELECTOR.map((s) => ({ fill: { selector: s, value: 'x' } })),
  fc.constantFrom({ press: 'Enter' }, { wait: 100 }, { scroll: { y: 400 } }), SELECTOR.map((s) => ({ waitFor: s })),
);
const REQUIRED = fc.oneof(SELECTOR.map((s) => ({ selector: s })), fc.record({ text: TEXT, within: SELECTOR }), TEXT.map((t) => ({ text: t, visible: 'partial' })));

const validSpec = fc.record({
  route: fc.stringMatching(/^(\/[a-z0-9-]{1,6}){0,3}$/).map((r) => r || '/'),
  viewports: fc.uniqueArray(VIEWPORT, { minLength: 1, maxLength: 3, selector: (v) => typeof v === 'string' ? v : v.name }),
  regions: fc.dictionary(NAME, SELECTOR, { minKeys: 2, maxKeys: 4 }),
  masks: fc.array(SELECTOR, { maxLength: 3 }),
  required: fc.array(REQUIRED, { maxLength: 3 }),
  states: fc.uniqueArray(fc.record({ name: NAME, steps: fc.array(STEP, { maxLength: 3 }) }), { minLength: 1, maxLength: 3, selector: (s) => s.name }),
  parity: fc.record({ threshold: fc.double({ min: 0, max: 1, noNaN: true }), maxDiffRatio: fc.double({ min: 0, max: 1, noNaN: true }) }),
  gate: fc.record({ minScore: fc.integer({ min: 0, max: 100 }) }),
  fullPage: fc.boolean(),
  brief: fc.constantFrom(undefined, '../briefs/a.md'),
}).map((s) => {
  const names = Object.keys(s.regions);
  const spec: any = { ...s, checks: { overlap: [[names[0], names[1]]], 'task-order': names, 'min-gap': { px: 8 } }, parity: { ...s.parity, regions: { [names[0]]: 0 } } };
  if (!spec.brief) delete spec.brief;
  return spec;
});

// ---- invalid mutations, each invalid by construction ------------------------------------------
type Mutation = (spec: any, pick: number) => { spec?: any; text?: string };
const objectsIn = (v: any, out: any[] = []): any[] => {
  if (v && typeof v === 'object') { if (!Array.isArray(v)) out.push(v); for (const x of Object.values(v)) objectsIn(x, out); }
  return out;
};
const BAD_SELECTORS = ['form[', 'div >', '> p', 'a:::b', '<a>', '#', 'a,,b', 'a:not(', '::', 'p ~'];
const mutations: Record<string, Mutation> = {
  'unknown key at some level': (spec, n) => { const objs = objectsIn(spec); objs[n % objs.length]['zz-unknown'] = 1; return { spec }; },
  'wrong type': (spec, n) => { const k = ['route', 'fullPage', 'masks', 'regions', 'states', 'gate'][n % 6]; spec[k] = k === 'route' ? 42 : k === 'fullPage' ? 'yes' : 'text'; return { spec }; },
  'number out of range': (spec, n) => {
    const set = [
      () => { spec.parity.threshold = 1 + (n % 7) + 0.5; },
      () => { spec.gate.minScore = -1 - n; },
      () => { spec.viewports = [{ name: 'v', width: -(n % 500), height: 800 }]; },
      () => { spec.viewports = [{ name: 'v', width: 800, height: 4001 + n }]; },
      () => { spec.wait = { timeout: -1 }; },
    ];
    set[n % set.length]();
    return { spec };
  },
  'broken selector': (spec, n) => {
    const bad = BAD_SELECTORS[n % BAD_SELECTORS.length];
    const places = [
      () => { spec.regions[Object.keys(spec.regions)[0]] = bad; },
      () => { spec.masks = [...spec.masks, bad]; },
      () => { spec.required = [...spec.required, { selector: bad }]; },
      () => { spec.required = [...spec.required, { text: 'x', within: bad }]; },
      () => { spec.states[0].steps = [...spec.states[0].steps, { click: bad }]; },
      () => { spec.wait = { for: 'selector', selector: bad }; },
      () => { spec.checks.axe = { include: [bad] }; },
    ];
    places[Math.floor(n / BAD_SELECTORS.length) % places.length]();
    return { spec };
  },
  'broken regex': (spec, n) => { spec.required = [...spec.required, { text: ['/(open/', '/[a-/i', '/x/q', '/a**/', '/\\/'][n % 5] }]; return { spec }; },
  'undeclared region': (spec, n) => {
    const where = n % 3;
    if (where === 0) spec.checks.overlap = [[Object.keys(spec.regions)[0], 'nowhere']];
    else if (where === 1) spec.checks['task-order'] = ['nowhere'];
    else spec.parity.regions = { nowhere: 0 };
    return { spec };
  },
  'unknown viewport name': (spec) => { spec.viewports = ['tablet']; return { spec }; },
  'escaping path': (spec, n) => {
    const p = ['../../etc/passwd.md', '/etc/hosts.md', '../../../x.md'][n % 3];
    if (n % 2) spec.brief = p; else spec.judge = { rubric: p };
    return { spec };
  },
  'unsafe url scheme': (spec, n) => { delete spec.route; spec.url = ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'ftp://x/'][n % 4]; return { spec }; },
  'duplicate key': (spec) => ({ text: YAML.stringify(spec) + 'route: /dup\n' }),
  'tab indentation': (spec) => ({ text: YAML.stringify(spec).replace(/\n {2}(?=\S)/, '\n\t') }),
  'duplicate state name': (spec) => { spec.states = [...spec.states, { name: spec.states[0].name }]; return { spec }; },
};

test('fuzz: every spec valid by construction loads into a plan', async () => {
  await fc.assert(fc.asyncProperty(validSpec, async (spec) => {
    const r = await loadText(YAML.stringify(spec));
    assert.ok('plan' in r, `refused a valid spec:\n${YAML.stringify(spec)}\n${'problems' in r ? r.problems.join('\n') : ''}`);
  }), { numRuns: 200 });
});

test('fuzz: every spec invalid by construction is refused with located problems, never a crash', async () => {
  const names = Object.keys(mutations);
  await fc.assert(fc.asyncProperty(validSpec, fc.nat(names.length - 1), fc.nat(1000), async (spec, which, n) => {
    const m = mutations[names[which]](structuredClone(spec), n);
    const text = m.text ?? YAML.stringify(m.spec);
    const r = await loadText(text);
    assert.ok('problems' in r, `accepted an invalid spec (${names[which]}):\n${text}`);
    assert.ok(r.problems.length > 0);
    for (const p of r.problems) assert.match(p, /^specs\/a\.yaml:\d+:\d+ \S/, `unlocated problem: ${p}`);
  }), { numRuns: 1000 });
});

test('fuzz: random damage to the text of a spec never crashes the loader', async () => {
  const damage = fc.oneof(
    fc.record({ at: fc.nat(), insert: fc.constantFrom('{', '[', ']', '}', ':', '- ', '\t', '"', "'", '&a ', '*a', '!!binary ', '%YAML 1.1\n', '---\n', '\u0000', '\uFFFD', '? ', '|', '>', '#', '\n  ') }),
    fc.record({ at: fc.nat(), insert: fc.string({ maxLength: 6 }) }),
    fc.record({ at: fc.nat(), del: fc.integer({ min: 1, max: 20 }) }),
  );
  await fc.assert(fc.asyncProperty(validSpec, fc.array(damage, { minLength: 1, maxLength: 4 }), async (spec, edits) => {
    let text = YAML.stringify(spec);
    for (const e of edits) {
      const at = e.at % (text.length + 1);
      text = 'del' in e ? text.slice(0, at) + text.slice(at + e.del) : text.slice(0, at) + e.insert + text.slice(at);
    }
    await loadText(text);                // a plan or an InputError; anything thrown else fails
  }), { numRuns: 800 });
});

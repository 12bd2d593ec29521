// Storybook specs without a browser: what a spec with `storybook:` may say (file:line:col errors),
// how an index becomes stories, how include/exclude, --grep and parameters.veval shape the states,
// which stories count as removed, and the checks a story starts from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load } from './helpers.js';
import { REPO } from '../helpers/tmp.js';
import { paramProblems, removedStories, selectStories, storiesOfIndex, storyUrl, withStories, type IndexStory } from '../../src/spec/storybook.js';
import { readIndexFile } from '../../src/spec/storybook-index.js';
import { selectPlan, shardSpecs } from '../../src/cli/select.js';
import type { SpecPlan } from '../../src/spec/plan.js';

const FIXTURE_INDEX = path.join(REPO, 'test/fixtures/storybook-example/storybook-static');

test('storybook: invalid combinations are errors at file:line:col', async () => {
  const cases: [string, RegExp][] = [
    ['storybook: { static: ../sb }\nstates:\n  - name: open\n', /^specs\/a\.yaml:2:1 "states:" cannot be combined with "storybook:"/],
    ['route: /\nstorybook: { url: "http://127.0.0.1:6006" }\n', /^specs\/a\.yaml:1:1 "route:" cannot be combined with "storybook:"/],
    ['storybook: { url: "http://127.0.0.1:6006", static: ../sb }\n', /^specs\/a\.yaml:1:\d+ give storybook "url:" .* or "static:" .*, not both/],
    ['storybook: { include: ["x"] }\n', /^specs\/a\.yaml:1:\d+ storybook needs "url:" .* or "static:"/],
    ['storybook: { url: "http://127.0.0.1:6006", build: "npm run build-storybook" }\n', /storybook\.build goes with storybook\.static/],
    ['storybook: { static: ../nope }\n', /^specs\/a\.yaml:1:\d+ storybook\.static: .*nope/],
    ['storybook: { url: "ftp://x" }\n', /^specs\/a\.yaml:1:\d+ storybook\.url must/],
    ['storybook: { static: ../sb }\nrequired:\n  - selector: button\n    states: [x]\n', /^specs\/a\.yaml:4:5 "states:" cannot be used in a storybook spec/],
  ];
  for (const [spec, re] of cases) {
    const { problems } = await load({ 'specs/a.yaml': spec, 'sb/index.json': '{"v":5,"entries":{}}' });
    assert.ok(problems.some((p) => re.test(p)), `${JSON.stringify(spec)} → ${JSON.stringify(problems)}`);
  }
  // with build:, the folder need not exist yet (the build makes it)
  const ok = await load({ 'specs/a.yaml': 'storybook: { static: ../out, build: "true" }\n' });
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.plan!.specs[0].storybook!.dir, path.join(ok.dir, 'out'));
  assert.deepEqual(ok.plan!.specs[0].states, [], 'the stories become states at capture');
});

test('storybook: the index lists stories (docs pages left out), 7+ index.json and 6.x stories.json alike', () => {
  const v5 = storiesOfIndex({ v: 5, entries: {
    'a-button--primary': { type: 'story', id: 'a-button--primary', title: 'A/Button', name: 'Primary', importPath: './a.stories.ts' },
    'a-button--docs': { type: 'docs', id: 'a-button--docs', title: 'A/Button', name: 'Docs' },
  } });
  assert.deepEqual(v5, [{ id: 'a-button--primary', title: 'A/Button', name: 'Primary', importPath: './a.stories.ts' }]);
  const v3 = storiesOfIndex({ v: 3, stories: {
    'a-button--primary': { id: 'a-button--primary', kind: 'A/Button', story: 'Primary', parameters: {} },
    'intro--page': { id: 'intro--page', kind: 'Intro', story: 'Page', parameters: { docsOnly: true } },
  } });
  assert.deepEqual(v3, [{ id: 'a-button--primary', title: 'A/Button', name: 'Primary', importPath: null }]);
  assert.match(String(storiesOfIndex({ v: 5 })), /has no "entries"/);
  assert.match(String(storiesOfIndex({ v: 5, entries: { x: { type: 'story', id: 'x' } } })), /entry "x" has no title or name/);
  // the example Storybook's own index: 8 stories, its 3 autodocs pages left out
  const real = readIndexFile(FIXTURE_INDEX);
  assert.ok(typeof real !== 'string');
  assert.equal(real.stories.length, 8);
  assert.match(readIndexFile(path.join(REPO, 'test/fixtures')) as string, /has no index\.json or stories\.json/);
});

test('storybook: include/exclude match story ids or titles', () => {
  const s = (id: string, title: string): IndexStory => ({ id, title, name: id, importPath: null });
  const all = [s('example-button--primary', 'Example/Button'), s('example-header--logged-in', 'Example/Header'), s('forms-input--playground', 'Forms/Input')];
  const ids = (x: IndexStory[]) => x.map((y) => y.id);
  assert.deepEqual(ids(selectStories(all, ['example-button--*'], [])), ['example-button--primary']);
  assert.deepEqual(ids(selectStories(all, ['Example/**'], [])), ['example-button--primary', 'example-header--logged-in']);
  assert.deepEqual(ids(selectStories(all, [], ['*--playground'])), ['example-button--primary', 'example-header--logged-in']);
  assert.deepEqual(ids(selectStories(all, ['Example/*'], ['Example/Header'])), ['example-button--primary']);
  assert.equal(storyUrl('http://127.0.0.1:6006', 'a-b--c'), 'http://127.0.0.1:6006/iframe.html?id=a-b--c&viewMode=story');
});

test('storybook: parameters.veval shape each story; an invalid one fails that story, never silently', async () => {
  const { plan } = await load({ 'specs/sb.yaml': 'storybook: { url: "http://127.0.0.1:6006" }\nrequired: [{ selector: "#root", name: root }]\nparity: {}\n' });
  const spec = plan!.specs[0];
  const stories = ['a--one', 'a--two', 'a--three', 'a--four'].map((id) => ({ id, title: 'A', name: id, importPath: null }));
  const out = withStories(spec, { base: 'http://127.0.0.1:6006/', index: 'index.json', stories, notes: [], params: {
    'a--two': { skip: true },
    'a--three': { masks: ['.clock'], viewports: ['mobile'], required: [{ text: 'Hello', name: 'greeting' }] },
    'a--four': { masks: ['div['], colour: 'red' },
  } });
  assert.deepEqual(out.states.map((s) => s.name), ['a--one', 'a--three', 'a--four']);
  assert.deepEqual(out.storybook!.read!.skipped, ['a--two']);
  const three = out.states[1];
  assert.deepEqual(three.masks, ['.clock']);
  assert.deepEqual(three.viewports, ['mobile']);
  assert.deepEqual(three.required.map((r) => r.name), ['root', 'greeting']);
  assert.equal(three.story!.url, 'http://127.0.0.1:6006/iframe.html?id=a--three&viewMode=story');
  assert.equal(out.states[0].story!.problem, undefined);
  assert.match(out.states[2].story!.problem!, /parameters\.veval\.colour is not known .*parameters\.veval\.masks\[0\] "div\[" is not a valid CSS selector/);
  assert.deepEqual(paramProblems({ viewports: ['tablet'], required: [{ selector: 'a', text: 'b' }] }, ['desktop', 'mobile']), [
    'parameters.veval.viewports[0] "tablet" is not a viewport of the spec (desktop, mobile)',
    'parameters.veval.required[0] needs selector: or text: (one of them)',
  ]);
  // a story with baselines that the index no longer has is removed; a skipped one is not
  const keys = ['a--one-desktop', 'a--two-mobile', 'a--gone-desktop', 'a--gone-mobile'];
  assert.deepEqual(removedStories(out, keys), ['a--gone']);
  assert.deepEqual(removedStories(spec, keys), [], 'nothing is removed before the stories were read');
});

test('storybook: --grep not matching the spec name selects stories once they are read (and none are "removed" for it)', async () => {
  const { plan } = await load({ 'specs/sb.yaml': 'storybook: { url: "http://127.0.0.1:6006" }\nparity: {}\n' });
  const sel = selectPlan(plan!, { grep: 'sb/a--t' });
  assert.equal(sel.specs.length, 1, 'kept: its states are not known yet');
  const stories = ['a--one', 'a--two', 'a--three'].map((id) => ({ id, title: 'A', name: id, importPath: null }));
  const out = withStories(sel.specs[0] as SpecPlan, { base: 'http://x/', index: 'index.json', stories, params: {}, notes: [] });
  assert.deepEqual(out.states.map((s) => s.name), ['a--two', 'a--three']);
  assert.deepEqual(removedStories(out, ['a--one-desktop']), []);
});

test('storybook: a story starts without the whole-page axe rules and with interactive-reachable on; config and spec override', async () => {
  const { plan } = await load({
    'specs/sb.yaml': 'storybook: { url: "http://127.0.0.1:6006" }\n',
    'specs/sb2.yaml': 'storybook: { url: "http://127.0.0.1:6006" }\nchecks:\n  axe: { disable: [] }\n  interactive-reachable: false\n',
    'specs/page.yaml': 'route: /\n',
  });
  const byName = Object.fromEntries(plan!.specs.map((s) => [s.name, s]));
  const c = (s: string, id: string) => byName[s].checks.find((x) => x.id === id)!;
  assert.deepEqual(c('sb', 'axe').options.disable, ['bypass', 'document-title', 'html-has-lang', 'landmark-one-main', 'page-has-heading-one', 'region']);
  assert.equal(c('sb', 'interactive-reachable').enabled, true);
  assert.deepEqual(c('sb2', 'axe').options.disable, []);
  assert.equal(c('sb2', 'interactive-reachable').enabled, false);
  assert.equal(c('page', 'axe').options.disable, undefined, 'route specs are unchanged');
  assert.equal(c('page', 'interactive-reachable').enabled, false);
  assert.ok(fs.existsSync(FIXTURE_INDEX));
});

test('storybook: --shard weighs a Storybook spec by the stories its built index selects, so specs split by include spread across shards', async () => {
  const { plan } = await load({
    'sb/index.json': fs.readFileSync(path.join(FIXTURE_INDEX, 'index.json')),
    'specs/buttons.yaml': 'storybook: { static: ../sb, include: ["example-button--*"] }\n',
    'specs/rest.yaml': 'storybook: { static: ../sb, exclude: ["example-button--*"] }\n',
    'specs/page.yaml': 'route: /\n',
  });
  const shards = shardSpecs(plan!.specs, 2).map((s) => s.map((x) => x.name));
  // 4 stories × 2 viewports each, and 2 units: not all on the first shard, as 0-unit specs would be
  assert.deepEqual(shards, [['buttons', 'page'], ['rest']]);
});

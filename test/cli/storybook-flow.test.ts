// A Storybook as one spec, its whole flow through the real CLI (the end-to-end tier; the smoke in
// npm test is test/cli/storybook.test.ts), on the official Storybook example
// (test/fixtures/storybook-example, built once; see its SOURCE.md). Each phase changes a copy of the
// built Storybook the way a component change would, and the run must name exactly the stories it
// touched: a planted regression in one component variant, an intended change approved, a story
// that throws, a story skipped by its parameters, a story removed from the index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, runCli, tmpDir, writeTree } from '../helpers/tmp.js';

const FIXTURE = path.join(REPO, 'test/fixtures/storybook-example/storybook-static');
const NO_KEY = { OPENAI_API_KEY: '' };
// 16 units a run: on a loaded 2-core machine a run may take minutes (runCli's default would kill it)
const RUN_MS = 900_000;
const STORIES = ['example-button--primary', 'example-button--secondary', 'example-button--large', 'example-button--small',
  'example-header--logged-in', 'example-header--logged-out', 'example-page--logged-out', 'example-page--logged-in'];

interface Unit { state: string; viewport: string; status: string; story?: { id: string; title: string; name: string } }
interface Finding { check: string; severity: string; state: string | null; viewport: string | null; message: string }
interface Report { status: string; specs: { name: string; units: Unit[]; findings: Finding[]; notes?: string[] }[] }

const report = (dir: string): Report => JSON.parse(fs.readFileSync(path.join(dir, 'evals/latest/report.json'), 'utf8'));
const asset = (dir: string, prefix: string, ext: string) => {
  const f = fs.readdirSync(path.join(dir, 'storybook-static/assets')).find((n) => n.startsWith(prefix) && n.endsWith(ext));
  assert.ok(f, `${prefix}*${ext} in the built Storybook`);
  return path.join(dir, 'storybook-static/assets', f);
};
/** Replaces one exact piece of a built file (fails when the build no longer has it). */
const patch = (file: string, from: string, to: string) => {
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${path.basename(file)} has ${from}`);
  fs.writeFileSync(file, text.replace(from, to));
};
const failing = (r: Report) => r.specs[0].units.filter((u) => u.status !== 'pass').map((u) => `${u.state}@${u.viewport}`).sort();

// the Button component's render, as the build has it; the planted versions change only its large variant
const BUTTON_RENDER = 'return s.createElement("button",{type:"button",className:["storybook-button",`storybook-button--${t}`,r].join(" "),style:{backgroundColor:o},...n},a)';

test('a built Storybook as one spec: every story a state at 2 viewports; a regression in one component fails only its story; approve + re-run passes; a throwing story fails with Storybook\'s error, a skipped one is listed, a removed one too', () => {
  const dir = tmpDir('veval-storybook-');
  fs.cpSync(FIXTURE, path.join(dir, 'storybook-static'), { recursive: true });
  writeTree(dir, {
    'visual-eval.config.yaml': 'viewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844, isMobile: true, hasTouch: true }\n',
    'specs/components.yaml': 'storybook:\n  static: ../storybook-static\nparity: {}\n',
  });

  // plan lists the stories from the index, before anything runs
  let r = runCli(['plan'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  for (const id of STORIES) assert.match(r.stdout, new RegExp(`^    ${id} \\(story "Example/`, 'm'));
  assert.match(r.stdout, /8 of 8 stories in index\.json selected; each story's parameters\.veval .* apply at capture/);
  assert.match(r.stdout, /states \(8 × 2 viewports = 16 units\)/);

  // 1. the example as built: 16 units, each carrying its story, all pass; baselines written
  r = runCli(['run', '--update-baselines', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  let rep = report(dir);
  assert.equal(rep.specs[0].units.length, 16);
  assert.deepEqual([...new Set(rep.specs[0].units.map((u) => u.state))], STORIES);
  assert.deepEqual(rep.specs[0].units.find((u) => u.state === 'example-header--logged-in')?.story, { id: 'example-header--logged-in', title: 'Example/Header', name: 'Logged In' });
  assert.ok(fs.existsSync(path.join(dir, 'baselines/components/example-button--large-mobile.png')));

  // 2. a regression in the Button component's large variant (only the Large story renders it): the
  // label is gone, and a sibling covers the button below 500 px
  const css = asset(dir, 'Button-', '.css');
  fs.appendFileSync(css, '.sb-planted{position:relative;display:inline-block}@media (max-width:500px){.sb-planted__badge{position:absolute;inset:-4px;background:#fafafa}}');
  const js = asset(dir, 'Button-', '.js');
  patch(js, BUTTON_RENDER, 'const B=s.createElement("button",{type:"button",className:["storybook-button",`storybook-button--${t}`,r].join(" "),style:{backgroundColor:o},...n},t==="large"?null:a);return t==="large"?s.createElement("span",{className:"sb-planted"},B,s.createElement("span",{className:"sb-planted__badge"})):B');
  r = runCli(['run', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  rep = report(dir);
  assert.deepEqual(failing(rep), ['example-button--large@desktop', 'example-button--large@mobile']);
  const f = rep.specs[0].findings;
  assert.ok(f.every((x) => x.state === 'example-button--large' || x.state === null), JSON.stringify(f.filter((x) => x.state !== 'example-button--large'), null, 1));
  assert.ok(f.some((x) => x.check === 'axe' && /button-name/.test(x.message) && x.viewport === 'desktop'), 'the missing label, at desktop');
  assert.ok(f.some((x) => x.check === 'interactive-reachable' && x.viewport === 'mobile' && x.severity === 'blocker'), 'the covered button, at 390 px');
  assert.ok(!f.some((x) => x.check === 'interactive-reachable' && x.viewport === 'desktop'), 'not covered at desktop');

  // 3. the fix, with an intended change to the same variant (more padding): parity fails only that story; approve; re-run passes
  fs.cpSync(path.join(FIXTURE, 'assets'), path.join(dir, 'storybook-static/assets'), { recursive: true });
  fs.appendFileSync(css, '.storybook-button--large{padding:16px 32px}');
  r = runCli(['run', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  rep = report(dir);
  assert.deepEqual(failing(rep), ['example-button--large@desktop', 'example-button--large@mobile']);
  assert.ok(rep.specs[0].findings.every((x) => x.check === 'parity'), JSON.stringify(rep.specs[0].findings.map((x) => x.check)));
  r = runCli(['approve', '--spec', 'components'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = runCli(['run', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  // a run of some stories only does not cover the project; the full run before it still does
  r = runCli(['run', '--grep', 'components/example-button--small', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(report(dir).specs[0].units.map((u) => u.state), ['example-button--small', 'example-button--small']);
  r = runCli(['verify'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /covers part of the project/);

  // 4. a story that throws, one its parameters skip, one removed from the index
  patch(asset(dir, 'Header.stories-', '.js'), 'm={}', 'm={render:()=>{throw new Error("planted: the header lost its session provider")}}');
  patch(asset(dir, 'Button.stories-', '.js'), 's={args:{label:"Button"}}', 's={args:{label:"Button"},parameters:{veval:{skip:true}}}');
  const indexFile = path.join(dir, 'storybook-static/index.json');
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8'));
  delete index.entries['example-page--logged-in'];
  fs.writeFileSync(indexFile, JSON.stringify(index));
  r = runCli(['run', '--reporter', 'json'], dir, NO_KEY, RUN_MS);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  rep = report(dir);
  const spec = rep.specs[0];
  assert.deepEqual([...new Set(spec.units.map((u) => u.state))], STORIES.filter((s) => s !== 'example-button--secondary' && s !== 'example-page--logged-in'));
  assert.deepEqual(failing(rep), ['example-header--logged-out@desktop', 'example-header--logged-out@mobile']);
  const thrown = spec.findings.filter((x) => x.check === 'capture');
  assert.equal(thrown.length, 2);
  for (const t of thrown) assert.match(t.message, /story-error.*Storybook could not render story "example-header--logged-out": planted: the header lost its session provider/);
  assert.ok(spec.notes?.some((n) => n === 'stories skipped by parameters.veval.skip: example-button--secondary'), JSON.stringify(spec.notes));
  const removed = spec.findings.filter((x) => x.check === 'parity' && x.state === null);
  assert.equal(removed.length, 1);
  assert.match(removed[0].message, /story "example-page--logged-in" has approved baselines but is no longer in the Storybook/);
});

// A Storybook as one spec through the CLI, the smoke kept in npm test (the whole flow — 16 units a
// run, regressions, approve, throwing, skipped and removed stories — is test/cli/storybook-flow.test.ts,
// the end-to-end tier): one story of the official example (test/fixtures/storybook-example) at one
// viewport, approved then passing; a Storybook that does not answer, or has no index, is exit 3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

const FIXTURE = path.join(REPO, 'test/fixtures/storybook-example/storybook-static');
const NO_KEY = { OPENAI_API_KEY: '' };

test('one story of a built Storybook: a state carrying its story, approved, then passing; a changed story fails', async () => {
  const dir = tmpDir('veval-storybook-');
  fs.cpSync(FIXTURE, path.join(dir, 'storybook-static'), { recursive: true });
  writeTree(dir, {
    'visual-eval.config.yaml': 'viewports:\n  mobile: { width: 390, height: 844, isMobile: true, hasTouch: true }\n',
    'specs/components.yaml': 'storybook:\n  static: ../storybook-static\n  include: [example-button--primary]\nparity: {}\n',
  });
  let r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = () => JSON.parse(fs.readFileSync(path.join(dir, 'evals/latest/report.json'), 'utf8'));
  const units = report().specs[0].units;
  assert.deepEqual(units.map((u: any) => [u.state, u.viewport, u.story?.id]), [['example-button--primary', 'mobile', 'example-button--primary']]);
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  // the primary button's colour changed in the built CSS: its story fails parity
  const css = fs.readdirSync(path.join(dir, 'storybook-static/assets')).find((n) => n.startsWith('Button') && n.endsWith('.css'));
  assert.ok(css, 'the built Storybook has the Button stylesheet');
  const file = path.join(dir, 'storybook-static/assets', css);
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /#555ab9/i, 'the primary colour as built');
  fs.writeFileSync(file, text.replace(/#555ab9/gi, '#b9555a'));
  r = await runMain(['run', '--reporter', 'json'], dir, NO_KEY);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.ok(report().specs[0].findings.some((f: any) => f.check === 'parity' && f.state === 'example-button--primary'));
});

test('a Storybook that does not answer, or a folder with no story index, is exit 3 naming it; nothing is captured', async () => {
  const dir = tmpDir('veval-storybook-');
  writeTree(dir, {
    'specs/down.yaml': 'storybook: { url: "http://127.0.0.1:9" }\n',
    'specs/empty.yaml': 'storybook: { static: ../not-storybook }\n',
    'not-storybook/index.html': '<!doctype html><title>x</title>',
  });
  let r = await runMain(['run', 'specs/down.yaml'], dir, NO_KEY);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /the Storybook at http:\/\/127\.0\.0\.1:9\/ does not answer: .*start it, or point storybook\.url at it/);
  r = await runMain(['run', 'specs/empty.yaml'], dir, NO_KEY);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /no story index at http:\/\/127\.0\.0\.1:\d+\/ \(index\.json answered 404, stories\.json answered 404\): is this a Storybook/);
});

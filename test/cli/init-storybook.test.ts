// veval init on a Storybook project (the official Storybook example, test/fixtures/storybook-example,
// npm, no lockfile, no pages of its own): it finds the Storybook, writes one spec for every story with
// the project's build-storybook script, no spec for a page the project does not have, and ignores the
// build output; the spec validates and plans the stories once the folder is built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { REPO, tmpDir } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { detectStorybook } from '../../src/cli/init/detect.js';
import { detectPackageManager } from '../../src/cli/init/pm.js';

const FIXTURE = path.join(REPO, 'test/fixtures/storybook-example');

test('init on a Storybook project writes one storybook spec with its build, and no page spec', async () => {
  const dir = tmpDir('veval-init-sb-');
  for (const f of ['package.json', '.storybook', 'src']) fs.cpSync(path.join(FIXTURE, f), path.join(dir, f), { recursive: true });
  let r = await runMain(['init', '--ci', 'none'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /found Storybook \(the storybook dependency and \.storybook\/\): specs\/storybook\.yaml covers every story, built by `npm run build-storybook` into storybook-static\//);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'specs')), ['storybook.yaml'], 'no spec for a page the project does not have');
  const spec = YAML.parse(fs.readFileSync(path.join(dir, 'specs/storybook.yaml'), 'utf8'));
  assert.deepEqual(spec.storybook, { static: '../storybook-static', build: 'npm run build-storybook' });
  assert.deepEqual(spec.viewports, ['desktop', 'mobile']);
  assert.ok(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n').includes('/storybook-static/'));
  assert.doesNotMatch(fs.readFileSync(path.join(dir, 'visual-eval.config.yaml'), 'utf8'), /^server:/m, 'nothing to serve but the stories');
  r = await runMain(['validate'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /ok: 1 spec\(s\) valid \(0 capture units, and the stories of 1 Storybook spec\(s\), read at capture\)/);
  r = await runMain(['plan'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /stories are read at capture \(.*has no index\.json or stories\.json \(not built yet\?\)\)/);
  // built (the committed build stands in for `npm run build-storybook`): plan lists the 8 stories
  fs.cpSync(path.join(FIXTURE, 'storybook-static'), path.join(dir, 'storybook-static'), { recursive: true });
  r = await runMain(['plan'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /states \(8 × 2 viewports = 16 units\)/);
});

test('Storybook detection: a dependency or .storybook/, and the build script\'s output folder', async () => {
  const dir = tmpDir('veval-sb-detect-');
  const pm = detectPackageManager(dir);
  assert.equal(detectStorybook(dir, { devDependencies: { react: '19' } }, pm), null);
  assert.deepEqual(detectStorybook(dir, { devDependencies: { '@storybook/react-vite': '10' }, scripts: { 'build-storybook': 'storybook build -o dist/sb --quiet' } }, pm),
    { static: 'dist/sb', build: 'npm run build-storybook', from: 'the @storybook/react-vite dependency' });
  fs.mkdirSync(path.join(dir, '.storybook'));
  assert.deepEqual(detectStorybook(dir, {}, pm), { static: 'storybook-static', build: 'npx --no-install storybook build', from: '.storybook/' });
});

// approve --from-image refuses bad input with one clear line and exit 2, writing nothing: a missing
// file, a file that is not a PNG, an image bomb, an unknown spec/state/viewport, region boxes that
// are not of the documented format (file:line:col) or name a region the spec does not declare.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { bomb, Image } from './fixtures.js';

const png = new Image(390, 600).rect(10, 10, 100, 40, [20, 120, 60]).bytes();

function project(extra: Record<string, string | Buffer> = {}): string {
  const dir = tmpDir('veval-design-import-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\nviewports:\n  mobile: { width: 390, height: 844 }\n  desktop: { width: 1280, height: 800 }\n',
    'specs/checkout.yaml': 'route: /\nviewports: [mobile, desktop]\nregions: { summary: aside, form: form }\nparity: { maxPixels: 1000000 }\nstates: [{ name: default }, { name: filled, steps: [{ click: "#pay" }] }]\n',
    'specs/plain.yaml': 'route: /plain\nviewports: [mobile]\n',
    'design/ok.png': png,
    ...extra,
  });
  return dir;
}

const IMPORT = (file: string, ...more: string[]) => ['approve', '--from-image', file, '--spec', 'checkout', '--state', 'default', '--viewport', 'mobile', ...more];

async function refused(dir: string, args: string[], message: RegExp) {
  const r = await runMain(args, dir);
  assert.equal(r.code, 2, `${args.join(' ')}\n${r.stdout}${r.stderr}`);
  const lines = r.stderr.trim().split('\n').filter((l) => !/^\s*(hint|run `veval)/.test(l));
  assert.match(lines[0] ?? '', message);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, 'no stack trace');
  assert.ok(!fs.existsSync(path.join(dir, 'baselines', 'checkout', 'manifest.json')), 'nothing written');
}

test('a missing export, a folder, and a file that is not a PNG are refused naming the file', async () => {
  const dir = project({ 'design/notes.png': 'just text', 'design/photo.png': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]) });
  await refused(dir, IMPORT('design/nope.png'), /design\/nope\.png:1:1 no such file/);
  await refused(dir, IMPORT('design'), /design:1:1 is a folder, not a PNG file/);
  await refused(dir, IMPORT('design/notes.png'), /design\/notes\.png:1:1 is not a usable design export: not a PNG file \(no PNG signature\)/);
  await refused(dir, IMPORT('design/photo.png'), /design\/photo\.png:1:1 is not a usable design export: a JPEG file/);
});

test('an image bomb is refused from its header, against parity.maxPixels', async () => {
  const dir = project({ 'design/bomb.png': bomb(20000, 20000) });
  await refused(dir, IMPORT('design/bomb.png'), /design\/bomb\.png:1:1 is not a usable design export: image bomb: its IHDR claims 20000×20000 px .* over the limit of 1 megapixels .*parity\.maxPixels/);
});

test('an unknown spec, state or viewport, a spec without parity, and a unit left ambiguous are refused listing what exists', async () => {
  const dir = project();
  await refused(dir, ['approve', '--from-image', 'design/ok.png', '--spec', 'checkuot', '--state', 'default', '--viewport', 'mobile'], /--spec checkuot: no spec named "checkuot" in this project — did you mean "checkout"\?; specs: checkout, plain/);
  await refused(dir, IMPORT('design/ok.png').map((a) => (a === 'default' ? 'empty' : a)), /--state empty: no state named "empty" in spec checkout; states: default, filled/);
  await refused(dir, IMPORT('design/ok.png').map((a) => (a === 'mobile' ? 'tablet' : a)), /--viewport tablet: no viewport named "tablet" in spec checkout; viewports: mobile, desktop/);
  await refused(dir, ['approve', '--from-image', 'design/ok.png', '--spec', 'checkout', '--state', 'default'], /needs --viewport <name>: spec checkout has 2 viewports \(mobile, desktop\)/);
  await refused(dir, ['approve', '--from-image', 'design/ok.png'], /needs --spec <name>/);
  await refused(dir, ['approve', '--from-image', 'design/ok.png', '--spec', 'plain'], /spec "plain" has no parity section/);
  await refused(dir, ['approve', '--boxes', 'design/b.json', '--spec', 'checkout'], /--boxes goes with --from-image/);
  await refused(dir, [...IMPORT('design/ok.png'), '--prune'], /--prune does not go with --from-image/);
});

test('region boxes of the wrong shape are refused at file:line:col; a box for an undeclared region or outside the frame too', async () => {
  const dir = project({
    'design/shape.json': '{\n  "version": 1,\n  "regions": {\n    "summary": { "x": 0, "y": 0, "width": -5, "height": 10 }\n  }\n}\n',
    'design/extra.json': '{\n  "version": 1,\n  "regions": { "summary": { "x": 0, "y": 0, "width": 5, "height": 10 } },\n  "scale": 2\n}\n',
    'design/name.json': '{\n  "version": 1,\n  "regions": {\n    "sumary": { "x": 0, "y": 0, "width": 5, "height": 10 }\n  }\n}\n',
    'design/outside.json': '{ "version": 1, "frame": { "width": 390 }, "regions": { "form": { "x": 300, "y": 0, "width": 200, "height": 10 } } }\n',
    'design/broken.json': '{ "version": 1, "regions": { \n',
  });
  await refused(dir, IMPORT('design/ok.png', '--boxes', 'design/shape.json'), /design\/shape\.json:4:43 regions\.summary\.width must be > 0/);
  await refused(dir, IMPORT('design/ok.png', '--boxes', 'design/extra.json'), /design\/extra\.json:4:3 unknown key "scale"/);
  await refused(dir, IMPORT('design/ok.png', '--boxes', 'design/name.json'), /design\/name\.json:4:5 region "sumary" is not declared in spec checkout — did you mean "summary"\?; regions: summary, form/);
  await refused(dir, IMPORT('design/ok.png', '--boxes', 'design/outside.json'), /design\/outside\.json:1:57 region "form" \(200×10 at 300, 0\) lies outside the frame of 390×\?/);
  await refused(dir, IMPORT('design/ok.png', '--boxes', 'design/broken.json'), /design\/broken\.json:\d+:\d+ invalid YAML/);
});

test('a good export is imported once; importing it again is unchanged', async () => {
  const dir = project();
  let r = await runMain(IMPORT('design/ok.png'), dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /approved +baselines\/checkout\/default-mobile\.png from design export design\/ok\.png \(390×600 px/);
  r = await runMain(IMPORT('design/ok.png'), dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /unchanged baselines\/checkout\/default-mobile\.png/);
  assert.ok(!fs.existsSync(path.join(dir, 'baselines', '.veval.lock')), 'the lock is released');
});

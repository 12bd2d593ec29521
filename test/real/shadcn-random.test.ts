// Issue 55 item 2, on a real shadcn/ui build (test/fixtures/shadcn-admin, MIT, see SOURCE.md): its
// dashboard's bar chart draws from Math.random on every render. veval seeds Math.random by default
// (one fixed seed for every unit), so two runs and two viewports draw the same chart; the capture
// record counts each random source the page drew from; `context.randomSeed: false` leaves the page
// its own randomness.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runMain } from '../helpers/cli.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';

const made: string[] = [];
after(() => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });

function project(spec: string): string {
  const dir = tmpDir('veval-shadcn-random-');
  made.push(dir);
  fs.cpSync(path.join(REPO, 'test', 'fixtures', 'shadcn-admin'), path.join(dir, 'app'), { recursive: true });
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: { dir: app, fallback: index.html } }\nviewports:\n  desktop: { width: 1280, height: 800 }\n',
    // the chart is the subject: only stability and parity (every other check off)
    'specs/dash.yaml': `name: dash\nroute: /\nviewports: [desktop]\nchecks: { axe: false, text-clipped: false, requests: false, console: false, overflow: false, min-gap: false }\nparity: { structure: false }\n${spec}`,
  });
  return dir;
}
const unitRecord = (dir: string) => JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals', 'latest')), 'dash', 'default-desktop.json'), 'utf8'));
const parityOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals', 'latest')), 'report.json'), 'utf8')).specs[0].findings.filter((f: any) => f.check === 'parity');

test('a chart drawn from Math.random: seeded by default, the second run is the approved image; the record counts the draws', async () => {
  const dir = project('');
  let r = await runMain(['run', '--update-baselines'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runMain(['run'], dir);
  assert.equal(r.code, 0, JSON.stringify(parityOf(dir).map((f: any) => f.message)) + r.stdout);
  const random = unitRecord(dir).random;
  assert.equal(random.seeded, true);
  assert.ok(random.mathRandom >= 9, `the chart's nine bars and more drew from Math.random: ${JSON.stringify(random)}`);
});

test('context.randomSeed: false leaves the page its own randomness: the chart changes, and the parity message names the source and the setting', async () => {
  const dir = project('context: { randomSeed: false }\n');
  let r = await runMain(['run', '--update-baselines'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(unitRecord(dir).random.seeded, false);
  r = await runMain(['run'], dir);
  assert.equal(r.code, 1, 'nine random bars drawn again differ');
  const [finding] = parityOf(dir);
  assert.match(finding.message, /the page drew random numbers while it rendered: Math\.random ×\d+ \(not seeded: context\.randomSeed is false/, finding.message);
});

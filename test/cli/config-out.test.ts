// `out:` in the config is the artifacts folder of every command (issue 15): one resolver takes
// flag → config → default, and the project root is found upward from a subfolder, as `run` does.
// In process (main(argv, io)), against a page the config's static server serves.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A</title></head><body><main><h1>A</h1><button id="go">Go</button></main></body></html>';
const made: string[] = [];
const env = { VEVAL_BROWSER: process.env.VEVAL_BROWSER, OPENAI_API_KEY: process.env.OPENAI_API_KEY };
after(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
  Object.assign(process.env, env);
});

test('with out: artifacts in the config, run, capture, check, judge, gate, report, approve, verify and merge all find the run — from a subfolder too', async () => {
  process.env.VEVAL_BROWSER = TEST_BROWSER_PATH;
  process.env.OPENAI_API_KEY = '';
  const dir = tmpDir('veval-out-');
  made.push(dir);
  writeTree(dir, {
    'visual-eval.config.yaml': 'out: artifacts\nserver: { static: site }\nviewports:\n  phone: { width: 390, height: 600, isMobile: true }\njudge: { mode: off }\n',
    'site/a.html': PAGE,
    'specs/a.yaml': 'route: /a\nviewports: [phone]\nrequired: [{ selector: "#go" }]\nchecks: { axe: false }\nparity: { maxDiffRatio: 0 }\n',
  });
  const sub = path.join(dir, 'specs');
  const runs = () => fs.readdirSync(path.join(dir, 'artifacts/runs')).sort();
  const ok = async (args: string[], code = 0) => {
    const r = await runMain(args, sub);
    assert.equal(r.code, code, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
    return r;
  };

  await ok(['capture']);
  const [captured] = runs();
  for (const cmd of [['check', '--update-baselines'], ['judge'], ['gate', '--reporter', 'json,html']]) {
    const r = await ok(cmd);
    assert.match(r.stderr, new RegExp(`using run ${captured} \\(the newest run whose capture finished, started by \`veval capture\``), cmd[0]);
  }
  assert.equal(path.basename(fs.realpathSync(path.join(dir, 'artifacts/latest'))), captured, 'the gated run is latest');
  assert.match((await ok(['report', '--reporter', 'markdown'])).stderr, /wrote .*summary\.md/);
  assert.match((await ok(['verify'])).stdout, new RegExp(`using run ${captured}`));
  assert.match((await ok(['approve'])).stdout, new RegExp(`using run ${captured} \\(the latest completed run, \\S*artifacts/latest\\)`));
  await ok(['run', '--reporter', 'json']);
  const ran = runs().find((r) => r !== captured)!;
  assert.ok(ran, 'run wrote its folder under artifacts/runs');
  const m = await ok(['merge', path.join(dir, 'artifacts/runs', ran), '--reporter', 'json']);
  assert.match(m.stderr, /merged 1 shard\(s\) into \S*artifacts\/runs\//);
  assert.equal(runs().length, 3);
  assert.equal(fs.existsSync(path.join(dir, 'evals')), false, 'nothing went to the default folder');
  assert.equal(fs.existsSync(path.join(sub, 'evals')), false);
});

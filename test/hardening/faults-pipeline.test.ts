// Faults inside units, through the whole pipeline in process (one project, one browser launch per
// run): each faulty spec fails with a named reason, the clean spec still passes, the run exits 1.
// Renderer crashes are produced at the capture stage (chrome://crash is not a URL a spec may use):
// test/capture/capture-run.test.ts. Exit codes through the real CLI: faults-cli.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadProject } from '../../src/spec/project.js';
import { runPipeline } from '../../src/index.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { startFakeOpenAI, type FakeOpenAI } from '../judge/fake-openai.js';
import { filesUnder, latestRun, readReport, specOf } from './helpers.js';

const PAGE = (title: string, extra = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:16px sans-serif;margin:24px;color:#111;background:#fff}</style></head>
<body><main><h1>${title}</h1><p id="pay">Pay now</p>${extra}</main></body></html>`;

let dir: string;
const fakes: Record<string, FakeOpenAI> = {};
const devnull = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
const savedKey = process.env.OPENAI_API_KEY;

async function run(updateBaselines = false) {
  const plan = await loadProject({ cwd: dir });
  return runPipeline(plan, { reporters: ['json', 'markdown', 'html'], argv: ['run'], log: devnull, updateBaselines, workers: 2 });
}

before(async () => {
  fakes.ok = await startFakeOpenAI([{ kind: 'pass' }]);
  fakes.e500 = await startFakeOpenAI([{ kind: 'http', status: 500 }]);
  fakes.garbage = await startFakeOpenAI([{ kind: 'raw', content: 'Sure! Here is my verdict: looks great 👍' }]);
  fakes.hang = await startFakeOpenAI([{ kind: 'slow', ms: 20_000 }]);
  process.env.OPENAI_API_KEY = 'sk-test-not-a-real-key';
  dir = tmpDir('veval-hard-pipe-');
  const judged = (fake: string) => `judge: { mode: required, baseURL: "${fakes[fake].url}", retries: 1, timeout: 500, rubric: "Can a buyer pay?" }\n`;
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: off }\n',
    'site/index.html': PAGE('Fine'),
    'site/later.html': PAGE('Later', '<script>setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<div id=late>late</div>"), 60000)</script>'),
    'specs/ok.yaml': 'route: /index.html\nrequired: [{ selector: "#pay" }]\n' + judged('ok'),
    'specs/judge-500.yaml': 'route: /index.html\n' + judged('e500'),
    'specs/judge-garbage.yaml': 'route: /index.html\n' + judged('garbage'),
    'specs/judge-hang.yaml': 'route: /index.html\n' + judged('hang'),
    'specs/nav-timeout.yaml': 'route: /later.html\nwait: { for: selector, selector: "#late", timeout: 500 }\n',
    'specs/step-never.yaml': 'route: /later.html\nstates:\n  - name: open\n    steps: [{ waitFor: { selector: "#late", timeout: 300 } }]\n',
    'specs/base-truncated.yaml': 'route: /index.html\nparity: {}\n',
    'specs/base-jpeg.yaml': 'route: /index.html\nparity: {}\n',
  });
  await run(true);                          // approves the two parity specs' baselines
  const b = (spec: string) => path.join(dir, 'baselines', spec, 'default-desktop.png');
  assert.ok(fs.existsSync(b('base-truncated')) && fs.existsSync(b('base-jpeg')), 'baselines approved');
  const png = fs.readFileSync(b('base-truncated'));
  fs.writeFileSync(b('base-truncated'), png.subarray(0, png.length >> 1));
  fs.writeFileSync(b('base-jpeg'), Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffd9', 'hex'));
  await run();
});

after(async () => {
  for (const f of Object.values(fakes)) await f.close();
  if (savedKey === undefined) delete process.env.OPENAI_API_KEY; else process.env.OPENAI_API_KEY = savedKey;
});

const reasonsOf = (spec: string) => {
  const s = specOf(readReport(dir), spec);
  return [...s.reasons, ...s.findings.map((f: any) => `${f.check} ${f.severity}: ${f.message}`)].join('\n');
};

test('pipeline faults: the clean spec passes and the run fails because of the others', () => {
  const report = readReport(dir);
  assert.equal(specOf(report, 'ok').status, 'pass', reasonsOf('ok'));
  assert.equal(report.status, 'fail');
  assert.equal(report.exitCode, 1);
  assert.equal(report.specs.filter((s: any) => s.status === 'fail').length, report.specs.length - 1);
});

for (const [spec, reason] of [
  ['judge-500', /judge.*HTTP 500 after 2 attempts/i],
  ['judge-garbage', /judge.*invalid JSON/i],
  ['judge-hang', /judge.*timed out/i],
  ['nav-timeout', /capture.*(navigation-timeout|timed out).*#late/i],
  ['step-never', /capture.*step-failed.*#late/i],
  ['base-truncated', /parity.*base-truncated\/default-desktop\.png.*(truncated|unreadable|corrupt|not a valid PNG)/i],
  ['base-jpeg', /parity.*base-jpeg\/default-desktop\.png.*(JPEG|not a PNG|not a valid PNG)/i],
] as const) {
  test(`pipeline faults: ${spec} fails with a named reason`, () => {
    assert.equal(specOf(readReport(dir), spec).status, 'fail');
    assert.match(reasonsOf(spec), reason);
  });
}

test('pipeline faults: nothing half-written — no temp files, every report file complete', () => {
  const runDir = latestRun(dir);
  assert.deepEqual([...filesUnder(runDir), ...filesUnder(path.join(dir, 'baselines'))].filter((f) => /\.tmp$/.test(f)), []);
  JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8'));
  assert.match(fs.readFileSync(path.join(runDir, 'index.html'), 'utf8'), /<\/html>\s*$/);
  assert.ok(filesUnder(path.join(dir, '.veval-cache')).some((f) => f.endsWith('.json')), 'the passing verdict is cached; the failures are not');
  assert.equal(filesUnder(path.join(dir, '.veval-cache')).filter((f) => f.endsWith('.json')).length, 1);
});

test('pipeline faults: a report write failing half-way (disk full, injected) leaves the previous file whole; other reporters still write', async () => {
  // Root cannot fill a disk here: VEVAL_TEST_FAIL_WRITE makes that one write fail with ENOSPC.
  const { writeReportsDetailed } = await import('../../src/report/index.js');
  const runDir = latestRun(dir);
  const before = fs.readFileSync(path.join(runDir, 'summary.md'));
  fs.rmSync(path.join(runDir, 'index.html'));
  process.env.VEVAL_TEST_FAIL_WRITE = '/summary.md';
  try {
    const out = writeReportsDetailed(runDir, ['markdown', 'html'], devnull);
    assert.deepEqual(out.failures.map((f: any) => f.reporter), ['markdown']);
    assert.match(String(out.failures[0].error), /ENOSPC/);
  } finally { delete process.env.VEVAL_TEST_FAIL_WRITE; }
  assert.ok(fs.readFileSync(path.join(runDir, 'summary.md')).equals(before), 'the old summary.md is untouched');
  assert.ok(fs.existsSync(path.join(runDir, 'index.html')));
  assert.deepEqual(filesUnder(runDir).filter((f) => f.endsWith('.tmp')), []);
});

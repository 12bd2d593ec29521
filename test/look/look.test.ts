// veval look on real pages served from 127.0.0.1, through one Playwright browser server for the
// whole file (the config's browser.wsEndpoint). The four faults of the issue are found with no
// spec; the hidden idioms (skip link, sr-only, closed details/dialog/menu, parked drawer, carousel
// slides, an opacity-0 checkbox under its label) are not reported; --spec-out writes a spec that
// validates and that `veval run` passes on the page it came from.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { spawn } from 'node:child_process';
import { CLI_ARGS, tmpDir, writeTree } from '../helpers/tmp.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { look, lookPlan, type LookResult } from '../../src/look/index.js';
import { loadProject } from '../../src/spec/project.js';
import { InputError } from '../../src/core/errors.js';
import { CLEAN, DEFECTS, MODERATE, THROWS } from './pages.js';
import { lookText } from '../../src/cli/cmd-look.js';

let browser: BrowserServer;
let site: StaticServer;
let project: string;
const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

before(async () => {
  browser = await chromium.launchServer({ executablePath: TEST_BROWSER_PATH, args: ['--no-sandbox', '--disable-gpu'], host: '127.0.0.1' });
  const pages = tmpDir('veval-look-pages-');
  writeTree(pages, { 'defects.html': DEFECTS, 'clean.html': CLEAN, 'throws.html': THROWS, 'moderate.html': MODERATE });
  site = await serveStatic(pages);
  project = tmpDir('veval-look-project-');
  writeTree(project, { 'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\n` });
});

after(async () => {
  await site?.close();
  await browser?.close();
});

/** The real CLI, spawned without blocking this process: the browser server lives in it. */
function cli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const HIDDEN_IDIOM_SELECTORS = ['skip', 'sr-only', 'inside-details', 'dlg-close', 'menu-item', 'drawer', 's2', 's3', '#cb'];

function assertNoIdiomReported(r: LookResult): void {
  for (const u of r.units) for (const x of u.unreachable) {
    for (const idiom of HIDDEN_IDIOM_SELECTORS) assert.ok(!x.message.includes(idiom), `a hidden idiom was reported as unreachable: ${x.message}`);
  }
}

test('look finds overflow, a console error, a covered button and a missing label with no spec', async () => {
  const r = await look({ target: `${site.url}/defects.html`, cwd: project, log: quiet });
  assert.equal(r.exitCode, 1);
  assert.deepEqual(r.units.map((u) => u.viewport), ['desktop', 'mobile']);
  for (const u of r.units) {
    assert.equal(u.httpStatus, 200);
    assert.ok(u.screenshot && fs.existsSync(path.join(r.runDir, u.screenshot)), 'the PNG exists');
    assert.ok(u.overflow.px > 0 && u.overflow.offenders.some((o) => o.selector === '#wide'), `overflow by #wide at ${u.viewport}: ${JSON.stringify(u.overflow)}`);
    assert.ok(u.consoleErrors.some((c) => c.text.includes('boom')), 'the console error');
    const covered = u.unreachable.find((x) => x.selector.includes('covered'));
    assert.ok(covered, `the covered button at ${u.viewport}: ${JSON.stringify(u.unreachable)}`);
    assert.equal(covered!.severity, 'blocker');
    assert.match(covered!.message, /covered by .*#cover/);
    assert.ok(u.axe.some((a) => a.rule === 'label' && a.targets.some((t) => t.includes('nolabel'))), `missing label: ${JSON.stringify(u.axe)}`);
    assert.ok(u.interactive && u.interactive.total >= 4, 'the interactive elements were counted');
  }
  assertNoIdiomReported(r);
  // the checklist answers rest on the capture files
  const overflow = r.checklist.find((c) => c.id === 'no-horizontal-overflow')!;
  assert.equal(overflow.answer, 'no');
  assert.ok(overflow.files.includes('look/default-desktop.png'));
  const reach = r.checklist.find((c) => c.id === 'interactive-in-viewport')!;
  assert.equal(reach.answer, 'no');
  assert.match(reach.detail, /#covered\) cannot be seen or reached/);
  assert.deepEqual(reach.files, ['look/default-desktop.png', 'look/default-mobile.png']);
  // a run folder like any other: plan, run.json, report.json
  for (const f of ['plan.json', 'run.json', 'report.json']) assert.ok(fs.existsSync(path.join(r.runDir, f)), f);
});

test('look --json, --step and --spec-out on a clean page: no blocker, exit 0; the spec validates and veval run passes', async () => {
  const specFile = path.join(project, 'specs', 'profile.yaml');
  const res = await cli(['look', `${site.url}/clean.html`, '--json', '--step', 'click:#open', '--spec-out', 'specs/profile.yaml'], project);
  assert.equal(res.code, 0, res.stderr + res.stdout);
  const r = JSON.parse(res.stdout) as LookResult;   // JSON alone on stdout
  assert.equal(r.blockers, 0);
  assert.deepEqual(r.units.map((u) => `${u.state}-${u.viewport}`), ['default-desktop', 'default-mobile', 'after-steps-desktop', 'after-steps-mobile']);
  for (const u of r.units) assert.deepEqual(u.unreachable.filter((x) => x.severity === 'blocker'), [], `${u.state}-${u.viewport}`);
  assertNoIdiomReported(r);
  assert.equal(r.checklist.find((c) => c.id === 'interactive-in-viewport')!.answer, 'yes');

  const text = fs.readFileSync(specFile, 'utf8');
  assert.match(text, /^# yaml-language-server: \$schema=/);
  const plan = await loadProject({ cwd: project, specs: ['specs/profile.yaml'] });
  const spec = plan.specs[0];
  assert.equal(spec.name, 'profile');
  assert.ok(Object.keys(spec.regions).length >= 2, `regions from the landmarks: ${JSON.stringify(spec.regions)}`);
  assert.ok(spec.states[0].required.some((q) => q.name === 'Save profile'), 'the primary action is required');
  assert.ok(!spec.states[1].required.some((q) => q.name === 'Save profile'), 'not behind the modal the steps open');
  assert.deepEqual(spec.states[1].steps.map((s) => [s.action, s.selector]), [['click', '#open']]);
  assert.ok(spec.states[1].required.some((q) => q.name === 'Close dialog'), 'the dialog\'s action is required in the state that opens it');

  const run = await cli(['run', 'specs/profile.yaml', '--reporter', 'json'], project);
  assert.equal(run.code, 0, run.stderr);
});

test('look takes its verdict from the gate: a page that throws (and shows a broken image) fails, naming the exception; minScore is not part of it', async () => {
  const strict = tmpDir('veval-look-strict-');
  // a score bar no page reaches: a look has no score, so it cannot fail a clean page
  writeTree(strict, { 'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\ngate:\n  minScore: 100\n` });
  const res = await cli(['look', `${site.url}/throws.html`, '--viewport', 'desktop'], strict);
  assert.equal(res.code, 1, res.stdout + res.stderr);
  assert.match(res.stdout, /veval look: fail: \d+ findings? fails? the gate \([1-9]\d* blockers?\)/);
  const r = JSON.parse((await cli(['look', `${site.url}/throws.html`, '--viewport', 'desktop', '--json'], strict)).stdout) as LookResult;
  assert.equal(r.status, 'fail');
  assert.ok(r.reasons.some((x) => /^blocker console .*uncaught exception: .*cart is not defined/.test(x)), r.reasons.join('\n'));
  assert.ok(r.units[0].findings.some((f) => f.check === 'requests' && f.fails), 'the broken image fails the gate too (important)');
  const clean = await look({ target: `${site.url}/clean.html`, cwd: strict, log: quiet, viewports: ['desktop'] });
  assert.equal(clean.exitCode, 0, clean.reasons.join('\n'));
  assert.ok(!clean.reasons.some((x) => /minScore/.test(x)));
  fs.rmSync(strict, { recursive: true, force: true });
});

test('look refuses bad input before it opens a browser', async () => {
  await assert.rejects(lookPlan({ target: 'settings', cwd: project, log: quiet }), (e: unknown) => e instanceof InputError && /neither a route/.test(e.problems[0]));
  await assert.rejects(lookPlan({ target: `${site.url}/clean.html`, steps: ['tap:#x'], cwd: project, log: quiet }), (e: unknown) => e instanceof InputError && /--step "tap:#x"/.test(e.problems[0]));
  await assert.rejects(lookPlan({ target: '/settings', cwd: project, log: quiet }), (e: unknown) => e instanceof InputError && /^veval look: /.test(e.problems[0]));
  const plan = await lookPlan({ target: '/clean.html', baseURL: site.url, viewports: ['375x667'], cwd: project, log: quiet });
  assert.deepEqual(plan.specs[0].viewports.map((v) => [v.name, v.width, v.height]), [['w375x667', 375, 667]]);
  assert.equal(plan.specs[0].url, `${site.url}/clean.html`);
});

test('verify after a look: ok while the project has no spec and the tree is as looked at; stale once a file changes', async () => {
  const bare = tmpDir('veval-look-bare-');
  writeTree(bare, { 'visual-eval.config.yaml': `browser:\n  wsEndpoint: ${browser.wsEndpoint()}\n`, 'app.css': 'body { margin: 0 }\n' });
  const r = await look({ target: `${site.url}/clean.html`, cwd: bare, log: quiet, viewports: ['desktop'] });
  assert.equal(r.exitCode, 0);
  const fresh = await cli(['verify'], bare);
  assert.equal(fresh.code, 0, fresh.stdout + fresh.stderr);
  assert.match(fresh.stdout, /is a `veval look` of http:\/\/127\.0\.0\.1:\d+\/clean\.html/);
  assert.match(fresh.stdout, /verify: ok — look .* passed the gate and matches the working tree/);
  fs.writeFileSync(path.join(bare, 'app.css'), 'body { margin: 8px }\n');
  const stale = await cli(['verify'], bare);
  assert.equal(stale.code, 1);
  assert.match(stale.stdout, /the look is stale: the working tree changed since \(app\.css\)/);
  // with a spec in the project, a look is not the done-check
  fs.writeFileSync(path.join(bare, 'app.css'), 'body { margin: 0 }\n');
  writeTree(bare, { 'specs/home.yaml': `url: ${site.url}/clean.html\n` });
  const withSpec = await cli(['verify'], bare);
  assert.equal(withSpec.code, 1);
  assert.match(withSpec.stdout, /the project has 1 spec: a look is not the done-check; run `veval run`/);
});

test('look prints every finding that fails the gate (moderate axe ones too), and its checklist does not call the console empty beside an error it lists (issue 55)', async () => {
  const r = await look({ target: `${site.url}/moderate.html`, cwd: project, log: quiet });
  assert.equal(r.exitCode, 1);
  const report = JSON.parse(fs.readFileSync(path.join(r.runDir, 'report.json'), 'utf8'));
  const failing = report.specs[0].findings.filter((f: { fails: boolean }) => f.fails);
  assert.ok(failing.some((f: { check: string; impact?: string }) => f.check === 'axe' && f.impact === 'moderate'), 'the page has a failing moderate axe finding');
  const text = lookText(r, project).replace(/\s+/g, ' ');
  for (const f of failing) assert.ok(text.includes(f.message.replace(/\s+/g, ' ').slice(0, 120)), `not shown: ${f.check}: ${f.message}\n${text}`);
  assert.match(text, new RegExp(`fail: ${failing.length} findings fail the gate`));
  // the image's 404 is a console line (left to the requests check) that look lists
  assert.match(text, /console errors: 1/);
  assert.doesNotMatch(text, /\[yes\] Are console errors empty\?/);
  assert.match(text, /\[no\] Are console errors empty\?/);
});

// Run integrity (issue 14): one folder per invocation, `latest` only moves to a completed run,
// verify and approve use only completed runs, two runs at once never mix, baselines linked out of
// the project are refused, and a tree that changes during a run is named, not "stale" everywhere.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { CLI_ARGS, tmpDir, writeTree, type CliResult } from '../helpers/tmp.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { runCliAsync } from '../hardening/helpers.js';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';

const PAGE = (title: string, button: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${button ? '<button id="go">Go</button>' : '<p>no button here</p>'}</main></body></html>`;
const ENV = { OPENAI_API_KEY: '', VEVAL_BROWSER: TEST_BROWSER_PATH ?? '' };

const servers: StaticServer[] = [];
const cleanup: string[] = [];
after(async () => {
  for (const s of servers) await s.close();
  for (const d of cleanup) fs.rmSync(d, { recursive: true, force: true });
});

/** Two apps: `good` shows the required button on every page, `broken` on none. */
async function apps(pages: string[], delayMs = 0): Promise<{ good: string; broken: string }> {
  const urls: string[] = [];
  for (const ok of [true, false]) {
    const dir = tmpDir('veval-app-');
    cleanup.push(dir);
    writeTree(dir, Object.fromEntries(pages.map((p) => [`${p}.html`, PAGE(p, ok)])));
    // a slow app keeps a run in capture long enough to be killed there
    const s = await serveStatic(dir, delayMs ? [async () => { await new Promise((r) => setTimeout(r, delayMs)); return false; }] : []);
    servers.push(s);
    urls.push(s.url);
  }
  return { good: urls[0], broken: urls[1] };
}

/** A git project whose specs require #go on each page; `parity` adds a parity section. */
function project(pages: string[], opts: { parity?: boolean; config?: string } = {}): string {
  const dir = tmpDir('veval-integrity-');
  cleanup.push(dir);
  writeTree(dir, {
    'visual-eval.config.yaml': `viewports:\n  phone: { width: 390, height: 600, isMobile: true }\njudge: { mode: off }\n${opts.config ?? ''}`,
    '.gitignore': 'evals/\n',
    ...Object.fromEntries(pages.map((p) => [`specs/${p}.yaml`, `route: /${p}\nviewports: [phone]\nrequired: [{ selector: "#go" }]\nchecks: { axe: false }\n${opts.parity ? 'parity: { maxDiffRatio: 0 }\n' : ''}`])),
  });
  for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init']]) spawnSync('git', args, { cwd: dir });
  return dir;
}

const run = (args: string[], dir: string, during?: Parameters<typeof runCliAsync>[3]) => runCliAsync(args, dir, ENV, during);
const runsOf = (dir: string, out = 'evals') => fs.readdirSync(path.join(dir, out, 'runs')).sort();
const runJson = (dir: string, id: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals/runs', id, 'run.json'), 'utf8'));
const reportOf = (dir: string, id: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals/runs', id, 'report.json'), 'utf8'));
const latestId = (dir: string) => path.basename(fs.realpathSync(path.join(dir, 'evals/latest')));
const newRun = (dir: string, before: string[]) => runsOf(dir).filter((r) => !before.includes(r));

/** Starts `veval run`, and SIGKILLs it once `when` holds for its output (both streams) or its run folder. */
function killWhen(args: string[], dir: string, when: (out: string, runDir: string | null) => boolean): Promise<CliResult> {
  return new Promise((resolve) => {
    const before = fs.existsSync(path.join(dir, 'evals/runs')) ? runsOf(dir) : [];
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...ENV } });
    let stdout = '', stderr = '', killed = false;
    const look = () => {
      if (killed) return;
      const fresh = fs.existsSync(path.join(dir, 'evals/runs')) ? newRun(dir, before) : [];
      const runDir = fresh.length ? path.join(dir, 'evals/runs', fresh[0]) : null;
      if (when(stdout + stderr, runDir)) { killed = true; child.kill('SIGKILL'); }
    };
    const timer = setInterval(look, 20);
    child.stdout.on('data', (b) => { stdout += b; look(); });
    child.stderr.on('data', (b) => { stderr += b; look(); });
    child.on('close', (code) => { clearInterval(timer); resolve({ code, stdout, stderr }); });
  });
}

test('two runs at once in one project against two different apps: each report matches its own app', async () => {
  const pages = ['p1', 'p2', 'p3', 'p4'];
  const { good, broken } = await apps(pages);
  const dir = project(pages);
  // the broken run starts first, as in the report that found the bug
  const [b, g] = await Promise.all([
    run(['run', '--base-url', broken, '--workers', '1', '--reporter', 'json'], dir),
    new Promise<CliResult>((r) => setTimeout(() => run(['run', '--base-url', good, '--workers', '1', '--reporter', 'json'], dir).then(r), 300)),
  ]);
  assert.equal(g.code, 0, g.stdout + g.stderr);
  assert.equal(b.code, 1, b.stdout + b.stderr);
  const ids = runsOf(dir);
  assert.equal(ids.length, 2, 'one folder per invocation');
  for (const id of ids) {
    const info = runJson(dir, id);
    const report = reportOf(dir, id);
    assert.equal(info.state, 'completed');
    const mine = info.argv.includes(good) ? 'good' : 'broken';
    assert.deepEqual(report.specs.map((s: any) => s.status), pages.map(() => (mine === 'good' ? 'pass' : 'fail')), `${mine}: ${JSON.stringify(report.specs.map((s: any) => s.reasons))}`);
    if (mine === 'broken') for (const s of report.specs) assert.ok(s.findings.some((f: any) => f.check === 'required-visible'), s.name);
  }
  assert.ok(ids.includes(latestId(dir)), 'latest names one of the two completed runs');
});

test('runs killed before capture, mid-capture and after the gate wrote its report leave latest, verify and approve on the last completed run; approve refuses the killed ones', async () => {
  const { good } = await apps(['a', 'b', 'c', 'd'], 700);
  const dir = project(['a', 'b', 'c', 'd'], { parity: true });
  let r = await run(['run', '--base-url', good, '--update-baselines', '--workers', '1', '--reporter', 'json,html'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const full = latestId(dir);
  assert.equal(runJson(dir, full).state, 'completed');

  // before capture: killed as soon as its run folder exists
  const k1 = await killWhen(['run', '--base-url', good, '--workers', '1'], dir, (_out, runDir) => !!runDir && fs.existsSync(path.join(runDir, 'run.json')));
  // mid-capture: killed after the first unit's line
  const k2 = await killWhen(['run', '--base-url', good, '--workers', '1'], dir, (out) => /default(-| @ )phone/.test(out));
  assert.equal(k1.code, null);
  assert.equal(k2.code, null);
  // after the gate wrote report.json but before the run was marked completed: a copy of the full
  // run in that state (the window is too short to hit with a signal)
  const mid = `${full.slice(0, -6)}ffffff`;
  fs.cpSync(path.join(dir, 'evals/runs', full), path.join(dir, 'evals/runs', mid), { recursive: true });
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  fs.writeFileSync(path.join(dir, 'evals/runs', mid, 'run.json'), JSON.stringify({ ...runJson(dir, full), runId: mid, state: 'running', pid: Number(dead.stdout), startedAt: new Date().toISOString() }));

  const killed = runsOf(dir).filter((id) => id !== full);
  assert.equal(killed.length, 3);
  for (const id of killed) assert.equal(runJson(dir, id).state, 'running', `${id} never finished: ${JSON.stringify({ full, mid, killed, k1: k1.stdout.slice(-300), k2: k2.stdout.slice(-300) })}`);
  assert.equal(latestId(dir), full, 'latest still names the last completed run');
  assert.ok(fs.existsSync(path.join(dir, 'evals/latest/index.html')), 'evals/latest/index.html resolves');

  r = await run(['verify'], dir);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, new RegExp(`using run ${full}`));
  for (const id of killed) assert.match(r.stdout, new RegExp(`not used: run ${id} .*killed`), r.stdout);

  r = await run(['approve'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, new RegExp(`using run ${full} \\(the latest completed run`));
  for (const id of killed) {
    r = await run(['approve', '--run', id], dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`run ${id} is killed \\(its process \\d+ ended while the run was running\\): only a completed run`));
    assert.doesNotMatch(r.stdout, /^approved/m);
  }
});

test('a --grep run after a full run: verify still uses the full run and names the partial one', async () => {
  const { good } = await apps(['a', 'b']);
  const dir = project(['a', 'b']);
  let r = await run(['run', '--base-url', good, '--reporter', 'json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const full = latestId(dir);
  r = await run(['run', '--base-url', good, '--grep', '^a$', '--reporter', 'json'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const partial = latestId(dir);
  assert.notEqual(partial, full, 'the --grep run completed and is the latest');
  assert.deepEqual(runJson(dir, partial).selection, { args: [], grep: '^a$', viewport: null, shard: null, changed: null, specs: ['a'] });
  assert.ok(fs.existsSync(path.join(dir, 'evals/runs', full, 'report.json')), 'the full run is untouched');
  r = await run(['verify'], dir);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, new RegExp(`using run ${full} .*every spec`));
  assert.match(r.stdout, new RegExp(`not used: run ${partial} .*covers part of the project \\(--grep \\^a\\$; 1 of 2 units\\)`));
});

test('a baselines folder linked out of the project is refused on read and on approve; nothing is written outside', async () => {
  const { good } = await apps(['g1']);
  const dir = project(['g1'], { parity: true });
  const outside = tmpDir('veval-outside-');
  cleanup.push(outside);
  fs.mkdirSync(path.join(dir, 'baselines'));
  fs.symlinkSync(outside, path.join(dir, 'baselines/g1'));
  let r = await run(['run', '--base-url', good, '--update-baselines', '--reporter', 'json'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const report = reportOf(dir, latestId(dir));
  const f = report.specs[0].findings.find((x: any) => x.check === 'parity');
  assert.match(f.message, /baselines\/g1\/manifest\.json leads outside the project folder .*symbolic link/);
  r = await run(['approve', '--force'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /refused +g1\/default-phone: baseline folder baselines\/g1 leads outside the project folder/);
  assert.deepEqual(fs.readdirSync(outside), [], 'nothing written outside the project');
  // the artifacts folder linked outside is refused too (exit 3, before anything runs)
  fs.rmSync(path.join(dir, 'evals'), { recursive: true });
  fs.symlinkSync(outside, path.join(dir, 'evals'));
  r = await run(['run', '--base-url', good], dir);
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, /artifacts folder evals leads outside the project folder/);
  assert.deepEqual(fs.readdirSync(outside), []);
});

test('run --update-baselines with its log written into the repository: baselines are written, and the file that changed the tree is named', async () => {
  const { good } = await apps(['a', 'b']);
  const dir = project(['a', 'b'], { parity: true });
  // as a user would type it: `veval run --update-baselines > log.txt`, log.txt untracked, not ignored
  const cmd = `"${process.execPath}" ${CLI_ARGS.map((a) => `"${a}"`).join(' ')} run --base-url ${good} --update-baselines --workers 1 --reporter json > log.txt 2>&1`;
  const r = await new Promise<number | null>((resolve) => spawn('sh', ['-c', cmd], { cwd: dir, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...ENV } }).on('close', resolve));
  const log = fs.readFileSync(path.join(dir, 'log.txt'), 'utf8');
  assert.equal(r, 0, log);
  assert.match(log, /baselines: 2 written, 0 unchanged, 0 refused/);
  assert.doesNotMatch(log, /stale run/);
  assert.match(log, /the working tree changed while the run ran: log\.txt \((changed|added)\)/);
  const info = runJson(dir, latestId(dir));
  assert.ok([...info.treeAtEnd.changed, ...info.treeAtEnd.added].includes('log.txt'), JSON.stringify(info.treeAtEnd));
  for (const p of ['a', 'b']) assert.ok(fs.existsSync(path.join(dir, `baselines/${p}/default-phone.png`)), p);
});

// Day one in a real project, with each package manager: the README's "Use it on your project"
// lines, run as written. veval comes from its `release` branch (made here by `npm run release` into
// a bare clone: the built package, no build script), into MDN's published to-do app (Vite, its own
// yarn.lock, .nvmrc v24) with npm (after `npm install`: two lockfiles), yarn 1, pnpm 10 and pnpm 12,
// each installed from the registry into this test's temp folder. Then init (it writes for that
// manager), each MCP configuration started as written answers the SDK client's tools/list, the
// workflow's install step runs, `run` builds, serves and gates the app (no baseline yet: it fails
// closed) and `approve` writes the baselines. Also: a small app of ours passes after the approve,
// fails a planted regression, and init again changes nothing; and a packed tarball
// installs with the files a published package needs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import YAML from 'yaml';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO, tmpDir } from '../helpers/tmp.js';

const OWN_APP = path.join(REPO, 'test', 'fixtures', 'vite-app');
const MDN_APP = path.join(REPO, 'test', 'fixtures', 'todo-react');
const NPM_ENV = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', CI: 'true', NO_COLOR: '1', OPENAI_API_KEY: '' };
const TOOLS = tmpDir('veval-install-tools-');
/** where the release branch lives for these tests: a bare clone, so this repository's refs stay as they are */
const VEVAL_GIT = path.join(TOOLS, 'veval.git');

interface Sh { code: number | null; out: string; stdout: string }

/** A shell line in cwd, without blocking (the scenarios overlap their installs). */
function sh(line: string, cwd: string, env: Record<string, string> = {}, timeout = 900_000): Promise<Sh> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', line], { cwd, env: { ...process.env, ...NPM_ENV, ...env }, detached: true });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, timeout);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, out: `$ ${line}\n${stdout}${stderr}`.slice(-6000), stdout }); });
  });
}

/** The README's bash blocks in "Use it on your project", by the manager their first line starts with. */
function readmeLines(): Record<string, string[]> {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = /## Use it on your project\n([\s\S]*?)\n## /.exec(readme)![1];
  const out: Record<string, string[]> = {};
  for (const m of section.matchAll(/```bash\n([\s\S]*?)```/g)) {
    const lines = m[1].trim().split('\n').map((l) => l.replace(/\s+#.*$/, '').trim());
    out[lines[0].split(' ')[0]] = lines;
  }
  return out;
}
const README_URL = '"git+file://$HOME/src/veval#release"';
const withUrl = (line: string) => line.replace('git+file://$HOME/src/veval#release', `git+file://${VEVAL_GIT}#release`);

/** Each manager: how to put it first on PATH (installed into TOOLS, never globally). */
const MANAGERS = {
  npm: { bin: null as string | null, pm: 'npm' },
  yarn1: { bin: 'yarn/bin/yarn.js', pm: 'yarn' },
  pnpm10: { bin: 'pnpm10/bin/pnpm.cjs', pm: 'pnpm' },
  pnpm12: { bin: 'pnpm12/bin/pnpm.mjs', pm: 'pnpm' },
};
/** Yarn 2+: only its install is tested here (it cannot install from a git+file URL, so from the release tarball) */
const BERRY = { bin: 'berry/bin/yarn.js', pm: 'yarn' };
type Manager = keyof typeof MANAGERS;
const pathFor = (m: Manager | 'berry') => ({ PATH: `${path.join(TOOLS, `bin-${m}`)}${path.delimiter}${process.env.PATH}` });

before(async () => {
  const lines = readmeLines();
  assert.deepEqual(Object.keys(lines).sort(), ['npm', 'pnpm', 'yarn'], 'the README shows the lines for npm, yarn and pnpm');
  for (const [pm, l] of Object.entries(lines)) assert.ok(l[0].includes(pm === 'npm' ? README_URL : `"veval-cli@git+file://$HOME/src/veval#release"`), `${pm}: ${l[0]}`);
  const [managers, release] = await Promise.all([
    sh(`npm i --prefix "${TOOLS}" --no-save pnpm10@npm:pnpm@10 pnpm12@npm:pnpm@12 yarn@1 berry@npm:@yarnpkg/cli-dist@4`, TOOLS),
    sh(`git clone -q --bare "${REPO}" "${VEVAL_GIT}" && bash scripts/release.sh --git-dir "${VEVAL_GIT}"`, REPO),
  ]);
  assert.equal(managers.code, 0, managers.out);
  assert.equal(release.code, 0, release.out);
  for (const [m, { bin, pm }] of Object.entries({ ...MANAGERS, berry: BERRY })) {
    if (!bin) continue;
    fs.mkdirSync(path.join(TOOLS, `bin-${m}`));
    fs.writeFileSync(path.join(TOOLS, `bin-${m}`, pm), `#!/bin/sh\nexec "${process.execPath}" "${path.join(TOOLS, 'node_modules', bin)}" "$@"\n`, { mode: 0o755 });
  }
});
after(() => fs.rmSync(TOOLS, { recursive: true, force: true }));

test('the release branch is the built package: dist/, schemas, no scripts to run and no devDependencies', () => {
  const show = (p: string) => spawnSync('git', ['--git-dir', VEVAL_GIT, 'show', `release:${p}`], { encoding: 'utf8' });
  const pkg = JSON.parse(show('package.json').stdout);
  assert.equal(pkg.scripts, undefined);
  assert.equal(pkg.devDependencies, undefined);
  assert.equal(show('dist/cli/main.js').status, 0);
  assert.equal(show('schema/spec.schema.json').status, 0);
  assert.notEqual(show('src/cli/main.ts').status, 0);
  const log = spawnSync('git', ['--git-dir', VEVAL_GIT, 'log', '-1', '--format=%s', 'release'], { encoding: 'utf8' }).stdout;
  assert.match(log, /^veval-cli \d+\.\d+\.\d+, built from [0-9a-f]{12}/);
});

/** One `veval run` at a time: init picks a port that is free when it runs, and two scenarios' inits
 *  pick the same one (both previews would then claim it). */
let serving: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(f: () => Promise<T>): Promise<T> {
  const p = serving.then(f);
  serving = p.catch(() => undefined);
  return p;
}

/** Starts an MCP configuration's entry as a client would (in the project) and lists the tools. */
async function mcpTools(entry: { command: string; args: string[] }, cwd: string): Promise<string[]> {
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, cwd, stderr: 'pipe' });
  const client = new Client({ name: 'veval-install-test', version: '1.0.0' });
  try {
    // generous: on a loaded 2-core machine node alone took 11 s to start veval here (the SDK's default is 60 s)
    await client.connect(transport, { timeout: 300_000 });
    return (await client.listTools(undefined, { timeout: 300_000 })).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe('install, init, MCP, the workflow\'s install step and run in a published Vite app', { concurrency: 2 }, () => {
  for (const m of Object.keys(MANAGERS) as Manager[]) {
    const { pm } = MANAGERS[m];
    const both = m === 'npm';
    test(`${m}${both ? ' (after `npm install`: yarn.lock and package-lock.json)' : ''}: README lines, init for ${pm}, MCP tools/list, workflow install, run`, { timeout: 2_400_000 }, async () => {
      const env = pathFor(m);
      const app = tmpDir(`veval-install-${m}-`);
      try {
        // the app's sources as published (its build and the published page are other tests' files)
        fs.cpSync(MDN_APP, app, { recursive: true, filter: (s) => !['dist', 'published.html'].includes(path.basename(s)) });
        // its `base: "https://mdn.github.io/todo-react/"` makes the build load its script and styles
        // from mdn.github.io, which this machine cannot reach (veval would rightly fail the page)
        const vite = path.join(app, 'vite.config.js');
        fs.writeFileSync(vite, fs.readFileSync(vite, 'utf8').replace(/^\s*base: "https:\/\/mdn\.github\.io\/todo-react\/",?\n/m, ''));
        assert.doesNotMatch(fs.readFileSync(vite, 'utf8'), /mdn\.github\.io/);
        // the app as its user has it: installed with their manager
        const own = m === 'npm' ? 'npm install'
          : m === 'yarn1' ? 'yarn install --frozen-lockfile --non-interactive'
          // a pnpm user of this app: its lockfile imported, and esbuild's build allowed (pnpm 11+ fails on an unapproved one)
          : `pnpm import && rm yarn.lock && printf 'allowBuilds:\\n  esbuild: true\\n' > pnpm-workspace.yaml && pnpm install --frozen-lockfile`;
        const setup = await sh(own, app, env);
        assert.equal(setup.code, 0, setup.out);
        if (m.startsWith('pnpm')) assert.match((await sh('pnpm --version', app, env)).stdout, new RegExp(`^${m.slice(4)}\\.`));

        const [add, init, run, approve] = readmeLines()[pm];
        const install = await sh(withUrl(add), app, env);
        assert.equal(install.code, 0, install.out);
        assert.doesNotMatch(install.out, /GIT_DEP_PREPARE_NOT_ALLOWED|allowBuilds|onlyBuiltDependencies/);
        assert.match(JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')).devDependencies['veval-cli'], /git\+file:.*#release/);
        assert.ok(fs.existsSync(path.join(app, 'node_modules/veval-cli/dist/cli/main.js')));

        const i = await sh(init, app, env);
        assert.equal(i.code, 0, i.out);
        assert.match(i.out, new RegExp(`found: Vite; package manager ${pm} \\(${pm === 'npm' ? 'package-lock\\.json' : pm === 'yarn' ? 'yarn\\.lock' : 'pnpm-lock\\.yaml'}\\)`));
        if (both) assert.match(i.out, /^two lockfiles \(yarn\.lock and package-lock\.json\); using npm because node_modules was installed by npm; --pm yarn to change$/m);
        assert.match(i.out, /CI uses Node 24 \(\.nvmrc\)/);
        const read = (f: string) => fs.readFileSync(path.join(app, f), 'utf8');
        assert.match(read('visual-eval.config.yaml'), new RegExp(`command: ${pm} run build && ${pm} run preview`));
        const agents = read('AGENTS.md').replace(/never a bare `npx veval` or `pnpm dlx veval`/, '');
        if (pm !== 'npm') assert.doesNotMatch(agents, /npx|(?<![py])npm run/, 'AGENTS.md says the manager the project uses');

        // every MCP configuration, started as written, speaks only the protocol on stdout
        for (const [f, key] of [['.mcp.json', 'mcpServers'], ['.cursor/mcp.json', 'mcpServers'], ['.vscode/mcp.json', 'servers']]) {
          const tools = await mcpTools(JSON.parse(read(f))[key].veval, app);
          assert.ok(tools.includes('run') && tools.includes('look') && tools.includes('verify'), `${f}: ${tools.join(', ')}`);
        }

        // the workflow: the app's Node, and its install step runs with this manager
        const wf = YAML.parse(read('.github/workflows/visual-eval.yml'));
        const steps: any[] = wf.jobs.shard.steps;
        assert.equal(steps.find((s) => /setup-node/.test(s.uses)).with['node-version'], '24');
        const step = steps.find((s) => /^Install dependencies/.test(s.name ?? ''));
        assert.match(step.run, new RegExp(`^${pm} `));
        const ci = await sh(step.run, app, env);
        assert.equal(ci.code, 0, ci.out);

        // the first run: init's spec has parity, so it fails closed until an approve
        const r = await oneAtATime(() => sh(run, app, env));
        assert.equal(r.code, 1, r.out);
        assert.doesNotMatch(r.out, /not found|ERR_PNPM|server (exited|did not)/);
        // the app was built and served by the manager and rendered by React: its findings name its inputs
        const report = JSON.parse(read('evals/latest/report.json'));
        assert.equal(report.specs.length, 1);
        assert.equal(report.incomplete, false, JSON.stringify(report.reasons));
        const reasons: string[] = report.specs[0].reasons;
        assert.ok(reasons.some((x) => /no approved baseline/.test(x)), reasons.join('\n'));
        assert.ok(reasons.every((x) => /axe|score|no approved baseline/.test(x)), reasons.join('\n'));
        assert.ok(fs.existsSync(path.join(app, 'dist/index.html')), 'the run built the app');
        // approve through the manager's own line (no browser)
        const ok = await sh(approve, app, env);
        assert.equal(ok.code, 0, ok.out);
        assert.ok(fs.existsSync(path.join(app, 'baselines/home/manifest.json')), ok.out);
      } finally {
        fs.rmSync(app, { recursive: true, force: true });
      }
    });
  }
});

test('yarn 2+ (node-modules linker) on this Node: the release installs, init writes for yarn 2+, the MCP config answers tools/list', { timeout: 1_800_000 }, async () => {
  const env = pathFor('berry');
  const app = tmpDir('veval-install-berry-');
  try {
    const tgz = path.join(TOOLS, 'veval-release.tgz');
    const archive = await sh(`git --git-dir "${VEVAL_GIT}" archive --format=tar.gz --prefix=package/ -o "${tgz}" release`, TOOLS);
    assert.equal(archive.code, 0, archive.out);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
    fs.writeFileSync(path.join(app, '.yarnrc.yml'), 'nodeLinker: node-modules\n');
    fs.writeFileSync(path.join(app, 'yarn.lock'), '');
    fs.mkdirSync(path.join(app, 'public'));
    fs.writeFileSync(path.join(app, 'public/index.html'), '<!doctype html><title>x</title><h1>x</h1>');
    const add = await sh(`yarn add -D "veval-cli@file:${tgz}"`, app, env);
    assert.equal(add.code, 0, add.out);
    assert.doesNotMatch(add.out, /YN0\d\d\d: .*(engine|incompatible)/i);
    const init = await sh('yarn veval init', app, env);
    assert.equal(init.code, 0, init.out);
    assert.match(init.out, /package manager yarn \(yarn\.lock\)/);
    const wf = fs.readFileSync(path.join(app, '.github/workflows/visual-eval.yml'), 'utf8');
    assert.match(wf, /run: yarn install --immutable\n/);
    const entry = JSON.parse(fs.readFileSync(path.join(app, '.mcp.json'), 'utf8')).mcpServers.veval;
    assert.ok((await mcpTools(entry, app)).includes('run'));
  } finally {
    fs.rmSync(app, { recursive: true, force: true });
  }
});

/** Every file of the project but what installs and runs make, with its content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (['node_modules', 'evals', 'dist'].includes(r)) continue;
      if (e.isDirectory()) walk(r); else out[r] = fs.readFileSync(path.join(dir, r), 'utf8');
    }
  };
  walk('');
  return out;
}

test('README npm lines in a small Vite app of ours: passes; a planted regression fails; init again changes nothing', { timeout: 1_200_000 }, async () => {
  const lines = readmeLines().npm;
  assert.equal(lines.length, 5);
  assert.equal(lines[4], lines[2], 'run, approve, run');
  const [add, init, run, approve] = lines;
  const dir = tmpDir('veval-install-');
  try {
    fs.cpSync(OWN_APP, dir, { recursive: true, filter: (s) => !/[/\\](node_modules|dist)$/.test(s) });
    const ci = await sh('npm ci', dir);
    assert.equal(ci.code, 0, ci.out);
    const install = await sh(withUrl(add), dir);
    assert.equal(install.code, 0, install.out);

    const i = await sh(init, dir);
    assert.equal(i.code, 0, i.out);
    assert.match(i.out, /found: Vite; package manager npm \(package-lock\.json\)/);
    assert.match(fs.readFileSync(path.join(dir, 'visual-eval.config.yaml'), 'utf8'), /command: npm run build && npm run preview -- --port \d+ --strictPort --host 127\.0\.0\.1/);

    // init captured the app: its spec has required entries and parity
    assert.match(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), /\nrequired:\n[\s\S]*\nparity: \{\}\n/);
    const first = await sh(run, dir);
    assert.equal(first.code, 1, first.out);
    assert.match(first.out, /no approved baseline/);
    assert.ok(fs.existsSync(path.join(dir, 'dist/index.html')), 'the run built the app (vite build)');
    const approved = await sh(approve, dir);
    assert.equal(approved.code, 0, approved.out);
    const ok = await sh(run, dir);
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, /PASS 1 of 1 spec/);

    // a regression: the plant list no longer fits a phone
    fs.appendFileSync(path.join(dir, 'src/style.css'), '.plants { width: 900px; }\n');
    const bad = await sh(run, dir);
    assert.equal(bad.code, 1, bad.out);
    assert.match(bad.out, /FAIL[\s\S]*overflow/);

    const before = snapshot(dir);
    const again = await sh(init, dir);
    assert.equal(again.code, 0, again.out);
    assert.doesNotMatch(again.out, /^(created|updated)/m);
    assert.deepEqual(snapshot(dir), before, 'init again changes nothing');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('npm pack makes a tarball that installs: bin veval, dist, schemas — no sources or tests', async () => {
  const out = tmpDir('veval-pack-');
  try {
    const pack = await sh(`npm pack --pack-destination "${out}" --json`, REPO);
    assert.equal(pack.code, 0, pack.out);
    const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')))[0];
    const files: string[] = info.files.map((f: any) => f.path);
    for (const f of ['package.json', 'dist/cli/main.js', 'schema/spec.schema.json', 'schema/config.schema.json', 'README.md']) assert.ok(files.includes(f), `${f} is packed`);
    assert.deepEqual(files.filter((f) => /^(src|test|bench)\//.test(f)), []);
    const app = path.join(out, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}');
    const inst = await sh(`npm i -D "${path.join(out, info.filename)}"`, app);
    assert.equal(inst.code, 0, inst.out);
    const v = await sh('npx --no-install veval --version', app);
    assert.equal(v.code, 0, v.out);
    assert.match(v.stdout, /^veval\/\d+\.\d+\.\d+/);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

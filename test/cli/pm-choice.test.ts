// What `veval init` writes follows the package manager the project really uses, told by evidence:
// --pm, package.json's packageManager, the lockfile whose manager installed node_modules, the one
// installed here. With two lockfiles it says in one line which it chose and why. Every file init
// writes (server command, CI, MCP configs, AGENTS.md) then uses that manager; the MCP configs start
// veval with node itself, so no manager's banner reaches the protocol's stdout. And CI's Node is
// the app's (.nvmrc, .node-version, engines.node), else the newest LTS veval supports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import YAML from 'yaml';
import { detectPackageManager } from '../../src/cli/init/pm.js';
import { NODE_LTS_MAJORS, nodeVersionFor } from '../../src/cli/init/node-version.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

/** A PATH holding only fake `name --version` programs (and node, which they need not). */
function fakePath(versions: Record<string, string>): string {
  const bin = tmpDir('veval-pm-bin-');
  for (const [name, v] of Object.entries(versions)) {
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\necho ${v}\n`, { mode: 0o755 });
  }
  return bin;
}

test('two lockfiles: the one whose manager installed node_modules wins, and init says so in one line; --pm changes it', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': '{"name":"app","version":"1.0.0"}', 'yarn.lock': '', 'package-lock.json': '{}', 'node_modules/.package-lock.json': '{}', 'public/index.html': '<h1>x</h1>' });
  const r = await runMain(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /package manager npm \(package-lock\.json\)/);
  assert.match(r.stdout, /^two lockfiles \(yarn\.lock and package-lock\.json\); using npm because node_modules was installed by npm; --pm yarn to change$/m);
  const wf = fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8');
  assert.match(wf, /run: npm ci\n/);
  assert.doesNotMatch(wf, /yarn/);

  const y = await runMain(['init', '--pm', 'yarn'], dir);
  assert.equal(y.code, 0, y.stderr);
  assert.match(y.stdout, /package manager yarn \(yarn\.lock\)/);
  assert.match(fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8'), /run: yarn install --frozen-lockfile\n[\s\S]*run: yarn veval run/);
  const bad = await runMain(['init', '--pm', 'pip'], dir);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--pm "pip": expected npm, pnpm, yarn, bun/);
  assert.doesNotMatch(bad.stderr, /\n\s+at /);
});

test('evidence order: packageManager, then node_modules (pnpm .modules.yaml, yarn .yarn-integrity), then what is installed', async () => {
  const lock2 = { 'yarn.lock': '', 'pnpm-lock.yaml': '', 'package-lock.json': '{}' };
  const none = { PATH: fakePath({}) };
  const cases: [Record<string, string>, NodeJS.ProcessEnv, string, RegExp | null][] = [
    [{ ...lock2, 'package.json': '{"packageManager":"pnpm@10.34.9+sha512.abc"}', 'node_modules/.package-lock.json': '{}' }, none, 'pnpm', null],
    [{ ...lock2, 'node_modules/.modules.yaml': '' }, none, 'pnpm', /node_modules was installed by pnpm/],
    [{ ...lock2, 'node_modules/.yarn-integrity': '{}' }, none, 'yarn', /node_modules was installed by yarn/],
    [{ 'yarn.lock': '', 'package-lock.json': '{}' }, { PATH: fakePath({ npm: '11.0.0' }) }, 'npm', /using npm because only npm is installed here/],
    [{ 'yarn.lock': '', 'package-lock.json': '{}' }, { PATH: fakePath({ yarn: '1.22.22' }) }, 'yarn', /using yarn because only yarn is installed here/],
    [{ 'yarn.lock': '' }, none, 'yarn', /yarn\.lock says yarn, which is not installed here/],
    [{ 'package.json': '{}' }, none, 'npm', null],
  ];
  for (const [files, env, want, note] of cases) {
    const dir = tmpDir();
    writeTree(dir, files);
    const pm = detectPackageManager(dir, undefined, env);
    assert.equal(pm.name, want, JSON.stringify(files));
    if (note) assert.match(pm.note ?? '', note); else assert.equal(pm.note, null);
  }
  const dir = tmpDir();
  writeTree(dir, { 'package.json': '{"packageManager":"yarn@4.9.1"}', 'yarn.lock': '' });
  const berry = detectPackageManager(dir, undefined, none);
  assert.equal(berry.pinned, '4.9.1');
  assert.equal(berry.berry, true);
  assert.equal(berry.install, 'yarn install --immutable');
  assert.equal(berry.nodeModules, false, 'Yarn 2+ without nodeLinker: node-modules is Plug\'n\'Play');
});

test('a pnpm project: every file init writes says pnpm — config, workflow, MCP configs, AGENTS.md, the next-step line', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': JSON.stringify({ devDependencies: { vite: '7' }, scripts: { build: 'vite build', preview: 'vite preview' }, packageManager: 'pnpm@10.34.9' }), 'pnpm-lock.yaml': 'lockfileVersion: 9.0\n', 'index.html': '<h1>x</h1>' });
  const r = await runMain(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  const text = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  assert.match(text('visual-eval.config.yaml'), /command: pnpm run build && pnpm run preview/);
  const agents = text('AGENTS.md');
  assert.match(agents, /`pnpm exec veval look <route>`/);
  assert.match(agents, /Run `pnpm run eval:visual` \(= `pnpm exec veval run`/);
  assert.match(agents, /Run `pnpm run eval:verify` \(= `pnpm exec veval verify`\)/);
  assert.doesNotMatch(agents.replace(/never a bare `npx veval` or `pnpm dlx veval`/, ''), /npx|(?<!p)npm run/);
  assert.match(r.stdout, /next: pnpm exec veval validate, then pnpm run eval:visual/);
  // CI: the pinned pnpm (corepack reads packageManager), said in the file
  const wf = text('.github/workflows/visual-eval.yml');
  assert.match(wf, /# pnpm 10\.34\.9, pinned by package\.json's packageManager \(corepack reads it\)\n\s+- run: corepack enable\n/);
  // MCP configs: node runs veval's own entry point; no manager between the client and the protocol
  const main = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).bin.veval;
  for (const [f, key] of [['.mcp.json', 'mcpServers'], ['.cursor/mcp.json', 'mcpServers'], ['.vscode/mcp.json', 'servers']]) {
    const entry = JSON.parse(text(f))[key].veval;
    assert.equal(entry.command, 'node', f);
    assert.deepEqual(entry.args, [`node_modules/veval-cli/${main}`, 'mcp'], f);
  }
});

test('yarn without packageManager: init offers to pin it; --pin-pm sets the installed version and the workflow names it', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': '{"name":"app","version":"1.0.0"}', 'yarn.lock': '', 'public/index.html': '<h1>x</h1>' });
  const env = { PATH: `${fakePath({ yarn: '1.22.22' })}${path.delimiter}${process.env.PATH}` };
  const r = await runMain(['init'], dir, env);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /package\.json names no packageManager, so CI's corepack picks its own yarn: `yarn veval init --pin-pm` sets "packageManager": "yarn@1\.22\.22"/);
  assert.match(fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8'), /# no packageManager in package\.json: corepack picks its own yarn version/);
  const p = await runMain(['init', '--pin-pm'], dir, env);
  assert.equal(p.code, 0, p.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).packageManager, 'yarn@1.22.22');
  assert.match(fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8'), /# yarn 1\.22\.22, pinned by package\.json's packageManager/);
});

test('CI\'s Node: .nvmrc, .node-version, engines.node, else the newest LTS veval supports; one veval cannot run on is replaced, and said', async () => {
  const newest = String(NODE_LTS_MAJORS.at(-1));
  const cases: [Record<string, string>, string, RegExp | null][] = [
    [{ '.nvmrc': 'v24\n' }, '24', null],
    [{ '.node-version': '22.11.0\n' }, '22.11.0', null],
    [{ 'package.json': '{"engines":{"node":"^22.12.0"}}' }, '22', null],
    [{ 'package.json': '{"engines":{"node":">=18"}}' }, newest, null],
    [{ '.nvmrc': 'lts/*\n' }, newest, null],
    [{ '.nvmrc': '18\n' }, newest, /\.nvmrc asks for Node 18, but veval needs >=20\.19/],
    [{ '.nvmrc': '20.11.0\n' }, newest, /veval needs/],
    [{}, newest, null],
  ];
  for (const [files, want, note] of cases) {
    const dir = tmpDir();
    writeTree(dir, files);
    const n = nodeVersionFor(dir);
    assert.equal(n.version, want, JSON.stringify(files));
    if (note) assert.match(n.note ?? '', note); else assert.equal(n.note, null, JSON.stringify(files));
  }
  // what init writes: the workflow and the GitLab image
  const dir = tmpDir();
  writeTree(dir, { '.nvmrc': 'v24\n', 'package.json': '{"name":"a"}', 'package-lock.json': '{}', 'public/index.html': '<h1>x</h1>' });
  const r = await runMain(['init'], dir);
  assert.match(r.stdout, /CI uses Node 24 \(\.nvmrc\)/);
  const wf = YAML.parse(fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8'));
  assert.equal(wf.jobs.shard.steps.find((s: any) => /setup-node/.test(s.uses)).with['node-version'], '24');
  assert.equal((await runMain(['init', '--ci', 'gitlab'], dir)).code, 0);
  assert.equal(YAML.parse(fs.readFileSync(path.join(dir, '.gitlab-ci.yml'), 'utf8'))['visual-eval'].image, 'node:24-bookworm');
});

test('engines: every dependency veval installs (runtime and dev, from the lockfile) runs on the oldest Node veval declares', async () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const oldest = semver.minVersion(pkg.engines.node)!;
  const lock = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8'));
  // optional packages are platform binaries a manager skips when they do not fit
  const misfits = Object.entries<any>(lock.packages)
    .filter(([k, v]) => k && !v.optional && typeof v.engines?.node === 'string' && !semver.satisfies(oldest, v.engines.node))
    .map(([k, v]) => `${k.replace(/^.*node_modules\//, '')}@${v.version} needs node ${v.engines.node}`);
  assert.deepEqual(misfits, [], `veval declares node ${pkg.engines.node}`);
  // and the declared floor is the real one: some dependency needs exactly it
  assert.ok(Object.values<any>(lock.packages).some((v) => typeof v.engines?.node === 'string' && semver.minVersion(v.engines.node)!.compare(oldest) === 0), `something needs ${oldest}`);
});

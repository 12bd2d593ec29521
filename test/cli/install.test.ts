// Day one in a real project: the README's "Use it on your project" lines, run as written in a small
// Vite app with its own lockfile — install veval from a git+file:// URL of this repository, init
// (it captures the app for its spec), run (the written server: builds and serves the app; no
// baseline yet), approve, run and pass; a planted regression fails; init again changes nothing. And a packed tarball installs with the files a published package needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, tmpDir } from '../helpers/tmp.js';

const FIXTURE = path.join(REPO, 'test', 'fixtures', 'vite-app');
const NPM_ENV = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', CI: 'true', NO_COLOR: '1' };

function sh(line: string, cwd: string, timeout = 400_000) {
  const r = spawnSync('bash', ['-c', line], { cwd, encoding: 'utf8', timeout, env: { ...process.env, ...NPM_ENV, OPENAI_API_KEY: '' } });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

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

/** The bash block of the README's "Use it on your project" section, one command per line. */
function readmeLines(): string[] {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const block = /## Use it on your project\n[\s\S]*?```bash\n([\s\S]*?)```/.exec(readme)![1];
  return block.trim().split('\n').map((l) => l.replace(/\s+#.*$/, '').trim());
}

test('README: install from a git URL, init, run in a Vite app — passes; a planted regression fails; init again changes nothing', () => {
  const lines = readmeLines();
  assert.equal(lines.length, 5);
  assert.equal(lines[4], lines[2], 'run, approve, run');
  assert.match(lines[0], /^npm i -D "git\+file:\/\/\$HOME\/src\/veval"$/);
  const dir = tmpDir('veval-install-');
  try {
    fs.cpSync(FIXTURE, dir, { recursive: true, filter: (s) => !/[/\\](node_modules|dist)$/.test(s) });
    const ci = sh('npm ci', dir);
    assert.equal(ci.code, 0, ci.out);

    const install = sh(lines[0].replace('"git+file://$HOME/src/veval"', `"git+file://${REPO}"`), dir);
    assert.equal(install.code, 0, install.out);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    assert.match(pkg.devDependencies['veval-cli'], /^git\+file:/);
    assert.ok(fs.existsSync(path.join(dir, 'node_modules/veval-cli/dist/cli/main.js')), 'prepare built dist/ on install');

    const init = sh(lines[1], dir);
    assert.equal(init.code, 0, init.out);
    assert.match(init.out, /found: Vite; package manager npm \(package-lock\.json\)/);
    const config = fs.readFileSync(path.join(dir, 'visual-eval.config.yaml'), 'utf8');
    assert.match(config, /command: npm run build && npm run preview -- --port \d+ --strictPort --host 127\.0\.0\.1/);

    // init captured the app: its spec has required entries and parity
    assert.match(fs.readFileSync(path.join(dir, 'specs/home.yaml'), 'utf8'), /\nrequired:\n[\s\S]*\nparity: \{\}\n/);
    const first = sh(lines[2], dir);
    assert.equal(first.code, 1, first.out);
    assert.match(first.out, /no approved baseline/);
    assert.ok(fs.existsSync(path.join(dir, 'dist/index.html')), 'the run built the app (vite build)');
    const approve = sh(lines[3], dir);
    assert.equal(approve.code, 0, approve.out);
    const run = sh(lines[4], dir);
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /PASS 1 of 1 spec/);

    // a regression: the plant list no longer fits a phone
    fs.appendFileSync(path.join(dir, 'src/style.css'), '.plants { width: 900px; }\n');
    const bad = sh(lines[4], dir);
    assert.equal(bad.code, 1, bad.out);
    assert.match(bad.out, /FAIL[\s\S]*overflow/);

    const before = snapshot(dir);
    const again = sh(lines[1], dir);
    assert.equal(again.code, 0, again.out);
    assert.doesNotMatch(again.out, /^(created|updated)/m);
    assert.deepEqual(snapshot(dir), before, 'init again changes nothing');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('npm pack makes a tarball that installs: bin veval, dist, schemas — no sources or tests', () => {
  const out = tmpDir('veval-pack-');
  try {
    const pack = sh(`npm pack --pack-destination "${out}" --json`, REPO);
    assert.equal(pack.code, 0, pack.out);
    const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')))[0];
    const files: string[] = info.files.map((f: any) => f.path);
    for (const f of ['package.json', 'dist/cli/main.js', 'schema/spec.schema.json', 'schema/config.schema.json', 'README.md']) assert.ok(files.includes(f), `${f} is packed`);
    assert.deepEqual(files.filter((f) => /^(src|test|bench)\//.test(f)), []);
    const app = path.join(out, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}');
    const inst = sh(`npm i -D "${path.join(out, info.filename)}"`, app);
    assert.equal(inst.code, 0, inst.out);
    const v = sh('npx --no-install veval --version', app);
    assert.equal(v.code, 0, v.out);
    assert.match(v.out, /^veval\/\d+\.\d+\.\d+/);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

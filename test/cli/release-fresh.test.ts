// `npm run release` on a fresh clone (no node_modules): it sets itself up (npm ci) or says what to
// run — never exit 1 with nothing printed, as `npm pack --silent` made it when tsc was missing. The
// install is made to fail fast here (npm offline, an empty cache); the full path (npm ci from the
// registry, then the build and the branch) is the e2e tier's (test/cli/install.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, tmpDir } from '../helpers/tmp.js';

test('release on a fresh clone whose dependencies cannot be installed says what to run (issue 55)', () => {
  const dir = tmpDir('veval-release-');
  const clone = path.join(dir, 'clone');
  assert.equal(spawnSync('git', ['clone', '-q', '--no-hardlinks', REPO, clone]).status, 0);
  assert.equal(spawnSync('git', ['clone', '-q', '--bare', REPO, path.join(dir, 'bare.git')]).status, 0);
  const releaseRef = () => spawnSync('git', ['--git-dir', path.join(dir, 'bare.git'), 'rev-parse', '-q', '--verify', 'refs/heads/release'], { encoding: 'utf8' }).stdout;
  const before = releaseRef();
  // the script as it is in this working tree
  fs.copyFileSync(path.join(REPO, 'scripts/release.sh'), path.join(clone, 'scripts/release.sh'));
  const r = spawnSync('bash', ['scripts/release.sh', '--git-dir', path.join(dir, 'bare.git')], {
    cwd: clone, encoding: 'utf8', timeout: 180_000,
    env: { ...process.env, npm_config_offline: 'true', npm_config_cache: path.join(dir, 'npm-cache') },
  });
  assert.notEqual(r.status, 0);
  const said = r.stdout + r.stderr;
  assert.match(said, /release: the dependencies are not installed \(a fresh clone\?\); installing them: npm ci/);
  assert.match(said, /run `npm run setup` and then `npm run release` again/);
  assert.equal(releaseRef(), before, 'the release branch is left as it was');
});

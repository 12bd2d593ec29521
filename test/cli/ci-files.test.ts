// The CI files `veval init` writes work as written: valid YAML, valid against the SchemaStore
// GitHub workflow schema, for 1 and for 5 specs; GitLab's file shards, keeps artifacts and merges.
// Running their jobs step by step is test/cli/ci-files-jobs.test.ts (the end-to-end tier).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { validateWorkflow } from '@action-validator/core';
import { githubWorkflow } from '../../src/cli/init/ci.js';
import { nodeVersionFor } from '../../src/cli/init/node-version.js';
import { detectPackageManager } from '../../src/cli/init/pm.js';
import { REPO, runCli, tmpDir, writeTree } from '../helpers/tmp.js';


const page = (title: string, body = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>A plain page about ${title}.</p>${body}</main></body></html>`;

test('the GitHub workflow init writes is valid YAML and valid against the SchemaStore workflow schema, for 1 and for 5 specs', () => {
  for (const pages of [['index'], ['index', 'a', 'b', 'c', 'd']]) {
    const dir = tmpDir();
    writeTree(dir, Object.fromEntries(pages.map((p) => [`public/${p}.html`, page(p)])));
    writeTree(dir, { 'package.json': '{"name":"x","version":"1.0.0"}', 'pnpm-lock.yaml': 'lockfileVersion: 9.0\n' });
    assert.equal(runCli(['init'], dir).code, 0);
    const text = fs.readFileSync(path.join(dir, '.github/workflows/visual-eval.yml'), 'utf8');
    const doc = YAML.parseDocument(text);
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(doc.warnings, []);
    assert.deepEqual(validateWorkflow(text).errors, []);
    const wf = doc.toJS();
    const n = Math.min(pages.length, 4);
    assert.deepEqual(wf.jobs.shard.strategy.matrix.shard, Array.from({ length: n }, (_, i) => i + 1));
    assert.match(text, new RegExp(`# Shards: ${n}, one per spec init wrote[^\\n]*To raise it`));
    const runs = wf.jobs.shard.steps.map((s: any) => s.run).filter(Boolean);
    // the project's package manager, from its lockfile
    assert.deepEqual(runs.slice(0, 2), ['corepack enable', 'pnpm install --frozen-lockfile']);
    assert.ok(runs.includes('pnpm exec veval browser --install'));
    assert.ok(runs.includes(`pnpm exec veval run --shard \${{ matrix.shard }}/${n} --out evals-shard-\${{ matrix.shard }}`));
    const upload = wf.jobs.shard.steps.find((s: any) => /upload-artifact/.test(s.uses));
    assert.equal(upload.if, 'always()');
    assert.equal(wf.jobs.merge.if, 'always()');
    assert.ok(wf.jobs.merge.steps.some((s: any) => s.run === 'pnpm exec veval merge shards/*/*/ --out evals'));
    // the schema validator is not a rubber stamp: the old flow-mapping form is rejected
    assert.notDeepEqual(validateWorkflow(text.replace(/with:\n\s+name: (evals-shard-.+)\n\s+path: (.+)/, 'with: { name: $1, path: $2 }')).errors, []);
    const gi = fs.readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n');
    for (const l of ['evals/', 'evals-shard-*/', 'shards/']) assert.ok(gi.includes(l), `.gitignore has ${l}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the README\'s CI section shows the workflow init writes for an npm project with one spec', () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const block = /## CI\n[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  const empty = tmpDir();
  assert.equal(block, githubWorkflow({ pm: detectPackageManager(REPO), shards: 1, node: nodeVersionFor(empty) }));
  fs.rmSync(empty, { recursive: true, force: true });
});

test('the GitLab CI file init --ci gitlab writes: parallel shards, artifacts kept always, the JUnit report, a merge job', () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': '{"name":"x","version":"1.0.0"}', 'package-lock.json': '{}', 'public/index.html': page('i'), 'public/a.html': page('a'), 'public/b.html': page('b') });
  assert.equal(runCli(['init', '--ci', 'gitlab'], dir).code, 0);
  assert.ok(!fs.existsSync(path.join(dir, '.github')));
  const doc = YAML.parseDocument(fs.readFileSync(path.join(dir, '.gitlab-ci.yml'), 'utf8'));
  assert.deepEqual(doc.errors, []);
  const ci = doc.toJS();
  assert.equal(ci['visual-eval'].parallel, 3);
  assert.deepEqual(ci['visual-eval'].script, ['npm ci', 'npx --no-install veval browser --install', 'npx --no-install veval run --shard "${CI_NODE_INDEX:-1}/${CI_NODE_TOTAL:-1}" --out "evals-shard-${CI_NODE_INDEX:-1}"']);
  assert.equal(ci['visual-eval'].artifacts.when, 'always');
  assert.deepEqual(ci['visual-eval-merge'].needs, ['visual-eval']);
  assert.equal(ci['visual-eval-merge'].when, 'always');
  assert.equal(ci['visual-eval-merge'].artifacts.reports.junit, 'evals/runs/*/junit.xml');
  assert.equal(runCli(['init', '--ci', 'circle'], dir).code, 2);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a shard whose slice holds no spec passes ("shard i/n has no specs"); without --shard, no specs still fails', () => {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': 'server: { static: site }\nviewports: { desktop: { width: 800, height: 600 } }\n', 'site/index.html': page('home'), 'specs/home.yaml': 'route: /\n' });
  const r = runCli(['run', '--shard', '2/2', '--out', 'evals-shard-2'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /shard 2\/2 has no specs/);   // human output is on stderr
  const none = runCli(['run', '--grep', 'nomatch'], dir);
  assert.equal(none.code, 2);
  fs.rmSync(dir, { recursive: true, force: true });
});


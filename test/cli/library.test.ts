// The library entry as a user gets it: `import { run } from 'veval-cli'` from a project that has the
// package in node_modules resolves through package.json `exports` to dist/index.js with its types,
// and run() captures a page served from 127.0.0.1, gates it and writes the reports. `npm test`
// builds dist first (setup.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';

const TSC = path.join(REPO, 'node_modules', '.bin', 'tsc');

/** A user's project: the package linked into node_modules, a static page, a config and a spec. */
function userProject(): string {
  const dir = tmpDir('veval-library-');
  writeTree(dir, {
    'site/index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Library</title></head><body><main><h1>Hello from the library</h1></main></body></html>',
    'visual-eval.config.yaml': 'server: { static: site }\njudge: { mode: off }\nviewports: { desktop: { width: 800, height: 600 } }\n',
    'specs/home.yaml': 'route: /\nviewports: [desktop]\nrequired: [{ name: heading, selector: h1 }]\n',
    'package.json': '{ "name": "user-app", "type": "module", "private": true }\n',
  });
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  fs.symlinkSync(REPO, path.join(dir, 'node_modules', 'veval-cli'), 'dir');
  return dir;
}

test('import { run } from "veval-cli": runs a project and returns the gated report, reports written', () => {
  assert.ok(fs.existsSync(path.join(REPO, 'dist', 'index.js')), 'dist/index.js missing: run `npm run build`');
  const dir = userProject();
  fs.writeFileSync(path.join(dir, 'use.mjs'), [
    "import { run } from 'veval-cli';",
    "const { report, written } = await run({ cwd: process.cwd(), log: process.stderr });",
    "console.log(JSON.stringify({ status: report.status, units: report.totals.units, written: written.map((f) => f.split(/[\\\\/]/).pop()).sort() }));",
  ].join('\n'));
  const r = spawnSync(process.execPath, ['use.mjs'], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
  assert.deepEqual(out, { status: 'pass', units: 1, written: ['index.html', 'junit.xml', 'report.json', 'summary.md'] });
  assert.ok(fs.existsSync(path.join(dir, 'evals', 'latest', 'report.json')));
});

test('the library entry has types: a correct use typechecks, a wrong one does not', () => {
  assert.ok(fs.existsSync(path.join(REPO, 'dist', 'index.d.ts')), 'dist/index.d.ts missing: run `npm run build`');
  const dir = userProject();
  const tsconfig = { compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, types: ['node'], typeRoots: [path.join(REPO, 'node_modules', '@types')] }, files: ['use.ts'] };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = () => spawnSync(TSC, ['-p', '.'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  fs.writeFileSync(path.join(dir, 'use.ts'), [
    "import { run, type Report } from 'veval-cli';",
    "const { report } = await run({ specs: ['specs/home.yaml'], reporters: ['json'] });",
    "const status: 'pass' | 'fail' = report.status;",
    "const r: Report = report;",
    "export { status, r };",
  ].join('\n'));
  let r = tsc();
  assert.equal(r.status, 0, r.stdout + r.stderr);
  fs.writeFileSync(path.join(dir, 'use.ts'), "import { run } from 'veval-cli';\nawait run({ specs: 3 });\nexport {};\n");
  r = tsc();
  assert.notEqual(r.status, 0, 'a wrong option type must not typecheck');
  assert.match(r.stdout + r.stderr, /use\.ts\(2,\d+\): error TS2322/);
});

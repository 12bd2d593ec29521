// End to end over the defect fixture pages: real Chromium captures each page (src/capture), the
// checks run over the saved records, and each page must produce exactly the findings its README
// line names — the clean pages none at all.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CheckResult } from '../../src/core/artifacts.js';
import type { RunContext } from '../../src/core/run.js';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { loadProject } from '../../src/spec/project.js';
import { tmpDir } from '../helpers/tmp.js';
import { DEFECTS_DIR as DIR, DEFECT_ROUTES, EXPECTED } from './defects-expected.js';

describe('defect fixture pages, captured and checked', () => {
  let server: StaticServer;
  const results = new Map<string, CheckResult[]>();

  before(async () => {
    const plan = await loadProject({ cwd: DIR });
    server = await serveStatic(DIR, DEFECT_ROUTES);
    const out = tmpDir('veval-e2e-defects-');
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    for (const spec of plan.specs) results.set(spec.name, await runChecks(run, spec));
  });
  after(async () => { await server?.close(); });

  it('every page has a spec, a README line and an expectation here', () => {
    const pages = fs.readdirSync(DIR).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5)).sort();
    const specs = fs.readdirSync(path.join(DIR, 'specs')).map((f) => f.replace(/\.yaml$/, '')).sort();
    const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
    assert.deepEqual(specs, Object.keys(EXPECTED).sort());
    for (const p of pages) assert.ok(specs.includes(p), `specs/${p}.yaml`);
    for (const s of specs) assert.match(readme, new RegExp(`^\\| ${s}\\b`, 'm'), `README line for ${s}`);
  });

  for (const [spec, expected] of Object.entries(EXPECTED)) {
    it(`${spec}: ${expected.length ? [...new Set(expected.map((e) => e.key.split(' ')[0]))].join(' + ') : 'no finding at all'}`, () => {
      const res = results.get(spec);
      assert.ok(res, `checks ran for ${spec}`);
      for (const r of res) assert.notEqual(r.status, 'error', `${r.check}: ${r.error}`);
      const got = res.flatMap((r) => r.findings).map((f) => ({ key: `${f.check} ${f.severity} ${f.state}-${f.viewport}`, message: f.message }));
      assert.deepEqual(got.map((g) => g.key).sort(), expected.map((e) => e.key).sort(), got.map((g) => `${g.key}: ${g.message}`).join('\n'));
      for (const e of expected) {
        if (e.message) assert.ok(got.some((g) => g.key === e.key && e.message!.test(g.message)), `${e.key} message ${e.message}: ${got.map((g) => g.message).join(' | ')}`);
      }
    });
  }
});

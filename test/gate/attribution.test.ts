// Findings keep their captures (issue 12, class 4): a route answering 500, a console error and a
// failed image seen at desktop AND mobile fail both units — in report.json and in junit.xml — and
// the reporters show each problem once, naming both units. Real Chromium on 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from '../../src/core/run.js';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { serveStatic } from '../../src/core/static-server.js';
import { gateRun } from '../../src/gate/index.js';
import { renderJunit, renderMarkdown, renderHtml, createConsoleReporter } from '../../src/report/index.js';
import { loadProject } from '../../src/spec/project.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { INFO } from './fixture.js';

const PAGE = `<!doctype html><html lang="en"><title>Broken</title><main><h1>Something went wrong</h1>
<img src="/missing.png" alt="status"><script>console.error('backend unavailable')</script></main></html>`;

test('a 500, a console error and a 404 image at desktop and mobile fail both units, shown once with both', async () => {
  const dir = tmpDir('veval-attribution-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'viewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844, isMobile: true, hasTouch: true }\n',
    'specs/broken.yaml': 'name: broken\nroute: /broken\nviewports: [desktop, mobile]\nchecks: { axe: false }\n',
  });
  const server = await serveStatic(dir, [(req, res) => {
    if (req.url !== '/broken') return false;
    res.writeHead(500, { 'content-type': 'text/html' }).end(PAGE);
    return true;
  }]);
  try {
    const plan = await loadProject({ cwd: dir, baseURL: server.url });
    const run: RunContext = { root: plan.root, outDir: path.join(dir, 'evals'), runId: 'run', runDir: path.join(dir, 'evals', 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 1 });
    for (const spec of plan.specs) await runChecks(run, spec);
    const report = gateRun(run, INFO);
    const s = report.specs[0]!;

    for (const vp of ['desktop', 'mobile']) {
      const unit = s.units.find((u) => u.viewport === vp)!;
      assert.equal(unit.status, 'fail', `${vp} unit fails: its page answered 500`);
      const mine = s.findings.filter((f) => f.viewport === vp && f.state === 'default').map((f) => f.check).sort();
      assert.deepEqual(mine, ['console', 'http-status', 'requests'], `${vp}: every finding of the unit is listed under it`);
    }
    for (const check of ['http-status', 'console', 'requests']) {
      const same = s.findings.filter((f) => f.check === check);
      assert.equal(same.length, 2, `${check}: one finding per unit`);
      assert.match(same[0]!.group ?? '', /^[0-9a-f]{16}$/);
      assert.equal(same[0]!.group, same[1]!.group, `${check}: both share one group key`);
      assert.ok(!/captures/.test(same[0]!.message), 'the message does not fold other units in');
    }
    assert.equal(new Set(s.findings.map((f) => f.group)).size, 3, 'three problems, three groups');

    const junit = renderJunit(report);
    for (const vp of ['desktop', 'mobile']) {
      const tc = junit.match(new RegExp(`<testcase classname="broken" name="default @ ${vp}"[^>]*>([\\s\\S]*?)</testcase>`));
      assert.ok(tc, `junit has the ${vp} testcase`);
      assert.match(tc[1]!, /<failure [^>]*>[\s\S]*http-status \(default @ \w+\): the route answered HTTP 500/, `junit: ${vp} fails with the 500`);
    }
    assert.match(junit, /<testsuite name="broken" tests="3" failures="2"/);

    const md = renderMarkdown(report);
    assert.equal(md.match(/http-status · default @ desktop, default @ mobile: the route answered HTTP 500/g)?.length, 1, 'summary.md shows the 500 once with both units');
    // counted in findings, as the header counts them: one line for the group, two findings
    assert.match(md, /### blocker \(2\)/);
    const html = renderHtml(report);
    assert.equal(html.match(/<li class="finding"[^>]*>[^<]*<span class="sev blocker">/g)?.length, 1, 'index.html lists the 500 once');
    assert.match(html, /<small>default @ desktop, default @ mobile<\/small> <span class="msg">the route answered HTTP 500/);
    let out = '';
    createConsoleReporter({ write: (t: string) => { out += t; return true; }, isTTY: false } as unknown as NodeJS.WriteStream, {}).end(report);
    assert.equal(out.match(/http-status {2}the route answered HTTP 500.* {2}in 2 captures: broken\/default @ desktop, mobile/g)?.length, 1, 'console shows it once');
    fs.rmSync(dir, { recursive: true, force: true });
  } finally { await server.close(); }
});

// report.json says what a run reused from earlier work and why (issue 26): on an unchanged rerun
// every unit is still captured (captures reused: 0), parity finds the captures byte-identical to
// their baselines without decoding them, and summary.md says so in one line; once the page
// changes, nothing is reused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runPipeline } from '../../src/index.js';
import { loadProject } from '../../src/spec/project.js';
import { REUSE_WHY } from '../../src/gate/reuse.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const PAGE = (text: string) => `<!doctype html><html lang="en"><title>shop</title><body><main><h1>${text}</h1><p>Plain text.</p></main></body></html>`;

test('an unchanged rerun captures every unit again and reuses only the byte-equal parity comparison; a changed page reuses nothing', async () => {
  const dir = tmpDir('veval-reuse-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 800, height: 600 }\n  mobile: { width: 390, height: 700, isMobile: true, hasTouch: true }\n',
    'site/index.html': PAGE('Shop'),
    'specs/home.yaml': 'name: home\nroute: /index.html\nrequired: [{ selector: h1 }]\nparity: { threshold: 0.1 }\n',
  });
  const log = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
  const run = async (updateBaselines = false) => {
    const plan = await loadProject({ cwd: dir });
    return (await runPipeline(plan, { out: path.join(dir, 'evals'), workers: 2, reporters: ['json', 'markdown'], argv: [], log, updateBaselines, keepRuns: 5 }));
  };
  await run(true);
  const same = await run();
  assert.deepEqual(same.report.specs[0].units.map((u) => u.parity), ['identical', 'identical']);
  assert.deepEqual(same.report.reuse, {
    captures: { reused: 0, of: 2, why: REUSE_WHY.captures },
    parity: { reused: 2, of: 2, why: REUSE_WHY.parity },
    judge: { reused: 0, of: 0, why: REUSE_WHY.judge },
  });
  const md = fs.readFileSync(path.join(same.run.runDir, 'summary.md'), 'utf8');
  assert.match(md, /captures reused: 0 of 2 \(never: every unit is captured again\) · parity: 2 of 2 byte-identical to the baseline \(not decoded\)/);
  // the page changed: captured again, compared in full, nothing reused
  fs.writeFileSync(path.join(dir, 'site', 'index.html'), PAGE('Shop — winter sale'));
  const changed = await run();
  assert.ok(changed.report.specs[0].units.every((u) => u.parity !== 'identical'), JSON.stringify(changed.report.specs[0].units.map((u) => u.parity)));
  assert.deepEqual([changed.report.reuse!.captures.reused, changed.report.reuse!.parity.reused, changed.report.reuse!.parity.of], [0, 0, 2]);
});

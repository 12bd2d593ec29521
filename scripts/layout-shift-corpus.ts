// The layout-shift row of the precision table: veval over the real-page corpus (every spec, its
// states and viewports, the check's defaults) against ground truth measured with plain Playwright
// (test/real/layout-shift.ts). Prints one line per unit with a shift (truth score, veval's score,
// findings and whether the truth has each) and the row. Minutes of CPU: precision tier.
//
//   node --import tsx scripts/layout-shift-corpus.ts [--keep] [--truth <truth.json of a kept run>]
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from '../src/core/run.js';
import { captureRun } from '../src/capture/index.js';
import { launchBrowser } from '../src/capture/browser.js';
import { getCheck } from '../src/checks/registry.js';
import { runChecks } from '../src/checks/runner.js';
import { serveStatic } from '../src/core/static-server.js';
import { files } from '../src/core/run.js';
import { loadProject } from '../src/spec/project.js';
import { tmpDir } from '../test/helpers/tmp.js';
import { CORPUS_DIR } from '../test/real/harness.js';
import { measureTruth, truthHas, type TruthUnit } from '../test/real/layout-shift.js';

const PROJECT = path.resolve(import.meta.dirname, '..', 'test', 'real', 'corpus');
const DEFAULTS = getCheck('layout-shift')!.meta.defaults as { maxScore: number; minMovePx: number };

async function main(): Promise<void> {
  const server = await serveStatic(CORPUS_DIR);
  const out = tmpDir('veval-layout-shift-corpus-');
  try {
    const plan = await loadProject({ cwd: PROJECT, baseURL: server.url });
    // --truth <file>: the ground truth of an earlier run (written beside the run with --keep)
    const reuse = process.argv.indexOf('--truth');
    const truth: TruthUnit[] = reuse > 0 ? JSON.parse(fs.readFileSync(process.argv[reuse + 1]!, 'utf8')) : [];
    if (reuse < 0) {
      const launched = await launchBrowser(plan);
      try {
        for (const spec of plan.specs) truth.push(...await measureTruth(launched.browser, spec, path.join(out, 'truth'), DEFAULTS.minMovePx));
      } finally { await launched.browser.close(); }
      fs.writeFileSync(path.join(out, 'truth.json'), JSON.stringify(truth, null, 1));
    }
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    let rows = 0, expected = 0, found = 0, falseAlarms = 0;
    for (const spec of plan.specs) {
      const findings = (await runChecks(run, spec)).find((r) => r.check === 'layout-shift')?.findings ?? [];
      for (const st of spec.states) for (const vp of spec.viewports) {
        rows++;
        const t = truth.find((u) => u.spec === spec.name && u.state === st.name && u.viewport === vp.name);
        const recFile = path.join(run.runDir, files.record(spec.name, st.name, vp.name));
        const rec = fs.existsSync(recFile) ? JSON.parse(fs.readFileSync(recFile, 'utf8')) : null;
        const mine = findings.filter((f) => f.state === st.name && f.viewport === vp.name);
        // what the truth says a user would be hit by, at the defaults
        const want = (t && t.score > DEFAULTS.maxScore ? 1 : 0) + (t ? new Set(t.moves.map((m) => m.t)).size : 0);
        expected += want;
        const ok = mine.filter((f) => truthHas(f, t, DEFAULTS.maxScore));
        found += Math.min(ok.length, want);
        falseAlarms += mine.length - ok.length;
        if (!t?.entries && !rec?.layoutShift?.entries.length && !mine.length) continue;
        process.stdout.write(`${spec.name} ${st.name}-${vp.name}: truth score ${t?.score ?? '–'} (${t?.entries ?? 0} entries, ${t?.moves.length ?? 0} required moves ≥ ${DEFAULTS.minMovePx} px), veval score ${rec?.layoutShift?.score ?? '–'} (${rec?.layoutShift?.entries.length ?? 0} entries)\n`);
        for (const f of mine) process.stdout.write(`  ${truthHas(f, t, DEFAULTS.maxScore) ? 'true ' : 'FALSE'} ${f.severity} ${f.message}\n`);
      }
    }
    process.stdout.write(`\n| layout-shift on the real corpus (plain Playwright truth) | ${plan.specs.length} | ${rows} | ${expected} | ${found} | ${falseAlarms} | 0 |\n`);
    if (process.argv.includes('--keep')) process.stdout.write(`kept: ${out}\n`);
  } finally {
    await server.close();
    if (!process.argv.includes('--keep')) fs.rmSync(out, { recursive: true, force: true });
  }
}

main().catch((err) => { process.stderr.write(`${(err as Error).stack ?? err}\n`); process.exit(1); });

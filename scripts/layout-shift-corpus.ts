// The layout-shift row of the precision table: veval over the real-page corpus (every spec, its
// states and viewports, the check's defaults) against ground truth measured with plain Playwright
// in RUNS runs (default 5; test/real/layout-shift.ts). A veval finding every run has is true, one
// some runs have is a race (counted apart: the page really does it, not every time), one no run
// has is a false alarm; expected are the findings every run has. Prints one line per unit with a
// shift (scores, findings and how many runs have each) and the row. Minutes of CPU: precision tier.
//
//   RUNS=5 node --import tsx scripts/layout-shift-corpus.ts [--keep] [--truth a.json,b.json… (kept runs)]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
import { byUnit, measureTruth, runsWith, stableTruth, type TruthUnit } from '../test/real/layout-shift.js';

const PROJECT = path.resolve(import.meta.dirname, '..', 'test', 'real', 'corpus');
const DEFAULTS = getCheck('layout-shift')!.meta.defaults as { maxScore: number; minMovePx: number };

export interface ShiftRow { specs: number; rows: number; expected: number; found: number; falseAlarms: number; races: number; runs: number }
const RUNS = Number(process.env.RUNS ?? 5);

/** Measures the corpus (truth, then veval); `say` gets one line per unit with a shift. */
export async function layoutShiftCorpus(say: (line: string) => void = () => {}, keep = false, truthFiles: string[] | null = null): Promise<ShiftRow> {
  const server = await serveStatic(CORPUS_DIR);
  const out = tmpDir('veval-layout-shift-corpus-');
  try {
    const plan = await loadProject({ cwd: PROJECT, baseURL: server.url });
    // the check is off by default: on for this measurement
    for (const s of plan.specs) s.checks = [...s.checks.filter((c) => c.id !== 'layout-shift'), { id: 'layout-shift', enabled: true, severity: null, options: {} }];
    // truthFiles: the ground truth of earlier runs (each written beside the run with --keep)
    const runs: TruthUnit[][] = truthFiles ? truthFiles.map((f) => JSON.parse(fs.readFileSync(f, 'utf8'))) : [];
    if (!truthFiles) {
      const launched = await launchBrowser(plan);
      try {
        // the runs side by side: each unit's time is mostly waiting
        runs.push(...await Promise.all(Array.from({ length: RUNS }, async (_, i) => {
          const out1: TruthUnit[] = [];
          for (const spec of plan.specs) out1.push(...await measureTruth(launched.browser, spec, path.join(out, `truth${i}`), DEFAULTS.minMovePx));
          return out1;
        })));
      } finally { await launched.browser.close(); }
      runs.forEach((r, i) => fs.writeFileSync(path.join(out, `truth${i}.json`), JSON.stringify(r)));
    }
    const truth = byUnit(runs);
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    let rows = 0, expected = 0, found = 0, falseAlarms = 0, races = 0;
    for (const spec of plan.specs) {
      const findings = (await runChecks(run, spec)).find((r) => r.check === 'layout-shift')?.findings ?? [];
      for (const st of spec.states) for (const vp of spec.viewports) {
        rows++;
        const t = truth.find((u) => u.spec === spec.name && u.state === st.name && u.viewport === vp.name);
        const recFile = path.join(run.runDir, files.record(spec.name, st.name, vp.name));
        const rec = fs.existsSync(recFile) ? JSON.parse(fs.readFileSync(recFile, 'utf8')) : null;
        const mine = findings.filter((f) => f.state === st.name && f.viewport === vp.name);
        const want = stableTruth(t, DEFAULTS.maxScore);
        expected += want;
        const n = t?.runs.length ?? 0;
        const counts = mine.map((f) => runsWith(f, t, DEFAULTS.maxScore));
        found += Math.min(counts.filter((c) => c === n).length, want);
        races += counts.filter((c) => c > 0 && c < n).length;
        falseAlarms += counts.filter((c) => c === 0).length;
        if (!t?.runs.some((u) => u.entries) && !rec?.layoutShift?.entries.length && !mine.length) continue;
        say(`${spec.name} ${st.name}-${vp.name}: truth scores ${t?.runs.map((u) => u.score).join('/') ?? '–'} (required moves ≥ ${DEFAULTS.minMovePx} px: ${t?.runs.map((u) => u.moves.length).join('/')}; in every run: ${want}), veval score ${rec?.layoutShift?.score ?? '–'} (${rec?.layoutShift?.entries.length ?? 0} entries)`);
        mine.forEach((f, i) => say(`  ${counts[i] === n ? 'true ' : counts[i] ? 'race ' : 'FALSE'} ${counts[i]}/${n} ${f.severity} ${f.message}`));
      }
    }
    if (keep) {
      // outside tmpDir's folders, which are removed at exit
      const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-shift-kept-'));
      fs.cpSync(out, kept, { recursive: true });
      say(`kept: ${kept}`);
    }
    return { specs: plan.specs.length, rows, expected, found, falseAlarms, races, runs: runs.length };
  } finally {
    await server.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--truth');
  layoutShiftCorpus((l) => process.stdout.write(l + '\n'), process.argv.includes('--keep'), at > 0 ? process.argv[at + 1]!.split(',') : null).then((r) => {
    process.stdout.write(`\n${r.runs} plain runs; veval findings in every run ${r.found}, in some (races) ${r.races}, in none ${r.falseAlarms}\n`);
    process.stdout.write(`| layout-shift on the real corpus | ${r.specs} | ${r.rows} | ${r.expected} | ${r.found} | ${r.falseAlarms} | ${r.races} |\n`);
  }).catch((err) => { process.stderr.write(`${(err as Error).stack ?? err}\n`); process.exit(1); });
}

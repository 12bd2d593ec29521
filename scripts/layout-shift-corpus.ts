// The layout-shift row of the precision table: veval over the real-page corpus (every spec, its
// states and viewports, the check's defaults) against ground truth measured with plain Playwright
// (test/real/layout-shift.ts). Prints one line per unit with a shift (truth score, veval's score,
// findings and whether the truth has each) and the row. Minutes of CPU: precision tier.
//
//   node --import tsx scripts/layout-shift-corpus.ts [--keep] [--truth <truth.json of a kept run>]
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
import { measureTruth, truthHas, type TruthUnit } from '../test/real/layout-shift.js';

const PROJECT = path.resolve(import.meta.dirname, '..', 'test', 'real', 'corpus');
const DEFAULTS = getCheck('layout-shift')!.meta.defaults as { maxScore: number; minMovePx: number };

export interface ShiftRow { specs: number; rows: number; expected: number; found: number; falseAlarms: number }

/** Measures the corpus (truth, then veval); `say` gets one line per unit with a shift. */
export async function layoutShiftCorpus(say: (line: string) => void = () => {}, keep = false, truthFile: string | null = null): Promise<ShiftRow> {
  const server = await serveStatic(CORPUS_DIR);
  const out = tmpDir('veval-layout-shift-corpus-');
  try {
    const plan = await loadProject({ cwd: PROJECT, baseURL: server.url });
    // the check is off by default: on for this measurement
    for (const s of plan.specs) s.checks = [...s.checks.filter((c) => c.id !== 'layout-shift'), { id: 'layout-shift', enabled: true, severity: null, options: {} }];
    // truthFile: the ground truth of an earlier run (written beside the run with --keep)
    const truth: TruthUnit[] = truthFile ? JSON.parse(fs.readFileSync(truthFile, 'utf8')) : [];
    if (!truthFile) {
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
        say(`${spec.name} ${st.name}-${vp.name}: truth score ${t?.score ?? '–'} (${t?.entries ?? 0} entries, ${t?.moves.length ?? 0} required moves ≥ ${DEFAULTS.minMovePx} px), veval score ${rec?.layoutShift?.score ?? '–'} (${rec?.layoutShift?.entries.length ?? 0} entries)`);
        for (const f of mine) say(`  ${truthHas(f, t, DEFAULTS.maxScore) ? 'true ' : 'FALSE'} ${f.severity} ${f.message}`);
      }
    }
    if (keep) {
      // outside tmpDir's folders, which are removed at exit
      const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-shift-kept-'));
      fs.cpSync(out, kept, { recursive: true });
      say(`kept: ${kept}`);
    }
    return { specs: plan.specs.length, rows, expected, found, falseAlarms };
  } finally {
    await server.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--truth');
  layoutShiftCorpus((l) => process.stdout.write(l + '\n'), process.argv.includes('--keep'), at > 0 ? process.argv[at + 1]! : null).then((r) => {
    process.stdout.write(`\n| layout-shift on the real corpus (\`checks: { layout-shift: true }\`; plain-Playwright truth) | ${r.specs} | ${r.rows} | ${r.expected} | ${r.found} | ${r.falseAlarms} | 0 |\n`);
  }).catch((err) => { process.stderr.write(`${(err as Error).stack ?? err}\n`); process.exit(1); });
}

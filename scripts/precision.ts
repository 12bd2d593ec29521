// Prints the README's precision table from the test harness itself (not by hand): veval run over
// the real-page suites (test/real/harness.ts, scored against their ground truth) and over the
// defect fixture pages (test/checks/defects-expected.ts). --readme rewrites the table in
// README.md between its <!-- precision --> markers. Every false alarm, miss and stale residual is
// printed to stderr.
//
//   node --import tsx scripts/precision.ts [--readme]
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from '../src/core/run.js';
import { captureRun } from '../src/capture/index.js';
import { runChecks } from '../src/checks/runner.js';
import { serveStatic } from '../src/core/static-server.js';
import { loadProject } from '../src/spec/project.js';
import { REPO, tmpDir } from '../test/helpers/tmp.js';
import { keyText, scoreSuite, suites } from '../test/real/harness.js';
import { DEFECT_ROUTES, DEFECTS_DIR, EXPECTED } from '../test/checks/defects-expected.js';
import { layoutShiftCorpus } from './layout-shift-corpus.js';
import { stressCorpus } from './stress-corpus.js';

interface Row { set: string; pages: number; rows: number; expected: number; found: number; falseAlarms: number; known: number }

async function defectsRow(): Promise<Row> {
  const server = await serveStatic(DEFECTS_DIR, DEFECT_ROUTES);
  const out = tmpDir('veval-precision-');
  try {
    const plan = await loadProject({ cwd: DEFECTS_DIR });
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    let expected = 0, found = 0, falseAlarms = 0, rows = 0;
    for (const spec of plan.specs) {
      rows += spec.states.length * spec.viewports.length;
      const want = (EXPECTED[spec.name] ?? []).map((e) => e.key);
      const got = (await runChecks(run, spec)).flatMap((r) => r.findings).filter((f) => f.severity !== 'polish')
        .map((f) => `${f.check} ${f.severity} ${f.state}-${f.viewport}`);
      const left = [...got];
      for (const w of want) {
        expected++;
        const i = left.indexOf(w);
        if (i >= 0) { found++; left.splice(i, 1); }
      }
      falseAlarms += left.length;
      for (const l of left) process.stderr.write(`false alarm: defects ${spec.name}: ${l}\n`);
      for (const w of want) if (!got.includes(w)) process.stderr.write(`miss: defects ${spec.name}: ${w}\n`);
    }
    return { set: '`test/fixtures/defects`', pages: plan.specs.length, rows, expected, found, falseAlarms, known: 0 };
  } finally {
    await server.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const { available, missing } = suites();
  for (const m of missing) process.stderr.write(`skipped: ${m}\n`);
  for (const suite of available) {
    const scores = await scoreSuite(suite);
    // what differs from the truth, so a table with a non-zero cell can be acted on without a re-run
    for (const sc of scores) {
      for (const f of sc.falseAlarms) process.stderr.write(`false alarm: ${suite.name} ${sc.spec}: ${keyText(f)} — ${f.message}\n`);
      for (const m of sc.misses) process.stderr.write(`miss: ${suite.name} ${sc.spec}: ${keyText(m)}\n`);
      for (const st of sc.stale) process.stderr.write(`stale: ${suite.name} ${sc.spec}: ${st}\n`);
    }
    rows.push({
      set: suite.name === 'real corpus' ? 'real corpus (`../shared/corpus/real-pages`)' : `\`test/real/${path.basename(suite.project)}\``,
      pages: scores.length,
      rows: scores.reduce((n, s) => n + s.units, 0),
      expected: scores.reduce((n, s) => n + s.expected, 0),
      found: scores.reduce((n, s) => n + s.found, 0),
      falseAlarms: scores.reduce((n, s) => n + s.falseAlarms.length + s.knownFalseAlarms.length, 0),
      known: scores.reduce((n, s) => n + s.knownFalseAlarms.length + s.knownMisses.length, 0),
    });
  }
  rows.push(await defectsRow());
  if (available.some((s) => s.name === 'real corpus')) {
    // the layout-shift check (off by default) against several plain-Playwright runs: a finding only
    // some runs have is a race, counted in the last column (docs/checks/layout-shift.md)
    const r = await layoutShiftCorpus();
    rows.push({ set: `layout-shift on the real corpus (\`checks: { layout-shift: true }\`, ${r.runs} plain-Playwright runs; last column: races)`, pages: r.specs, rows: r.rows, expected: r.expected, found: r.found, falseAlarms: r.falseAlarms, known: r.races });
    // the stress variants (mobile, each spec's default state) against measure-stress.mjs
    for (const v of await stressCorpus((l) => process.stderr.write(`${l}\n`))) {
      rows.push({ set: `stress \`${v.variant}\` on the real corpus (mobile, default state; \`measure-stress.mjs\` truth)`, pages: v.units, rows: v.units, expected: v.truth, found: v.found, falseAlarms: v.falseAlarms, known: v.known });
    }
  }
  const table = [
    '| set | specs | rows (state × viewport) | findings expected | found | false alarms | of which known residuals |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.set} | ${r.pages} | ${r.rows} | ${r.expected} | ${r.found} | ${r.falseAlarms} | ${r.known} |`),
  ].join('\n');
  process.stdout.write(table + '\n');
  if (process.argv.includes('--readme')) {
    const file = path.join(REPO, 'README.md');
    const text = fs.readFileSync(file, 'utf8');
    const re = /(<!-- precision -->\n)[\s\S]*?(<!-- \/precision -->)/;
    if (!re.test(text)) throw new Error('README.md has no <!-- precision --> … <!-- /precision --> markers');
    const tmp = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, text.replace(re, `$1${table}\n$2`));
    fs.renameSync(tmp, file);
  }
}

main().catch((err) => { process.stderr.write(`${(err as Error).message}\n`); process.exit(1); });

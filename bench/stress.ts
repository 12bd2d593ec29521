// The cost of a stress unit beside its plain unit (issue 61, target ≤ 1.0×): real-corpus specs
// (default state, mobile) with every stress variant, in one captureRun, so each stress unit runs in
// the same run as its plain unit. Per variant: the median over specs and rounds of the stress
// unit's time over its plain unit's (record.timings.total), and the medians of the phases that
// differ (axe, css, stability, screenshot), with the load average. Never a timed test.
// Run: ROUNDS=3 node --import tsx bench/stress.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureRun } from '../src/capture/index.js';
import { serveStatic } from '../src/core/static-server.js';
import { files } from '../src/core/run.js';
import { STRESS_VARIANTS, stressStateName } from '../src/core/stress.js';
import { loadProject } from '../src/spec/project.js';
import { stressOf, withStress } from '../src/spec/stress.js';
import { REPO, tmpDir } from '../test/helpers/tmp.js';
import { CORPUS_DIR } from '../test/real/harness.js';

const SPECS = ['mdn-postcard-form', 'pico-v1-sign-in', 'bulma-admin', 'semantic-login', 'mdn-tabbed-info-box', 'h5bp-404', 'apg-tabs-automatic', 'pico-v2-preview'];
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PHASES = ['axe', 'css', 'stability', 'screenshot', 'measure', 'settle'] as const;
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };

const server = await serveStatic(CORPUS_DIR);
const ratios = new Map<string, number[]>(), phases = new Map<string, Record<string, number[]>>(), loads: number[] = [];
const add = (k: string, rec: any) => {
  const p = phases.get(k) ?? Object.fromEntries(['total', ...PHASES].map((x) => [x, [] as number[]]));
  for (const x of ['total', ...PHASES]) p[x]!.push(rec.timings[x] ?? 0);
  phases.set(k, p);
};
for (let r = 0; r < ROUNDS; r++) {
  const out = tmpDir('veval-bench-stress-');
  try {
    const plan = await loadProject({ cwd: path.join(REPO, 'test', 'real', 'corpus'), baseURL: server.url });
    plan.specs = plan.specs.filter((s) => SPECS.includes(s.name));
    for (const s of plan.specs) {
      s.viewports = s.viewports.filter((v) => v.name === 'mobile');
      s.states = withStress(s.states.filter((st) => st.name === 'default'), (st) => stressOf([...STRESS_VARIANTS], undefined, undefined, st.name));
    }
    loads.push(os.loadavg()[0]!);
    await captureRun({ root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan }, { baseURL: server.url, workers: 2 });
    loads.push(os.loadavg()[0]!);
    const rec = (spec: string, state: string) => JSON.parse(fs.readFileSync(path.join(out, 'run', files.record(spec, state, 'mobile')), 'utf8'));
    for (const s of plan.specs) {
      const plain = rec(s.name, 'default');
      add('plain', plain);
      for (const v of STRESS_VARIANTS) {
        const st = rec(s.name, stressStateName('default', v));
        add(v, st);
        ratios.set(v, [...(ratios.get(v) ?? []), st.timings.total / plain.timings.total]);
      }
    }
  } finally { fs.rmSync(out, { recursive: true, force: true }); }
}
await server.close();
process.stdout.write(`stress unit / plain unit: ${SPECS.length} specs × ${ROUNDS} rounds, mobile, 2 workers, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`);
process.stdout.write(`| unit | ratio to plain (median) | ${['total', ...PHASES].map((p) => `${p} ms`).join(' | ')} |\n|---|---:|${['total', ...PHASES].map(() => '---:').join('|')}|\n`);
for (const [k, p] of phases) {
  process.stdout.write(`| ${k} | ${k === 'plain' ? '1' : median(ratios.get(k)!).toFixed(2)} | ${['total', ...PHASES].map((x) => Math.round(median(p[x]!))).join(' | ')} |\n`);
}

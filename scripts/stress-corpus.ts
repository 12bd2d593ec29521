// The stress rows of the precision table (issue 61): veval's stress units over the real-page corpus
// (each spec's default state, mobile, every variant) against the ground truth measured without
// veval's code (test/real/corpus/measure-stress.mjs: plain Playwright, the docs' hand snippets, a
// clipping rule of its own). Both sides name what broke by the element's text before the stress
// (veval: its stressed text with the marks taken out; a box that clips lists every text it cuts)
// or as the page's overflow. Prints every
// difference and one row per variant. Minutes of CPU: precision tier.
//
//   node --import tsx scripts/stress-corpus.ts [--keep] [spec-name…]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Finding } from '../src/core/artifacts.js';
import type { RunContext } from '../src/core/run.js';
import { STRESS_VARIANTS, type StressVariant } from '../src/core/stress.js';
import { captureRun } from '../src/capture/index.js';
import { runChecks } from '../src/checks/runner.js';
import { serveStatic } from '../src/core/static-server.js';
import { loadProject } from '../src/spec/project.js';
import { stressOf, withStress } from '../src/spec/stress.js';
import { REPO, tmpDir } from '../test/helpers/tmp.js';
import { CORPUS_DIR } from '../test/real/harness.js';

const PROJECT = path.join(REPO, 'test', 'real', 'corpus');
const VIEWPORT = 'mobile';

export interface StressRow { variant: StressVariant; units: number; truth: number; found: number; falseAlarms: number; known: number; misses: string[]; extra: string[] }

/** Differences looked at and kept with the reason (docs/checks/stress/README.md): a known miss is
 *  not counted a miss, a known false alarm is counted (and in `known`); each must still occur. */
export const KNOWN: { variant: StressVariant; spec: string; text: string; kind: 'miss' | 'false alarm'; reason: string }[] = [
  ...(['text-200', 'long-words'] as const).map((variant) => ({ variant, spec: 'semantic-homepage', text: 'Sign Up', kind: 'miss' as const,
    reason: 'the masthead\'s "Sign Up" is pushed wholly past the edge of div.pusher (overflow: hidden) and disappears (screenshots); text-clipped leaves text lying wholly outside the box that clips it out on purpose (a carousel\'s other slides), and overflow sees no page overflow (the page cannot scroll sideways): only required-visible would name it, and the spec does not require it' })),
];
interface TruthLine { spec: string; viewport: string; variant: StressVariant; overflow: number; clipped: { text: string; plain?: string; px: number }[] }

/** Text as both sides compare it: the stress's marks out, spaces folded, at most 40 characters. */
export const textKey = (t: string) => t.replace(/[^\u034F]\u034F/gu, '').replace(/\u0301/g, '').replace(/\s+/g, ' ').trim().slice(0, 40);
/** Whether a veval finding names a truth entry: the page's overflow, or the entry's text among the
 *  texts veval lists as cut (a box that clips lists every text it cuts, in document order). */
function names(f: Finding, want: string): boolean {
  const ev = f.evidence as Record<string, any>;
  if (f.check === 'overflow' || want === 'page overflow') return f.check === 'overflow' && want === 'page overflow';
  const all = typeof ev.text === 'string' ? unmark(ev.text) : '';
  return !!want && (all.includes(want) || (want.length > 8 && all.length >= 8 && want.startsWith(all)));
}
const unmark = (t: string) => t.replace(/[^\u034F]\u034F/gu, '').replace(/\u0301/g, '').replace(/\s+/g, ' ').trim();
const keyOf = (f: Finding) => (f.check === 'overflow' ? 'page overflow' : `${f.check} ${textKey(String((f.evidence as any).text ?? (f.evidence as any).selector ?? ''))}`);

async function truthOf(names: string[]): Promise<TruthLine[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(PROJECT, 'measure-stress.mjs'), '--viewport', VIEWPORT, ...names], { maxBuffer: 64 << 20 });
  return stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as TruthLine);
}

/** Runs truth and veval; `say` gets each difference. */
export async function stressCorpus(say: (line: string) => void = () => {}, only: string[] = [], keep = false): Promise<StressRow[]> {
  const server = await serveStatic(CORPUS_DIR);
  const out = tmpDir('veval-stress-corpus-');
  try {
    const plan = await loadProject({ cwd: PROJECT, baseURL: server.url });
    if (only.length) plan.specs = plan.specs.filter((s) => only.includes(s.name));
    for (const s of plan.specs) {
      s.viewports = s.viewports.filter((v) => v.name === VIEWPORT);
      s.states = withStress(s.states.filter((st) => st.name === 'default'), (st) => stressOf([...STRESS_VARIANTS], undefined, undefined, st.name));
    }
    const truth = await truthOf(plan.specs.map((s) => s.name));
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    const rows = STRESS_VARIANTS.map((variant): StressRow => ({ variant, units: 0, truth: 0, found: 0, falseAlarms: 0, known: 0, misses: [], extra: [] }));
    for (const spec of plan.specs) {
      const findings = (await runChecks(run, spec)).flatMap((r) => r.findings).filter((f) => f.stress && f.severity !== 'polish');
      for (const row of rows) {
        row.units++;
        const t = truth.find((l) => l.spec === spec.name && l.variant === row.variant);
        const want = [...(t?.overflow ? ['page overflow'] : []), ...(t?.clipped ?? []).map((c) => textKey(c.plain ?? c.text))];
        const got = findings.filter((f) => f.stress!.variant === row.variant);
        row.truth += want.length;
        for (const w of want) {
          const known = KNOWN.find((k) => k.kind === 'miss' && k.variant === row.variant && k.spec === spec.name && k.text === w);
          if (got.some((f) => names(f, w))) { row.found++; if (known) say(`stale: known miss found now: ${row.variant} ${spec.name}: ${w}`); }
          else if (known) { row.known++; say(`known miss: ${row.variant} ${spec.name}: ${w} — ${known.reason}`); }
          else { row.misses.push(`${spec.name}: ${w}`); say(`miss: ${row.variant} ${spec.name}: ${w}`); }
        }
        for (const f of got.filter((f) => !want.some((w) => names(f, w)))) {
          row.falseAlarms++;
          const known = KNOWN.find((k) => k.kind === 'false alarm' && k.variant === row.variant && k.spec === spec.name && keyOf(f).includes(k.text));
          if (known) { row.known++; say(`known false alarm: ${row.variant} ${spec.name}: ${keyOf(f)} — ${known.reason}`); continue; }
          row.extra.push(`${spec.name}: ${f.check} ${keyOf(f)}`);
          say(`false alarm: ${row.variant} ${spec.name}: ${f.check} ${f.message}`);
        }
      }
    }
    if (keep) {
      const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-stress-kept-'));
      fs.cpSync(out, kept, { recursive: true });
      fs.writeFileSync(path.join(kept, 'truth.jsonl'), truth.map((l) => JSON.stringify(l)).join('\n'));
      say(`kept: ${kept}`);
    }
    return rows;
  } finally {
    await server.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  stressCorpus((l) => process.stdout.write(l + '\n'), names, process.argv.includes('--keep')).then((rows) => {
    for (const r of rows) process.stdout.write(`${r.variant}: ${r.units} units, truth ${r.truth}, found ${r.found}, false alarms ${r.falseAlarms}\n`);
  }).catch((err) => { process.stderr.write(`${(err as Error).stack ?? err}\n`); process.exit(1); });
}

// Scores veval against ground truth measured independently of its code (test/real/*/measure.mjs
// and screenshots). A suite is a veval project folder (config + specs/) with truth/<spec>.json and
// the folder its pages are served from. Used by test/real/corpus.test.ts and scripts/precision.ts.
//
// A finding is keyed by { check, viewport, state, target }: target is the required element's
// selector (or text), the region pair "a+b", the axe rule id, the reversed region pairs of a
// task-order finding, the clipped text, the failed request's path or the console message; null for
// checks about the whole capture (overflow, http-status, stability). Findings at important or
// blocker beyond the expected list are false alarms, expected ones not found at important or
// blocker are misses; polish is not scored. `knownFalseAlarms` / `knownMisses` in a truth file are
// residual differences kept with a reason: they are reported apart and must still occur, so the
// lists can only shrink (an entry marked `flaky` occurs in some runs only and is tolerated either way).
//
// Engines: a suite is scored in one engine at a time (scoreSuite's `engine`, default chromium; for
// firefox the config's browser.engines is replaced by [firefox], and a unit's viewport
// "mobile.firefox" is scored as "mobile"). One truth file serves both engines: an expected finding
// or a residual with `engines: ["chromium"]` (or ["firefox"]) holds in that engine only, and its
// `how` / `reason` says what was measured in each; an entry without `engines` holds in both.
// VEVAL_REAL_SPECS=a,b scores only those specs (to re-run the ones that differ); KEEP_TMP=1 keeps
// the run folder (records, screenshots) and prints where it is.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Finding } from '../../src/core/artifacts.js';
import type { RunContext } from '../../src/core/run.js';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { serveStatic } from '../../src/core/static-server.js';
import { gateRun } from '../../src/gate/index.js';
import type { ReportFinding } from '../../src/gate/report-schema.js';
import { loadProject } from '../../src/spec/project.js';
import { splitViewport, type Engine } from '../../src/core/engines.js';
import { REPO, tmpDir } from '../helpers/tmp.js';

export interface Suite { name: string; project: string; serve: string }
export interface Key { check: string; viewport: string | null; state: string | null; target: string | null }
/** `engines`: the engines the entry holds in (absent: every engine) */
export interface Expected extends Key { severity?: string; how: string; engines?: Engine[] }
/** `flaky`: a residual that occurs in some runs only (a capture artifact under load); tolerated
 *  either way instead of being required to occur (a known miss: to stay missed), and counted apart
 *  in the precision table */
export interface Residual extends Key { reason: string; flaky?: boolean; engines?: Engine[] }
export interface Truth { spec: string; expected: Expected[]; knownFalseAlarms?: Residual[]; knownMisses?: Residual[] }

/** The suites: the real corpus (third-party pages outside the repo) and, when present, the framework pages. */
export const CORPUS_DIR = path.resolve(REPO, '..', 'shared', 'corpus', 'real-pages');
export function suites(): { available: Suite[]; missing: string[] } {
  const all: Suite[] = [
    { name: 'real corpus', project: path.join(REPO, 'test', 'real', 'corpus'), serve: CORPUS_DIR },
    { name: 'frameworks', project: path.join(REPO, 'test', 'real', 'frameworks'), serve: path.join(REPO, 'test', 'real', 'frameworks') },
    { name: 'design systems', project: path.join(REPO, 'test', 'real', 'design-systems'), serve: path.join(REPO, 'test', 'fixtures', 'design-systems') },
  ];
  const missing: string[] = [];
  const available = all.filter((s) => {
    if (!fs.existsSync(path.join(s.project, 'truth'))) return false;   // a suite not built yet
    if (!fs.existsSync(s.serve)) { missing.push(`${s.name}: ${s.serve} is absent`); return false; }
    return true;
  });
  return { available, missing };
}

const norm = (s: unknown) => String(s ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
const pair = (a: string, b: string) => [a, b].sort().join('+');
const pathOf = (u: unknown) => { try { return new URL(String(u)).pathname; } catch { return String(u); } };
export const keyText = (k: Key) => `${k.check} ${k.state ?? '-'}-${k.viewport ?? '-'} ${k.target ?? ''}`.trim();

interface RawSpec { required?: { selector?: string; text?: string; name?: string }[]; states?: { name: string; required?: RawSpec['required'] }[] }

/** The target of a veval finding, named the way the ground truth names it. */
export function targetOf(f: ReportFinding, spec: RawSpec): string | null {
  const ev = f.evidence as Record<string, any>;
  switch (f.check) {
    case 'required-visible': {
      const all = [...(spec.required ?? []), ...(spec.states ?? []).flatMap((s) => s.required ?? [])];
      const r = all.find((x) => x.name && x.name === ev.required?.name);
      return r ? (r.selector ?? r.text ?? null) : (ev.selector ?? null);
    }
    case 'overlap': case 'min-gap': return Array.isArray(ev.regions) ? pair(ev.regions[0], ev.regions[1]) : null;
    case 'task-order': return Array.isArray(ev.reversedPairs) ? ev.reversedPairs.map(([a, b]: string[]) => pair(a!, b!)).sort().join(',') : null;
    case 'axe': return f.rule ?? null;
    case 'console': case 'text-clipped': return norm(ev.text);
    case 'requests': return pathOf(ev.text);
    default: return null;
  }
}

const same = (a: Key, b: Key) => a.check === b.check && a.viewport === b.viewport && a.state === b.state && (a.target ?? null) === (b.target ?? null);
const scored = (f: ReportFinding) => f.severity === 'blocker' || f.severity === 'important';

export interface SpecScore {
  suite: string; spec: string; units: number;
  expected: number; found: number;
  falseAlarms: (Key & { message: string })[]; misses: Expected[];
  /** the known false alarms that occurred in this run */
  knownFalseAlarms: Residual[]; knownMisses: Residual[];
  /** residual entries that no longer occur: the list must shrink */
  stale: string[];
}

/** The truth entries that hold in `engine`. */
const holdsIn = <T extends { engines?: Engine[] }>(engine: Engine) => (e: T) => !e.engines || e.engines.includes(engine);

/** The specs VEVAL_REAL_SPECS names (comma-separated), or null: every spec. */
export const specFilter = (): string[] | null => process.env.VEVAL_REAL_SPECS?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;

/** Runs veval (capture → checks → gate, one browser, `workers` units at a time) over one suite in
 *  one engine and scores each spec (those `specs` names, when given). */
export async function scoreSuite(suite: Suite, workers = 2, engine: Engine = 'chromium', specs?: string[]): Promise<SpecScore[]> {
  const server = await serveStatic(suite.serve);
  const out = tmpDir(`veval-real-${engine}-`);
  try {
    const plan = await loadProject({ cwd: suite.project, baseURL: server.url, engines: [engine] });
    const only = specFilter() ?? specs;
    if (only) plan.specs = plan.specs.filter((s) => only.includes(s.name));
    if (!plan.specs.length) return [];
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers });
    for (const spec of plan.specs) await runChecks(run, spec);
    const report = gateRun(run, { startedAt: new Date().toISOString(), finishedAt: new Date().toISOString() });
    return report.specs.map((s) => {
      const truthFile = path.join(suite.project, 'truth', `${s.name}.json`);
      const all: Truth = fs.existsSync(truthFile) ? JSON.parse(fs.readFileSync(truthFile, 'utf8')) : { spec: s.name, expected: [] };
      const truth: Truth = { ...all, expected: all.expected.filter(holdsIn(engine)),
        knownFalseAlarms: all.knownFalseAlarms?.filter(holdsIn(engine)), knownMisses: all.knownMisses?.filter(holdsIn(engine)) };
      const raw = parse(fs.readFileSync(path.join(suite.project, s.file.startsWith('/') ? path.relative(suite.project, s.file) : s.file), 'utf8')) as RawSpec;
      const got = s.findings.filter(scored).map((f) => ({ check: f.check, viewport: f.viewport === null ? null : splitViewport(f.viewport).viewport, state: f.state, target: targetOf(f, raw), message: f.message }));
      const knownFA = truth.knownFalseAlarms ?? [], knownMiss = truth.knownMisses ?? [];
      const falseAlarms = got.filter((g) => !truth.expected.some((e) => same(e, g)) && !knownFA.some((k) => same(k, g)));
      const misses = truth.expected.filter((e) => !got.some((g) => same(e, g)) && !knownMiss.some((k) => same(k, e)));
      const stale = [
        ...knownFA.filter((k) => !k.flaky && !got.some((g) => same(k, g))).map((k) => `knownFalseAlarms entry no longer occurs: ${keyText(k)}`),
        ...knownMiss.filter((k) => !k.flaky && got.some((g) => same(k, g))).map((k) => `knownMisses entry is found now: ${keyText(k)}`),
      ];
      const found = truth.expected.filter((e) => got.some((g) => same(e, g))).length;
      const occurring = knownFA.filter((k) => got.some((g) => same(k, g)));
      return { suite: suite.name, spec: s.name, units: s.units.length, expected: truth.expected.length, found, falseAlarms, misses, knownFalseAlarms: occurring, knownMisses: knownMiss, stale };
    });
  } finally {
    await server.close();
    if (process.env.KEEP_TMP === '1') process.stderr.write(`KEEP_TMP=1: ${suite.name} in ${engine}: run folder ${path.join(out, 'run')}\n`);
    else fs.rmSync(out, { recursive: true, force: true });
  }
}

/** Captures every spec of a project folder served from `serve` and runs its checks (none may end in
 *  an error): spec → findings. The server is closed before it returns. */
export async function findingsOf(project: string, serve: string, prefix: string): Promise<Map<string, Finding[]>> {
  const server = await serveStatic(serve);
  try {
    const plan = await loadProject({ cwd: project, baseURL: server.url });
    const out = tmpDir(prefix);
    const run: RunContext = { root: plan.root, outDir: out, runId: 'run', runDir: path.join(out, 'run'), plan };
    await captureRun(run, { baseURL: server.url, workers: 2 });
    const results = new Map<string, Finding[]>();
    for (const spec of plan.specs) {
      const res = await runChecks(run, spec);
      const broken = res.filter((r) => r.status === 'error').map((r) => `${spec.name} ${r.check}: ${r.error}`);
      if (broken.length) throw new Error(`checks ended in an error: ${broken.join('; ')}`);
      results.set(spec.name, res.flatMap((r) => r.findings));
    }
    return results;
  } finally {
    await server.close();
  }
}

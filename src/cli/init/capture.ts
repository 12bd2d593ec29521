// `veval init` captures the routes it writes specs for, so that each spec starts with what the page
// shows: its primary headings, landmarks and controls as required entries, its landmarks as
// regions (the same entries `veval look --spec-out` writes, by selectors that survive re-renders).
// One run of the ordinary pipeline (the project's config: its server builds and serves the app)
// into a folder of its own, removed afterwards. When the app cannot be built or served, the specs
// are written without entries and init says why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { readArtifact } from '../../core/artifact-read.js';
import { files } from '../../core/run.js';
import type { CaptureRecord } from '../../core/artifacts.js';
import { loadProject } from '../../spec/project.js';
import type { ProjectPlan } from '../../spec/plan.js';
import { pageEntries, type SpecEntry } from '../../look/spec-out.js';

export interface RouteEntries { regions: Record<string, string>; required: SpecEntry[] }
export interface InitRoute { name: string; route: string; viewports: string[] }
export interface InitCapture {
  entries: Map<string, RouteEntries>; why: Map<string, string>; failed: string | null;
  /** the routes `follow` added from the first capture's same-origin links, captured too */
  followed: InitRoute[];
}

const QUIET = { write: () => true } as unknown as NodeJS.WriteStream;

/** The same-origin page paths a capture's links point to (from its ARIA snapshot's /url lines):
 *  no files (/logo.svg), no fragments or queries, in the order the page shows them. */
export function sameOriginPaths(record: Pick<CaptureRecord, 'aria' | 'url'>): string[] {
  const out: string[] = [];
  let base: URL;
  try { base = new URL(record.url); } catch { return out; }
  for (const m of (record.aria ?? '').matchAll(/^\s*- \/url: (.+)$/gm)) {
    let u: URL;
    try { u = new URL(m[1].trim().replace(/^"(.*)"$/, '$1'), base); } catch { continue; }
    if (u.origin !== base.origin || /\.[A-Za-z0-9]{1,5}$/.test(u.pathname.replace(/\/$/, ''))) continue;
    if (!out.includes(u.pathname)) out.push(u.pathname);
  }
  return out;
}

/** Captures every route (default state, every viewport of the spec) and reads its entries; then,
 *  with `follow`, the routes it picks from the first routes' links, against the same server (one build). */
export async function captureForInit(root: string, routes: InitRoute[], follow?: (links: string[]) => InitRoute[]): Promise<InitCapture> {
  const out: InitCapture = { entries: new Map(), why: new Map(), failed: null, followed: [] };
  if (!routes.length) return out;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-init-'));
  let stop = async () => {};
  try {
    const first = await loadFor(root, routes);
    const { needsAppServer } = await import('../../pipeline.js');
    let baseURL: string | undefined;
    if (needsAppServer(first)) {
      const { startAppServer } = await import('../../capture/app-server.js');
      const server = await startAppServer(first);
      stop = () => server.stop();
      baseURL = server.baseURL ?? undefined;
    }
    const links = await captureInto(first, path.join(dir, 'a'), baseURL, out);
    out.followed = follow ? follow(links).filter((r) => !routes.some((x) => x.route === r.route)) : [];
    if (out.followed.length) await captureInto(await loadFor(root, out.followed), path.join(dir, 'b'), baseURL, out);
  } catch (err) {
    // the server did not start, the build failed, the config is not valid yet …
    out.failed = String((err as Error)?.message ?? err).split('\n')[0].slice(0, 300);
  } finally {
    await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** The project's plan with init's specs in place of the project's own (no parity, no judge). */
async function loadFor(root: string, routes: InitRoute[]): Promise<ProjectPlan> {
  const inline = routes.map((r) => ({
    file: `.veval-init/${r.name}.yaml`,
    text: YAML.stringify({ name: r.name, route: r.route, viewports: r.viewports, checks: { 'interactive-reachable': true } }),
  }));
  const plan = await loadProject({ cwd: root, inline });
  return { ...plan, specs: plan.specs.map((s) => ({ ...s, parity: null, judge: null })) };
}

/** One run of the pipeline into `out`: each spec's entries (or why not) into `into`; the links of the first spec's first viewport. */
async function captureInto(plan: ProjectPlan, outDir: string, baseURL: string | undefined, into: InitCapture): Promise<string[]> {
  const { runPipeline } = await import('../../pipeline.js');
  const { run } = await runPipeline(plan, { out: outDir, reporters: ['json'], argv: ['init'], shard: null, log: QUIET, keepRuns: 1, baseURL });
  let links: string[] | null = null;
  for (const spec of run.plan.specs) {
    const records: CaptureRecord[] = [];
    const problems: string[] = [];
    for (const v of spec.viewports) {
      const r = readArtifact('record', path.join(run.runDir, files.record(spec.name, 'default', v.name))).value;
      if (r?.ok && r.interactive) records.push(r);
      else problems.push(`${v.name}: ${r?.error?.message ?? r?.error?.reason ?? 'not captured'}`);
    }
    if (records[0] && links === null) links = sameOriginPaths(records[0]);
    if (problems.length) { into.why.set(spec.name, `the capture failed (${problems.join('; ')})`); continue; }
    const e = pageEntries(records);
    into.entries.set(spec.name, { regions: e.regions, required: e.required });
  }
  return links ?? [];
}

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
import { pageEntries, type SpecEntry } from '../../look/spec-out.js';

export interface RouteEntries { regions: Record<string, string>; required: SpecEntry[] }
export interface InitCapture { entries: Map<string, RouteEntries>; why: Map<string, string>; failed: string | null }

const QUIET = { write: () => true } as unknown as NodeJS.WriteStream;

/** Captures every route (default state, every viewport of the spec) and reads its entries. */
export async function captureForInit(root: string, routes: { name: string; route: string; viewports: string[] }[]): Promise<InitCapture> {
  const out: InitCapture = { entries: new Map(), why: new Map(), failed: null };
  if (!routes.length) return out;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-init-'));
  try {
    const inline = routes.map((r) => ({
      file: `.veval-init/${r.name}.yaml`,
      text: YAML.stringify({ name: r.name, route: r.route, viewports: r.viewports, checks: { 'interactive-reachable': true } }),
    }));
    const plan = await loadProject({ cwd: root, inline });
    const { runPipeline } = await import('../../pipeline.js');
    const { run } = await runPipeline({ ...plan, specs: plan.specs.map((s) => ({ ...s, parity: null, judge: null })) }, {
      out: dir, reporters: ['json'], argv: ['init'], shard: null, log: QUIET, keepRuns: 1,
    });
    for (const spec of run.plan.specs) {
      const records: CaptureRecord[] = [];
      const problems: string[] = [];
      for (const v of spec.viewports) {
        const r = readArtifact('record', path.join(run.runDir, files.record(spec.name, 'default', v.name))).value;
        if (r?.ok && r.interactive) records.push(r);
        else problems.push(`${v.name}: ${r?.error?.message ?? r?.error?.reason ?? 'not captured'}`);
      }
      if (problems.length) { out.why.set(spec.name, `the capture failed (${problems.join('; ')})`); continue; }
      const e = pageEntries(records);
      out.entries.set(spec.name, { regions: e.regions, required: e.required });
    }
  } catch (err) {
    // the server did not start, the build failed, the config is not valid yet …
    out.failed = String((err as Error)?.message ?? err).split('\n')[0].slice(0, 300);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

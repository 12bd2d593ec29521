// verify when the latest run is a `veval look`: is the look fresh for the working tree, and is it
// the done-check? It is only while the project has no spec of its own; with specs, `veval run` is.
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { diffManifests, freshness } from '../core/freshness.js';
import type { RunContext } from '../core/run.js';
import type { RunInfo } from '../core/run-folder.js';
import type { ProjectPlan } from '../spec/plan.js';
import { loadProject } from '../spec/project.js';
import { LOOK_FILE, LOOK_SPEC } from './index.js';

/** A run that `veval look` made (its plan is the one in-memory spec). */
export const isLookPlan = (plan: ProjectPlan) => plan.specs.length === 1 && plan.specs[0].name === LOOK_SPEC && plan.specs[0].file === LOOK_FILE;

export async function verifyLook(run: RunContext, info: RunInfo, report: { status: string; incomplete?: boolean; specs?: { findings?: { severity: string; fails?: boolean }[] }[] }, opts: { config?: string }, say: (s: string) => void): Promise<boolean> {
  const root = run.plan.root;
  const url = run.plan.specs[0].url ?? run.plan.specs[0].route ?? '';
  say(`verify: the latest run ${run.runId} is a \`veval look\` of ${url}, not a run of the project's specs`);
  let ok = true;
  const now = freshness(root, path.relative(root, run.outDir).split(path.sep).join('/'));
  if (now.treeHash !== info.treeHash) {
    ok = false;
    const d = diffManifests(info.files ?? {}, now.files);
    const changed = [...d.changed, ...d.added, ...d.removed];
    say(`verify: FAIL — the look is stale: the working tree changed since (${changed.slice(0, 20).join(', ')}${changed.length > 20 ? ` (+${changed.length - 20} more)` : ''}); look again`);
  } else say('verify: the look is fresh for the working tree');
  // the gate's verdict on the look (report.json), as `veval look` gave it
  const failing = (report.specs ?? []).flatMap((s) => s.findings ?? []).filter((f) => f.fails).length;
  if (report.incomplete) { ok = false; say('verify: FAIL — the look was interrupted'); } else if (report.status !== 'pass') {
    ok = false;
    say(`verify: FAIL — the look failed the gate${failing ? `: ${failing} finding${failing === 1 ? '' : 's'} fail${failing === 1 ? 's' : ''} it` : ''}`);
  }
  let specs = 0;
  try { specs = (await loadProject({ cwd: root, config: opts.config ? path.resolve(opts.config) : undefined, baseURL: 'http://127.0.0.1/' })).specs.length; } catch (err) {
    // no spec files at all is what a look stands in for; any other problem is the project's
    if (!(err instanceof InputError && err.problems.every((p) => /(^|\s)no spec files (found|match)/.test(p)))) specs = -1;
  }
  if (specs !== 0) {
    ok = false;
    say(specs > 0
      ? `verify: FAIL — the project has ${specs} spec${specs === 1 ? '' : 's'}: a look is not the done-check; run \`veval run\``
      : 'verify: FAIL — the project does not load (run `veval validate`); a look is not the done-check');
  }
  if (ok) say(`verify: ok — look ${run.runId} passed the gate and matches the working tree (the project has no spec yet: \`veval look … --spec-out specs/<name>.yaml\` writes one)`);
  return ok;
}

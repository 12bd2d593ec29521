// --changed [ref]: narrow the plan to the specs whose inputs changed since a git revision — the
// spec file, its brief and rubric, storageState/HAR files, its approved baselines
// (baselines/<spec>/**) and its `watch:` globs (relative to the spec file). A change to the config
// affects every spec. So does any changed file none of these accounts for (app code no `watch:`
// names, a deleted spec…): veval cannot know which routes it affects, and fails closed by running
// everything. Changes = committed since the base + staged + unstaged + untracked files.
// A Storybook spec selected by its watch: globs alone runs only the stories that import the changed
// files (spec/story-imports.ts). Default base: the merge base of HEAD with the origin default branch (origin/HEAD), else with
// the branch's upstream, else HEAD itself (only uncommitted work).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import picomatch from 'picomatch';
import { InputError } from '../core/errors.js';
import { BASELINES } from '../parity/store/baselines.js';
import type { ProjectPlan, SpecPlan } from '../spec/plan.js';
import { storybookProject } from '../spec/story-imports.js';

export interface ChangedSelection {
  /** what the base was and how it was chosen, e.g. "origin/main (merge base 1a2b3c4)" */
  base: string;
  /** changed files, relative to the project root ('/'-separated; outside the root: '../…') */
  changed: string[];
  /** the selected specs and, for each, the first changed input that selected it */
  specs: { spec: SpecPlan; because: string }[];
  /** changed files no spec input, the config or a baseline accounts for: they select every spec */
  unattributed: string[];
}

function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return null;
  }
}

const short = (sha: string) => sha.trim().slice(0, 12);

/** The revision changes are counted from, and a human description of it. */
export function resolveBase(top: string, ref: string | true): { sha: string; label: string } {
  if (ref !== true) {
    const sha = git(top, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    if (!sha) throw new InputError([`--changed "${ref}": not a git revision in ${top} (write --changed=<ref>, or put --changed last when specs follow it)`]);
    return { sha: sha.trim(), label: `${ref} (${short(sha)})` };
  }
  const head = git(top, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (!head) throw new InputError(['--changed: the repository has no commit yet; commit once, or pass --changed <ref>']);
  for (const upstream of [git(top, ['rev-parse', '--abbrev-ref', 'origin/HEAD']), git(top, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'])]) {
    const name = upstream?.trim();
    if (!name || name === 'origin/HEAD') continue;
    const mb = git(top, ['merge-base', 'HEAD', name]);
    if (!mb) throw new InputError([`--changed: no merge base between HEAD and ${name} (a shallow clone? fetch with full history, e.g. actions/checkout fetch-depth: 0, or pass --changed <ref>)`]);
    return { sha: mb.trim(), label: `merge base with ${name} (${short(mb)})` };
  }
  return { sha: head.trim(), label: `HEAD (${short(head)}; no upstream or origin default branch)` };
}

/** Files changed since `sha` in the working tree (committed, staged, unstaged, deleted, untracked), relative to `root`. */
export function changedFiles(top: string, root: string, sha: string): string[] {
  const diff = git(top, ['diff', '--name-only', '--no-renames', '-z', sha, '--']);
  const untracked = git(top, ['ls-files', '--others', '--exclude-standard', '-z', '--full-name']);
  if (diff === null || untracked === null) throw new InputError([`--changed: git could not list the changes since ${sha} in ${top}`]);
  const all = new Set([...diff.split('\0'), ...untracked.split('\0')].filter(Boolean));
  return [...all].map((f) => path.relative(root, path.join(top, f)).split(path.sep).join('/')).sort();
}

const rel = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/** Root-relative matchers for everything a spec's verdict depends on besides the app itself: its own
 *  files (spec, brief, rubric, storageState, HAR, baselines) and what its watch: globs name. */
function specInputs(plan: ProjectPlan, spec: SpecPlan): { own: (f: string) => boolean; watched: (f: string) => boolean } {
  const exact = new Set([spec.file, spec.brief?.file, spec.judge?.rubric.file,
    spec.context.storageState ? rel(plan.root, spec.context.storageState) : null,
    spec.network.har ? rel(plan.root, path.resolve(plan.root, spec.network.har)) : null,
  ].filter((f): f is string => !!f));
  const specDir = path.posix.dirname(spec.file);
  const baselines = picomatch(`${BASELINES}/${spec.name}/**`, { dot: true });
  const watched = spec.watch.length ? picomatch(spec.watch.map((g) => path.posix.normalize(path.posix.join(specDir, g))), { dot: true }) : () => false;
  return { own: (f) => exact.has(f) || baselines(f), watched };
}

/** A Storybook spec that only its watch: globs selected runs the stories that import the changed
 *  files; its spec file, brief or baselines changing (or no Storybook project found) runs them all. */
function narrowStories(plan: ProjectPlan, spec: SpecPlan, hits: string[]): SpecPlan {
  if (!spec.storybook || hits.some(specInputs(plan, spec).own)) return spec;
  const project = storybookProject(path.join(plan.root, spec.file), spec.storybook.dir);
  if (!project) return spec;
  return { ...spec, storybook: { ...spec.storybook, changed: { project, files: hits.map((h) => path.join(plan.root, h)) } } };
}

/** Which specs of `plan` are affected by the changes since `ref` (true: the default base). */
export function selectChanged(plan: ProjectPlan, ref: string | true): ChangedSelection {
  const topOut = git(plan.root, ['rev-parse', '--show-toplevel']);
  if (!topOut) throw new InputError([`--changed needs a git repository: ${plan.root} is not inside one (is git installed?)`]);
  const top = topOut.trim();
  const base = resolveBase(top, ref);
  // the artifacts folder and the judge cache are veval's own output, not inputs (often not git-ignored)
  const own = [rel(plan.root, path.resolve(plan.root, plan.out)) + '/', '.veval-cache/'];
  const changed = changedFiles(top, plan.root, base.sha).filter((f) => !own.some((o) => f.startsWith(o)));
  const config = plan.configFile ? rel(plan.root, path.resolve(plan.root, plan.configFile)) : null;
  // baselines of a spec not in this plan (deleted, renamed) affect no spec that runs
  const used = new Set<string>(changed.filter((f) => f === config || f.startsWith(`${BASELINES}/`)));
  const perSpec = plan.specs.map((spec) => {
    const inputs = specInputs(plan, spec);
    const hits = changed.filter((f) => inputs.own(f) || inputs.watched(f));
    hits.forEach((h) => used.add(h));
    return { spec, hits };
  });
  const unattributed = changed.filter((f) => !used.has(f));
  const all = config && changed.includes(config) ? config : unattributed.length ? `${unattributed[0]}: no spec declares it` : null;
  const specs = perSpec.filter((s) => all || s.hits.length).map((s) => ({ spec: all ? s.spec : narrowStories(plan, s.spec, s.hits), because: s.hits[0] ?? all! }));
  return { base: base.label, changed, specs, unattributed };
}

const list = (xs: string[]) => `${xs.slice(0, 8).join(', ')}${xs.length > 8 ? `, … ${xs.length - 8} more` : ''}`;

/** One paragraph for the console: the base, what runs and why, and why everything runs when it does. */
export function describeChanged(sel: ChangedSelection, total: number): string {
  const lines = [`--changed: ${sel.changed.length} changed file(s) since ${sel.base}; ${sel.specs.length} of ${total} spec(s) affected`];
  for (const s of sel.specs) lines.push(`  ${s.spec.name}  (${s.because})`);
  if (sel.unattributed.length) {
    lines.push(`  running every spec: no spec declares ${list(sel.unattributed)} as an input, so veval cannot tell which routes ${sel.unattributed.length === 1 ? 'it affects' : 'they affect'}.`,
      '  Declare `watch:` globs in the specs (app files each route depends on) to narrow --changed.');
  }
  if (!sel.specs.length) {
    lines.push(sel.changed.length
      ? '  nothing to run: every changed file is an input of no spec in this run (e.g. baselines of a spec not selected).'
      : '  nothing to run: nothing changed.');
    lines.push('  No run folder written; the previous report stays the latest (`veval verify` still judges it).');
  }
  return lines.join('\n') + '\n';
}

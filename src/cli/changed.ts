// --changed [ref]: narrow the plan to the specs whose inputs changed since a git revision — the
// spec file, its brief and rubric, storageState/HAR files, its approved baselines
// (baselines/<spec>/**) and its `watch:` globs (relative to the spec file). A change to the config
// affects every spec. Changes = committed since the base + staged + unstaged + untracked files.
// Default base: the merge base of HEAD with the origin default branch (origin/HEAD), else with
// the branch's upstream, else HEAD itself (only uncommitted work).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import picomatch from 'picomatch';
import { InputError } from '../core/errors.js';
import { BASELINES } from '../parity/baselines.js';
import type { ProjectPlan, SpecPlan } from '../spec/plan.js';

export interface ChangedSelection {
  /** what the base was and how it was chosen, e.g. "origin/main (merge base 1a2b3c4)" */
  base: string;
  /** changed files, relative to the project root ('/'-separated; outside the root: '../…') */
  changed: string[];
  /** the selected specs and, for each, the first changed input that selected it */
  specs: { spec: SpecPlan; because: string }[];
  /** changed files that no spec depends on */
  unmatched: string[];
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

/** Root-relative matchers for everything a spec's verdict depends on besides the app itself. */
function specInputs(plan: ProjectPlan, spec: SpecPlan): (f: string) => boolean {
  const exact = new Set([spec.file, spec.brief?.file, spec.judge?.rubric.file,
    spec.context.storageState ? rel(plan.root, spec.context.storageState) : null,
    spec.network.har ? rel(plan.root, path.resolve(plan.root, spec.network.har)) : null,
  ].filter((f): f is string => !!f));
  const specDir = path.posix.dirname(spec.file);
  const globs = [`${BASELINES}/${spec.name}/**`, ...spec.watch.map((g) => path.posix.normalize(path.posix.join(specDir, g)))];
  const isMatch = picomatch(globs, { dot: true });
  return (f) => exact.has(f) || isMatch(f);
}

/** Which specs of `plan` are affected by the changes since `ref` (true: the default base). */
export function selectChanged(plan: ProjectPlan, ref: string | true): ChangedSelection {
  const topOut = git(plan.root, ['rev-parse', '--show-toplevel']);
  if (!topOut) throw new InputError([`--changed needs a git repository: ${plan.root} is not inside one (is git installed?)`]);
  const top = topOut.trim();
  const base = resolveBase(top, ref);
  // the artifacts folder is veval's own output, not an input (it is often not git-ignored)
  const out = rel(plan.root, path.resolve(plan.root, plan.out)) + '/';
  const changed = changedFiles(top, plan.root, base.sha).filter((f) => !f.startsWith(out));
  const config = plan.configFile ? rel(plan.root, path.resolve(plan.root, plan.configFile)) : null;
  const used = new Set<string>();
  const specs: ChangedSelection['specs'] = [];
  const configChanged = !!config && changed.includes(config);
  if (configChanged) used.add(config!);
  for (const spec of plan.specs) {
    const hits = changed.filter(specInputs(plan, spec));
    hits.forEach((h) => used.add(h));
    if (configChanged || hits.length) specs.push({ spec, because: configChanged ? config! : hits[0] });
  }
  return { base: base.label, changed, specs, unmatched: changed.filter((f) => !used.has(f)) };
}

/** One paragraph for the console: the base, what runs and why, what changed but selects nothing. */
export function describeChanged(sel: ChangedSelection, total: number): string {
  const lines = [`--changed: ${sel.changed.length} changed file(s) since ${sel.base}; ${sel.specs.length} of ${total} spec(s) affected`];
  for (const s of sel.specs) lines.push(`  ${s.spec.name}  (${s.because})`);
  if (sel.unmatched.length) {
    const shown = sel.unmatched.slice(0, 8);
    lines.push(`  not watched by any spec: ${shown.join(', ')}${sel.unmatched.length > shown.length ? `, … ${sel.unmatched.length - shown.length} more` : ''}`);
  }
  if (!sel.specs.length) lines.push('  nothing to run: no run folder written, the previous report stays the latest (`veval verify` still judges it). Declare `watch:` globs in a spec to tie app files to it.');
  return lines.join('\n') + '\n';
}

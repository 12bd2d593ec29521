// --changed for Storybook specs: which stories a changed file can affect. Convention: a story
// depends on its story file and every file that file reaches through relative imports (its
// component, the component's CSS, the components it renders and theirs). The index names each
// story's file (importPath, relative to the Storybook's project: the folder holding .storybook/).
// Fails closed: a changed file no story reaches (a theme the preview loads, a helper) selects every
// story, and a story whose imports cannot all be followed (an alias, an unknown package) is
// selected by every change.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import type { IndexStory, StoriesChanged } from './story-types.js';

/** What --changed narrows a Storybook spec's stories by (set on the spec's storybook plan). */

// `import x from 'y'`, `export … from 'y'`, `import 'y'`, `import('y')`, `require('y')`, CSS `@import 'y'`
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
const EXTS = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.vue', '.svelte', '.json', '.css'];
const isFile = (f: string) => { try { return fs.statSync(f).isFile(); } catch { return false; } };

/** The file a relative specifier names (as bundlers resolve it: extensions, then folder/index), or null. */
function resolveRelative(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/[?#].*$/, ''));
  for (const e of EXTS) if (isFile(base + e)) return base + e;
  for (const e of EXTS.slice(1)) if (isFile(path.join(base, `index${e}`))) return path.join(base, `index${e}`);
  // TypeScript's ESM style: './Button.js' written for './Button.ts'
  const js = /\.(m|c)?jsx?$/.exec(base);
  if (js) for (const e of ['.ts', '.tsx', '.mts', '.cts']) if (isFile(base.slice(0, -js[0].length) + e)) return base.slice(0, -js[0].length) + e;
  return null;
}

/** The package names the project declares (any dependency kind in its package.json and those of the
 *  folders above it: a monorepo's root), plus Node's own. */
function declaredPackages(project: string): Set<string> {
  const out = new Set(builtinModules);
  for (let d = project; ; d = path.dirname(d)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8'));
      for (const k of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) for (const n of Object.keys(pkg?.[k] ?? {})) out.add(n);
    } catch { /* none here, or unreadable: its packages are unknown */ }
    if (path.dirname(d) === d) return out;
  }
}

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]).replace(/^node:/, '');

/** The files one file imports relatively; null when one of its imports cannot be followed. */
function importsOf(file: string, packages: Set<string>): string[] | null {
  let text: string;
  try { text = fs.readFileSync(file, 'utf8'); } catch { return null; }
  if (!/\.(m|c)?[jt]sx?$|\.(vue|svelte|css|scss|less)$/.test(file)) return [];   // an image, a JSON file: a leaf
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1];
    if (spec.startsWith('.') || spec.startsWith('/')) {
      const hit = resolveRelative(file, spec);
      if (!hit) return null;
      out.push(hit);
    } else if (!packages.has(packageOf(spec))) return null;
  }
  return out;
}

/** Every file a story file reaches through relative imports (itself included); null when one of
 *  those files has an import that cannot be followed, so what the story depends on is not known. */
function reach(file: string, edges: (f: string) => string[] | null): Set<string> | null {
  const seen = new Set<string>();
  const todo = [file];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const next = edges(f);
    if (!next) return null;
    todo.push(...next);
  }
  return seen;
}

/** The ids of the stories the changed files can affect, and why the rest were left out (a note). */
export function storiesTouched(stories: IndexStory[], changed: StoriesChanged): { ids: Set<string>; note: string } {
  const packages = declaredPackages(changed.project);
  const parsed = new Map<string, string[] | null>();   // each file read once, however many stories reach it
  const edges = (f: string) => { if (!parsed.has(f)) parsed.set(f, importsOf(f, packages)); return parsed.get(f)!; };
  const byFile = new Map<string, Set<string> | null>();   // a story file's stories share what it reaches
  const deps = new Map(stories.map((s) => {
    const file = s.importPath ? path.resolve(changed.project, s.importPath) : null;
    if (file && !byFile.has(file)) byFile.set(file, reach(file, edges));
    return [s.id, file ? byFile.get(file)! : null] as const;
  }));
  const all = { ids: new Set(stories.map((s) => s.id)) };
  const shared = changed.files.filter((f) => ![...deps.values()].some((d) => d?.has(f)));
  const rel = (f: string) => path.relative(changed.project, f).split(path.sep).join('/');
  if (shared.length) return { ...all, note: `--changed: every story runs: ${rel(shared[0])} is imported by no story file (a file the preview or every story uses)` };
  const ids = new Set(stories.filter((s) => { const d = deps.get(s.id); return !d || changed.files.some((f) => d.has(f)); }).map((s) => s.id));
  const unknown = stories.filter((s) => !deps.get(s.id)).length;
  return { ids, note: `--changed: ${ids.size} of ${stories.length} stories import ${changed.files.length === 1 ? rel(changed.files[0]) : `${changed.files.length} changed files`}${unknown ? ` (${unknown} whose imports cannot all be followed run on every change)` : ''}` };
}

/** The Storybook project of a spec: the first folder with a .storybook/ among the built folder's
 *  parent and the spec file's folder and its parents; null when there is none. */
export function storybookProject(specFile: string, staticDir: string | null): string | null {
  const dirs = staticDir ? [path.dirname(staticDir)] : [];
  for (let d = path.dirname(specFile); ; d = path.dirname(d)) { dirs.push(d); if (path.dirname(d) === d) break; }
  return dirs.find((d) => { try { return fs.statSync(path.join(d, '.storybook')).isDirectory(); } catch { return false; } }) ?? null;
}

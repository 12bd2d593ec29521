// Storybook specs (spec `storybook:`): the stories of a Storybook's index as the states of one spec,
// each named by its story id. capture/storybook-plan.ts reads the index and the preview's parameters and
// hands them here, so what a story becomes is testable without a browser (only --changed reads the
// story files, spec/story-imports.ts).
import picomatch from 'picomatch';
import type { RequiredInput } from './schema.js';
import type { SpecPlan, StatePlan, StorybookPlan } from './plan.js';
import { requiredPlan } from './compile.js';
import { cssError } from './selectors.js';
import { storiesTouched } from './story-imports.js';

/** A story as the index lists it. */
export type { IndexStory } from './story-types.js';
import type { IndexStory } from './story-types.js';

/** Where a Storybook lists its stories: index.json since 7, stories.json in 6.x (tried in this order). */
export const INDEX_FILES = ['index.json', 'stories.json'] as const;

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The stories of an index.json (v4/v5: `entries`, docs entries left out) or a stories.json (v3:
 *  `stories`, docs-only pages left out), in index order; a string says why the file is not one. */
export function storiesOfIndex(json: unknown): IndexStory[] | string {
  if (!json || typeof json !== 'object') return 'is not a JSON object';
  const j = json as { v?: unknown; entries?: unknown; stories?: unknown };
  const table = j.entries ?? j.stories;
  if (!table || typeof table !== 'object' || Array.isArray(table)) return `has no "entries" (index.json, Storybook 7+) or "stories" (stories.json, 6.x) object${j.v !== undefined ? ` (v ${JSON.stringify(j.v)})` : ''}`;
  const out: IndexStory[] = [];
  for (const [key, raw] of Object.entries(table as Record<string, unknown>)) {
    const e = (raw ?? {}) as { type?: unknown; id?: unknown; title?: unknown; kind?: unknown; name?: unknown; story?: unknown; importPath?: unknown; parameters?: { docsOnly?: unknown } };
    if (e.type !== undefined && e.type !== 'story') continue;              // docs pages, autodocs
    if (e.parameters?.docsOnly === true) continue;                         // 6.x MDX docs pages
    const id = str(e.id) ? e.id : key;
    const title = str(e.title) ? e.title : str(e.kind) ? e.kind : null;
    const name = str(e.name) ? e.name : str(e.story) ? e.story : null;
    if (!title || !name) return `entry "${key}" has no title or name`;
    out.push({ id, title, name, importPath: str(e.importPath) ? e.importPath : null });
  }
  return out;
}

/** The stories `include`/`exclude` select: a glob matches a story's id or its title. */
export function selectStories(stories: IndexStory[], include: string[], exclude: string[]): IndexStory[] {
  const hit = (globs: string[]) => { const m = picomatch(globs); return (s: IndexStory) => m(s.id) || m(s.title); };
  const inc = include.length ? hit(include) : () => true;
  const exc = exclude.length ? hit(exclude) : () => false;
  return stories.filter((s) => inc(s) && !exc(s));
}

/** The URL a story renders at on its own (no manager UI around it). */
export function storyUrl(base: string, id: string): string {
  return new URL(`iframe.html?id=${encodeURIComponent(id)}&viewMode=story`, base.endsWith('/') ? base : `${base}/`).href;
}

/** What `parameters.veval` of a story may say. */
export const STORY_PARAMS = ['skip', 'masks', 'required', 'viewports'] as const;

/** parameters.veval checked against what it may say; a list of problems (empty: valid). */
export function paramProblems(v: unknown, viewports: string[]): string[] {
  if (v === undefined || v === null) return [];
  if (typeof v !== 'object' || Array.isArray(v)) return ['parameters.veval must be an object'];
  const p = v as Record<string, unknown>;
  const out: string[] = [];
  for (const k of Object.keys(p)) if (!(STORY_PARAMS as readonly string[]).includes(k)) out.push(`parameters.veval.${k} is not known (known: ${STORY_PARAMS.join(', ')})`);
  if (p.skip !== undefined && typeof p.skip !== 'boolean') out.push('parameters.veval.skip must be true or false');
  const list = (k: string): unknown[] | null => {
    if (p[k] === undefined) return null;
    if (!Array.isArray(p[k])) { out.push(`parameters.veval.${k} must be a list`); return null; }
    return p[k] as unknown[];
  };
  list('masks')?.forEach((m, i) => {
    if (!str(m)) out.push(`parameters.veval.masks[${i}] must be a CSS selector`);
    else { const e = cssError(m); if (e) out.push(`parameters.veval.masks[${i}] "${m}" is not a valid CSS selector: ${e}`); }
  });
  list('viewports')?.forEach((n, i) => { if (!str(n) || !viewports.includes(n)) out.push(`parameters.veval.viewports[${i}] ${JSON.stringify(n)} is not a viewport of the spec (${viewports.join(', ')})`); });
  list('required')?.forEach((r, i) => {
    const at = `parameters.veval.required[${i}]`;
    if (!r || typeof r !== 'object' || Array.isArray(r)) { out.push(`${at} must be an object with selector: or text:`); return; }
    const e = r as Record<string, unknown>;
    const known = ['selector', 'text', 'within', 'name', 'visible', 'viewports'];
    for (const k of Object.keys(e)) if (!known.includes(k)) out.push(`${at}.${k} is not known (known: ${known.join(', ')})`);
    if (str(e.selector) === str(e.text)) out.push(`${at} needs selector: or text: (one of them)`);
    if (str(e.selector)) { const err = cssError(e.selector); if (err) out.push(`${at}.selector "${e.selector}" is not a valid CSS selector: ${err}`); }
    for (const k of ['within', 'name']) if (e[k] !== undefined && !str(e[k])) out.push(`${at}.${k} must be a string`);
    if (e.visible !== undefined && !['full', 'partial', 'present'].includes(e.visible as string)) out.push(`${at}.visible must be full, partial or present`);
    if (e.viewports !== undefined && (!Array.isArray(e.viewports) || e.viewports.some((n) => !viewports.includes(n)))) out.push(`${at}.viewports must list viewports of the spec (${viewports.join(', ')})`);
  });
  return out;
}

export interface StoriesRead {
  base: string;                          // the Storybook's URL (a served static folder's included)
  index: string;                         // which index file listed them
  stories: IndexStory[];                 // after include/exclude
  /** parameters.veval by story id, as the preview gave it (absent: the preview gave none) */
  params: Record<string, unknown>;
  /** what could not be read (the preview's parameters), said in the report */
  notes: string[];
}

/** A Storybook spec with its stories as states: one per story (named by its id) carrying the spec's
 *  required entries, its story parameters applied; a skipped story is left out and listed. */
export function withStories(spec: SpecPlan, read: StoriesRead): SpecPlan {
  const sb = spec.storybook as StorybookPlan;
  const vpNames = spec.viewports.map((v) => v.name);
  const skipped: string[] = [];
  const states: StatePlan[] = [];
  const grep = sb.grep ? new RegExp(sb.grep) : null;
  const touched = sb.changed ? storiesTouched(read.stories, sb.changed) : null;
  for (const s of read.stories) {
    if (grep && !grep.test(`${spec.name}/${s.id}`)) continue;
    if (touched && !touched.ids.has(s.id)) continue;
    const v = read.params[s.id];
    const problems = paramProblems(v, vpNames);
    const p = (problems.length ? {} : v ?? {}) as { skip?: boolean; masks?: string[]; required?: Record<string, unknown>[]; viewports?: string[] };
    if (p.skip) { skipped.push(s.id); continue; }
    states.push({
      name: s.id, steps: [],
      required: [...sb.required, ...(p.required ?? []).map((r) => requiredPlan(r as RequiredInput, 'state'))],
      ...(p.viewports ? { viewports: [...p.viewports] } : {}),
      ...(p.masks?.length ? { masks: [...p.masks] } : {}),
      story: { id: s.id, title: s.title, name: s.name, url: storyUrl(read.base, s.id), ...(problems.length ? { problem: problems.join('; ') } : {}) },
    });
  }
  const notes = touched ? [touched.note, ...read.notes] : read.notes;
  return { ...spec, states, storybook: { ...sb, read: { base: read.base, index: read.index, ids: read.stories.map((s) => s.id), skipped, notes } } };
}

/** A story id is a state name (a file name): Storybook's ids are lower-case letters, digits and dashes. */
export const STORY_ID = /^[a-z0-9][a-z0-9._-]*$/i;

/** The story of the index a baseline key ("<story id>-<viewport>") belongs to; null when none does. */
function indexedStoryOf(spec: SpecPlan, key: string): string | null {
  const ids = new Set(spec.storybook?.read?.ids ?? []);
  for (const vp of spec.viewports) {
    const id = key.endsWith(`-${vp.name}`) ? key.slice(0, -(vp.name.length + 1)) : null;
    if (id && ids.has(id)) return id;
  }
  return null;
}

/** Stories with approved baselines that the Storybook no longer has (or include/exclude no longer
 *  select; one skipped or left out by --grep or --changed is still there): baseline keys are "<state>-<viewport>". */
export function removedStories(spec: SpecPlan, baselineKeys: string[]): string[] {
  if (!spec.storybook?.read) return [];
  const out = new Set<string>();
  for (const key of baselineKeys) {
    const vp = spec.viewports.find((v) => key.endsWith(`-${v.name}`));
    if (vp && !indexedStoryOf(spec, key)) out.add(key.slice(0, -(vp.name.length + 1)));
  }
  return [...out].sort();
}

/** A baseline key of a story the Storybook still has but this run made no state of (left out by
 *  --grep, --changed or parameters.veval.skip): not an orphan, whatever this run captured. */
export function uncapturedStoryKey(spec: SpecPlan, key: string): boolean {
  const id = spec.storybook?.read ? indexedStoryOf(spec, key) : null;
  return !!id && !spec.states.some((s) => s.name === id);
}

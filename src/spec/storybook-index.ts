// Reading a Storybook's story list: over HTTP from a running (or served) Storybook at capture, or
// from a built folder on disk for `veval plan` (which starts nothing).
import fs from 'node:fs';
import path from 'node:path';
import { FatalError } from '../core/errors.js';
import type { ProjectPlan, SpecPlan } from './plan.js';
import { INDEX_FILES, selectStories, storiesOfIndex, withStories, type IndexStory } from './storybook.js';

export interface IndexRead { index: string; stories: IndexStory[] }

/** index.json (7+), else stories.json (6.x), from a Storybook's URL. */
export async function fetchIndex(base: string, timeout: number): Promise<IndexRead> {
  const tried: string[] = [];
  for (const f of INDEX_FILES) {
    const url = new URL(f, base).href;
    let res: Response;
    try { res = await fetch(url, { signal: AbortSignal.timeout(timeout) }); } catch (err) {
      const cause = (err as { cause?: Error }).cause;
      throw new FatalError(`the Storybook at ${base} does not answer: ${(err as Error).message}${cause ? ` (${cause.message})` : ''}; start it, or point storybook.url at it`);
    }
    if (!res.ok) { tried.push(`${f} answered ${res.status}`); continue; }
    let json: unknown;
    try { json = await res.json(); } catch { throw new FatalError(`the Storybook's ${url} is not JSON`); }
    const stories = storiesOfIndex(json);
    if (typeof stories === 'string') throw new FatalError(`the Storybook's ${url} ${stories}`);
    return { index: f, stories };
  }
  throw new FatalError(`no story index at ${base} (${tried.join(', ')}): is this a Storybook (7+ writes index.json, 6.x stories.json)?`);
}

/** The same from a built Storybook folder; a string says why it cannot be read now. */
export function readIndexFile(dir: string): IndexRead | string {
  for (const f of INDEX_FILES) {
    let text: string;
    try { text = fs.readFileSync(path.join(dir, f), 'utf8'); } catch { continue; }
    let json: unknown;
    try { json = JSON.parse(text); } catch { return `${f} is not JSON`; }
    const stories = storiesOfIndex(json);
    return typeof stories === 'string' ? `${f} ${stories}` : { index: f, stories };
  }
  return `${dir} has no index.json or stories.json (not built yet?)`;
}

/** For `veval plan`: each Storybook spec with the stories its index lists now (parameters.veval are
 *  read from the preview at capture, so not applied here); a note where the index cannot be read. */
export async function peekStories(plan: ProjectPlan): Promise<{ plan: ProjectPlan; notes: Record<string, string> }> {
  const notes: Record<string, string> = {};
  const specs: SpecPlan[] = [];
  for (const spec of plan.specs) {
    const sb = spec.storybook;
    if (!sb || sb.read) { specs.push(spec); continue; }
    let got: IndexRead | string;
    if (sb.dir) got = readIndexFile(sb.dir);
    else {
      try { got = await fetchIndex(sb.url!, 3000); } catch (err) { got = (err as Error).message; }
    }
    if (typeof got === 'string') { notes[spec.name] = `stories are read at capture (${got})`; specs.push(spec); continue; }
    const base = sb.url ?? `${new URL(`file://${sb.dir}/`).href}`;
    const stories = selectStories(got.stories, sb.include, sb.exclude);
    notes[spec.name] = `${stories.length} of ${got.stories.length} stories in ${got.index} selected; each story's parameters.veval (skip, masks, required, viewports) apply at capture`;
    specs.push(withStories(spec, { base, index: got.index, stories, params: {}, notes: [] }));
  }
  return { plan: { ...plan, specs }, notes };
}

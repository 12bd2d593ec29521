// Storybook specs at capture. Before any unit runs: serve a built Storybook (or use a running one),
// read its index, ask its preview for each story's parameters.veval, and make each spec's stories
// its states (spec/storybook.ts) — rewritten into plan.json, so every later stage (checks, parity,
// approve, the report) sees ordinary states. Then each story's unit waits for Storybook's own
// rendered signal, and a story that threw fails with Storybook's error text.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FatalError } from '../core/errors.js';
import { writeJsonAtomic } from '../core/fsx.js';
import { files, type RunContext } from '../core/run.js';
import { serveStatic, StaticServeError, type StaticServer } from '../core/static-server.js';
import type { SpecPlan, StoryRef } from '../spec/plan.js';
import { selectStories, storyUrl, withStories, type StoriesRead } from '../spec/storybook.js';
import { fetchIndex } from '../spec/storybook-index.js';
import { buildStatic } from './app-server.js';
import { UnitFault } from './faults.js';
import { inPageScript } from './in-page/script.js';
import { previewLoaded, storyOutcome, storyParams, storyPhase, type StoryOutcome } from './in-page/storybook.js';

/** Every story's parameters.veval, as the preview holds them (the index carries no parameters). */
async function previewParams(browser: Browser, base: string, first: string, timeout: number): Promise<{ params: Record<string, unknown>; notes: string[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(storyUrl(base, first), { timeout });
    await page.waitForFunction(inPageScript([], previewLoaded, null), null, { timeout });
    const got = await page.evaluate(inPageScript([], storyParams, null)) as Awaited<ReturnType<typeof storyParams>>;
    if ('error' in got) return { params: {}, notes: [`parameters.veval could not be read from the preview (${got.error}): every story was captured with the spec's settings`] };
    return { params: got.params!, notes: [] };
  } catch (err) {
    return { params: {}, notes: [`parameters.veval could not be read from the preview (${String((err as Error).message).split('\n')[0]}): every story was captured with the spec's settings`] };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Where a spec's Storybook answers: its url, or its static folder (built first when it says so) served on 127.0.0.1. */
async function openStorybook(run: RunContext, spec: SpecPlan, servers: StaticServer[]): Promise<string> {
  const sb = spec.storybook!;
  if (sb.url) return sb.url.endsWith('/') ? sb.url : `${sb.url}/`;
  if (sb.build) await buildStatic(sb.build, run.plan.root, 'storybook build');
  try {
    const srv = await serveStatic(sb.dir!);
    servers.push(srv);
    return `${srv.url}/`;
  } catch (err) {
    if (err instanceof StaticServeError) throw new FatalError(`storybook.static of ${spec.name}: ${err.message}${sb.build ? ` after \`${sb.build}\`` : '; build it first (storybook build), or add storybook.build'}`);
    throw err;
  }
}

/** Turns every Storybook spec of the run's plan into its stories, and rewrites plan.json. Returns
 *  what stops the static servers it started (call it after the last unit). */
export async function prepareStorybooks(run: RunContext, browser: Browser): Promise<{ stop: () => Promise<void> }> {
  const servers: StaticServer[] = [];
  const stop = async () => { await Promise.all(servers.map((s) => s.close().catch(() => {}))); };
  try {
    for (const [i, spec] of run.plan.specs.entries()) {
      if (!spec.storybook || spec.storybook.read) continue;
      const base = await openStorybook(run, spec, servers);
      const { index, stories: all } = await fetchIndex(base, spec.wait.timeout);
      const stories = selectStories(all, spec.storybook.include, spec.storybook.exclude);
      const notes: string[] = [];
      if (!stories.length) notes.push(`no story of ${all.length} in ${index} matches storybook.include/exclude`);
      const got = stories.length ? await previewParams(browser, base, stories[0].id, spec.wait.timeout) : { params: {}, notes: [] };
      const read: StoriesRead = { base, index, stories, params: got.params, notes: [...notes, ...got.notes] };
      run.plan.specs[i] = withStories(spec, read);
    }
    writeJsonAtomic(path.join(run.runDir, files.plan), run.plan);
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop };
}

const DONE_PHASES = ['completed', 'afterEach', 'finished'];
const ROOTS = ['#storybook-root', '#root'];

/** Waits until Storybook says the story rendered (its render phase, or the root shown with content);
 *  a story that threw, or rendered nothing, fails the unit with Storybook's own words. */
export async function storyReady(page: Page, story: StoryRef, timeout: number): Promise<void> {
  if (story.problem) throw new UnitFault('story-error', `story "${story.id}": ${story.problem}`);
  let last: StoryOutcome = { done: false, phase: null };
  try {
    const handle = await page.waitForFunction(inPageScript([], storyOutcome, { id: story.id, done: DONE_PHASES, roots: ROOTS }), null, { timeout, polling: 50 });
    last = await handle.jsonValue() as StoryOutcome;
  } catch (err) {
    if ((err as Error).name !== 'TimeoutError') throw err;
    const phase = await page.evaluate(inPageScript([], storyPhase, null)).catch(() => null) as string | null;
    throw new UnitFault('navigation-timeout', `story "${story.id}" did not finish rendering within ${timeout} ms${phase ? ` (Storybook's render phase: ${phase})` : ''}`);
  }
  if (last.error) throw new UnitFault('story-error', `Storybook could not render story "${story.id}": ${last.error}`);
}

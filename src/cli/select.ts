// --grep, --viewport and --shard narrow a loaded plan before anything runs.
import { splitViewport, viewportMatches } from '../core/engines.js';
import { readIndexFile } from '../spec/storybook-index.js';
import { selectStories } from '../spec/storybook.js';
import { InputError } from '../core/errors.js';
import type { ProjectPlan, SpecPlan } from '../spec/plan.js';
import { unitsOf } from '../core/run.js';

/** More shards than this is a typo, not a CI matrix (and would allocate a list per shard). */
export const MAX_SHARDS = 1000;

export function parseShard(s: string): { index: number; total: number } {
  const m = /^(\d+)\/(\d+)$/.exec(String(s).trim());
  const index = m ? Number(m[1]) : NaN, total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || index < 1 || index > total) throw new InputError([`--shard "${s}": expected i/n with 1 ≤ i ≤ n, e.g. --shard 2/4`]);
  if (total > MAX_SHARDS) throw new InputError([`--shard "${s}": at most ${MAX_SHARDS} shards`]);
  return { index, total };
}

const unitCount = (s: SpecPlan) => unitsOf(s).length;

/** A spec's units; a Storybook spec's stories are known at capture, so they are counted from a built
 *  folder's index when there is one (every shard reads the same files), else as one story. */
function weight(spec: SpecPlan): number {
  const sb = spec.storybook;
  if (!sb || sb.read) return unitCount(spec);
  const index = sb.dir ? readIndexFile(sb.dir) : null;
  const stories = index && typeof index !== 'string' ? selectStories(index.stories, sb.include, sb.exclude).length : 1;
  return Math.max(1, stories) * spec.viewports.length;
}

/**
 * Deterministic, balanced split: specs sorted by (units desc, name), each given to the shard with
 * the fewest units so far (ties → lowest shard). Every shard computes the same split; a spec's
 * states and viewports stay together (task-order compares viewports).
 */
export function shardSpecs(specs: SpecPlan[], total: number): SpecPlan[][] {
  const shards: SpecPlan[][] = Array.from({ length: total }, () => []);
  const load = new Array(total).fill(0);
  const sorted = [...specs].sort((a, b) => weight(b) - weight(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const spec of sorted) {
    let best = 0;
    for (let i = 1; i < total; i++) if (load[i] < load[best]) best = i;
    shards[best].push(spec);
    load[best] += weight(spec);
  }
  return shards.map((s) => s.sort((a, b) => (a.name < b.name ? -1 : 1)));
}

export interface Selection { grep?: string; viewport?: string | string[]; shard?: string }

export function selectPlan(plan: ProjectPlan, sel: Selection): ProjectPlan {
  let specs = plan.specs;
  if (sel.grep) {
    let re: RegExp;
    try { re = new RegExp(sel.grep); } catch (err: any) { throw new InputError([`--grep "${sel.grep}": ${err.message}`]); }
    specs = specs.flatMap((s) => {
      if (re.test(s.name)) return [s];
      // a Storybook spec's states (its stories) are known at capture: the stories are matched then
      if (s.storybook && !s.storybook.read) return [{ ...s, storybook: { ...s.storybook, grep: sel.grep! } }];
      const states = s.states.filter((st) => re.test(`${s.name}/${st.name}`));
      return states.length ? [{ ...s, states }] : [];
    });
  }
  if (sel.viewport) {
    const wanted = (Array.isArray(sel.viewport) ? sel.viewport : [sel.viewport]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
    const known = new Set(specs.flatMap((s) => s.viewports.flatMap((v) => [v.name, splitViewport(v.name).viewport])));
    const unknown = wanted.filter((w) => !known.has(w));
    if (unknown.length) throw new InputError([`--viewport: unknown viewport ${unknown.map((u) => `"${u}"`).join(', ')} (the selected specs use: ${[...known].join(', ')})`]);
    // a viewport name selects it in every engine; "mobile.firefox" only Firefox's
    specs = specs.map((s) => ({ ...s, viewports: s.viewports.filter((v) => wanted.some((w) => viewportMatches(v.name, w))) })).filter((s) => s.viewports.length);
  }
  if (sel.shard) {
    const { index, total } = parseShard(sel.shard);
    specs = shardSpecs(specs, total)[index - 1];
  }
  if (!specs.length && !sel.shard) {
    const given = [sel.grep && `--grep "${sel.grep}"`, sel.viewport && `--viewport "${sel.viewport}"`].filter(Boolean);
    throw new InputError([given.length ? `no spec, state or viewport matches ${given.join(' ')}` : 'no specs to run']);
  }
  return { ...plan, specs };
}

// Orphaned baselines: images under baselines/ that no spec of the plan produces any more (spec
// gone, state or viewport gone, or the spec dropped its parity section). Listed always; removed
// only when asked. Orphans are relative to the run's plan, so prune with a plan of every spec; a
// Storybook spec's live stories are those its index lists, captured in this run or not.
import fs from 'node:fs';
import path from 'node:path';
import { unitKey, unitsOf, type RunContext } from '../../core/run.js';
import { baselineDir, baselineRel, readManifest, writeManifest } from '../store/baselines.js';
import { uncapturedStoryKey } from '../../spec/storybook.js';

export function pruneOrphans(run: RunContext, remove: boolean): { orphans: string[]; removed: string[] } {
  const orphans: string[] = [];
  const removed: string[] = [];
  let root: string, dirs: string[];
  // a baselines folder (or a spec's folder in it) linked out of the project is neither listed nor pruned
  try { root = baselineDir(run); dirs = fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort(); } catch { return { orphans, removed }; }
  for (const dir of dirs) {
    try { baselineDir(run, dir); } catch { continue; }
    const spec = run.plan.specs.find((s) => s.name === dir && s.parity);
    // a Storybook spec whose stories this plan never read (a project's plan, not a run's): its units are unknown
    if (spec?.storybook && !spec.storybook.read) continue;
    const units = new Set(spec ? unitsOf(spec).map((u) => unitKey(u.state, u.viewport)) : []);
    // a story still in the Storybook that this run did not capture (--grep, parameters.veval.skip) keeps its baselines
    const live = (k: string) => units.has(k) || (!!spec && uncapturedStoryKey(spec, k));
    const pngs = fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.png')).sort();
    const dead = pngs.map((f) => f.slice(0, -4)).filter((k) => !live(k));
    const read = readManifest(run, dir);
    const deadEntries = Object.keys(read.manifest?.images ?? {}).filter((k) => !live(k) && !dead.includes(k));
    orphans.push(...dead.map((k) => baselineRel(dir, k)), ...deadEntries.map((k) => `${baselineRel(dir)}#${k}`));
    if (!remove || (!dead.length && !deadEntries.length)) continue;
    for (const k of dead) {
      fs.rmSync(path.join(root, dir, `${k}.png`), { force: true });
      fs.rmSync(path.join(root, dir, `${k}.structure.json`), { force: true });   // its structure snapshot goes with it
      fs.rmSync(path.join(root, dir, `${k}.css.json`), { force: true });         // and its CSS record
      removed.push(baselineRel(dir, k));
    }
    if (read.manifest) {
      for (const k of [...dead, ...deadEntries]) delete read.manifest.images[k];
      if (Object.keys(read.manifest.images).length) writeManifest(run, read.manifest);
      else { fs.rmSync(path.join(root, dir, 'manifest.json'), { force: true }); removed.push(baselineRel(dir)); }
    }
    removed.push(...deadEntries.map((k) => `${baselineRel(dir)}#${k}`));
    if (!fs.readdirSync(path.join(root, dir)).length) fs.rmdirSync(path.join(root, dir));
  }
  return { orphans, removed };
}

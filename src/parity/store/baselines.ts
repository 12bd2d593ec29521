// Where baselines live (<root>/baselines/<spec>/<state>-<viewport>.png + manifest.json) and how
// the manifest is read: a missing manifest is "nothing approved"; an unreadable one is an error
// that names the file, never an empty manifest.
import fs from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '../../core/fsx.js';
import { assertInsideRoot } from '../../core/paths.js';
import type { RunContext } from '../../core/run.js';
import type { BaselineManifest } from './types.js';

export const BASELINES = 'baselines';

/** Project-relative path, as messages and evidence cite it. */
export const baselineRel = (spec: string, key?: string) => (key ? `${BASELINES}/${spec}/${key}.png` : `${BASELINES}/${spec}/manifest.json`);
/** The absolute path of a baseline file; throws OutsideRootError when symbolic links take it out of
 *  the project (a baselines/<spec> linked elsewhere is never read from or written to). */
export const baselineAbs = (run: Pick<RunContext, 'root'>, rel: string) => assertInsideRoot(run.root, path.join(run.root, ...rel.split('/')), 'baseline');
export const baselineDir = (run: Pick<RunContext, 'root'>, spec?: string) => assertInsideRoot(run.root, path.join(run.root, BASELINES, ...(spec ? [spec] : [])), 'baseline folder');

export type ManifestRead = { manifest: BaselineManifest | null; error: string | null };

/** A JSON file under baselines/: missing is null (nothing approved), unreadable is an error naming
 *  the file; `check` throws what is wrong with a parsed value. */
export function readBaselineJson<T>(run: Pick<RunContext, 'root'>, rel: string, check: (v: any) => void): { value: T | null; error: string | null } {
  let text: string;
  try { text = fs.readFileSync(baselineAbs(run, rel), 'utf8'); } catch (err: any) {
    if (err?.name === 'OutsideRootError') return { value: null, error: `cannot be read: ${err.message}` };
    if (err?.code === 'ENOENT') return { value: null, error: null };
    return { value: null, error: `${rel} cannot be read: ${err?.message ?? err}` };
  }
  try {
    const v = JSON.parse(text);
    check(v);
    return { value: v as T, error: null };
  } catch (err) {
    return { value: null, error: `${rel} is unreadable: ${(err as Error).message}` };
  }
}

export function readManifest(run: Pick<RunContext, 'root'>, spec: string): ManifestRead {
  const r = readBaselineJson<BaselineManifest>(run, baselineRel(spec), (m) => {
    if (!m || m.version !== 1 || typeof m.images !== 'object' || m.images === null) throw new Error('not a veval baseline manifest (version 1 with an images object)');
  });
  return { manifest: r.value, error: r.error };
}

export function writeManifest(run: Pick<RunContext, 'root'>, m: BaselineManifest): void {
  const sorted = Object.fromEntries(Object.keys(m.images).sort().map((k) => [k, m.images[k]]));
  writeJsonAtomic(baselineAbs(run, baselineRel(m.spec)), { ...m, images: sorted });
}

export const approveHint = (spec: string) => `approve one with \`veval approve --spec ${spec}\` or \`veval run --update-baselines\``;
export const reapproveHint = (spec: string) => `re-approve with \`veval approve --spec ${spec}\` after reviewing this run's captures`;

/** Baseline file of a unit's structure snapshot (project-relative). */
export const structureRel = (spec: string, key: string) => `${BASELINES}/${spec}/${key}.structure.json`;

/** Baseline file of a unit's CSS record (project-relative). */
export const cssRel = (spec: string, key: string) => `${BASELINES}/${spec}/${key}.css.json`;

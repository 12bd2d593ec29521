// Undo for `veval review`: before an approval writes a unit's baseline, the files it replaces (the
// image, the structure snapshot, the manifest entry and the unit's accessibility debt) are kept in
// memory; undo puts them back, in approve's order (files before the manifest that vouches for
// them), only while the baseline is still the one this review wrote. Kept for the server's life.
import fs from 'node:fs';
import { writeFileAtomic } from '../../core/fsx.js';
import { unitKey, type RunContext } from '../../core/run.js';
import { baselineAbs, baselineDir, baselineRel, readManifest, structureRel, writeManifest } from '../store/baselines.js';
import { debtRel, readDebt, writeDebt, type DebtEntry } from '../store/a11y-debt.js';
import type { BaselineEntry } from '../store/types.js';

export interface Kept {
  spec: string; key: string;
  png: Buffer | null; structure: Buffer | null;
  entry: BaselineEntry | null; manifest: boolean; debt: DebtEntry[] | null; debtFile: boolean;
  /** the entry the approval wrote: undo goes ahead only while it is still the one in force */
  wrote?: Pick<BaselineEntry, 'sha256' | 'approvedAt'>;
}

const readOrNull = (file: string) => { try { return fs.readFileSync(file); } catch { return null; } };

/** What a unit's baseline is now (call holding the baselines lock, before approving). */
export function keep(run: Pick<RunContext, 'root'>, spec: string, state: string, viewport: string): Kept {
  const key = unitKey(state, viewport);
  const m = readManifest(run, spec);
  if (m.error) throw new Error(m.error);
  const debt = readDebt(run, spec).file;
  return {
    spec, key,
    png: readOrNull(baselineAbs(run, baselineRel(spec, key))),
    structure: readOrNull(baselineAbs(run, structureRel(spec, key))),
    entry: m.manifest?.images[key] ?? null, manifest: !!m.manifest,
    debt: debt?.units[key] ?? null, debtFile: !!debt,
  };
}

/** Notes what the approval wrote (after it); false when it wrote nothing for this unit. */
export function wrote(run: Pick<RunContext, 'root'>, k: Kept): boolean {
  const now = readManifest(run, k.spec).manifest?.images[k.key];
  if (!now || (k.entry && now.sha256 === k.entry.sha256 && now.approvedAt === k.entry.approvedAt)) return false;
  k.wrote = { sha256: now.sha256, approvedAt: now.approvedAt };
  return true;
}

/** Puts the kept baseline back (holding the baselines lock); the reason when it cannot. */
export function restore(run: RunContext, k: Kept): string | null {
  const rel = baselineRel(k.spec, k.key);
  const read = readManifest(run, k.spec);
  if (read.error) return read.error;
  const now = read.manifest?.images[k.key];
  if (!k.wrote || !now || now.sha256 !== k.wrote.sha256 || now.approvedAt !== k.wrote.approvedAt) {
    return `${rel} changed since this review approved it (another approve?); nothing restored`;
  }
  const put = (file: string, bytes: Buffer | null) => {
    if (bytes) { if (readOrNull(file)?.equals(bytes) !== true) writeFileAtomic(file, bytes); } else fs.rmSync(file, { force: true });
  };
  put(baselineAbs(run, rel), k.png);
  put(baselineAbs(run, structureRel(k.spec, k.key)), k.structure);
  const debt = readDebt(run, k.spec).file;
  if (debt || k.debt) {
    const units = { ...(debt?.units ?? {}) };
    if (k.debt) units[k.key] = k.debt; else delete units[k.key];
    if (!k.debtFile && !Object.values(units).some((l) => l.length)) fs.rmSync(baselineAbs(run, debtRel(k.spec)), { force: true });
    else if (JSON.stringify(units) !== JSON.stringify(debt?.units ?? {})) writeDebt(run, { version: 1, spec: k.spec, units });
  }
  const manifest = read.manifest!;
  if (k.entry) manifest.images[k.key] = k.entry; else delete manifest.images[k.key];
  if (!k.manifest && !Object.keys(manifest.images).length) fs.rmSync(baselineAbs(run, baselineRel(k.spec)), { force: true });
  else writeManifest(run, manifest);
  // a spec folder the approval made goes again with its last file
  try { fs.rmdirSync(baselineDir(run, k.spec)); } catch { /* not empty */ }
  return null;
}

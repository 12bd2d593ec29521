// Which baselines a run compared against, recorded in parity.json and report.json. The tree hash
// leaves baselines/ out (approving must not make a run stale), so `verify` checks these digests
// instead: a baseline replaced after the run (a colleague's commit) makes the report stale.
import fs from 'node:fs';
import path from 'node:path';
import { sha256 } from '../../core/fsx.js';
import { unitKey, type RunContext } from '../../core/run.js';
import { BASELINES, baselineAbs, baselineRel, readManifest } from './baselines.js';
import { loadCapture } from './capture-unit.js';

import type { BaselineDigest, BaselineDigestUnit } from '../../core/artifacts.js';
export type { BaselineDigest, BaselineDigestUnit } from '../../core/artifacts.js';

type Root = Pick<RunContext, 'root'>;

function fileSha(file: string): string | null {
  try { return sha256(fs.readFileSync(file)); } catch { return null; }
}

type Manifest = ReturnType<typeof readManifest>['manifest'];

/** What is on disk now for one unit: the PNG's sha256, its manifest entry's sha256, and the entry. */
function onDisk(root: Root, spec: string, key: string, manifest: Manifest) {
  const entry = manifest?.images[key] ?? null;
  return { sha256: fileSha(baselineAbs(root, baselineRel(spec, key))), entry: entry ? sha256(JSON.stringify(entry)) : null, raw: entry };
}

export function digestBaselines(run: RunContext, spec: string, units: { state: string; viewport: string }[], written: string[]): BaselineDigest {
  const manifest = readManifest(run, spec).manifest;   // once per spec, not per unit
  return {
    manifest: baselineRel(spec),
    units: units.map(({ state, viewport }) => {
      const key = unitKey(state, viewport);
      const now = onDisk(run, spec, key, manifest);
      const cap = loadCapture(run, spec, state, viewport);
      return { state, viewport, file: baselineRel(spec, key), sha256: now.sha256, entry: now.entry, capture: cap.ok ? sha256(cap.png) : null };
    }),
    written: [...written].sort(),
  };
}

/**
 * Baseline files that no longer match what run `runId` compared against. A unit approved since
 * from exactly the capture this run compared (its entry names the run, and entry, file and capture
 * agree) is not a change: the baseline is now what the run checked.
 */
export function changedBaselines(root: string, spec: string, d: BaselineDigest, runId: string): string[] {
  const out: string[] = [];
  const manifest = readManifest({ root }, spec).manifest;
  for (const u of d.units) {
    const key = unitKey(u.state, u.viewport);
    const now = onDisk({ root }, spec, key, manifest);
    if (now.sha256 === u.sha256 && now.entry === u.entry) continue;
    const own = !!u.capture && now.raw?.runId === runId && now.raw.sha256 === u.capture && now.sha256 === u.capture;
    if (own) continue;
    if (now.sha256 !== u.sha256) out.push(u.file);
    if (now.entry !== u.entry) out.push(`${d.manifest} (entry ${key})`);
  }
  return out;
}

const isSha = (v: unknown) => v === null || (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v));

/** A digest as read back from parity.json: exactly the fields above, or null when malformed. */
export function asDigest(v: unknown): BaselineDigest | null {
  const d = v as BaselineDigest | null;
  if (!d || typeof d.manifest !== 'string' || !Array.isArray(d.written) || !d.written.every((w) => typeof w === 'string') || !Array.isArray(d.units)) return null;
  const units = d.units.map((u) => (u && typeof u.state === 'string' && typeof u.viewport === 'string' && typeof u.file === 'string'
    && isSha(u.sha256) && isSha(u.entry) && isSha(u.capture)
    ? { state: u.state, viewport: u.viewport, file: u.file, sha256: u.sha256, entry: u.entry, capture: u.capture } : null));
  if (units.some((u) => !u)) return null;
  return { manifest: d.manifest, units: units as BaselineDigestUnit[], written: [...d.written] };
}

/** For verify: one line per spec of a report whose baselines changed on disk since run `runId`. */
export function staleBaselineSpecs(root: string, specs: { name: string; baselines?: unknown }[], runId: string): string[] {
  const out: string[] = [];
  for (const s of specs) {
    const d = asDigest(s.baselines);
    if (!d) {
      // no record of what was compared (an older report, or parity never ran): fail closed when baselines exist
      if (fs.existsSync(path.join(root, BASELINES, s.name))) out.push(`${s.name}: the report records no digest of the baselines it compared against; baselines/${s.name}/ exists`);
      continue;
    }
    const changed = changedBaselines(root, s.name, d, runId);
    if (changed.length) out.push(`${s.name}: ${changed.join(', ')}`);
  }
  return out;
}

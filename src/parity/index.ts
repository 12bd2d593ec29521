// Parity stage: every unit a spec produces against its approved baseline, plus the guards that
// keep baselines honest (environment fingerprint, settings loosened since approval). Writes
// <spec>/parity.json and <spec>/layout-diff.json always; diff PNGs only where pixels differ.
import type { Finding } from '../core/artifacts.js';
import { writeJsonAtomic } from '../core/fsx.js';
import { abs, comparedUnitsOf, files, unitKey, unitsOf, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import { approve } from './approve/index.js';
import { baselineRel, readManifest, reapproveHint } from './store/baselines.js';
import { debtGuard } from './store/a11y-debt.js';
import { digestBaselines, type BaselineDigest } from './store/digest.js';
import { LAYOUT_TOLERANCE_PX } from './compare/layout.js';
import { loosenings, settingsOf } from './store/settings.js';
import type { BaselineManifest, LayoutDiff, ParityResult, ParityUnit } from './store/types.js';
import { compareUnit } from './compare/unit.js';
import { removedStories } from '../spec/storybook.js';

export type { ParityResult, ParityUnit, ParityOutcome, BaselineManifest, BaselineEntry, LayoutDiff, GateSettings } from './store/types.js';
export type { BaselineDigest, BaselineDigestUnit } from './store/digest.js';

/** run --update-baselines: approve this run's successful captures first (not while a setting is
 *  looser than at approval); results read "baseline written". */
export interface ParityOptions { updateBaselines?: boolean; acceptA11yDebt?: boolean }

/** What runParity returns beyond parity.json: how many accessibility-debt nodes its approve accepted. */
export type ParityRun = ParityResult & { acceptedDebt: number };

export async function runParity(run: RunContext, spec: SpecPlan, opts: ParityOptions = {}): Promise<ParityRun> {
  const t0 = performance.now();
  const findings: Finding[] = [];
  const units: ParityUnit[] = [];
  const notes: string[] = [];
  const layout: LayoutDiff = { version: 1, spec: spec.name, tolerancePx: LAYOUT_TOLERANCE_PX, units: [] };
  let status: ParityResult['status'] = 'pass';
  let baselines: BaselineDigest | null = null;
  let acceptedDebt = 0;
  try {
    // the guard reads the manifest as approved before this run: --update-baselines must not
    // rewrite the recorded settings first and then compare the new settings with themselves
    const before = readManifest(run, spec.name);
    const guard = settingsGuard(spec, before.manifest);
    const written = new Set<string>();
    if (opts.updateBaselines && spec.parity && guard.length) {
      notes.push(`baseline not written for ${spec.name}: its settings are looser than at approval; review this run, then \`veval approve --spec ${spec.name}\``);
    } else if (opts.updateBaselines && spec.parity) {
      const res = await approve(run, { spec: spec.name, acceptA11yDebt: opts.acceptA11yDebt, inRun: true });
      for (const w of res.written) written.add(w);
      acceptedDebt = res.acceptedDebt.length;
      for (const r of res.refused) notes.push(`baseline not written for ${r.unit}: ${r.reason}`);
    }
    const read = readManifest(run, spec.name);
    if (read.error) {
      findings.push({ check: 'parity', severity: 'blocker', viewport: null, state: null,
        message: `baseline manifest ${read.error}; ${reapproveHint(spec.name)}`, evidence: { file: baselineRel(spec.name) } });
    }
    findings.push(...guard);
    // debt entries no approve accepted (a hand edit), read against the manifest as it is now
    findings.push(...debtGuard(run, spec, read.manifest));
    baselines = digestBaselines(run, spec.name, comparedUnitsOf(spec), [...written]);
    if (spec.parity && read.manifest) findings.push(...removedStoryFindings(spec, Object.keys(read.manifest.images)));
    if (!spec.parity) {
      status = 'skipped';
      notes.push(`${spec.name} has no parity section: no baseline needed`);
    } else if (!read.error) {
      for (const u of comparedUnitsOf(spec)) {
        const key = unitKey(u.state, u.viewport);
        const entry = read.manifest?.images[key];
        const v = compareUnit(run, spec, spec.parity, u.state, u.viewport, entry);
        if (written.has(baselineRel(spec.name, key)) && v.unit.outcome === 'identical') {
          v.unit.outcome = 'baseline-written';
          v.unit.message = `${spec.name}/${key}: baseline written`;
        }
        units.push(v.unit);
        findings.push(...v.findings);
        notes.push(...v.notes);
        layout.units.push(v.layout);
      }
    }
  } catch (err) {
    // an unexpected fault still yields a verdict: error, which fails closed
    status = 'error';
    findings.push({ check: 'parity', severity: 'blocker', viewport: null, state: null,
      message: `parity could not run for ${spec.name}: ${(err as Error).message}`, evidence: { file: null } });
  }
  if (status !== 'error' && findings.length) status = 'fail';
  const result: ParityResult = { status, findings, units, ms: Math.round(performance.now() - t0), notes, baselines };
  writeJsonAtomic(abs(run, files.layoutDiff(spec.name)), layout);
  writeJsonAtomic(abs(run, files.parity(spec.name)), result);
  return { ...result, acceptedDebt };
}

/** A story with approved baselines that the Storybook no longer has (or no longer selects): listed,
 *  never a silent pass; `approve --prune` accepts the removal. */
function removedStoryFindings(spec: SpecPlan, keys: string[]): Finding[] {
  return removedStories(spec, keys).map((id) => ({
    check: 'parity', severity: 'important' as const, viewport: null, state: null,
    message: `story "${id}" has approved baselines but is no longer in the Storybook${spec.storybook!.include.length || spec.storybook!.exclude.length ? ' (or no longer matches storybook.include/exclude)' : ''}; if it was removed on purpose, \`veval approve --spec ${spec.name} --prune\` removes its baselines`,
    evidence: { file: baselineRel(spec.name), story: id },
  }));
}

/** Settings looser than at approval: one spec-wide blocker per loosening (viewport/state null). */
function settingsGuard(spec: SpecPlan, manifest: BaselineManifest | null): Finding[] {
  if (!manifest) return [];
  const now = settingsOf(spec, true);
  const live = new Set(unitsOf(spec).map((u) => unitKey(u.state, u.viewport)));
  const seen = new Map<string, Finding>();
  for (const [key, entry] of Object.entries(manifest.images)) {
    if (!live.has(key) || !entry?.settings) continue;
    for (const l of loosenings(entry.settings, now)) {
      if (seen.has(l)) continue;
      const when = (entry.approvedAt ?? '').slice(0, 10) || 'an unknown date';
      seen.set(l, { check: 'guard', severity: 'blocker', viewport: null, state: null,
        message: `${spec.name}: ${l} since approval (approved by ${entry.approver ?? 'unknown'} on ${when}); re-approve to accept: \`veval approve --spec ${spec.name}\``,
        evidence: { file: baselineRel(spec.name), approvedSettings: entry.settings, settings: now } });
    }
  }
  return [...seen.values()];
}

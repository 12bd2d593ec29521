// Gate-relevant settings: a snapshot taken at approval, and the list of ways the current spec is
// looser than that snapshot. Stricter is always fine; looser is a `guard` blocker until re-approved,
// so a gate is never loosened silently.
import type { Severity } from '../../core/artifacts.js';
import { framedLabel, type SpecPlan } from '../../spec/plan.js';
import { DESIGN_DEFAULTS } from '../../core/limits.js';
import type { GateSettings } from './types.js';

/** axe `impact` is the LOWEST impact reported: a higher bar reports fewer issues (looser). */
const AXE_IMPACT = ['minor', 'moderate', 'serious', 'critical'];
const SEVERITY_RANK: Record<Severity, number> = { polish: 0, important: 1, blocker: 2 };
const JUDGE_RANK = { off: 0, optional: 1, required: 2 } as const;

/** `withDesign`: include parity.design (recorded with design-export baselines, and read by the guard;
 *  a pixel baseline's entry does not carry it). */
export function settingsOf(spec: SpecPlan, withDesign = false): GateSettings {
  const axe = spec.checks.find((c) => c.id === 'axe');
  const o = (axe?.options ?? {}) as { impact?: string; tags?: string[]; disable?: string[] };
  return {
    parity: spec.parity ? { threshold: spec.parity.threshold, maxDiffRatio: spec.parity.maxDiffRatio, regions: { ...spec.parity.regions }, structure: spec.parity.structure ?? 'important',
      ...(withDesign ? { design: { ...(spec.parity.design ?? DESIGN_DEFAULTS) } } : {}) } : null,
    masks: [...spec.masks, ...(spec.framed?.masks ?? []).map(framedLabel)].sort(),
    axe: { enabled: !!axe?.enabled, impact: o.impact ?? 'moderate', tags: o.tags ? [...o.tags].sort() : null, disable: [...(o.disable ?? [])].sort() },
    disabledChecks: spec.checks.filter((c) => !c.enabled).map((c) => c.id).sort(),
    severities: Object.fromEntries(spec.checks.map((c) => [c.id, c.severity])),
    gate: { minScore: spec.gate.minScore, warn: [...spec.gate.warn].sort() },
    judgeMode: spec.judge ? spec.judge.mode : null,
  };
}

const list = (xs: string[]) => xs.map((x) => JSON.stringify(x)).join(', ');

/** One sentence per loosening ("maxDiffRatio loosened from 0.001 to 0.05"); [] when none. */
export function loosenings(old: GateSettings, now: GateSettings): string[] {
  const out: string[] = [];
  if (old.parity && !now.parity) out.push('parity comparison switched off (the spec no longer has a parity section)');
  if (old.parity && now.parity) {
    if (now.parity.threshold > old.parity.threshold) out.push(`parity threshold loosened from ${old.parity.threshold} to ${now.parity.threshold}`);
    if (now.parity.maxDiffRatio > old.parity.maxDiffRatio) out.push(`maxDiffRatio loosened from ${old.parity.maxDiffRatio} to ${now.parity.maxDiffRatio}`);
    for (const [region, was] of Object.entries(old.parity.regions)) {
      const is = now.parity.regions[region];
      if (is === undefined) {
        // without its own tolerance the region is held only to the page tolerance
        if (now.parity.maxDiffRatio > was) out.push(`region "${region}" tolerance removed (was ${was}; the page tolerance ${now.parity.maxDiffRatio} now applies)`);
      } else if (is > was) out.push(`region "${region}" tolerance loosened from ${was} to ${is}`);
    }
    // against a design export (recorded only with such baselines)
    const d0 = old.parity.design, d1 = { ...DESIGN_DEFAULTS, ...now.parity.design };
    if (d0 && d1.minScore < d0.minScore) out.push(`parity.design.minScore lowered from ${d0.minScore} to ${d1.minScore}`);
    if (d0 && d1.tolerancePx > d0.tolerancePx) out.push(`parity.design.tolerancePx loosened from ${d0.tolerancePx} to ${d1.tolerancePx}`);
    // absent: imported before these were judged (issue 37; nothing to loosen)
    if (d0?.maxSizeRatio !== undefined && d1.maxSizeRatio > d0.maxSizeRatio) out.push(`parity.design.maxSizeRatio loosened from ${d0.maxSizeRatio} to ${d1.maxSizeRatio}`);
    if (d0?.maxDeltaE !== undefined && d1.maxDeltaE > d0.maxDeltaE) out.push(`parity.design.maxDeltaE loosened from ${d0.maxDeltaE} to ${d1.maxDeltaE}`);
    // absent: approved before structure was compared (nothing to loosen)
    const was = old.parity.structure, is = now.parity.structure ?? 'important';
    if (was && !is) out.push(`structure comparison switched off (parity.structure: false; was ${was})`);
    else if (was && is && SEVERITY_RANK[is] < SEVERITY_RANK[was]) out.push(`parity.structure severity lowered from ${was} to ${is}`);
  }
  const newMasks = now.masks.filter((m) => !old.masks.includes(m));
  if (newMasks.length) out.push(`new mask${newMasks.length > 1 ? 's' : ''} ${list(newMasks)} (masked pixels are not compared)`);
  if (old.axe.enabled && now.axe.enabled) {
    const a = AXE_IMPACT.indexOf(old.axe.impact), b = AXE_IMPACT.indexOf(now.axe.impact);
    if (b > a) out.push(`axe impact bar raised from ${old.axe.impact} to ${now.axe.impact} (fewer issues reported)`);
    const dropped = now.axe.disable.filter((r) => !old.axe.disable.includes(r));
    if (dropped.length) out.push(`axe rule${dropped.length > 1 ? 's' : ''} ${list(dropped)} disabled`);
    if (old.axe.tags === null && now.axe.tags !== null) out.push(`axe limited to tags ${list(now.axe.tags)} (was every rule)`);
    else if (old.axe.tags && now.axe.tags) {
      const gone = old.axe.tags.filter((t) => !now.axe.tags!.includes(t));
      if (gone.length) out.push(`axe tag${gone.length > 1 ? 's' : ''} ${list(gone)} no longer checked`);
    }
  }
  const off = now.disabledChecks.filter((c) => !old.disabledChecks.includes(c));
  if (off.length) out.push(`check${off.length > 1 ? 's' : ''} ${list(off)} switched off`);
  for (const [id, was] of Object.entries(old.severities)) {
    const is = now.severities[id];
    if (was && is && SEVERITY_RANK[is] < SEVERITY_RANK[was] && !off.includes(id)) out.push(`check "${id}" severity lowered from ${was} to ${is}`);
  }
  if (now.gate.minScore < old.gate.minScore) out.push(`gate.minScore lowered from ${old.gate.minScore} to ${now.gate.minScore}`);
  const warned = now.gate.warn.filter((s) => !old.gate.warn.includes(s));
  if (warned.length) out.push(`gate.warn now lets ${list(warned)} findings pass`);
  if (old.judgeMode && JUDGE_RANK[now.judgeMode ?? 'off'] < JUDGE_RANK[old.judgeMode]) out.push(`judge mode loosened from ${old.judgeMode} to ${now.judgeMode ?? 'off (no judge section)'}`);
  return out;
}

// The pixel comparator: a capture against a baseline a browser made (any provenance but a design
// export). The environments must match (env.ts); then pixelmatch with the spec's tolerances, per
// region, clustered (pixel-diff.ts); a failed comparison names its cause (cause.ts), the layout
// moves that explain it, and the random numbers the page drew unseeded.
import type { Box, CaptureRecord } from '../../core/artifacts.js';
import { writeFileAtomic } from '../../core/fsx.js';
import { groupKey } from '../../core/group-key.js';
import { abs, files, unitKey, type RunContext } from '../../core/run.js';
import type { ParityPlan, SpecPlan } from '../../spec/plan.js';
import { reapproveHint } from '../store/baselines.js';
import { layoutOf } from '../store/layout-boxes.js';
import type { BaselineEntry, LayoutUnitDiff, ParityUnit } from '../store/types.js';
import { unitCause, type UnitCause } from './cause.js';
import { isDesignExport, type Comparator, type Finish, type ImageCase, type ImageVerdict } from './comparator.js';
import { compareEnv } from './env.js';
import { describeLayout } from './layout.js';
import { compareImages, type CompareOutcome } from './pixel-diff.js';

/** Layout changes become findings beyond this many CSS px (and only when pixels failed too). */
export const LAYOUT_FINDING_PX = 2;

const pct = (r: number) => `${(r * 100).toFixed(r > 0 && r < 0.0001 ? 4 : 2)}%`;
const boxText = (b: Box) => `${b.width}×${b.height} at (${b.x}, ${b.y})`;

function union(a: Box | null, b: Box | null): Box | null {
  if (!a || !b) return a ?? b;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

export const pixels: Comparator<ImageCase, ImageVerdict> = {
  id: 'pixels',
  wants: (c) => !isDesignExport(c.entry),
  compare(c) {
    const { run, spec, parity, entry, capture: cap, unit, layout, finish } = c;
    const key = unitKey(c.state, c.viewport);
    const env = compareEnv(entry.environment, cap.record.environment);
    const note = env.note ? `${spec.name}/${key}: ${env.note}` : null;
    if (env.mismatch.length) {
      return noted(finish('env-mismatch', `${spec.name}/${key}: ${env.mismatch.join('; ')}; pixels not compared; ${reapproveHint(spec.name)}`, 'guard',
        { baselineEnvironment: entry.environment, environment: cap.record.environment }), note);
    }
    const outcome = compareImages({
      baseline: c.base, current: cap.png, threshold: parity.threshold,
      deviceScaleFactor: cap.record.viewport?.deviceScaleFactor ?? 1,
      ignore: [...layoutOf(cap.record).masks, ...(entry.layout?.masks ?? [])],
      regions: regionInputs(spec, parity, cap.record, entry),
      wantDiff: true, maxPixels: c.maxPixels,
    });
    // the cause is traced only for a unit whose pixels changed (it reads two CSS records)
    const cause = (clusters: Box[]) => unitCause(run, spec.name, cap.record, entry, clusters);
    const verdict = noted(judgeOutcome(run, spec, parity, unit, outcome, finish, layout, cause), note);
    const causes = [randomCause(cap.record), clockCause(cap.record)].filter(Boolean);
    if (causes.length && (unit.outcome === 'changed' || unit.outcome === 'size-changed') && verdict.findings[0]) {
      verdict.findings[0].message += `; ${causes.join('; ')}`;
      unit.message = verdict.findings[0].message;
    }
    return verdict;
  },
};

/** The environment's note before the one the cause tracer adds, as one line. */
function noted(v: ImageVerdict, note: string | null): ImageVerdict {
  v.note = [note, v.note].filter(Boolean).join('; ') || null;
  return v;
}

/** The random sources the page drew from unseeded, as a cause a changed chart or canvas may have
 *  (issue 55): the capture record counts them (capture/context.ts); null when it drew none. */
export function randomCause(record: CaptureRecord): string | null {
  const r = record.random;
  if (!r) return null;
  const parts: string[] = [];
  if (r.mathRandom && !r.seeded) parts.push(`Math.random ×${r.mathRandom} (not seeded: context.randomSeed is false; remove it to seed)`);
  if (r.getRandomValues) parts.push(`crypto.getRandomValues ×${r.getRandomValues}`);
  if (r.randomUUID) parts.push(`crypto.randomUUID ×${r.randomUUID}`);
  if (!parts.length) return null;
  const crypto = r.getRandomValues || r.randomUUID ? '; veval never seeds crypto (ids drawn from it must stay unique): mask what it draws, or draw it from Math.random' : '';
  return `the page drew random numbers while it rendered: ${parts.join(', ')}${crypto}`;
}

/** The clock read while the page rendered, its time not frozen, as a cause a changed text, chart or
 *  canvas may have (issue 55): Date reads only (performance.now alone is a scheduler's); null else. */
export function clockCause(record: CaptureRecord): string | null {
  const c = record.clock;
  if (!c || !(c.dateNow + c.newDate)) return null;
  const parts = [c.dateNow ? `Date.now ×${c.dateNow}` : '', c.newDate ? `new Date() ×${c.newDate}` : '', c.performanceNow ? `performance.now ×${c.performanceNow}` : ''].filter(Boolean);
  return `the page read the clock while it rendered: ${parts.join(', ')} (the clock is not frozen: context.freezeTime: true, or a date, fixes what it shows)`;
}

function regionInputs(spec: SpecPlan, parity: ParityPlan, record: CaptureRecord, entry: BaselineEntry) {
  // a region is the union of where it is now and where it was: a change at either place counts
  const names = [...new Set([...Object.keys(spec.regions), ...Object.keys(spec.framed?.regions ?? {}), ...Object.keys(parity.regions)])];
  return names.map((name) => ({ name, box: union(record.regions?.[name]?.box ?? null, entry.layout?.regions?.[name] ?? null) }));
}

/** Names the cause of a failed comparison on its finding: the first changed area's in the message
 *  (one line a reviewer or agent acts on), every area's in `cause`; why none could be named in a note. */
function withCause(v: ImageVerdict, traced: UnitCause): ImageVerdict {
  const f = v.findings[0];
  if (traced.note) v.note = [v.note, `${f.message.split(':')[0]}: ${traced.note}`].filter(Boolean).join('; ');
  if (!traced.areas.length) return v;
  f.message += `; ${traced.areas[0].text}`;
  f.cause = traced.areas;
  return v;
}

function judgeOutcome(run: RunContext, spec: SpecPlan, parity: ParityPlan, unit: ParityUnit, o: CompareOutcome, finish: Finish, layout: LayoutUnitDiff, cause: (clusters: Box[]) => UnitCause): ImageVerdict {
  const id = `${spec.name}/${unitKey(unit.state, unit.viewport)}`;
  if (o.kind === 'identical') { unit.changedPixels = 0; unit.ratio = 0; return finish('identical', `${id}: identical to the baseline`, null); }
  if (o.kind === 'unreadable') {
    return o.which === 'baseline'
      ? finish('unreadable-baseline', `baseline ${unit.baseline} is unreadable: ${o.reason}; ${reapproveHint(spec.name)}`, 'parity')
      : finish('unreadable-capture', `${id}: screenshot ${unit.capture} is unreadable: ${o.reason}`, 'parity');
  }
  unit.changedPixels = o.changed;
  unit.ratio = o.ratio;
  unit.size = o.kind === 'size-changed' ? { baseline: o.baseline, current: o.current } : { baseline: { width: o.width, height: o.height }, current: { width: o.width, height: o.height } };
  if (o.diffPng) {
    unit.diff = files.diff(spec.name, unit.state, unit.viewport);
    writeFileAtomic(abs(run, unit.diff), o.diffPng);
  }
  unit.clusters = o.clusters;
  unit.clusterCount = o.clusterCount;
  if (o.kind === 'size-changed') {
    // a changed size always fails; the common area is still compared so the diff shows what moved
    const strips = o.strips.map((st) => `${st.kind === 'added' ? 'a strip added' : 'a strip removed'}: ${boxText(st.box)}`);
    const areas = o.clusters.slice(0, 3).map((c) => boxText(c.box));
    const message = `${id}: image size changed from ${o.baseline.width}×${o.baseline.height} (baseline) to ${o.current.width}×${o.current.height} device px (${strips.join('; ')});`
      + ` in the common area ${o.changed} px (${pct(o.ratio)}) differ${areas.length ? `; changed areas: ${areas.join(', ')}${o.clusterCount > 3 ? ` and ${o.clusterCount - 3} more` : ''}` : ''}`;
    const added = o.strips.find((st) => st.kind === 'added');
    return withCause(finish('size-changed', message, 'parity', {
      size: unit.size, diff: unit.diff, strips: o.strips, box: added?.box ?? o.clusters[0]?.box ?? null,
      changedPixels: o.changed, ratio: o.ratio, clusters: o.clusters.slice(0, 5),
    }), cause([...o.clusters.map((c) => c.box), ...o.strips.map((st) => st.box)]));
  }
  unit.regions = o.regions.map((r) => {
    const tolerance = parity.regions[r.name] ?? null;
    // a region with a tolerance that cannot be located fails closed once anything changed
    const exceeded = tolerance !== null && o.changed > 0 && (r.box === null || r.ratio > tolerance);
    return { ...r, tolerance, exceeded };
  });
  const pageExceeded = o.ratio > parity.maxDiffRatio;
  const bad = unit.regions.filter((r) => r.exceeded);
  if (!pageExceeded && !bad.length) {
    return finish('within-tolerance', `${id}: ${o.changed} px (${pct(o.ratio)}) differ, within the page tolerance ${pct(parity.maxDiffRatio)}`, null);
  }
  const changedRegions = unit.regions.filter((r) => r.changed > 0 || r.exceeded).map((r) =>
    r.box === null ? `${r.name} (not found in the capture or the baseline; its tolerance ${pct(r.tolerance ?? 0)} cannot be checked)`
      : `${r.name} ${r.changed} px (${pct(r.ratio)}${r.tolerance !== null ? `, allows ${pct(r.tolerance)}` : ''})${r.exceeded ? ' over its tolerance' : ''}`);
  const areas = o.clusters.slice(0, 3).map((c) => boxText(c.box));
  const message = `${id}: ${o.changed} px (${pct(o.ratio)}) differ from the approved baseline` +
    ` (page allows ${pct(parity.maxDiffRatio)}${pageExceeded ? ', exceeded' : ''})` +
    (changedRegions.length ? `; regions changed: ${changedRegions.join(', ')}` : '; no declared region changed') +
    (areas.length ? `; changed areas: ${areas.join(', ')}${o.clusterCount > 3 ? ` and ${o.clusterCount - 3} more` : ''}` : '');
  const verdict = finish('changed', message, 'parity', {
    diff: unit.diff, box: o.clusters[0]?.box ?? null, changedPixels: o.changed, ratio: o.ratio,
    regions: unit.regions.filter((r) => r.changed > 0 || r.exceeded).map(({ name, changed, ratio, tolerance, exceeded }) => ({ name, changed, ratio, tolerance, exceeded })),
    clusters: o.clusters.slice(0, 5),
  });
  withCause(verdict, cause(o.clusters.map((c) => c.box)));
  // the same change (same areas, same pixels before and after) in several captures is one group:
  // a header changed on 40 pages is reviewed and approved once
  if (o.changeKey) verdict.findings[0].group = groupKey('parity', `pixels\u0000${o.changeKey}`);
  // layout changes explain a failed pixel comparison; alone they would second-guess the tolerances
  const moves = layout.compared ? describeLayout(layout, LAYOUT_FINDING_PX) : [];
  if (moves.length) {
    verdict.findings.push({ check: 'parity', severity: 'important', viewport: unit.viewport, state: unit.state,
      message: `${id}: layout changed since the baseline: ${moves.join('; ')}`,
      evidence: { file: unit.capture, baseline: unit.baseline, layoutDiff: files.layoutDiff(spec.name) } });
  }
  return verdict;
}

// One unit (state × viewport) against its approved baseline: the comparators it wants, in turn.
// Layout first (its diff explains a pixel change), then the image by the baseline's provenance
// (pixels, or a design export), then structure whatever the pixels said. Every way this can go
// wrong before the image is compared is an outcome with a blocker finding that names the file;
// only identical or within-tolerance pass.
import fs from 'node:fs';
import type { ComparatorId, Finding } from '../../core/artifacts.js';
import { COMPARATORS } from '../../core/artifacts.js';
import { sha256 } from '../../core/fsx.js';
import { abs, files, unitKey, type RunContext } from '../../core/run.js';
import type { ParityPlan, SpecPlan } from '../../spec/plan.js';
import { approveHint, baselineAbs, baselineRel, reapproveHint } from '../store/baselines.js';
import { loadCapture, type LoadedCapture } from '../store/capture-unit.js';
import { checkPixels, DEFAULT_MAX_PIXELS, inspectPng, PngTooLarge } from '../store/png.js';
import type { BaselineEntry, LayoutUnitDiff, ParityOutcome, ParityUnit } from '../store/types.js';
import type { Comparison, ImageVerdict, UnitCase } from './comparator.js';
import { designExport } from './design-unit.js';
import { layoutBoxes } from './layout.js';
import { pixels } from './pixels.js';
import { structure } from './structure.js';

/** The comparators that judge the image: the first that wants the baseline runs. */
const IMAGE = [designExport, pixels];

export interface UnitVerdict { unit: ParityUnit; findings: Finding[]; layout: LayoutUnitDiff; notes: string[] }

export function compareUnit(run: RunContext, spec: SpecPlan, parity: ParityPlan, state: string, viewport: string, entry: BaselineEntry | undefined): UnitVerdict {
  const t0 = performance.now();
  // diffs from an earlier pass over this run folder must not outlive their comparison
  fs.rmSync(abs(run, files.diff(spec.name, state, viewport)), { force: true });
  fs.rmSync(abs(run, files.structureDiff(spec.name, state, viewport)), { force: true });
  const ran = new Set<ComparatorId>();
  const cap = loadCapture(run, spec.name, state, viewport);
  const c: UnitCase | null = entry ? { run, spec, parity, state, viewport, entry, capture: cap } : null;
  const image = imageVerdict(c, { run, spec, parity, state, viewport, entry, cap, ran, t0 });
  // structure is compared whatever the pixels said: changes that pixels hide
  const st: Comparison = c && structure.wants(c) ? (ran.add(structure.id), structure.compare(c)) : { findings: [], note: null };
  image.unit.comparators = COMPARATORS.filter((id) => ran.has(id));
  const notes = [st.note, image.note].filter((n): n is string => !!n);
  return { unit: image.unit, layout: image.layout, findings: [...image.findings, ...st.findings], notes };
}

interface Where { run: RunContext; spec: SpecPlan; parity: ParityPlan; state: string; viewport: string; entry: BaselineEntry | undefined; cap: LoadedCapture; ran: Set<ComparatorId>; t0: number }

/** The layout diff, the checks every image comparison needs (a capture, a baseline as approved, sizes
 *  within maxPixels), then the image comparator the baseline's provenance picks. */
function imageVerdict(c: UnitCase | null, w: Where): ImageVerdict {
  const { run, spec, parity, state, viewport, entry, cap, ran, t0 } = w;
  const key = unitKey(state, viewport);
  const baseRel = baselineRel(spec.name, key);
  const unit: ParityUnit = {
    state, viewport, outcome: 'error', comparators: [], capture: null, baseline: entry ? baseRel : null, changedPixels: null, ratio: null,
    size: null, regions: [], clusters: [], clusterCount: 0, diff: null, message: '', ms: 0,
  };
  const findings: Finding[] = [];
  const layout: LayoutUnitDiff = { state, viewport, compared: false, reason: null, boxes: [], spacing: [] };
  const finish = (outcome: ParityOutcome, message: string, check: 'parity' | 'guard' | null, evidence: Record<string, unknown> = {}) => {
    unit.outcome = outcome;
    unit.message = message;
    if (check) findings.push({ check, severity: 'blocker', viewport, state, message, evidence: { file: unit.capture, baseline: unit.baseline, ...evidence } });
    unit.ms = Math.round(performance.now() - t0);
    return { unit, findings, layout, note: null };
  };

  unit.capture = cap.file;
  const maxPixels = parity.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (c && layoutBoxes.wants(c)) {
    ran.add(layoutBoxes.id);
    Object.assign(layout, { compared: true }, layoutBoxes.compare(c));
  } else layout.reason = !entry ? 'no approved baseline' : 'no capture record';
  // no capture, no comparison: the capture finding fails the unit already, for this same cause
  if (!cap.ok) return finish('skipped', `${spec.name}/${key}: parity not checked: ${cap.reason}`, null);
  if (!entry || !c) {
    const stray = fs.existsSync(baselineAbs(run, baseRel)) ? ` (${baseRel} exists but is not in ${baselineRel(spec.name)}, so it was never approved)` : '';
    return finish('no-baseline', `no approved baseline for ${spec.name}/${key}${stray}; ${approveHint(spec.name)}`, 'parity');
  }
  let base: Buffer;
  try { base = fs.readFileSync(baselineAbs(run, baseRel)); } catch (err: any) {
    unit.baseline = null;
    const why = err?.code === 'ENOENT' ? `${baseRel} is listed in ${baselineRel(spec.name)} but missing` : `${baseRel} cannot be read: ${err?.message ?? err}`;
    return finish('no-baseline', `no approved baseline for ${spec.name}/${key}: ${why}; ${approveHint(spec.name)}`, 'parity');
  }
  // The digest first, then the header: a file that is not what was approved, or one that claims
  // more pixels than allowed, is never decoded (a small PNG can claim gigabytes).
  if (sha256(base) !== entry.sha256) {
    let why = 'its sha256 differs from the one recorded at approval (changed outside `veval approve`, or a write was cut short)';
    try { inspectPng(base); checkPixels(base, maxPixels); } catch (err) { why = `${(err as Error).message}`; }
    return finish('unreadable-baseline', `baseline ${baseRel} is unusable: ${why}; ${reapproveHint(spec.name)}`, 'parity');
  }
  for (const [what, file, png] of [['baseline', baseRel, base], ['screenshot', cap.file, cap.png]] as const) {
    try { checkPixels(png, maxPixels); } catch (err) {
      if (!(err instanceof PngTooLarge)) continue;      // any other fault is named by the comparison
      return finish('image-too-large', `${what} ${file} is not compared: ${err.message}`, 'parity', { size: { width: err.width, height: err.height }, maxPixels });
    }
  }
  const comparator = IMAGE.find((k) => k.wants(c))!;
  ran.add(comparator.id);
  return comparator.compare({ ...c, capture: cap, base, maxPixels, unit, layout, finish });
}

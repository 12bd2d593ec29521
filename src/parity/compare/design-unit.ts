// One unit against a design-export baseline: decode both, compare per region (design.ts), and turn
// the departing regions into blocker findings that name the region, its score and the threshold
// (or its offset in px from the export's box). Each finding's evidence carries the region's box in
// the capture and in the export, so the report draws the departure on both images.
import type { Box } from '../../core/artifacts.js';
import { DESIGN_DEFAULTS } from '../../core/limits.js';
import { unitKey } from '../../core/run.js';
import { reapproveHint } from '../store/baselines.js';
import { compareDesign, type DesignRegion, type DesignRegionInput } from './design.js';
import { diffLayout } from './layout.js';
import { layoutOf } from '../store/layout-boxes.js';
import { decodePng, PngError, type Rgba } from '../store/png.js';
import { isDesignExport, type Comparator, type ImageCase, type ImageVerdict } from './comparator.js';

const scaled = (b: Box, k: number): Box => ({ x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k });
const r1 = (n: number) => Math.round(n * 10) / 10;
const boxText = (b: Box) => `${r1(b.width)}×${r1(b.height)} at (${r1(b.x)}, ${r1(b.y)})`;

export const designExport: Comparator<ImageCase, ImageVerdict> = {
  id: 'design-export',
  wants: (c) => isDesignExport(c.entry),
  compare: (c) => designVerdict(c),
};

function designVerdict(i: ImageCase): ImageVerdict {
  const { spec, unit, entry, finish } = i;
  const prov = entry.provenance!;
  const id = `${spec.name}/${unitKey(unit.state, unit.viewport)}`;
  let exp: Rgba, cap: Rgba;
  try { exp = decodePng(i.base, i.maxPixels); } catch (err) {
    return finish('unreadable-baseline', `baseline ${unit.baseline} (design export ${prov.file}) is unreadable: ${reason(err)}; ${reapproveHint(spec.name)}`, 'parity');
  }
  try { cap = decodePng(i.capture.png, i.maxPixels); } catch (err) {
    return finish('unreadable-capture', `${id}: screenshot ${unit.capture} is unreadable: ${reason(err)}`, 'parity');
  }
  const settings = { ...DESIGN_DEFAULTS, ...i.parity.design };
  const dsf = i.capture.record.viewport?.deviceScaleFactor || 1;
  // the boxes were stored for the viewport width; the capture may be wider (horizontal overflow)
  const k = Math.round(cap.width / dsf) / (prov.viewportWidth || Math.round(cap.width / dsf));
  const current = layoutOf(i.capture.record);
  const names = Object.keys(spec.regions);
  // without declared regions: the page's main blocks as the capture has them, each looked for in the export
  const blocks = names.length ? [] : i.capture.record.blocks ?? [];
  const inputs: DesignRegionInput[] = names.length ? names.map((name) => {
    const stored = prov.boxes ? entry.layout.regions[name] : null;
    return { name, box: current.regions[name] ?? null, exportBox: stored ? scaled(stored, k) : null };
  }) : blocks.map((b) => ({ name: b.name, box: b.box, exportBox: null }));
  const cmp = compareDesign(exp, cap, dsf, inputs, current.masks, settings);
  if (prov.boxes) {
    const base = { regions: Object.fromEntries(names.filter((n) => entry.layout.regions[n]).map((n) => [n, scaled(entry.layout.regions[n]!, k)])), required: {}, masks: [] };
    Object.assign(i.layout, { compared: true, reason: null }, diffLayout(base, { ...current, required: {}, regions: Object.fromEntries(names.filter((n) => base.regions[n]).map((n) => [n, current.regions[n] ?? null])) }, settings.tolerancePx));
  } else i.layout.reason = names.length ? 'a design export without region boxes: each region is looked for in the export (parity.json units[].design)'
    : `no regions declared: the page's main blocks (${blocks.length}) are looked for in the design export (parity.json units[].design)`;
  unit.design = {
    source: prov.file, boxes: !!prov.boxes, scale: cmp.scale, exportSize: cmp.exportSize, captureSize: cmp.captureSize,
    minScore: settings.minScore, tolerancePx: settings.tolerancePx, maxSizeRatio: settings.maxSizeRatio, maxDeltaE: settings.maxDeltaE,
    regions: cmp.regions.map((r) => ({ name: r.name, score: r.score, box: r.box, exportBox: r.exportBox, located: r.located, match: r.match, shift: r.shift, offset: r.offset,
      sizeRatio: r.sizeRatio, deltaE: r.deltaE, kinds: r.kinds, departs: r.departs, why: r.why })),
  };
  const departing = cmp.regions.filter((r) => r.departs);
  const kinds = (rs: DesignRegion[]) => rs.map((r) => `${r.name} ${r.kinds.join(' and ')}`).join(', ');
  if (!departing.length) {
    const low = [...cmp.regions].sort((a, b) => (a.score ?? 0) - (b.score ?? 0))[0];
    return finish('design-match', `${id}: matches the design export ${prov.file}: every region where the export has it${prov.boxes ? '' : ' (found by searching the export)'} within ${settings.tolerancePx} px and ${settings.maxSizeRatio}× its size, colours within ΔE2000 ${settings.maxDeltaE}, content at least ${settings.minScore}${low ? ` (lowest: ${low.name} ${low.score})` : ''}`, null);
  }
  const v = finish('design-departs', `${id}: ${departing.length} of ${cmp.regions.length} region${cmp.regions.length === 1 ? '' : 's'} depart from the design export ${prov.file}: ${kinds(departing)}`, null);
  for (const r of departing) {
    v.findings.push({
      check: 'parity', severity: 'blocker', viewport: unit.viewport, state: unit.state,
      message: `${id}: region "${r.name}" departs from the design export ${prov.file}: ${r.why.join('; ')}${r.box ? `; in the capture ${boxText(r.box)}` : ''}${r.exportBox ? `, in the export ${boxText(r.exportBox)}` : ''}`,
      evidence: {
        file: unit.capture, baseline: unit.baseline, design: prov.file, region: r.name, label: `region ${r.name}`, box: r.box,
        kinds: r.kinds, score: r.score, minScore: settings.minScore, tolerancePx: settings.tolerancePx, maxSizeRatio: settings.maxSizeRatio, maxDeltaE: settings.maxDeltaE,
        offset: r.offset, sizeRatio: r.sizeRatio, deltaE: r.deltaE, match: r.match, shift: r.shift, exportBox: r.exportBox, exportSize: cmp.exportSize,
      },
    });
  }
  return v;
}

const reason = (err: unknown) => (err instanceof PngError ? err.message : `undecodable PNG: ${(err as Error).message}`);

// The boxes a baseline records with its image (regions, what they paint, required elements, masks):
// approve stores them, the layout comparator diffs against them, min-gap reads the approved gaps.
import type { Box, CaptureRecord } from '../../core/artifacts.js';
import type { LayoutBoxes } from './types.js';

export function layoutOf(record: CaptureRecord): LayoutBoxes {
  const required: Record<string, Box | null> = {};
  for (const r of record.required ?? []) required[r.name] = r.verdict?.box ?? null;
  const regions = Object.entries(record.regions ?? {});
  return {
    regions: Object.fromEntries(regions.map(([k, v]) => [k, v.box])),
    // min-gap compares the gaps a user sees (between what regions paint) with the approved ones
    ink: Object.fromEntries(regions.filter(([, v]) => v.ink !== undefined).map(([k, v]) => [k, v.ink!])),
    required,
    masks: (record.masks ?? []).flatMap((m) => m.boxes),
  };
}

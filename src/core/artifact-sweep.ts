// <spec>/<state>-sweep.json: what the width sweep of one state measured (capture/sweep/ writes it,
// the sweep check reads it). Failures are ranges of widths, each with the width it is worst at.
import { Type, type Static } from '@sinclair/typebox';
import { BoxSchema, Lits, Nullable, Num, SeveritySchema, Str } from './artifact-parts.js';

export const SWEEP_KINDS = ['overflow', 'overlap', 'text-clipped', 'required-visible', 'collision', 'protrusion', 'offscreen'] as const;

export const SweepRangeSchema = Type.Object({
  key: Str('the failure by check and elements, the same at every width'),
  kind: Lits(...SWEEP_KINDS),
  severity: SeveritySchema,
  from: Num('first failing width (CSS px)'), to: Num('last failing width'), worst: Num('the width it is worst at'),
  detail: Str('the failure in words at its worst width'),
  elements: Type.Array(Str()),
  box: Nullable(BoxSchema),
  evidence: Type.Record(Type.String(), Type.Unknown()),
  screenshot: Nullable(Str('file name of the screenshot at the worst width, next to this file; null: it could not be taken')),
});
export type SweepRangeRecord = Static<typeof SweepRangeSchema>;

export const SweepResultSchema = Type.Object({
  version: Type.Literal(1),
  spec: Str(), state: Str(), url: Str(),
  from: Num(), to: Num(), step: Num(), height: Num(),
  ok: Type.Boolean({ description: 'false: error is set; the sweep did not finish and its ranges are incomplete' }),
  error: Nullable(Str()),
  breakpoints: Type.Array(Num(), { description: 'widths at which the page\'s media and container queries flip, read from its style sheets' }),
  unreadSheets: Num('style sheets veval could not read (another origin): their breakpoints are found by the step only'),
  measured: Type.Array(Num(), { description: 'every width measured, ascending' }),
  failedWidths: Type.Array(Type.Object({ width: Num(), error: Str() }), { description: 'widths where measuring failed: never a pass' }),
  ranges: Type.Array(SweepRangeSchema),
  timings: Type.Object({ total: Num(), open: Num('opening the page, its steps included'), measure: Num('every width together'), screenshots: Num() }),
}, { title: 'veval sweep result', description: '<spec>/<state>-sweep.json: the failures of one state over a range of widths' });
export type SweepResult = Static<typeof SweepResultSchema>;

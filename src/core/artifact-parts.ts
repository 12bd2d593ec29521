// The parts every artifact is built of: the schema helpers, the severity list, a box, a finding
// (core/artifacts.ts lists the artifacts). One definition each, so a finding in checks.json,
// parity.json, judge.json and report.json is the same thing.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(t: T, options: object = {}) => Type.Union([t, Type.Null()], options);
export const Str = (description?: string) => Type.String(description ? { description } : {});
export const Num = (description?: string) => Type.Number(description ? { description } : {});
/** A closed list of strings, e.g. Lits('pass', 'fail'): one `enum` (small validator code, plain JSON Schema). */
export const Lits = <const T extends readonly string[]>(...values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** The severity list, written once: most severe first. */
export const SeveritySchema = Lits('blocker', 'important', 'polish');
export type Severity = Static<typeof SeveritySchema>;
export const SEVERITIES: readonly Severity[] = SeveritySchema.enum as Severity[];

/** A rectangle in CSS pixels, document coordinates (origin = top-left of the page). */
export const BoxSchema = Type.Object({ x: Num(), y: Num(), width: Num(), height: Num() }, { description: 'CSS px, document coordinates' });
export type Box = Static<typeof BoxSchema>;
export const Size = Type.Object({ width: Num(), height: Num() });

// ---- findings (checks.json, parity.json, judge.json, report.json) ----

/** Evidence a finding rests on: always the capture file, plus the element or quoted text. */
export const EvidenceSchema = Type.Object({
  file: Nullable(Str('capture file the finding rests on, relative to the run folder')),
  selector: Type.Optional(Str()),
  box: Type.Optional(Nullable(BoxSchema)),
  text: Type.Optional(Str()),
  label: Type.Optional(Str('what the box outlines when the selector alone would mislead (a check\'s meta.label; the gate writes it into report.json)')),
}, { additionalProperties: true });
export type Evidence = Static<typeof EvidenceSchema> & { [k: string]: unknown };

export const FindingSchema = Type.Object({
  check: Str('check id, or capture | parity | judge | guard'),
  severity: SeveritySchema,
  viewport: Nullable(Str('set when the finding concerns one capture; null when spec-wide')),
  state: Nullable(Str()),
  message: Str(),
  evidence: EvidenceSchema,
  rule: Type.Optional(Str('axe rule id')),
  impact: Type.Optional(Str('axe impact')),
  effect: Type.Optional(Type.Union([Type.Literal('known-debt'), Type.Literal('fixed')], { description: 'set when the finding does not count against the gate: known-debt (an accessibility violation recorded as debt when its baseline was approved; reported, never failing) or fixed (recorded debt that is gone; the next approve drops it)' })),
  sweep: Type.Optional(Type.Object({ from: Num('first failing width, CSS px'), to: Num('last failing width'), worst: Num('the width it is worst at (its screenshot\'s)') }, { description: 'a width sweep\'s failure (check sweep, viewport sweep): the range of widths it fails at' })),
  group: Type.Optional(Type.String({ pattern: '^[0-9a-f]{16}$', description: 'the same problem (check + what was seen) in several captures is one finding per unit, each with this key: list one unit\'s findings by viewport and state, show a problem once by group' })),
}, { additionalProperties: true });
export type Finding = Omit<Static<typeof FindingSchema>, 'evidence'> & { evidence: Evidence };

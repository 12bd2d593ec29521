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

/** Where a value comes from, as parity names it: the file a user edits and the declaration's line. */
const CauseSourceSchema = Type.Object({
  file: Str('project-relative file when the app is served from the project, else the stylesheet URL (or the authored file a source map names)'),
  line: Nullable(Num('1-based line of the declaration')), column: Nullable(Num()), selector: Nullable(Str()),
  kind: Lits('rule', 'inline', 'attribute'), text: Str('the declaration, e.g. "margin-top: -8px"'), inherited: Type.Optional(Type.Boolean()),
  script: Type.Optional(Type.Boolean({ description: 'set by a script (a constructed or script-made stylesheet, a rule inserted or changed through CSSOM, a style property set by script): no file line to edit' })),
});
const CausePropSchema = Type.Object({
  prop: Str(), before: Str('computed value at approval'), after: Str('computed value now'),
  source: Nullable(CauseSourceSchema, { description: 'the declaration that sets it now; null: none recorded' }),
  was: Nullable(CauseSourceSchema, { description: 'the declaration that set it at approval, when another one' }),
  unknown: Type.Optional(Type.Boolean({ description: 'the element\'s declarations now were not recorded (beyond the lookup bound): source null says nothing' })),
  wasUnknown: Type.Optional(Type.Boolean({ description: 'the element\'s declarations at approval were not recorded (beyond the lookup bound then): was null says nothing' })),
});
export const CauseAreaSchema = Type.Object({
  area: BoxSchema,
  causes: Type.Array(Type.Object({
    element: Str('the element key (the scheme of flake-map masks)'), kind: Lits('changed', 'moved', 'added', 'removed'),
    box: Nullable(BoxSchema), baselineBox: Nullable(BoxSchema),
    explains: Num('share (0..1) of the area its box covers, now or at approval'),
    props: Type.Array(CausePropSchema),
    moved: Nullable(Type.Object({ dx: Num(), dy: Num() })),
    via: Nullable(Type.Object({ element: Str(), props: Type.Array(CausePropSchema), grew: Type.Object({ width: Num(), height: Num() }),
      container: Type.Optional(Type.Boolean({ description: 'the element is its container, which placed it anew (columns, direction, gaps)' })) },
    { description: 'what moved it: the earlier sibling (of it or of an ancestor) that resized, else its container' })),
    wasKey: Type.Optional(Str('its key at approval, when it changed')),
  }), { description: 'ranked: the first explains most of the area' }),
  text: Str('the cause in one line'),
});

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
  cause: Type.Optional(Type.Array(CauseAreaSchema, { description: 'parity: per changed area, the elements and CSS properties that explain it, with the declarations that set them (docs/root-cause.md)' })),
  stress: Type.Optional(Type.Object({
    variant: Str('the stress variant (core/stress.ts)'), of: Str('the declared state it stresses'), criterion: Nullable(Str('the WCAG success criterion, e.g. 1.4.12')),
    rule: Nullable(CauseSourceSchema, { description: 'the declaration behind what broke (the clipping box\'s height, overflow, white-space…), from the stress unit\'s CSS record; null: none recorded' }),
  }, { description: 'a finding on a stress unit (spec stress:): broken by the stress, not already in the plain state' })),
  group: Type.Optional(Type.String({ pattern: '^[0-9a-f]{16}$', description: 'the same problem (check + what was seen) in several captures is one finding per unit, each with this key: list one unit\'s findings by viewport and state, show a problem once by group' })),
}, { additionalProperties: true });
export type Finding = Omit<Static<typeof FindingSchema>, 'evidence'> & { evidence: Evidence };

import { Type } from '@sinclair/typebox';
import type { Check, UnitInput } from './types.js';
import type { Severity } from '../core/artifacts.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { quote } from './lib/text.js';

const ID = 'text-clipped';

/** A CSS selector from `ignore` matches the measured element's selector when it equals it or is
 *  its last compound(s) — checks see no DOM, only the selector the capture stage wrote. */
export function selectorMatches(measuredSel: string, ignore: string): boolean {
  const m = measuredSel.trim(), i = ignore.trim();
  if (m === i) return true;
  if (!m.endsWith(i)) return false;
  const before = m.charAt(m.length - i.length - 1);
  return before === ' ' || before === '>' || /[a-z0-9\]\)]/i.test(before) && /^[.#\[:]/.test(i);
}

/** The required entries of the capture that the same ancestor clips (required-visible reports
 *  them): one cause, named once with both findings. */
function clippedRequired(u: UnitInput, by: string): string[] {
  return u.record.required.filter((r) => r.verdict.clippedBy?.selector === by).map((r) => r.name);
}

/** "; the same edge hides the required …" when the ancestor cutting the text also clips required entries. */
function sameCause(u: UnitInput, by: string | undefined): string {
  const names = by ? clippedRequired(u, by) : [];
  return names.length ? `; the same edge clips the required ${names.map((n) => quote(n)).join(', ')} (required-visible)` : '';
}

/** An intended truncate (text-overflow: ellipsis) is a designer's decision: polish by default. */
const DEFAULTS = { ellipsis: 'polish' as EllipsisOption, minHiddenPx: 1 };
type EllipsisOption = boolean | 'polish' | 'important' | 'off';

/** The severity of text cut with an ellipsis, null when not reported (the boolean of old: true = important). */
export function ellipsisSeverity(option: EllipsisOption): Severity | null {
  return option === true ? 'important' : option === false || option === 'off' ? null : option;
}

export const check: Check<{ ignore?: string[]; ellipsis?: EllipsisOption; minHiddenPx?: number }> = {
  meta: {
    id: ID,
    title: 'Text is not cut off',
    description: 'Text cut off inside its own box (overflow hidden, text-overflow: ellipsis, line clamp; buttons clip their content), or running out of the nearest box that paints a background or border (a link styled as a button, a cart row), naming the element and the text.',
    defaultSeverity: 'important',
    defaultEnabled: true,
    order: 70,
    score: 'structural',
    names: { ignore: 'selectors' },
    defaults: DEFAULTS,
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'selectors whose clipping is intended (matched against the end of the measured element selector)' })),
      ellipsis: Type.Optional(Type.Union([
        Type.Union([Type.Literal('polish'), Type.Literal('important'), Type.Literal('off')]),
        Type.Boolean(),
      ], { description: `the severity of text truncated with an ellipsis: polish, important or off (default ${DEFAULTS.ellipsis}; true = important, false = off)` })),
      minHiddenPx: Type.Optional(Type.Number({ minimum: 0, description: `ignore clipping smaller than this (default ${DEFAULTS.minHiddenPx})` })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const { ignore = [], ellipsis = DEFAULTS.ellipsis, minHiddenPx = DEFAULTS.minHiddenPx } = ctx.options;
    const severity = severityOf(ctx, 'important');
    const cut = ellipsisSeverity(ellipsis);
    return measured(ctx.units).flatMap((u) => u.record.clippedText
      .filter((c) => c.hiddenPx >= minHiddenPx && (cut || !c.ellipsis) && !ignore.some((s) => selectorMatches(c.selector, s)))
      .map((c) => findingFor(ID, u, c.ellipsis && !c.spill ? cut! : severity,
        c.spill
          ? `text in ${quote(c.selector)} runs ${Math.round(c.hiddenPx)} px out of ${c.within ? quote(c.within) : 'its box'} at ${u.record.viewport.name} (${u.record.state}): ${quote(c.text, 120)}`
          : `text in ${quote(c.selector)} is cut off by ${Math.round(c.hiddenPx)} px ${c.axis === 'x' ? 'horizontally' : 'vertically'}${c.clippedBy ? ` by the edge of ${quote(c.clippedBy)}` : ''}${c.ellipsis ? ' (ellipsis)' : ''} at ${u.record.viewport.name} (${u.record.state}): ${quote(c.text, 120)}${sameCause(u, c.clippedBy)}`,
        { selector: c.selector, box: c.box, text: c.text, axis: c.axis, hiddenPx: c.hiddenPx, ellipsis: c.ellipsis, ...(c.spill ? { spill: true } : {}), ...(c.within ? { within: c.within } : {}),
          ...(c.clippedBy ? { clippedBy: c.clippedBy, clips: clippedRequired(u, c.clippedBy) } : {}) })));
  },
};

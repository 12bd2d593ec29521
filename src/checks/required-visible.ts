import { Type } from '@sinclair/typebox';
import type { RequiredCheckResult, VisibilityVerdict } from '../core/artifacts.js';
import type { Check } from './types.js';
import { findingFor, measured } from './lib/finding.js';
import { quote } from './lib/text.js';
import { SUBPIXEL_PX } from './lib/geometry.js';

const ID = 'required-visible';

/** Does the verdict satisfy the declared level? */
export function satisfies(req: Pick<RequiredCheckResult, 'visible'>, v: VisibilityVerdict): boolean {
  if (req.visible === 'present') return v.present;
  if (req.visible === 'partial') return v.present && v.level !== 'none';
  return v.present && (v.level === 'full' || (!clipOf(v) && !v.offscreenX && v.visibleFraction >= 0.999 && v.displayed && v.nonZeroSize && v.opacity > 0));
}

/** The clip that hides something: one under SUBPIXEL_PX is layout rounding, not a clip (a capture
 *  made before the capture stage applied that rule may still hold one, rounded to 0 px). */
const clipOf = (v: VisibilityVerdict) => (v.clippedBy && v.clippedBy.hiddenPx >= SUBPIXEL_PX ? v.clippedBy : null);

/** The capture's hint when only the case differs ("; text matches are case-sensitive; …"), or ''. */
const caseHint = (reason: string) => {
  const m = /\((text matches are case-sensitive.*)\)$/.exec(reason);
  return m ? `; ${m[1]}` : '';
};

/** Why the element is not visible enough, in the words a user would use, most basic cause first. */
export function whyNotVisible(req: RequiredCheckResult, v: VisibilityVerdict): string {
  // a frame that cannot be looked into (missing, not a frame, another origin) is the reason
  if (req.frameProblem) return req.frameProblem.message;
  if (!v.present) {
    return req.selector
      ? `not present (no element matches ${quote(req.selector)})`
      : `not present (no visible text matches ${quote(req.text ?? '')}${req.within ? ` within ${quote(req.within)}` : ''}${caseHint(v.reason)})`;
  }
  // a closed panel (off-canvas navigation, a drawer) is the reason, not where it was moved to
  if (v.closed) return `closed: it is inside ${quote(v.closed.selector)}, ${v.closed.how === 'hidden' ? 'visibility: hidden' : 'moved out of the window'} until a user opens it`;
  const why: string[] = [];
  if (!v.displayed) why.push(v.reason ? `not displayed (${v.reason})` : 'not displayed (display: none or visibility: hidden)');
  else if (!v.nonZeroSize) why.push('zero size');
  else if (v.opacity <= 0) why.push('opacity 0');
  else if (/text colour is transparent/.test(v.reason)) why.push(v.reason);
  if (v.offscreenX < 0) why.push(`${Math.round(-v.offscreenX)} px left of the viewport`);
  if (v.offscreenX > 0) why.push(`${Math.round(v.offscreenX)} px right of the viewport`);
  const clip = clipOf(v);
  if (clip) why.push(`clipped by ${quote(clip.selector)}${inFrame(clip.frame)} (${Math.round(clip.hiddenPx)} px hidden)`);
  // the capture may name the clipping ancestor as the cover of the part it hides: say it once
  if (v.coveredBy && v.coveredBy.selector !== v.clippedBy?.selector) {
    const c = v.coveredBy;
    // a strip across the whole width reads as its height; anything narrower as an area
    const area = c.coveredBox && v.box && c.coveredBox.width < v.box.width - 1 ? `a ${Math.round(c.coveredBox.width)}×${Math.round(c.coveredBox.height)} px area` : `${Math.round(c.coveredPx)} px`;
    why.push(`covered by ${c.backdrop ? 'the backdrop of the modal ' : ''}${quote(c.selector)}${req.frame?.length ? c.frame ? inFrame(c.frame) : ' (in the page, over the frame)' : ''}${c.invisible ? ' (it paints nothing there, but it takes the clicks)' : ''} over ${area}`);
  }
  if (!v.reachable && why.length === 0) why.push(v.scrolls ? `it lies in ${quote(v.scrolls.selector)}, which scrolls, but no scroll position of it and of the page shows it whole in the viewport` : 'cannot be scrolled entirely into the viewport');
  if (why.length === 0) why.push(v.reason || `visibility ${v.level}`);
  return why.join('; ');
}

/** " inside the frame "#a" › "#b"" for an element inside a frame; '' in the top page. */
const inFrame = (frame: string[] | undefined) => (frame?.length ? ` inside the frame ${frame.map((f) => quote(f)).join(' › ')}` : '');

const LEVEL_WORDS = { full: 'fully visible', partial: 'visible', present: 'present' } as const;

export const check: Check = {
  meta: {
    id: ID,
    title: 'Required elements are visible',
    description: 'Every required selector or text (from required: and the brief Must show list) is present and visible to a user as declared: inside the viewport at a reachable scroll position, not clipped by an overflow:hidden ancestor, not covered by another element, displayed, with size and opacity.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    order: 20,
    score: 'structural',
    alwaysOn: true,
    options: Type.Object({}, { additionalProperties: false }),
    // a required entry is reported as the spec declares it, whatever element matched in a capture
    // (the matched element's selector differs between captures; it stays in evidence.selector)
    label: (e) => {
      const r = e.required as { name?: unknown; entry?: unknown } | undefined;
      if (typeof r?.entry !== 'string') return null;
      return typeof r.name === 'string' && r.name && r.name !== r.entry ? `${r.entry} (${r.name})` : r.entry;
    },
  },
  run(ctx) {
    return measured(ctx.units).flatMap((u) => u.record.required.filter((r) => !satisfies(r, r.verdict)).map((r) => {
      const v = r.verdict;
      const what = r.selector ?? r.text ?? r.name;
      const label = (r.name && r.name !== what ? `${quote(r.name)} (${what})` : quote(what)) + inFrame(r.frame);
      const message = `required ${label} is not ${LEVEL_WORDS[r.visible]} at ${u.record.viewport.name} (${u.record.state}): ${whyNotVisible(r, v)}`;
      return findingFor(ID, u, 'blocker', message, {
        selector: r.matchedSelector ?? r.selector ?? r.within ?? undefined,
        box: v.box,
        ...(r.text ? { text: r.matchedText ?? r.text } : {}),
        required: { name: r.name, entry: r.selector ?? (r.text !== null ? `text ${r.text}` : r.name), visible: r.visible, source: r.source, level: v.level, visibleFraction: v.visibleFraction },
        ...(r.frame ? { frame: r.frame } : {}), ...(r.frameProblem ? { frameProblem: r.frameProblem } : {}),
        ...(v.coveredBy ? { coveredBy: { selector: v.coveredBy.selector, box: v.coveredBy.coveredBox ?? v.coveredBy.box, coveredPx: v.coveredBy.coveredPx, ...(v.coveredBy.frame ? { frame: v.coveredBy.frame } : {}) } } : {}),
        ...(v.closed ? { closed: v.closed } : {}),
        ...(clipOf(v) ? { clippedBy: { selector: v.clippedBy!.selector, box: v.clippedBy!.box, hiddenPx: v.clippedBy!.hiddenPx } } : {}),
      });
    }));
  },
};


// The browser engines a unit can be captured in. Chromium is the default and keeps every name it
// had (viewport ids, file names, baselines); another engine's unit has the viewport id
// `<viewport>.<engine>`, so its files (`default-mobile.firefox.png`), baselines and findings are
// its own and a Chromium baseline is never compared with a Firefox capture.

export const ENGINES = ['chromium', 'firefox'] as const;
export type Engine = typeof ENGINES[number];
export const DEFAULT_ENGINES: Engine[] = ['chromium'];
/** Engines other than the default: the suffixes a viewport id may carry. */
const SUFFIXED = ENGINES.filter((e) => e !== 'chromium');

/** The viewport id of viewport `name` in `engine`. */
export const engineViewport = (name: string, engine: Engine): string => engine === 'chromium' ? name : `${name}.${engine}`;

/** A viewport id taken apart: the viewport name a spec or config uses, and the engine. */
export function splitViewport(id: string): { viewport: string; engine: Engine } {
  for (const e of SUFFIXED) if (id.endsWith(`.${e}`) && id.length > e.length + 1) return { viewport: id.slice(0, -(e.length + 1)), engine: e };
  return { viewport: id, engine: 'chromium' };
}

/** How a unit is named on a terminal and in reports: "mobile" or "mobile · firefox". */
export const viewportLabel = (id: string): string => {
  const { viewport, engine } = splitViewport(id);
  return engine === 'chromium' ? viewport : `${viewport} · ${engine}`;
};

/** Why a spec cannot be captured in an engine at all (null: it can). Decided when the plan is
 *  compiled, so `veval plan` and the report name it: a unit that cannot be made right is skipped
 *  with its reason, never captured under the wrong conditions. */
export function engineCannot(engine: Engine, context: { reducedMotion: string }): string | null {
  if (engine === 'firefox' && context.reducedMotion === 'no-preference') {
    return 'Firefox sets prefers-reduced-motion for the whole browser (launched as reduce, veval\'s default); context.reducedMotion: no-preference cannot be emulated per unit there';
  }
  return null;
}

/** Evidence an engine does not gather, each with why: named in every record of that engine
 *  (`skipped`), never left out silently. The findings themselves are the same in every engine. */
export const ENGINE_GAPS: Record<Engine, { what: string; reason: string }[]> = {
  chromium: [],
  firefox: [
    { what: 'css-rules', reason: 'the CSS rules behind an element\'s values are read over CDP, which Firefox does not speak (its computed values are recorded)' },
    { what: 'font-fallbacks', reason: 'which font a fallen-back family rendered in is read over CDP, which Firefox does not speak' },
    { what: 'layout-shift', reason: 'Firefox does not implement the Layout Instability API (PerformanceObserver type layout-shift): the layout-shift check sees nothing there' },
  ],
};

/** Engines whose pages share one focus: a click in one page blurs every other page of the browser
 *  (measured with ESR 153 over BiDi: the other page gets a blur event and document.hasFocus() turns
 *  false; Chromium emulates focus per page), while two browser processes do not blur each other.
 *  Each worker gets a browser of its own, so a unit's focus-driven look (focus rings, a menubar's
 *  focus class) is never another unit's doing. */
export const SHARED_FOCUS: Partial<Record<Engine, string>> = {
  firefox: 'Firefox pages share one focus (a click in one blurs the others), so each worker gets a Firefox of its own',
};

/** Whether a viewport id answers a name the user typed (`--viewport`): "mobile" is mobile in every engine, "mobile.firefox" only Firefox's. */
export const viewportMatches = (id: string, wanted: string): boolean => id === wanted || splitViewport(id).viewport === wanted;

/** The gaps of one unit: its engine's, and Firefox's missing mobile emulation at an isMobile
 *  viewport. Measured on the real-page corpus: Chromium with isMobile honours <meta name=viewport>
 *  and zooms a too-wide page out (an overflow a phone user sees even under overflow-x: hidden);
 *  Firefox renders the narrow window as a desktop one, so that overflow stays hidden there. */
export function unitGaps(engine: Engine, vp: { isMobile: boolean }): { what: string; reason: string }[] {
  const gaps = ENGINE_GAPS[engine].map((g) => ({ ...g }));
  if (engine === 'firefox' && vp.isMobile) gaps.push({ what: 'mobile-emulation', reason: 'isMobile is not emulated in Firefox: <meta name=viewport> is ignored and a too-wide page is not zoomed out, so a horizontal overflow under overflow-x: hidden is not seen there' });
  return gaps;
}

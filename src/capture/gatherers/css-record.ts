// The CSS record (docs/root-cause.md): what parity needs, without a browser, to go from a changed
// area to the element, the property and the declaration behind it. The page's largest visible
// elements (plus every region and required element and their ancestors) with their key, box and
// computed values for PROPS, read in the page in one pass; then, for a bounded number of them, the
// declaration that sets each property, from Chromium's cascade (CDP CSS.getMatchedStylesForNode),
// followed through the stylesheet's source map when the app serves one. Against an approved record
// whose stylesheets are the page's (same URLs, places and texts), only regions, required elements and
// what changed are looked up; the rest keep the approved declarations. Read-only.
import crypto from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';
import { ENGINE_GAPS } from '../../core/engines.js';
import { pageEngine } from '../engine.js';
import type { CssRecord, RuleSourceRecord } from '../../core/artifacts.js';
import { files, unitKey, type RunContext } from '../../core/run.js';
import type { Gatherer, UnitView } from '../gatherer.js';
import { stressKeep } from './stress-variant.js';
import { readManifest } from '../../parity/store/baselines.js';
import { readBaselineCss } from '../../parity/store/css.js';
import { composedParent, deepAll, generatedName, r2, selectorOf, shadowRootsIn } from '../in-page/dom.js';
import { ownSelectors, volatileName } from '../still/in-page/flake.js';
import { cssElements } from '../in-page/css-values.js';
import { inPageScript } from '../in-page/script.js';
import { sourcesOf, type Header, type Matched, type Served } from '../css-rules.js';
import { locateStyle, styleAttributes } from '../served-html.js';
import { authoredPlace, type SourceMaps } from '../source-maps.js';

/** The properties recorded: box model, layout mode, size, font, colour, paint, stacking. */
export const CSS_PROPS = [
  'display', 'position', 'top', 'right', 'bottom', 'left', 'float', 'box-sizing',
  'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'border-top-style', 'border-bottom-style', 'border-top-color', 'border-bottom-color', 'border-top-left-radius',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height',
  'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'order',
  'justify-content', 'align-items', 'align-self', 'row-gap', 'column-gap',
  'grid-template-columns', 'grid-template-rows', 'grid-column-start', 'grid-row-start',
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing',
  'text-align', 'text-transform', 'text-decoration-line', 'white-space',
  'color', 'background-color', 'background-image', 'box-shadow', 'outline-style',
  'transform', 'z-index', 'visibility', 'opacity', 'overflow-x', 'overflow-y',
] as const;

/** Elements recorded at most (the largest visible ones after regions and required elements). */
export const CSS_MAX_ELEMENTS = 2000;
/** A stress unit's record without parity: the elements its findings may name and their ancestors. */
const STRESS_MAX_ELEMENTS = 150, STRESS_MAX_LOOKUPS = 60;
/** Elements whose declarations are looked up at most, in the same order (each lookup is a CDP round
 *  trip and a style resolution in the renderer: 1 to 60 ms, with the ancestors' rules, on the corpus). */
export const CSS_MAX_LOOKUPS = 400;
/** Lookups stop starting once they took this share of what the unit spent so far (opening,
 *  loading, settling, measuring), and at least CSS_LOOKUP_MIN_MS: the record's cost follows the
 *  page's and the machine's speed (docs/root-cause.md measures it). Regions, required elements and
 *  their ancestors are looked up whatever it costs. */
export const CSS_LOOKUP_SHARE = 0.1;
export const CSS_LOOKUP_MIN_MS = 250;
/** What changed since approval is looked up within this many budgets (then it too stops). */
const MUST_BUDGETS = 4;
export const lookupBudget = (spentMs: number) => Math.max(CSS_LOOKUP_MIN_MS, Math.round(CSS_LOOKUP_SHARE * spentMs));
/** Lookups in flight at once (the renderer answers them one by one; this hides the round trips). */
const IN_FLIGHT = 4;

export interface CssRecordInput {
  keep: string[]; maxElements?: number; maxLookups?: number; lookupMs?: number;
  /** the approved record (beside the baseline): elements whose values differ from it are looked up first, whatever the budget */
  previous?: CssRecord | null;
  /** the document's text as the server sent it: inline places are checked against it */
  served?: (() => Promise<string | null>) | null;
  /** false: no digest of the stylesheets (nothing will be compared with this record) */
  digest?: boolean;
}

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

/** Takes the record; a part that cannot be read is named in `error` (the rest is kept). */
export async function cssRecord(page: Page, input: CssRecordInput, maps: SourceMaps): Promise<CssRecord> {
  const t0 = Date.now();
  const props = [...CSS_PROPS];
  const raw = await page.evaluate(inPageScript([r2, generatedName, selectorOf, shadowRootsIn, deepAll, composedParent, volatileName, ownSelectors], cssElements,
    { props, max: input.maxElements ?? CSS_MAX_ELEMENTS, keep: input.keep })) as ReturnType<typeof cssElements>;
  // the value most elements have, per property: each element then lists only its exceptions
  const defaults = props.map((_, i) => {
    const n = new Map<string, number>();
    for (const e of raw.elements) n.set(e.values[i], (n.get(e.values[i]) ?? 0) + 1);
    return [...n].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  });
  const rec: CssRecord = {
    version: 1, url: page.url(), props, defaults, sources: [],
    elements: raw.elements.map((e) => ({
      key: e.key, tag: e.tag, ident: e.ident, parent: e.parent, box: e.box, rules: null,
      values: Object.fromEntries(props.flatMap((p, i) => (e.values[i] !== defaults[i] ? [[p, e.values[i]]] : []))),
    })),
    counts: { visible: raw.visible, recorded: raw.elements.length, looked: 0 }, ms: { values: Date.now() - t0, rules: 0 }, error: null,
  };
  const t1 = Date.now();
  // the rule lookup needs CDP: in Firefox the computed values above are the record, named so
  if (pageEngine(page) !== 'chromium') {
    rec.error = `rules not read: ${ENGINE_GAPS[pageEngine(page)].find((g) => g.what === 'css-rules')?.reason ?? 'no CDP in this engine'}`;
    return rec;
  }
  const cdp = await page.context().newCDPSession(page);
  try {
    const headers = await enableCss(cdp);
    // the digest reads every stylesheet's text: only worth it against an approved record (a stress unit has none)
    if (input.digest !== false) rec.sheets = await sheetsDigest(cdp, headers).catch(() => undefined);
    // the approved record's declarations still stand where the stylesheets are the approved ones:
    // then only what changed is looked up (and the regions and required elements); the rest is
    // carried. Otherwise, as at approval: the budget's worth of lookups.
    const prev = input.previous;
    const same = !!prev && !!rec.sheets && prev.sheets === rec.sheets;
    // regions, required elements and their ancestors, then what changed since approval, each its
    // own lookup; then one lookup per likeness (see cssElements). With the approved stylesheets,
    // what changed only (within the budgets): everything else is carried.
    const changed = prev ? changedSince(prev, rec) : [];
    const kept = same ? 0 : raw.kept;
    const first = new Set([...raw.lookup.slice(0, kept), ...changed]);
    const firstOf = new Map<string, number>();
    const order = same ? [...first] : [...first, ...raw.lookup.filter((i) => !first.has(i) && !firstOf.has(raw.sigs[i]) && firstOf.set(raw.sigs[i], i))];
    const budget = input.lookupMs ?? CSS_LOOKUP_MIN_MS;
    if (order.length) {
      const html = await input.served?.().catch(() => null) ?? null;
      await lookUpRules(cdp, headers, rec, order.slice(0, input.maxLookups ?? CSS_MAX_LOOKUPS), kept, first.size - kept, t1 + budget, t1 + MUST_BUDGETS * budget, maps, html);
    }
    if (same) carry(prev!, rec, new Set(changed));
    raw.sigs.forEach((sig, i) => {
      const like = firstOf.get(sig);
      if (rec.elements[i].rules === null && like !== undefined && rec.elements[like].rules) rec.elements[i].like = like;
    });
  } catch (err) {
    rec.error = `rules not read: ${firstLine(err)}`;
  } finally {
    await cdp.send('Runtime.evaluate', { expression: 'delete window.__vevalCssEls' }).catch(() => {});
    await cdp.detach().catch(() => {});
  }
  rec.ms.rules = Date.now() - t1;
  return rec;
}

/** DOM and CSS domains on; the stylesheets' headers (CSS.enable reports every sheet the page has). */
async function enableCss(cdp: CDPSession): Promise<Map<string, Header>> {
  const headers = new Map<string, Header>();
  cdp.on('CSS.styleSheetAdded', (e) => headers.set(e.header.styleSheetId, e.header as Header));
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  await cdp.send('DOM.getDocument', { depth: 0 });
  return headers;
}

/** The page's stylesheets in one digest: each one's URL, place in its document and text, in a fixed
 *  order; veval's own (a style element marked data-veval-own) and the browser's left out. Equal
 *  digests: every declaration is where it was, at the same line and column. */
async function sheetsDigest(cdp: CDPSession, headers: Map<string, Header>): Promise<string> {
  const parts = await Promise.all([...headers.values()].filter((h) => h.origin !== 'user-agent').map(async (h) => {
    if (h.ownerNode !== undefined) {
      const { node } = await cdp.send('DOM.describeNode', { backendNodeId: h.ownerNode });
      if ((node.attributes ?? []).includes('data-veval-own')) return null;
    }
    const { text } = await cdp.send('CSS.getStyleSheetText', { styleSheetId: h.styleSheetId });
    return JSON.stringify([h.sourceURL, h.isInline, h.startLine, h.startColumn, !!h.isConstructed, crypto.createHash('sha256').update(text).digest('hex')]);
  }));
  return crypto.createHash('sha256').update(parts.filter((x): x is string => x !== null).sort().join('\n')).digest('hex');
}

/** Elements not looked up whose key, ident and values are the approved record's keep its
 *  declarations (the stylesheets being the same): indexes into `sources` re-made for this record. */
function carry(prev: CssRecord, rec: CssRecord, changed: Set<number>): void {
  const byKey = new Map(prev.elements.map((e) => [e.key, e] as const));
  const index = new Map(rec.sources.map((s, i) => [JSON.stringify(s), i] as const));
  let carried = 0;
  rec.elements.forEach((e, i) => {
    const was = byKey.get(e.key);
    if (e.rules !== null || changed.has(i) || !was || was.ident !== e.ident) return;
    const rules = was.rules ?? (was.like !== undefined ? prev.elements[was.like]?.rules ?? null : null);
    if (!rules) return;
    e.rules = Object.fromEntries(Object.entries(rules).map(([prop, k]) => {
      const key = JSON.stringify(prev.sources[k]);
      let j = index.get(key);
      if (j === undefined) { j = rec.sources.length; rec.sources.push(prev.sources[k]); index.set(key, j); }
      return [prop, j];
    }));
    carried++;
  });
  rec.counts.carried = carried;
}

/** Looks up `order`: its first `kept` (regions, required elements, their ancestors) whatever the
 *  time, the next `changed` until `mustUntil`, the rest until `until`. */
async function lookUpRules(cdp: CDPSession, headers: Map<string, Header>, rec: CssRecord, order: number[], kept: number, changed: number, until: number, mustUntil: number, maps: SourceMaps, html: string | null): Promise<void> {
  const lines = html === null ? null : html.split('\n');
  let attrs: ReturnType<typeof styleAttributes> | null = null;
  let styled: Promise<Record<string, number>> | null = null;
  /** The element's style attribute in the served document (only asked when it has one). */
  const inlineOf = async (nodeId: number, tag: string): Promise<Served['inline']> => {
    if (html === null) return null;
    const { node } = await cdp.send('DOM.describeNode', { nodeId });
    const a = node.attributes ?? [];
    const attr = (n: string) => { for (let k = 0; k < a.length; k += 2) if (a[k] === n) return a[k + 1]; return null; };
    const value = attr('style');
    if (value === null) return null;
    attrs ??= styleAttributes(html);
    // how many elements have this tag and style now: one served tag can be one of them only
    styled ??= cdp.send('Runtime.evaluate', { returnByValue: true, expression: `(() => { const n = {}; for (const e of document.querySelectorAll('[style]')) { const k = e.localName + '\\0' + e.getAttribute('style'); n[k] = (n[k] || 0) + 1; } return n; })()` })
      .then((r) => (r.result.value ?? {}) as Record<string, number>);
    return locateStyle(attrs, tag, attr('id'), value, (await styled)[`${tag}\0${value}`] ?? 0);
  };
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__vevalCssEls' });
  if (!result.objectId) throw new Error('the recorded elements are gone');
  const { result: items } = await cdp.send('Runtime.getProperties', { objectId: result.objectId, ownProperties: true });
  const objectOf = new Map(items.filter((p) => /^\d+$/.test(p.name) && p.value?.objectId).map((p) => [Number(p.name), p.value!.objectId!] as const));
  const index = new Map<string, number>();
  const sourceIndex = (s: RuleSourceRecord) => {
    const k = JSON.stringify(s);
    let i = index.get(k);
    if (i === undefined) { i = rec.sources.length; rec.sources.push(s); index.set(k, i); }
    return i;
  };
  const failures: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < order.length && (next < kept || Date.now() < (next < kept + changed ? mustUntil : until))) {
      const i = order[next++];
      const objectId = objectOf.get(i);
      if (objectId === undefined) continue;
      try {
        const { nodeId } = await cdp.send('DOM.requestNode', { objectId });
        const matched = await cdp.send('CSS.getMatchedStylesForNode', { nodeId }) as Matched;
        const inline = matched.inlineStyle?.cssProperties.some((p) => p.range) ? await inlineOf(nodeId, rec.elements[i].tag) : null;
        const found = sourcesOf(matched, rec.props, headers, rec.url, { lines, inline });
        const rules: Record<string, number> = {};
        for (const [prop, s] of found) rules[prop] = sourceIndex(await authoredPlace(s, headers, maps));
        rec.elements[i].rules = rules;
        rec.counts.looked++;
      } catch (err) {
        if (failures.length < 3) failures.push(`${rec.elements[i].key}: ${firstLine(err)}`);
      }
    }
  }));
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId }).catch(() => {});
  if (failures.length) rec.error = `rules not read for some elements (${failures.join('; ')})`;
}

/** Elements (indexes in `rec`) whose computed values differ from the approved record's element of
 *  the same key, or that it does not have: the ones a parity failure will ask about. */
export function changedSince(previous: CssRecord, rec: CssRecord): number[] {
  const byKey = new Map(previous.elements.map((e) => [e.key, e] as const));
  const value = (r: CssRecord, e: CssRecord['elements'][number], i: number) => e.values[r.props[i]] ?? r.defaults[i];
  return rec.elements.flatMap((e, i) => {
    const was = byKey.get(e.key);
    return !was || rec.props.some((p, k) => previous.props[k] === p && value(previous, was, k) !== value(rec, e, k)) ? [i] : [];
  });
}

/** The file's text: one element per line (a record holds up to 2 000). */
export function cssRecordJson(rec: CssRecord): string {
  const { elements, sources, ...head } = rec;
  const body = JSON.stringify(head, null, 1).slice(0, -2);
  return `${body},\n "sources": [\n${sources.map((s) => '  ' + JSON.stringify(s)).join(',\n')}\n ],\n "elements": [\n${elements.map((e) => '  ' + JSON.stringify(e)).join(',\n')}\n ]\n}\n`;
}

/** The CSS record approved with the unit's baseline, when there is one whose digest is the one
 *  recorded at approval (what changed since is looked up first; its declarations may be carried). */
function approvedCss(run: RunContext, spec: string, state: string, viewport: string): CssRecord | null {
  try {
    const entry = readManifest(run, spec).manifest?.images[unitKey(state, viewport)];
    return entry ? readBaselineCss(run, spec, entry).rec : null;
  } catch { return null; }
}

/** Elements this unit's record must hold beyond the regions and required ones: a stress unit's
 *  findings name the rule behind what broke, so its record is taken with or without parity. */
const alsoKept = (u: UnitView): string[] => (u.state.stress ? stressKeep(u.record) : []);

/** For a spec with parity (or a stress unit with elements to name): the record, beside the
 *  capture; one that cannot be taken is named in the capture record's `cssError`, and parity says
 *  why it cannot explain a change. It paints nothing (computed values, CDP rule lookups): taken
 *  inside the stillness proof's calm window, whose frames and changes still count (should it paint,
 *  the unit falls back to the shots: slower, never less strict). */
export const gatherer: Gatherer = {
  meta: {
    id: 'css-record', version: 1, what: 'elements, computed values and the declarations that set them (parity names the cause of a change)',
    paints: false, fields: ['css', 'cssError'], timing: 'css',
  },
  wants: (u) => !!u.spec.parity || alsoKept(u).length > 0,
  slots: {
    async 'in-calm'(u) {
      const { page, spec, record, run, served } = u;
      // without parity only the named elements matter: a bounded record (a text-spacing unit of an APG
      // page spent 29 s in a full one, under load, beside 28 s for its whole plain unit)
      const bounded = !spec.parity ? { maxElements: STRESS_MAX_ELEMENTS, maxLookups: STRESS_MAX_LOOKUPS, digest: false } : {};
      const keep = [...Object.values(spec.regions), ...record.required.flatMap((r) => (r.selector ? [r.matchedSelector ?? r.selector] : [])), ...alsoKept(u)];
      try {
        const tm = record.timings;
        const spent = (tm.context ?? 0) + tm.navigate + tm.settle + tm.measure + tm.steps.reduce((n, x) => n + x.ms, 0);
        const rec = await cssRecord(page, { keep, ...bounded, lookupMs: lookupBudget(spent), previous: approvedCss(run, spec.name, record.state, record.viewport.name), served }, new Map());
        return { files: [{ rel: files.css(spec.name, record.state, record.viewport.name), data: cssRecordJson(rec), field: 'css' }] };
      } catch (err) {
        return { record: { css: null, cssError: firstLine(err) } };
      }
    },
  },
};

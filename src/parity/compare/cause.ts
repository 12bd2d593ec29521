// From a changed area to its cause (docs/root-cause.md), without a browser: the CSS record approved
// with the baseline against the capture's. Elements are paired top-down, siblings aligned by what
// they are (tag, classes, text) so an inserted one shifts nothing (see pairElements); for each changed area the
// elements whose boxes (now or at approval) meet it and whose own computed values changed are
// ranked by how much of the area they explain, smallest first on a tie; an element that only moved
// is named as moved, with the earlier sibling whose change moved it. Each changed value comes with
// the declaration that sets it now (or set it at approval, when a rule was removed).
import path from 'node:path';
import type { Static } from '@sinclair/typebox';
import type { Box, CauseAreaSchema, CssRecord, RuleSourceRecord } from '../../core/artifacts.js';
import { readArtifact } from '../../core/artifact-read.js';
import { fileResolver, placeText, type FileOf } from '../../core/cause-text.js';
import { abs, type RunContext } from '../../core/run.js';
import { readBaselineCss } from '../store/css.js';
import type { BaselineEntry } from '../store/types.js';

/** Changed areas explained per unit at most, and causes named per area. */
const MAX_AREAS = 3;
const MAX_CAUSES = 3;
/** Properties whose computed value layout resolves (from content, parent, flex, grid, position). */
const RESOLVED = /^(width|height|min-width|min-height|max-width|max-height|top|right|bottom|left|grid-template-rows|grid-template-columns|flex-basis|margin-(left|right))$/;
/** Properties a child takes from its parent: changed on the child only as the parent's is not its own. */
const INHERITS = /^(color|font-.*|line-height|letter-spacing|text-align|text-transform|white-space|visibility)$/;
/** Properties with which a container places its children. */
const CONTAINER = /^(display|flex-direction|flex-wrap|justify-content|align-items|row-gap|column-gap|grid-template-columns|padding-(top|left))$/;
/** Moves and size changes below this (CSS px) are rounding. */
const MOVE_PX = 1;

/** What the finding's `cause` holds (core/artifact-parts.ts), per changed area. */
export type AreaCause = Static<typeof CauseAreaSchema>;
export type CauseEntry = AreaCause['causes'][number];
export type CauseProp = CauseEntry['props'][number];
export type CauseSource = NonNullable<CauseProp['source']>;
export interface UnitCause { areas: AreaCause[]; note: string | null }

type El = CssRecord['elements'][number];
interface Side { rec: CssRecord; byKey: Map<string, number> }

const area = (b: Box) => Math.max(0, b.width) * Math.max(0, b.height);
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x), h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
const valueOf = (rec: CssRecord, e: El, prop: string) => e.values[prop] ?? rec.defaults[rec.props.indexOf(prop)] ?? '';
const round = (n: number) => Math.round(n);

/** Sibling lists longer than this (product of both lengths) are paired by key and order, not aligned. */
const MAX_ALIGN = 4_000_000;
/** Keys that say where an element is rather than what it is: they shift when a sibling is inserted. */
const POSITIONAL = /:nth-|:first-|:last-| #\d+$/;

/** Pairs baseline elements with current ones, top-down: under each pair of parents the children are
 *  aligned as a diff aligns lines (the longest common subsequence of their idents: tag, id,
 *  classes, own text), so an inserted or removed sibling leaves the others paired however their
 *  :nth-of-type keys shifted; between two aligned ones an element pairs with one of the same key,
 *  else with one of the same tag in order (its classes changed: "div.card (.payment-card at
 *  approval)"). What is left pairs by a key that names the element, not its place (moved elsewhere). */
export function pairElements(base: CssRecord, cur: CssRecord): Map<number, number> {
  const pairs = new Map<number, number>();   // current index → baseline index
  const used = new Set<number>();
  const pair = (c: number, b: number) => { pairs.set(c, b); used.add(b); };
  // a record approved before idents were recorded aligns by key
  const idents = base.elements.every((e) => e.ident) && cur.elements.every((e) => e.ident);
  const ident = (r: CssRecord, i: number) => (idents ? r.elements[i].ident! : r.elements[i].key);
  const kidsOf = (r: CssRecord) => {
    const m = new Map<number | null, number[]>();
    r.elements.forEach((e, i) => { const k = m.get(e.parent); if (k) k.push(i); else m.set(e.parent, [i]); });
    return m;
  };
  const bk = kidsOf(base), ck = kidsOf(cur);
  const gap = (B: number[], C: number[]) => {
    for (const c of C) { const b = B.find((x) => !used.has(x) && base.elements[x].key === cur.elements[c].key); if (b !== undefined) pair(c, b); }
    for (const c of C) {
      if (pairs.has(c)) continue;
      const b = B.find((x) => !used.has(x) && base.elements[x].tag === cur.elements[c].tag);
      if (b !== undefined) pair(c, b);
    }
  };
  const align = (B: number[], C: number[]) => {
    const n = B.length, m = C.length;
    if (!n || !m) return;
    if (n * m > MAX_ALIGN) return gap(B, C);
    const eq = (i: number, j: number) => ident(base, B[i]) === ident(cur, C[j]);
    const L = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = eq(i, j) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
    let gb: number[] = [], gc: number[] = [];
    let i = 0, j = 0;
    while (i < n && j < m) {
      if (eq(i, j)) { gap(gb, gc); gb = []; gc = []; pair(C[j++], B[i++]); }
      else if (L[i + 1][j] >= L[i][j + 1]) gb.push(B[i++]);
      else gc.push(C[j++]);
    }
    gap([...gb, ...B.slice(i)], [...gc, ...C.slice(j)]);
  };
  align(bk.get(null) ?? [], ck.get(null) ?? []);
  // parents come before their children in a record: each pair's children are aligned in turn
  for (let c = 0; c < cur.elements.length; c++) { const b = pairs.get(c); if (b !== undefined) align(bk.get(b) ?? [], ck.get(c) ?? []); }
  const byKey = new Map(base.elements.flatMap((e, i) => (POSITIONAL.test(e.key) ? [] : [[e.key, i] as const])));
  cur.elements.forEach((e, c) => { const b = byKey.get(e.key); if (!pairs.has(c) && b !== undefined && !used.has(b)) pair(c, b); });
  return pairs;
}

/** The props of a paired element whose values changed and are its own: the declaration that sets
 *  it changed (its text, or which rule it is — a class removed in the markup, a rule removed), or
 *  it reads a custom property whose value changed. A value that changed under the same declaration
 *  follows from something else (auto margins, percentages, a grid's tracks, an inherited value).
 *  Where the declarations were not recorded, a changed value counts unless it is one that layout
 *  resolves (sizes, insets, tracks). */
function ownChanges(base: CssRecord, cur: CssRecord, bi: number, ci: number, pairs: Map<number, number>): string[] {
  const b = base.elements[bi], c = cur.elements[ci];
  const out: string[] = [];
  for (const prop of cur.props) {
    if (!base.props.includes(prop)) continue;
    const before = valueOf(base, b, prop), after = valueOf(cur, c, prop);
    if (before === after) continue;
    if (INHERITS.test(prop) && c.parent !== null) {
      const pb = pairs.get(c.parent);
      const p = cur.elements[c.parent];
      if (pb !== undefined && valueOf(base, base.elements[pb], prop) === before && valueOf(cur, p, prop) === after) continue;
    }
    const sb = sourceOf(base, b, prop), sc = sourceOf(cur, c, prop);
    if (sb === undefined || sc === undefined) { if (!RESOLVED.test(prop)) out.push(prop); continue; }
    const same = sb?.text === sc?.text && sb?.selector === sc?.selector && !!sb?.inherited === !!sc?.inherited;
    if (!same || /var\(/.test(sc?.text ?? '')) out.push(prop);
  }
  return out;
}

function rulesOf(rec: CssRecord, e: El): Record<string, number> | null {
  return e.rules ?? (e.like !== undefined ? rec.elements[e.like]?.rules ?? null : null);
}
/** The declaration that sets `prop` on `e`; null: none (a browser default); undefined: not recorded. */
function sourceOf(rec: CssRecord, e: El, prop: string): RuleSourceRecord | null | undefined {
  // an inherited property not declared on the element: its nearest recorded ancestor's declaration
  for (let x: El | undefined = e, up = 0; x && up < 40; x = x.parent === null ? undefined : rec.elements[x.parent], up++) {
    const r = rulesOf(rec, x);
    if (!r) return undefined;
    if (r[prop] !== undefined) return { ...rec.sources[r[prop]], ...(x !== e ? { inherited: true } : {}) };
    if (!INHERITS.test(prop)) return null;
  }
  return null;
}

function causeSource(s: RuleSourceRecord | null | undefined, fileOf: FileOf): CauseSource | null {
  if (!s) return null;
  return { file: fileOf(s.url), line: s.line, column: s.column, selector: s.selector, kind: s.kind, text: s.text, ...(s.inherited ? { inherited: true } : {}), ...(s.script ? { script: true } : {}) };
}

/** How each side's stylesheet URLs read as files (each capture had its own server port). */
export interface FilesOf { base: FileOf; cur: FileOf }

function propsOf(base: CssRecord, cur: CssRecord, bi: number, ci: number, props: string[], fileOf: FilesOf): CauseProp[] {
  const b = base.elements[bi], c = cur.elements[ci];
  return props.map((prop) => {
    const now = sourceOf(cur, c, prop), then = sourceOf(base, b, prop);
    const source = causeSource(now, fileOf.cur), was = causeSource(then, fileOf.base);
    return { prop, before: valueOf(base, b, prop), after: valueOf(cur, c, prop), source, was: was && source && was.file === source.file && was.line === source.line ? null : was,
      ...(now === undefined ? { unknown: true } : {}), ...(then === undefined ? { wasUnknown: true } : {}) };
  });
}

/** Layout-first: a change that moves or sizes things explains more pixels than a colour. */
const RANK = (p: string) => (/^(display|position|float|flex-direction|flex-wrap|grid-template)/.test(p) ? 0 : /^(margin|padding|border-.*-width|top|bottom|left|right|width|height|min-|max-|font-size|line-height|gap|row-gap|column-gap|flex|order)/.test(p) ? 1 : 2);

export function explainAreas(base: CssRecord, cur: CssRecord, clusters: Box[], fileOf: FilesOf): AreaCause[] {
  const pairs = pairElements(base, cur);
  const own = new Map<number, string[]>();
  for (const [ci, bi] of pairs) { const o = ownChanges(base, cur, bi, ci, pairs); if (o.length) own.set(ci, o.sort((x, y) => RANK(x) - RANK(y))); }
  const paired = new Set(pairs.values());
  const boxOf = (ci: number) => cur.elements[ci].box;
  const baseBoxOf = (ci: number) => { const bi = pairs.get(ci); return bi === undefined ? null : base.elements[bi].box; };
  const span = (a: Box, b: Box | null): Box => {
    if (!b) return a;
    const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
    return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
  };
  const movedBy = (ci: number) => {
    const bb = baseBoxOf(ci); const cb = boxOf(ci);
    if (!bb) return null;
    const dx = round(cb.x - bb.x), dy = round(cb.y - bb.y);
    return Math.abs(dx) >= MOVE_PX || Math.abs(dy) >= MOVE_PX ? { dx, dy } : null;
  };
  const grewBy = (ci: number) => {
    const bb = baseBoxOf(ci); const cb = boxOf(ci);
    return bb ? { width: round(cb.width - bb.width), height: round(cb.height - bb.height) } : { width: 0, height: 0 };
  };
  /** Why `ci` moved: an earlier sibling with its own change whose size changed, else the same for its parent (up the tree). */
  const viaOf = (ci: number): CauseEntry['via'] => {
    for (let x: number | null = ci, up = 0; x !== null && up < 20; x = cur.elements[x].parent, up++) {
      const parent = cur.elements[x].parent;
      if (parent === null) break;
      const sibs = cur.elements.flatMap((e, j) => (e.parent === parent && j < x! ? [j] : [])).reverse();
      for (const s of sibs) {
        const g = grewBy(s);
        const bi = pairs.get(s);
        if (bi === undefined || (Math.abs(g.width) < MOVE_PX && Math.abs(g.height) < MOVE_PX)) continue;
        // the sibling's own change, or the change inside it that made it grow
        const inner = own.has(s) ? s : [...own.keys()].find((k) => isInside(cur, k, s) && (Math.abs(grewBy(k).height) >= MOVE_PX || Math.abs(grewBy(k).width) >= MOVE_PX));
        if (inner === undefined) continue;
        return { element: cur.elements[inner].key, props: propsOf(base, cur, pairs.get(inner)!, inner, own.get(inner)!, fileOf), grew: g };
      }
      // no sibling resized: the container laid its children out anew (its columns, direction, gaps)
      const pb = pairs.get(parent);
      const laid = pb === undefined ? [] : cur.props.filter((p) => CONTAINER.test(p) && base.props.includes(p) && valueOf(base, base.elements[pb], p) !== valueOf(cur, cur.elements[parent], p));
      if (laid.length) return { element: cur.elements[parent].key, props: propsOf(base, cur, pb!, parent, laid, fileOf), grew: grewBy(parent), container: true };
      if (!movedBy(parent)) break;
    }
    return null;
  };

  const out: AreaCause[] = [];
  for (const a of clusters.slice(0, MAX_AREAS)) {
    const A = area(a) || 1;
    const entries: CauseEntry[] = [];
    for (const [ci, props] of own) {
      const bi = pairs.get(ci)!;
      const covered = overlap(a, span(boxOf(ci), baseBoxOf(ci)));
      if (!covered) continue;
      const moved = movedBy(ci);
      entries.push({ element: cur.elements[ci].key, kind: 'changed', box: boxOf(ci), baselineBox: baseBoxOf(ci), explains: covered / A,
        props: propsOf(base, cur, bi, ci, props, fileOf), moved, via: moved ? viaOf(ci) : null,
        ...(base.elements[bi].key !== cur.elements[ci].key ? { wasKey: base.elements[bi].key } : {}) });
    }
    // only in one of the two: added or removed (top-level ones: a removed card, not its contents)
    const added = cur.elements.flatMap((e, ci) => (!pairs.has(ci) && (e.parent === null || pairs.has(e.parent)) && overlap(a, e.box) ? [ci] : []));
    for (const ci of added) entries.push({ element: cur.elements[ci].key, kind: 'added', box: boxOf(ci), baselineBox: null, explains: overlap(a, boxOf(ci)) / A, props: [], moved: null, via: null });
    const removed = base.elements.flatMap((e, bi) => (!paired.has(bi) && (e.parent === null || paired.has(e.parent)) && overlap(a, e.box) ? [bi] : []));
    for (const bi of removed) entries.push({ element: base.elements[bi].key, kind: 'removed', box: null, baselineBox: base.elements[bi].box, explains: overlap(a, base.elements[bi].box) / A, props: [], moved: null, via: null });
    // moved without a change of its own (nor a sibling added or removed, which is then the cause):
    // the largest such element in the area, named with what moved it
    if (!entries.length) {
      const movers = cur.elements.flatMap((e, ci) => (pairs.has(ci) && !own.has(ci) && movedBy(ci) && overlap(a, span(e.box, baseBoxOf(ci))) ? [ci] : []))
        .filter((ci) => { const p = cur.elements[ci].parent; return p === null || !movedBy(p); });
      for (const ci of movers) {
        const covered = overlap(a, span(boxOf(ci), baseBoxOf(ci)));
        entries.push({ element: cur.elements[ci].key, kind: 'moved', box: boxOf(ci), baselineBox: baseBoxOf(ci), explains: covered / A, props: [], moved: movedBy(ci), via: viaOf(ci) });
      }
    }
    // most of the area first; on a tie (within 5 %) the smaller element, which says more
    const size = (e: CauseEntry) => area(e.box ?? e.baselineBox!);
    entries.sort((x, y) => (Math.abs(y.explains - x.explains) > 0.05 ? y.explains - x.explains : size(x) - size(y)));
    const causes = entries.slice(0, MAX_CAUSES);
    out.push({ area: a, causes, text: areaText(a, causes) });
  }
  return out;
}

function isInside(rec: CssRecord, inner: number, outer: number): boolean {
  for (let x: number | null = inner, up = 0; x !== null && up < 60; x = rec.elements[x].parent, up++) if (x === outer) return true;
  return false;
}

export { placeText };
const propText = (p: CauseProp) => `${p.prop} ${p.before} → ${p.after}` + (p.source
  ? `, set by ${placeText(p.source)}${p.was ? ` (was ${placeText(p.was)})` : ''}`
  : p.unknown ? (p.was ? `, was set by ${placeText(p.was)} (its rules now were not recorded)` : ' (its rules were not recorded)')
  : p.was ? `, no longer set by ${placeText(p.was)} (a rule removed or no longer matching)`
  : p.wasUnknown ? ', now a browser default (a rule removed or no longer matching; which one is not known: its rules were not recorded at approval)' : ', a browser default');
const moveText = (m: { dx: number; dy: number }) => [m.dy ? `${m.dy < 0 ? 'up' : 'down'} ${Math.abs(m.dy)} px` : '', m.dx ? `${m.dx < 0 ? 'left' : 'right'} ${Math.abs(m.dx)} px` : ''].filter(Boolean).join(' and ');
const grewText = (g: { width: number; height: number }) => g.height ? `${g.height > 0 ? 'grew' : 'shrank'} ${Math.abs(g.height)} px` : `${g.width > 0 ? 'widened' : 'narrowed'} ${Math.abs(g.width)} px`;

export function causeText(c: CauseEntry): string {
  const via = c.via ? `moved ${moveText(c.moved!)} because ${c.via.container ? `its container ${c.via.element} laid it out anew` : `${c.via.element} before it ${grewText(c.via.grew)}`}${c.via.props.length ? ` (${c.via.props.slice(0, 2).map(propText).join('; ')})` : ''}` : c.moved ? `moved ${moveText(c.moved)}` : '';
  const was = c.wasKey ? ` (${c.wasKey} at approval)` : '';
  if (c.kind === 'added') return `${c.element} is new`;
  if (c.kind === 'removed') return `${c.element} is gone`;
  if (c.kind === 'moved') return `${c.element}${was}: ${via || 'moved'}`;
  return `${c.element}${was}: ${c.props.slice(0, 3).map(propText).join('; ')}${c.props.length > 3 ? `; and ${c.props.length - 3} more` : ''}${via ? `; ${via}` : ''}`;
}

function areaText(a: Box, causes: CauseEntry[]): string {
  const where = `changed area ${round(a.width)}×${round(a.height)}`;
  if (!causes.length) return `${where}: no recorded element changed there (a change inside an image, canvas or frame, or beyond the recorded elements)`;
  const [first, ...rest] = causes;
  return `${where} in ${causeText(first)}${rest.length ? `; also ${rest.map((c) => c.element).join(', ')}` : ''}`;
}

/** The causes of a unit's changed areas, or why they cannot be named (the comparison stands either way). */
export function unitCause(run: RunContext, spec: string, record: { css?: string | null; cssError?: string }, entry: BaselineEntry, clusters: Box[]): UnitCause {
  if (!clusters.length) return { areas: [], note: null };
  const base = readBaselineCss(run, spec, entry);
  if (!base.rec) return { areas: [], note: `cause not traced: ${base.problem}` };
  if (!record.css) return { areas: [], note: `cause not traced: the capture has no CSS record${record.cssError ? ` (${record.cssError})` : ''}` };
  const cur = readArtifact('css', abs(run, path.posix.join(spec, record.css)));
  if (!cur.value) return { areas: [], note: `cause not traced: ${spec}/${record.css} is ${cur.problem}` };
  return { areas: explainAreas(base.rec, cur.value, clusters, { base: fileResolver(run, base.rec.url), cur: fileResolver(run, cur.value.url) }), note: null };
}

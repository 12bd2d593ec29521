// Matching two ARIA trees as a person hears them (docs/structure.md, "What counts as a change"):
// a node that is still there with the same role, name and text is the same node, wherever it now
// sits. A landmark or grouping wrapper inserted or removed around unchanged content is one wrapper
// change (polish), never "removed" and "added" for everything inside it. Playwright's snapshot
// already leaves generic containers (div, span, a section without a name) out, so those are no
// change at all. What is left unmatched are the changes.
import type { Box, StructureDiff } from '../../core/artifacts.js';

/** One node as compared: text fragments are role "text" with the fragment as `text`. */
export interface StructNode { role: string; name: string; text: string; attrs: string; box: Box | null; children: StructNode[] }

/** The kinds of tree change (the required-element kinds are structure.ts's). */
export type ChangeKind = Exclude<StructureDiff['changes'][number]['kind'], 'required-changed' | 'role-gone' | 'name-gone'>;
/** A wrapper around unchanged content is heard as the same content: polish, whatever parity.structure says. */
export const WRAPPER_KINDS: readonly ChangeKind[] = ['wrapper-added', 'wrapper-removed', 'wrapper-changed'];

export interface StructChange {
  kind: ChangeKind; before: string | null; after: string | null; within: string; box: Box | null;
  /** what makes it the same change in another capture or another part of the tree (the group key's input) */
  key: string;
  /** the same change heard elsewhere in this capture (a label's text and the name it gives its field) */
  also: string[];
}

/** Roles that hold content without being content: a person hears what is inside them. */
export const WRAPPER_ROLES = new Set(['main', 'banner', 'contentinfo', 'navigation', 'complementary', 'region', 'form', 'search', 'group', 'article']);

const TEXT_MAX = 120;
/** Page text in a message: one line, bounded, quoted (reporters escape it further for HTML and markdown). */
export const q = (s: string) => JSON.stringify(s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX - 1)}…` : s);

/** How a node reads in a finding: role "name" [flags]: text. */
export function describe(n: StructNode): string {
  if (n.role === 'text') return `text ${q(n.text)}`;
  return `${n.role}${n.name ? ` ${q(n.name)}` : ''}${n.attrs ? ` [${n.attrs}]` : ''}${n.text ? `: ${q(n.text)}` : ''}`;
}
export const count = (ns: StructNode[]): number => ns.reduce((s, n) => s + 1 + count(n.children), 0);
/** A node with what it holds; one that says nothing itself (a list item) is named by the first thing heard inside it. */
function withInside(n: StructNode): string {
  if (!n.children.length) return describe(n);
  const first = (ns: StructNode[]): StructNode | null => { for (const c of ns) { const f = heard(c) ? c : first(c.children); if (f) return f; } return null; };
  const e = heard(n) ? null : first(n.children);
  return `${describe(n)} (with ${count(n.children)} more inside${e ? `, first ${describe(e)}` : ''})`;
}
/** A wrapper as named in a finding: its role and name, not what it holds. */
const label = (n: StructNode) => (n.role === 'text' ? 'text' : `${n.role}${n.name ? ` ${q(n.name)}` : ''}`);
/** What a person hears of a node: its name, else its text. */
const heard = (n: StructNode) => n.name || n.text;

const shallow = (n: StructNode) => `${n.role}\u0000${n.name}\u0000${n.text}\u0000${n.attrs}`;
const deepKeys = new WeakMap<StructNode, string>();
/** The node and everything inside it, children in a canonical order (sibling order is not compared). */
function deep(n: StructNode): string {
  let k = deepKeys.get(n);
  if (k === undefined) {
    k = `${shallow(n)}\u0001[${n.children.map(deep).sort().join('\u0002')}]`;
    deepKeys.set(n, k);
  }
  return k;
}

/** The words that changed from `a` to `b` (common leading and trailing words left out): a label's
 *  edit is the same edit in the text that shows it and in the name it gives its field. */
export function wordEdit(a: string, b: string): [string, string] {
  const x = a.split(' '), y = b.split(' ');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  let j = 0;
  while (j < x.length - i && j < y.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  return [x.slice(i, x.length - j).join(' '), y.slice(i, y.length - j).join(' ')];
}

/** `part`'s words, in order, inside `whole`'s. */
const within_ = (part: string, whole: string) => ` ${whole} `.includes(` ${part} `);

/** A node at its place: `at` is the path of ancestors a finding names. */
interface At { n: StructNode; at: string }
const heardKey = (n: StructNode) => `${n.role}\u0000${heard(n)}`;
function heardKeys(list: At[]): Set<string> {
  const out = new Set<string>();
  const walk = (n: StructNode) => { out.add(heardKey(n)); n.children.forEach(walk); };
  for (const { n } of list) walk(n);
  return out;
}
/** Something inside the wrapper is heard on the other side: the wrapper moved content, it did not bring or take it. */
const holdsAny = (w: StructNode, other: Set<string>) => w.children.some(function hit(c: StructNode): boolean { return other.has(heardKey(c)) || c.children.some(hit); });
/** What a wrapper holds, in its place: its children, and its own text as a fragment. */
function contents(w: At): At[] {
  const at = (w.at ? `${w.at} › ` : '') + label(w.n);
  const inner = w.n.children.map((n) => ({ n, at }));
  return w.n.text ? [...inner, { n: { role: 'text', name: '', text: w.n.text, attrs: '', box: w.n.box, children: [] }, at }] : inner;
}

/**
 * The changes from `before` to `after` (sibling lists). Siblings are paired one to one, in order
 * of preference: identical subtrees; same role and name (their text or state may differ). A
 * wrapper left unpaired that holds content heard on the other side is then opened: its content
 * takes its place, and the wrapper is one change. Then: same role (renamed); same heard name or
 * text (the role changed: `button "Add"` → text "Add"). What is left is removed or added. Pairs
 * are compared again one level down.
 */
export function diffNodes(before: StructNode[], after: StructNode[], within = ''): StructChange[] {
  const out: StructChange[] = [];
  let left: At[] = before.map((n) => ({ n, at: within })), right: At[] = after.map((n) => ({ n, at: within }));
  const pairs: { a: At; b: At; how: 'same' | 'similar' | 'renamed' | 'role' }[] = [];
  const take = (how: (typeof pairs)[number]['how'], match: (a: StructNode, b: StructNode) => boolean) => {
    for (let i = 0; i < left.length; i++) {
      const j = right.findIndex((b) => match(left[i].n, b.n));
      if (j < 0) continue;
      pairs.push({ a: left[i], b: right[j], how });
      left.splice(i--, 1);
      right.splice(j, 1);
    }
  };
  const wrappers: { kind: 'wrapper-added' | 'wrapper-removed'; w: At }[] = [];
  for (;;) {
    take('same', (a, b) => deep(a) === deep(b));
    take('similar', (a, b) => a.role === b.role && a.name === b.name && (a.role !== 'text' || a.text === b.text));
    const inL = heardKeys(left), inR = heardKeys(right);
    let openL = left.filter((w) => WRAPPER_ROLES.has(w.n.role) && holdsAny(w.n, inR));
    let openR = right.filter((w) => WRAPPER_ROLES.has(w.n.role) && holdsAny(w.n, inL));
    if (!openL.length && !openR.length) break;
    // outermost first: a wrapper that is itself heard inside the other side's is kept for a later round
    const outer = (w: At, other: Set<string>) => !other.has(heardKey(w.n));
    if (openL.some((w) => outer(w, inR)) || openR.some((w) => outer(w, inL))) {
      openL = openL.filter((w) => outer(w, inR));
      openR = openR.filter((w) => outer(w, inL));
    }
    for (const w of openL) wrappers.push({ kind: 'wrapper-removed', w });
    for (const w of openR) wrappers.push({ kind: 'wrapper-added', w });
    left = left.flatMap((x) => (openL.includes(x) ? contents(x) : [x]));
    right = right.flatMap((x) => (openR.includes(x) ? contents(x) : [x]));
  }
  take('renamed', (a, b) => a.role === b.role);
  take('role', (a, b) => !!heard(a) && heard(a) === heard(b));
  // what a role change leaves: the element's words folded into the text beside it, or a label
  // decorated by CSS (`Send ›`) that the plain text no longer has
  take('role', (a, b) => (a.role !== 'text' || b.role !== 'text') && !!heard(a) && !!heard(b) && (within_(heard(a), heard(b)) || within_(heard(b), heard(a))));
  const here = (x: At) => (x.at ? `${x.at} › ` : '') + label(x.n);
  const change = (kind: ChangeKind, a: StructNode | null, b: StructNode | null, at: string, before = a && describe(a), after = b && describe(b)): StructChange => {
    const edit = (kind === 'renamed' || kind === 'text-changed') && a && b ? wordEdit(heard(a), heard(b)) : null;
    const key = edit ? `edit\u0000${edit[0]}\u0000${edit[1]}` : `${kind}\u0000${a ? describe(a) : ''}\u0000${b ? describe(b) : ''}`;
    return { kind, before, after, within: at, box: b?.box ?? a?.box ?? null, key, also: [] };
  };
  for (const { a, b, how } of pairs) {
    if (how === 'same') continue;
    if (how === 'renamed') out.push(change(a.n.role === 'text' ? 'text-changed' : 'renamed', a.n, b.n, b.at));
    else if (how === 'role') out.push(change('role-changed', a.n, b.n, b.at));
    else if (a.n.text !== b.n.text) out.push(change('text-changed', a.n, b.n, b.at));
    else if (a.n.attrs !== b.n.attrs) out.push(change('state-changed', a.n, b.n, b.at));
    out.push(...diffNodes(a.n.children, b.n.children, here(b)));
  }
  // an element that became text (a link → span): its words joined the text beside it
  const folded = (x: At, kind: 'removed' | 'added') => {
    const i = out.findIndex((c) => c.kind === 'text-changed' && c.within === x.at && c.key.startsWith('edit\u0000')
      && (kind === 'removed' ? c.key === `edit\u0000\u0000${heard(x.n)}` : c.key === `edit\u0000${heard(x.n)}\u0000`));
    if (i < 0 || !heard(x.n)) return false;
    const text: StructNode = { role: 'text', name: '', text: heard(x.n), attrs: '', box: null, children: [] };
    out[i] = { ...(kind === 'removed' ? change('role-changed', x.n, text, x.at) : change('role-changed', text, x.n, x.at)), also: [`${out[i].before} → ${out[i].after}`] };
    return true;
  };
  // a field and its label removed (or added) together are one item
  const items = (list: At[], kind: 'removed' | 'added') => {
    const rest = list.filter((x) => !folded(x, kind));
    const labels = rest.filter((x) => x.n.role === 'text' && rest.some((y) => y !== x && y.n.role !== 'text' && y.n.name === x.n.text));
    for (const x of rest) {
      if (labels.includes(x)) continue;
      const c = kind === 'removed' ? change('removed', x.n, null, x.at, withInside(x.n)) : change('added', null, x.n, x.at, null, withInside(x.n));
      const label = labels.find((l) => l.n.text === x.n.name);
      out.push(label ? { ...c, also: [`${kind} ${describe(label.n)}`] } : c);
    }
  };
  items(left, 'removed');
  items(right, 'added');
  // a wrapper swapped for another around the same content is one change
  const removed = wrappers.filter((w) => w.kind === 'wrapper-removed'), added = wrappers.filter((w) => w.kind === 'wrapper-added');
  for (let i = 0; i < Math.min(removed.length, added.length); i++) {
    out.push({ ...change('wrapper-changed', removed[i].w.n, added[i].w.n, added[i].w.at, label(removed[i].w.n), label(added[i].w.n)),
      key: `wrapper-changed\u0000${label(removed[i].w.n)}\u0000${label(added[i].w.n)}` });
  }
  for (const { kind, w } of [...removed.slice(added.length), ...added.slice(removed.length)]) {
    const side = kind === 'wrapper-removed' ? [label(w.n), null] as const : [null, label(w.n)] as const;
    out.push({ ...change(kind, null, null, w.at, ...side), box: w.n.box, key: `${kind}\u0000${label(w.n)}` });
  }
  return out;
}

/** One finding per change heard: the same edit (or the same change in several regions) merged, real changes before wrappers. */
export function mergeChanges<T extends { c: StructChange }>(list: T[], into: (kept: T, same: T) => void): T[] {
  const out: T[] = [];
  for (const x of list) {
    const kept = out.find((m) => m.c.key === x.c.key);
    if (!kept) { out.push(x); continue; }
    into(kept, x);
    // a field's name says the edit better than the text fragment around it
    const [main, other] = kept.c.kind === 'text-changed' && x.c.kind === 'renamed' ? [x.c, kept.c] : [kept.c, x.c];
    const heardAs = other.before === main.before && other.after === main.after ? null : `${other.before} → ${other.after}`;
    kept.c = { ...main, also: [...new Set([...kept.c.also, ...(heardAs ? [heardAs] : [])])] };
  }
  const wrapper = (m: T) => (WRAPPER_KINDS.includes(m.c.kind) ? 1 : 0);
  return out.map((m, i) => ({ m, i })).sort((a, b) => wrapper(a.m) - wrapper(b.m) || a.i - b.i).map((x) => x.m);
}

// Structural checks on a parsed YAML file that the yaml library either does not do, does in
// quadratic time (uniqueKeys), or reports in library terms. All linear in the size of the file.
import { isAlias, isCollection, isMap, isPair, isScalar, type CST, type Document, type Node } from 'yaml';

export const MAX_DEPTH = 64;
/** Values produced after aliases are expanded. A 1 MB file without aliases has far fewer. */
export const MAX_EXPANDED = 500_000;

export interface Found { offset: number; message: string }

/** Deepest collection nesting in the CST (block or flow), without recursion: the composer that
 *  follows recurses, so a file nested thousands deep must be refused before it. Brackets inside
 *  quoted strings, comments and block scalars are not collections and are not counted. */
export function cstDepth(tokens: CST.Token[]): Found | null {
  const stack: { tok: unknown; depth: number }[] = tokens.map((tok) => ({ tok, depth: 0 }));
  while (stack.length) {
    const { tok, depth } = stack.pop()!;
    if (!tok || typeof tok !== 'object') continue;
    const t = tok as any;
    const isColl = t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection';
    const d = isColl ? depth + 1 : depth;
    if (d > MAX_DEPTH) return { offset: t.offset ?? 0, message: `nesting deeper than ${MAX_DEPTH} levels` };
    if (t.type === 'document') stack.push({ tok: t.value, depth: d });
    if (Array.isArray(t.items)) for (const it of t.items) stack.push({ tok: it.key, depth: d }, { tok: it.value, depth: d });
  }
  return null;
}

const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`));
const keyText = (n: unknown) => isScalar(n) ? String(n.value) : null;
const startOf = (n: unknown) => (n as Node | undefined)?.range?.[0] ?? 0;

/** Duplicate keys, complex keys, merge keys, unsupported tags, unknown aliases and alias bombs:
 *  every problem found, each at its node. Iterative post-order walk in document order, so an
 *  alias's anchor (always earlier) is already measured when the alias is reached. */
export function structureProblems(doc: Document.Parsed): Found[] {
  const out: Found[] = [];
  const size = new Map<unknown, number>();
  const open = new Set<unknown>();
  let expanded = 0, bombReported = false;
  type Frame = { node: unknown; done: boolean };
  const stack: Frame[] = [{ node: doc.contents, done: false }];
  while (stack.length) {
    const f = stack.pop()!;
    const n = f.node;
    if (!n || typeof n !== 'object') continue;
    if (f.done) {
      open.delete(n);
      let s = 1;
      for (const c of childrenOf(n)) s += size.get(c) ?? 0;
      size.set(n, s);
      continue;
    }
    if (isAlias(n)) {
      const target = n.resolve(doc);
      if (!target) out.push({ offset: startOf(n), message: `unknown alias "*${n.source}": no "&${n.source}" anchor before it` });
      else if (open.has(target)) out.push({ offset: startOf(n), message: `alias "*${n.source}" is inside its own anchor` });
      else {
        const s = size.get(target) ?? 1;
        size.set(n, s);
        expanded += s;
        if (expanded > MAX_EXPANDED && !bombReported) {
          bombReported = true;
          out.push({ offset: startOf(n), message: `aliases expand to more than ${MAX_EXPANDED} values (a YAML alias bomb?)` });
        }
      }
      continue;
    }
    const tag = (n as any).tag as string | undefined;
    if (tag && !CORE_TAGS.has(tag)) out.push({ offset: startOf(n), message: `tag ${tag.replace(/^tag:yaml\.org,2002:/, '!!')} is not supported: write plain YAML values` });
    if (isMap(n)) {
      const seen = new Set<string>();
      for (const pair of n.items) {
        if (pair.key && !isScalar(pair.key)) { out.push({ offset: startOf(pair.key), message: 'a key must be plain text, not a list or mapping' }); continue; }
        const k = keyText(pair.key);
        if (k === null) continue;
        if (k === '<<') out.push({ offset: startOf(pair.key), message: 'merge keys (<<) are not supported; repeat the keys' });
        else if (seen.has(k)) out.push({ offset: startOf(pair.key), message: `duplicate key "${k}": each key may appear once in a mapping` });
        seen.add(k);
      }
    }
    expanded++;
    open.add(n);
    stack.push({ node: n, done: true });
    const kids = childrenOf(n);
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], done: false });
  }
  return out;
}

function childrenOf(n: unknown): unknown[] {
  if (isCollection(n)) return (n.items as unknown[]).flatMap((it) => isPair(it) ? [it.key, it.value] : [it]);
  return [];
}

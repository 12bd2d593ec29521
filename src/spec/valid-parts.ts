// The data of a file with the parts that failed the schema removed. Semantic checks run on it, so
// one schema problem does not hide the others; `has` tells a check whether a part it depends on
// was removed (then it stays quiet instead of reporting something false).
import type { PathSeg } from './source.js';

export interface ValidParts {
  data: unknown;
  /** true when `path` or a part of it was removed for a schema problem */
  removed(path: PathSeg[]): boolean;
}

const keyOf = (path: PathSeg[]) => path.map(String).join('\u0000');

export function validParts(data: unknown, prune: PathSeg[][]): ValidParts {
  if (!prune.length) return { data, removed: () => false };
  const copy = structuredClone(data);
  const gone = new Set<string>();
  for (const path of prune) {
    gone.add(keyOf(path));
    let node: any = copy;
    for (const seg of path.slice(0, -1)) node = node?.[seg as any];
    // delete leaves a hole in a list: forEach and map skip it and the indexes of the rest (used
    // for positions) stay right.
    if (node && typeof node === 'object') delete node[path[path.length - 1] as any];
  }
  const removed = (path: PathSeg[]) => {
    const k = keyOf(path);
    for (const g of gone) if (g === k || g.startsWith(k + '\u0000') || k.startsWith(g + '\u0000')) return true;
    return false;
  };
  return { data: copy, removed };
}

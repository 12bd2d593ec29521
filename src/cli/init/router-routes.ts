// Routes of the client routers design agents use (TanStack Router, React Router's route config and
// its flat file routes, Nuxt's pages/), read from their files as the router itself reads them. Each
// route comes out in routes.ts's words: a path init can write, a pattern that needs a parameter
// (said, not written), or a URL that is no page (a resource route, a file such as /sitemap.xml).
import fs from 'node:fs';
import path from 'node:path';
import { walk, routeOf } from './routes.js';

export interface RouterRoutes { routes: string[]; needsParams: string[]; notPages: string[]; from: string }

const read = (f: string) => { try { return fs.readFileSync(f, 'utf8'); } catch { return null; } };
const SCRIPT = /\.(tsx?|jsx?)$/;
/** A last segment with a file extension (sitemap.xml, home.md): a file, not a page. */
const FILE_LIKE = /\.[A-Za-z0-9]{1,5}$/;

/** One segment of a flat or folder file route (TanStack Router, React Router's flatRoutes) in the
 *  bracket words routeOf reads: $id → [id], $ → [...splat], {-$x} and ($x) → [[x]], _layout → (layout),
 *  posts_ → posts, index and _index → index; [x] escapes stay literal. */
function bracketWords(seg: string, indexName: string): string {
  if (seg === indexName || seg === 'index') return 'index';
  if (seg === '$') return '[...splat]';
  if (/^\{-\$[^}]+\}$/.test(seg) || /^\(\$[^)]+\)$/.test(seg)) return `[[${seg.replace(/[{}()$-]/g, '')}]]`;
  if (seg.startsWith('$')) return `[${seg.slice(1)}]`;
  if (/^\(.+\)$/.test(seg)) return seg;
  if (seg.startsWith('_')) return `(${seg.slice(1)})`;
  return seg.replace(/_$/, '').replace(/\[([^\]]*)\]/g, '$1');
}

/** A file route's path (relative to the routes folder, without extension) → its segments: folders
 *  and dots both nest ("[.]" escapes a dot); `route` names the folder's own route. */
function fileSegments(rel: string, indexName: string): string[] {
  const parts = rel.split('/').flatMap((p) => p.split(/\.(?![^[]*\])/));
  if (parts.at(-1) === 'route') parts.pop();
  return parts.map((s) => bracketWords(s, indexName));
}

/** Patterns and paths: one segment list → a route, or the pattern it needs filled. */
function place(segments: string[], out: RouterRoutes, shown: string): void {
  const r = routeOf(segments, { restMayBeEmpty: false });
  if (r === null) out.needsParams.push(shown);
  else if (FILE_LIKE.test(r)) out.notPages.push(r);
  else out.routes.push(r);
}

/** TanStack Router: the generated route tree's navigable paths (FileRoutesByTo), else the files
 *  under the routes folder (tsr.config.json's routesDirectory, default src/routes). */
export function tanstackRoutes(root: string): RouterRoutes {
  const out: RouterRoutes = { routes: [], needsParams: [], notPages: [], from: '' };
  let cfg: { routesDirectory?: string; generatedRouteTree?: string } = {};
  try { cfg = JSON.parse(read(path.join(root, 'tsr.config.json')) ?? '{}'); } catch { /* defaults */ }
  const dir = (cfg.routesDirectory ?? 'src/routes').replace(/^\.\//, '');
  const treeFile = (cfg.generatedRouteTree ?? 'src/routeTree.gen.ts').replace(/^\.\//, '');
  const tree = read(path.join(root, treeFile));
  const byTo = tree && /interface FileRoutesByTo\s*\{([\s\S]*?)\n\}/.exec(tree)?.[1];
  if (byTo) {
    for (const m of byTo.matchAll(/^\s*['"]([^'"]+)['"]\s*:/gm)) place(m[1].split('/').filter(Boolean).map((s) => bracketWords(s, 'index')), out, m[1]);
    return { ...out, from: treeFile };
  }
  for (const f of walk(path.join(root, dir), 6)) {
    if (!SCRIPT.test(f) || /\.d\.ts$|\.(test|spec)\.|(^|\/)-|(^|\/)__root\./.test(f)) continue;
    const rel = f.replace(SCRIPT, '').replace(/\.lazy$/, '');
    place(fileSegments(rel, 'index'), out, `${dir}/${f}`);
  }
  return { ...out, from: out.routes.length + out.needsParams.length ? `${dir}/` : '' };
}

/** The text of a call's arguments split at top-level commas (strings and brackets respected). */
function args(text: string, open: number): { list: string[]; end: number } {
  const list: string[] = [];
  let depth = 0, start = open + 1, quote = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === '\\') i++; else if (c === quote) quote = ''; continue; }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) { depth--; if (depth === 0) { list.push(text.slice(start, i)); return { list: list.map((a) => a.trim()).filter(Boolean), end: i }; } }
    else if (c === ',' && depth === 1) { list.push(text.slice(start, i)); start = i + 1; }
  }
  return { list, end: text.length };
}

const str = (a: string | undefined) => (a && /^(["'`])(.*)\1$/s.exec(a)?.[2]) ?? null;

/** route()/index()/layout()/prefix() calls in `text` under `base`, children read in turn. */
function configCalls(text: string, base: string[], out: RouterRoutes): void {
  const call = /\b(route|index|layout|prefix)\s*\(/g;
  let m: RegExpExecArray | null;
  while ((m = call.exec(text))) {
    const { list, end } = args(text, m.index + m[0].length - 1);
    call.lastIndex = end + 1;
    const children = list.find((a) => a.startsWith('['));
    const kind = m[1];
    const own = kind === 'route' || kind === 'prefix' ? (str(list[0]) ?? '').split('/').filter(Boolean) : [];
    const at = [...base, ...own];
    if (children) configCalls(children.slice(1, -1), at, out);
    if (kind === 'layout' || kind === 'prefix') continue;
    const file = str(kind === 'index' ? list[0] : list[1]) ?? '';
    // a module without JSX answers data or a redirect (a resource route), not a page
    if (/\.(ts|js|mts|mjs)$/.test(file) && !children) { out.notPages.push('/' + at.join('/')); continue; }
    // a pathless route with children is their layout: the children are the pages
    if (kind === 'route' && children && !own.length) continue;
    place(at.map((s) => (s === '*' ? '[...splat]' : s.startsWith(':') ? (s.endsWith('?') ? `[[${s.slice(1, -1)}]]` : `[${s.slice(1)}]`) : s)), out, '/' + at.join('/'));
  }
}

/** React Router framework mode: app/routes.ts (its exported array: routes pushed under a condition,
 *  such as a dev-only playground, are left out), and flatRoutes()'s files under app/routes/. */
export function reactRouterRoutes(root: string): RouterRoutes {
  const out: RouterRoutes = { routes: [], needsParams: [], notPages: [], from: '' };
  const file = ['app/routes.ts', 'app/routes.tsx', 'app/routes.js', 'app/routes.mjs'].find((f) => fs.existsSync(path.join(root, f)));
  const text = file ? read(path.join(root, file)) ?? '' : '';
  if (!file) return out;
  const arr = /(?:export\s+default|RouteConfig\s*=)\s*\[/.exec(text);
  const body = arr ? text.slice(arr.index + arr[0].length - 1, args(text, arr.index + arr[0].length - 1).end + 1) : text;
  configCalls(body.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ''), [], out);
  if (/\bflatRoutes\s*\(/.test(text)) {
    for (const f of walk(path.join(root, 'app/routes'), 3)) {
      const rel = f.replace(/\.(tsx?|jsx?|mdx?)$/, '');
      if (rel === f || (f.includes('/') && !/\/route$/.test(rel))) continue;
      if (/\.(ts|js)$/.test(f)) { out.notPages.push('/' + fileSegments(rel, '_index').join('/')); continue; }
      place(fileSegments(rel, '_index'), out, `app/routes/${f}`);
    }
  }
  return { ...out, from: file };
}

// The routes a framework renders, as `veval init` lists them: file-system routes where a rest or
// optional parameter may be empty at its bare path ([...page].astro → /posts), required
// parameters skipped, error pages (404, 500) left out — a server answers them for unknown paths,
// and at their own path a preview may answer 200 — and every route written in the site's
// trailing-slash convention (from its config, else from the links its built pages contain).
import fs from 'node:fs';
import path from 'node:path';

export const MAX_ROUTES = 8;
const SKIP_DIRS = new Set(['node_modules', '.git', 'evals', 'baselines', 'dist', 'build', '.next', '.svelte-kit', '.astro', 'coverage']);
/** Pages a framework serves for errors, by their route (a 4xx/5xx status as the path: /401, /503). */
const ERROR_PAGE = /^\/([45]\d\d|_error|not-found)$/;

/** Files under dir (relative, '/'-separated); `skip` folders (build output, dependencies) left out. */
export function walk(dir: string, depth = 4, prefix = '', skip: Set<string> = SKIP_DIRS): string[] {
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }); } catch { return []; }
  return entries.sort((a, b) => (a.name < b.name ? -1 : 1)).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) return depth > 0 && !skip.has(e.name) && !e.name.startsWith('.') ? walk(dir, depth - 1, rel, skip) : [];
    return e.isFile() ? [rel] : [];
  });
}

export const sortRoutes = (routes: string[], max = MAX_ROUTES) => [...new Set(routes)].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a < b ? -1 : 1)).slice(0, max);

/** How a framework's dynamic segments match: which may be empty (then the route renders at the bare path). */
export interface ParamRules { restMayBeEmpty: boolean }

/**
 * A page file's route segments → its route: `index` is the folder, groups `(x)` vanish, a last
 * segment that may be empty ([[x]], [[...x]], and [...x] where the framework allows it) renders at
 * the bare path; any other parameter needs a value init cannot know (null: not listed).
 */
export function routeOf(segments: string[], rules: ParamRules): string | null {
  const out: string[] = [];
  for (const [i, seg] of segments.entries()) {
    if (/^\(.*\)$/.test(seg) || (seg === 'index' && i === segments.length - 1)) continue;
    if (seg.includes('[')) {
      const empty = /^\[\[.+\]\]$/.test(seg) || (rules.restMayBeEmpty && /^\[\.\.\..+\]$/.test(seg));
      if (empty && i === segments.length - 1) continue;
      return null;
    }
    out.push(seg);
  }
  return '/' + out.join('/');
}

export interface FoundRoutes {
  routes: string[]; from: string; errorPages: string[];
  /** routes that need a parameter init cannot know (/blog/[slug]): named, never written */
  needsParams?: string[];
  /** URLs that are no page (a resource route, a file such as /sitemap.xml) */
  notPages?: string[];
  /** pages beyond MAX_ROUTES: named, not written */
  more?: string[];
}

/** Routes found → at most MAX_ROUTES pages ('/' first, shallow before deep), error pages apart, the rest named. */
export function foundRoutes(from: string, all: string[], extra: Pick<FoundRoutes, 'needsParams' | 'notPages'> = {}): FoundRoutes {
  const pages = [...new Set(all.filter((r) => !ERROR_PAGE.test(r)))];
  // the top-level pages first: the ones past the cap are the deeper ones (/settings/account)
  const depth = (r: string) => r.split('/').filter(Boolean).length;
  const sorted = sortRoutes(pages, Infinity).sort((a, b) => depth(a) - depth(b));
  return {
    routes: sorted.slice(0, MAX_ROUTES), more: sorted.slice(MAX_ROUTES), from: pages.length || extra.needsParams?.length ? from : '',
    errorPages: [...new Set(all.filter((r) => ERROR_PAGE.test(r)))],
    needsParams: [...new Set(extra.needsParams ?? [])], notPages: [...new Set(extra.notPages ?? [])],
  };
}

/** File-system routes in the first of `dirs` that has pages; `page` picks page files, `segmentsOf` names their segments (null: not a page). */
export function fsRoutes(root: string, dirs: string[], segmentsOf: (rel: string) => string[] | null, rules: ParamRules): FoundRoutes {
  for (const d of dirs) {
    const abs = path.join(root, d);
    if (!fs.existsSync(abs)) continue;
    const pages = walk(abs).map((f) => [f, segmentsOf(f)] as const).filter((p): p is [string, string[]] => p[1] !== null);
    if (!pages.length) continue;
    const routes = pages.map(([f, s]) => [f, routeOf(s, rules)] as const);
    return foundRoutes(`${d}/`, routes.flatMap(([, r]) => (r === null ? [] : [r])), { needsParams: routes.flatMap(([f, r]) => (r === null ? [`${d}/${f}`] : [])) });
  }
  return { routes: [], from: '', errorPages: [] };
}

/** Routes of the .html files in a folder (a static site, or a build's output); error pages apart. */
export function htmlRoutes(dir: string): FoundRoutes {
  const all = walk(dir, 2).filter((f) => /\.html$/.test(f))
    .map((f) => (f === 'index.html' ? '/' : f.endsWith('/index.html') ? `/${f.slice(0, -'index.html'.length)}` : `/${f}`));
  const isError = (r: string) => /^\/(404|500)(\.html|\/)$/.test(r);
  return { routes: sortRoutes(all.filter((r) => !isError(r))), from: '', errorPages: all.filter(isError) };
}

export type SlashStyle = 'always' | 'never' | null;

/** The trailing-slash convention a framework's config sets, or null when it does not say. */
export function configSlash(root: string, framework: string): SlashStyle {
  const read = (names: string[]) => names.map((n) => { try { return fs.readFileSync(path.join(root, n), 'utf8'); } catch { return ''; } }).join('\n');
  if (framework === 'astro') {
    const m = /trailingSlash\s*:\s*["'`](always|never)["'`]/.exec(read(['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts', 'astro.config.cjs']));
    return (m?.[1] as SlashStyle) ?? null;
  }
  if (framework === 'next') {
    const m = /trailingSlash\s*:\s*(true|false)/.exec(read(['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs']));
    return m ? (m[1] === 'true' ? 'always' : 'never') : null;
  }
  if (framework === 'sveltekit') {
    const m = /trailingSlash\s*=\s*["'`](always|never)["'`]/.exec(read(['src/routes/+layout.js', 'src/routes/+layout.ts', 'src/routes/+layout.server.js', 'src/routes/+layout.server.ts']));
    return (m?.[1] as SlashStyle) ?? null;
  }
  return null;
}

/** The convention the links in built pages follow: internal page links (not files, not /) with a trailing slash or without; null when they do not lean either way. */
export function linkSlash(dir: string): SlashStyle {
  let slash = 0, bare = 0;
  for (const f of walk(dir, 3).filter((x) => /\.html$/.test(x)).slice(0, 50)) {
    let html: string;
    try { html = fs.readFileSync(path.join(dir, f), 'utf8'); } catch { continue; }
    for (const m of html.matchAll(/\shref\s*=\s*["']?(\/[^"'\s>?#]*)/gi)) {
      const p = m[1];
      if (p === '/' || p.startsWith('//') || /\.[A-Za-z0-9]{1,5}$/.test(p.replace(/\/$/, ''))) continue;
      if (p.endsWith('/')) slash++; else bare++;
    }
  }
  if (slash + bare === 0) return null;
  return slash >= bare * 2 ? 'always' : bare >= slash * 2 ? 'never' : null;
}

/** Whether a static build has a page for the route (dir/route/index.html or dir/route.html). */
export function builtHas(dir: string, route: string): boolean {
  const bare = route.replace(/^\/+|\/+$/g, '');
  return [path.join(dir, bare, 'index.html'), path.join(dir, `${bare}.html`), path.join(dir, bare)].some((f) => { try { return fs.statSync(f).isFile(); } catch { return false; } });
}

/** A route in the site's convention ('/' and file paths such as /about.html stay as they are). */
export function withSlash(route: string, style: SlashStyle): string {
  if (!style || route === '/' || /\.[A-Za-z0-9]{1,5}$/.test(route)) return route;
  const bare = route.replace(/\/+$/, '');
  return style === 'always' ? `${bare}/` : bare;
}

// What `veval init` finds in a project: the framework (from package.json), how CI should build and
// serve it (a production preview where the framework has one), and the routes it can see.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { detectPackageManager, type PackageManager } from './pm.js';
import { builtHas, configSlash, foundRoutes, fsRoutes, htmlRoutes, linkSlash, withSlash, type FoundRoutes } from './routes.js';
import { reactRouterRoutes, tanstackRoutes, type RouterRoutes } from './router-routes.js';

export type Framework = 'vite' | 'next' | 'astro' | 'cra' | 'sveltekit' | 'react-router' | 'nuxt' | 'static' | 'unknown';

export type ServerPlan =
  | { command: string; url: string; timeout: number }
  | { static: string | { dir: string; fallback: string }; build?: string };

export interface AppInfo {
  framework: Framework;
  /** a name for the user: "Vite", "Next.js", "a static folder (public/)" … */
  label: string;
  pm: PackageManager;
  scripts: Record<string, string>;
  /** null: init could not tell how to start the app (the config says how to set it) */
  server: ServerPlan | null;
  /** routes, '/' first; empty when none were found (init writes one for '/', with a comment) */
  routes: string[];
  /** where the routes came from, for the config's comment */
  routesFrom: string;
  /** error pages (404, 500) found and left out: a server answers them for unknown paths */
  errorPages: string[];
  /** routes that need a parameter (/blog/:id), pages beyond the ones init writes, URLs that are no
   *  page (a resource route, /sitemap.xml): each named by init, none written */
  needsParams: string[];
  moreRoutes: string[];
  notPages: string[];
  /** the trailing-slash convention the routes follow, and what told it (null: none found) */
  slash: { style: 'always' | 'never'; from: string } | null;
  /** a Storybook in the project: the folder its build writes and the command that builds it (null: none) */
  storybook: StorybookFound | null;
}

export interface StorybookFound { static: string; build: string; from: string }

/** Storybook: a `storybook` (or `@storybook/*`) dependency, or a .storybook/ folder. Its build writes
 *  storybook-static/ unless the build script says `-o`/`--output-dir`. */
export function detectStorybook(root: string, pkg: Pkg | null, pm: PackageManager): StorybookFound | null {
  const deps = Object.keys({ ...(pkg?.dependencies ?? {}), ...(pkg?.devDependencies ?? {}) });
  const dep = deps.includes('storybook') ? 'storybook' : deps.find((d) => d.startsWith('@storybook/'));
  const folder = fs.existsSync(path.join(root, '.storybook'));
  if (!dep && !folder) return null;
  const scripts = pkg?.scripts ?? {};
  const name = ['build-storybook', 'storybook:build', 'build:storybook'].find((n) => typeof scripts[n] === 'string');
  const out = name ? /(?:^|\s)(?:-o|--output-dir)(?:\s+|=)(\S+)/.exec(scripts[name])?.[1] : undefined;
  return {
    static: (out ?? 'storybook-static').replace(/^\.\//, '').replace(/\/+$/, ''),
    build: name ? pm.run(name) : pm.exec('storybook build'),
    from: [dep ? `the ${dep} dependency` : null, folder ? '.storybook/' : null].filter(Boolean).join(' and '),
  };
}

interface Pkg { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; scripts?: Record<string, string> }

const readPkg = (root: string): Pkg | null => {
  try { return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')); } catch { return null; }
};

const STATIC_DIRS = ['.', 'public', 'site', 'www', 'static', 'docs'];
/** Where each framework's static build puts its pages: its links tell the trailing-slash convention, and its files which routes render. */
const BUILD_DIRS: Partial<Record<Framework, string[]>> = {
  astro: ['dist'], next: ['out'], nuxt: ['.output/public'], 'react-router': ['build/client'], sveltekit: ['build', '.svelte-kit/output/prerendered/pages'], vite: ['dist'], cra: ['build'],
};

/** The framework's usual port, or the next free one when something already listens there. */
export async function freePort(preferred: number): Promise<number> {
  for (let p = preferred; p < preferred + 50; p++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer().once('error', () => resolve(false)).once('listening', () => srv.close(() => resolve(true)));
      srv.listen(p, '127.0.0.1');
    });
    if (free) return p;
  }
  return preferred;
}

/** pmFlag: `init --pm`, which overrides what the project's files say. */
export async function detectApp(root: string, pmFlag?: string): Promise<AppInfo> {
  const pm = detectPackageManager(root, pmFlag);
  const pkg = readPkg(root);
  const scripts = pkg?.scripts ?? {};
  const deps = { ...(pkg?.dependencies ?? {}), ...(pkg?.devDependencies ?? {}) };
  const has = (d: string) => d in deps;
  const script = (name: string) => (scripts[name] ? name : null);
  const base = { pm, scripts, storybook: detectStorybook(root, pkg, pm) };

  /** `build` then a production server of the framework on 127.0.0.1:port. */
  const buildAndServe = async (serveScript: string | null, fallbackBin: string, portArgs: (p: number) => string, preferredPort: number) => {
    const port = await freePort(preferredPort);
    const build = script('build') ? pm.run('build') : null;
    const serve = serveScript ? pm.run(serveScript, portArgs(port)) : `${pm.exec(fallbackBin)} ${portArgs(port)}`;
    return { command: build ? `${build} && ${serve}` : serve, url: `http://127.0.0.1:${port}`, timeout: 180000 };
  };

  /** Routes from the source, checked against a static build when there is one, in the site's trailing-slash convention. */
  const found = (framework: Framework, r: FoundRoutes, from = r.from) => {
    const built = (BUILD_DIRS[framework] ?? []).map((d) => path.join(root, d)).find((d) => fs.existsSync(path.join(d, 'index.html')));
    let routes = r.routes;
    // a rest route whose page does not render at its bare path is not in the build
    // (a single-page or server-rendered build has no page per route to check against)
    if (built && ['astro', 'next', 'sveltekit'].includes(framework)) routes = routes.filter((x) => builtHas(built, x)).length ? routes.filter((x) => builtHas(built, x)) : routes;
    const fromConfig = configSlash(root, framework);
    const style = fromConfig ?? (built ? linkSlash(built) : null);
    const slash = style ? { style, from: fromConfig ? 'its config' : `the links in ${path.relative(root, built!).split(path.sep).join('/')}/` } : null;
    return { routes: routes.map((x) => withSlash(x, style)), routesFrom: from, errorPages: r.errorPages, slash,
      needsParams: r.needsParams ?? [], moreRoutes: r.more ?? [], notPages: r.notPages ?? [] };
  };
  const none = { routes: [], routesFrom: '', errorPages: [], slash: null, needsParams: [], moreRoutes: [], notPages: [] };
  const routerFound = (r: RouterRoutes) => foundRoutes(r.from, r.routes, r);
  const parts = (p: string) => p.split('/').filter(Boolean);

  if (has('@sveltejs/kit')) {
    const r = fsRoutes(root, ['src/routes'], (f) => (/(^|\/)\+page\.svelte$/.test(f) ? parts(f.replace(/\/?\+page\.svelte$/, '')) : null), { restMayBeEmpty: true });
    return { ...base, framework: 'sveltekit', label: 'SvelteKit', ...found('sveltekit', r),
      server: await buildAndServe(script('preview'), 'vite preview', (p) => `--port ${p} --strictPort --host 127.0.0.1`, 4173) };
  }
  if (has('next')) {
    // Next.js: [...x] needs at least one segment; only [[...x]] may be empty
    const rules = { restMayBeEmpty: false };
    const app = fsRoutes(root, ['app', 'src/app'], (f) => (/(^|\/)page\.(jsx?|tsx?|mdx)$/.test(f) ? parts(f.replace(/\/?page\.\w+$/, '')) : null), rules);
    const pages = fsRoutes(root, ['pages', 'src/pages'], (f) => (/\.(jsx?|tsx?|mdx)$/.test(f) && !/(^|\/)_|^api\//.test(f) ? parts(f.replace(/\.\w+$/, '')) : null), rules);
    const r = app.routes.length ? app : pages;
    return { ...base, framework: 'next', label: 'Next.js', ...found('next', r),
      server: await buildAndServe(script('start'), 'next start', (p) => `-p ${p} -H 127.0.0.1`, 3000) };
  }
  if (has('astro')) {
    // files and folders starting with _ are not pages in Astro
    const r = fsRoutes(root, ['src/pages'], (f) => (/\.(astro|mdx?|html)$/.test(f) && !/(^|\/)_/.test(f) ? parts(f.replace(/\.\w+$/, '')) : null), { restMayBeEmpty: true });
    return { ...base, framework: 'astro', label: 'Astro', ...found('astro', r),
      server: await buildAndServe(script('preview'), 'astro preview', (p) => `--port ${p} --host 127.0.0.1`, 4321) };
  }
  if (has('nuxt')) {
    // Nuxt: [id] needs a value, [[id]] and [...slug] may be empty; Nuxt 4 keeps pages under app/
    const r = fsRoutes(root, ['app/pages', 'pages'], (f) => (/\.vue$/.test(f) ? parts(f.replace(/\.vue$/, '')) : null), { restMayBeEmpty: true });
    const port = await freePort(3000);
    const build = script('build') ? pm.run('build') : pm.exec('nuxi build');
    return { ...base, framework: 'nuxt', label: 'Nuxt', ...found('nuxt', r),
      server: { command: `${build} && PORT=${port} HOST=127.0.0.1 node .output/server/index.mjs`, url: `http://127.0.0.1:${port}`, timeout: 180000 } };
  }
  if (has('@react-router/dev')) {
    // framework mode: app/routes.ts; ssr: false builds a single-page app into build/client
    const spa = /\bssr\s*:\s*false/.test(['react-router.config.ts', 'react-router.config.js'].map((f) => { try { return fs.readFileSync(path.join(root, f), 'utf8'); } catch { return ''; } }).join('\n'));
    const build = script('build') ? pm.run('build') : pm.exec('react-router build');
    const port = await freePort(3000);
    const serve = script('start') ? pm.run('start') : pm.exec('react-router-serve ./build/server/index.js');
    return { ...base, framework: 'react-router', label: 'React Router (framework mode)', ...found('react-router', routerFound(reactRouterRoutes(root))),
      server: spa ? { static: { dir: 'build/client', fallback: 'index.html' }, build }
        : { command: `${build} && PORT=${port} HOST=127.0.0.1 ${serve}`, url: `http://127.0.0.1:${port}`, timeout: 180000 } };
  }
  if (has('react-scripts')) {
    // CRA has no preview server: veval serves the production build folder itself
    return { ...base, framework: 'cra', label: 'Create React App', ...none,
      server: { static: 'build', build: script('build') ? pm.run('build') : pm.exec('react-scripts build') } };
  }
  const tanstack = ['@tanstack/react-router', '@tanstack/solid-router', '@tanstack/vue-router'].some(has) ? tanstackRoutes(root) : null;
  if (has('vite') && tanstack?.from) {
    // a single-page app: vite preview answers index.html for every route the router draws
    return { ...base, framework: 'vite', label: 'Vite + TanStack Router', ...found('vite', routerFound(tanstack)),
      server: await buildAndServe(script('preview'), 'vite preview', (p) => `--port ${p} --strictPort --host 127.0.0.1`, 4173) };
  }
  if (has('vite')) {
    const r = htmlRoutes(root);
    return { ...base, framework: 'vite', label: 'Vite', ...found('vite', r, r.routes.length > 1 ? 'the HTML entry pages' : ''),
      server: await buildAndServe(script('preview'), 'vite preview', (p) => `--port ${p} --strictPort --host 127.0.0.1`, 4173) };
  }
  const dir = STATIC_DIRS.find((d) => fs.existsSync(path.join(root, d, 'index.html')));
  if (dir !== undefined) {
    const where = dir === '.' ? 'the project folder' : `${dir}/`;
    const r = htmlRoutes(path.join(root, dir));
    const style = linkSlash(path.join(root, dir));
    // a lone index.html (a single-page app) lists no routes: init follows its links instead
    return { ...base, framework: 'static', label: `a static folder (${where})`, routes: r.routes.map((x) => withSlash(x, style)), routesFrom: r.routes.length > 1 ? `the .html files in ${where}` : '',
      errorPages: r.errorPages, needsParams: [], moreRoutes: [], notPages: [], slash: style ? { style, from: `the links in ${where}` } : null, server: { static: dir } };
  }
  return { ...base, framework: 'unknown', label: 'no framework veval knows', ...none, server: null };
}

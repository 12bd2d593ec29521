// What `veval init` finds in a project: the framework (from package.json), how CI should build and
// serve it (a production preview where the framework has one), and the routes it can see.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { detectPackageManager, type PackageManager } from './pm.js';

export type Framework = 'vite' | 'next' | 'astro' | 'cra' | 'sveltekit' | 'static' | 'unknown';

export type ServerPlan =
  | { command: string; url: string; timeout: number }
  | { static: string; build?: string };

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
}

interface Pkg { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; scripts?: Record<string, string> }

const readPkg = (root: string): Pkg | null => {
  try { return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')); } catch { return null; }
};

const MAX_ROUTES = 8;
const STATIC_DIRS = ['.', 'public', 'site', 'www', 'static', 'docs'];
const SKIP_DIRS = new Set(['node_modules', '.git', 'evals', 'baselines', 'dist', 'build', '.next', '.svelte-kit', '.astro', 'coverage']);

/** Files under dir (relative, '/'-separated), skipping build output and dependencies. */
function walk(dir: string, depth = 4, prefix = ''): string[] {
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }); } catch { return []; }
  return entries.sort((a, b) => (a.name < b.name ? -1 : 1)).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) return depth > 0 && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.') ? walk(dir, depth - 1, rel) : [];
    return e.isFile() ? [rel] : [];
  });
}

/** File-system routes: `index` → the folder; dynamic segments ([id], [...slug]) and private files skipped. */
function fsRoutes(root: string, dirs: string[], page: RegExp, routeOf: (rel: string) => string | null): { routes: string[]; from: string } {
  for (const d of dirs) {
    const abs = path.join(root, d);
    if (!fs.existsSync(abs)) continue;
    const routes = walk(abs).filter((f) => page.test(f) && !/\[/.test(f)).map(routeOf).filter((r): r is string => r !== null);
    if (routes.length) return { routes: sortRoutes(routes), from: `${d}/` };
  }
  return { routes: [], from: '' };
}

const sortRoutes = (routes: string[]) => [...new Set(routes)].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a < b ? -1 : 1)).slice(0, MAX_ROUTES);
const stripIndex = (p: string) => {
  const r = '/' + p.replace(/(^|\/)index$/, '').replace(/\/$/, '');
  return r === '/' ? '/' : r.replace(/\/$/, '');
};
/** Route groups `(marketing)` do not appear in URLs (Next.js app router, SvelteKit). */
const dropGroups = (p: string) => p.split('/').filter((s) => !/^\(.*\)$/.test(s)).join('/');

function htmlRoutes(root: string, dir: string): string[] {
  return sortRoutes(walk(path.join(root, dir), 2).filter((f) => /\.html$/.test(f) && !/(^|\/)(404|500)\.html$/.test(f))
    .map((f) => (f === 'index.html' ? '/' : f.endsWith('/index.html') ? `/${f.slice(0, -'index.html'.length)}` : `/${f}`)));
}

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
  const base = { pm, scripts };

  /** `build` then a production server of the framework on 127.0.0.1:port. */
  const buildAndServe = async (serveScript: string | null, fallbackBin: string, portArgs: (p: number) => string, preferredPort: number) => {
    const port = await freePort(preferredPort);
    const build = script('build') ? pm.run('build') : null;
    const serve = serveScript ? pm.run(serveScript, portArgs(port)) : `${pm.exec(fallbackBin)} ${portArgs(port)}`;
    return { command: build ? `${build} && ${serve}` : serve, url: `http://127.0.0.1:${port}`, timeout: 180000 };
  };

  if (has('@sveltejs/kit')) {
    const r = fsRoutes(root, ['src/routes'], /(^|\/)\+page\.svelte$/, (f) => stripIndex(dropGroups(f.replace(/\/?\+page\.svelte$/, ''))));
    return { ...base, framework: 'sveltekit', label: 'SvelteKit', routes: r.routes, routesFrom: r.from,
      server: await buildAndServe(script('preview'), 'vite preview', (p) => `--port ${p} --strictPort --host 127.0.0.1`, 4173) };
  }
  if (has('next')) {
    const app = fsRoutes(root, ['app', 'src/app'], /(^|\/)page\.(jsx?|tsx?|mdx)$/, (f) => stripIndex(dropGroups(f.replace(/\/?page\.\w+$/, ''))));
    const pages = fsRoutes(root, ['pages', 'src/pages'], /\.(jsx?|tsx?|mdx)$/, (f) => (/(^|\/)_|^api\//.test(f) ? null : stripIndex(f.replace(/\.\w+$/, ''))));
    const r = app.routes.length ? app : pages;
    return { ...base, framework: 'next', label: 'Next.js', routes: r.routes, routesFrom: r.from,
      server: await buildAndServe(script('start'), 'next start', (p) => `-p ${p} -H 127.0.0.1`, 3000) };
  }
  if (has('astro')) {
    const r = fsRoutes(root, ['src/pages'], /\.(astro|mdx?|html)$/, (f) => stripIndex(f.replace(/\.\w+$/, '')));
    return { ...base, framework: 'astro', label: 'Astro', routes: r.routes, routesFrom: r.from,
      server: await buildAndServe(script('preview'), 'astro preview', (p) => `--port ${p} --host 127.0.0.1`, 4321) };
  }
  if (has('react-scripts')) {
    // CRA has no preview server: veval serves the production build folder itself
    return { ...base, framework: 'cra', label: 'Create React App', routes: [], routesFrom: '',
      server: { static: 'build', build: script('build') ? pm.run('build') : pm.exec('react-scripts build') } };
  }
  if (has('vite')) {
    const routes = htmlRoutes(root, '.');
    return { ...base, framework: 'vite', label: 'Vite', routes, routesFrom: routes.length > 1 ? 'the HTML entry pages' : '',
      server: await buildAndServe(script('preview'), 'vite preview', (p) => `--port ${p} --strictPort --host 127.0.0.1`, 4173) };
  }
  const dir = STATIC_DIRS.find((d) => fs.existsSync(path.join(root, d, 'index.html')));
  if (dir !== undefined) {
    const routes = htmlRoutes(root, dir);
    return { ...base, framework: 'static', label: `a static folder (${dir === '.' ? 'the project folder' : `${dir}/`})`, routes, routesFrom: `the .html files in ${dir === '.' ? 'the project folder' : `${dir}/`}`,
      server: { static: dir } };
  }
  return { ...base, framework: 'unknown', label: 'no framework veval knows', routes: [], routesFrom: '', server: null };
}

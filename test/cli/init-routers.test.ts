// veval init on the route trees of published apps (test/fixtures/*-src: only the files a router
// reads): TanStack Router (shadcn-admin: its generated route tree, and its file routes alone), React
// Router framework mode (reactrouter.com's own app/routes.ts) and Nuxt (nuxt/movies' pages/). Every
// route that needs a parameter is named, never written; the pages past the cap are named too. Then a
// single-page app with no routes in its files: init follows the captured page's same-origin links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { detectApp } from '../../src/cli/init/detect.js';
import { REPO, runCliAsync, tmpDir, writeTree } from '../helpers/tmp.js';

const fixture = (name: string) => path.join(REPO, 'test/fixtures', name);

test('TanStack Router (shadcn-admin): the generated route tree\'s pages, shallow first; error pages, a parameter route and the pages past the cap named', async () => {
  const app = await detectApp(fixture('shadcn-admin-src'));
  assert.equal(app.label, 'Vite + TanStack Router');
  assert.equal(app.routesFrom, 'src/routeTree.gen.ts');
  assert.deepEqual(app.routes, ['/', '/apps', '/chats', '/clerk', '/forgot-password', '/help-center', '/otp', '/settings']);
  assert.deepEqual(app.errorPages, ['/401', '/403', '/404', '/500', '/503']);
  assert.deepEqual(app.needsParams, ['/errors/$error']);
  assert.ok(app.moreRoutes.includes('/users') && app.moreRoutes.includes('/settings/account'), app.moreRoutes.join());
  assert.match(JSON.stringify(app.server), /vite preview|npm run preview/);

  // without the generated tree: the same pages from the files under src/routes (groups, pathless
  // _layouts, route.tsx, index.tsx, __root left out)
  const dir = tmpDir('veval-tsr-');
  fs.cpSync(fixture('shadcn-admin-src'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'src/routeTree.gen.ts'));
  const files = await detectApp(dir);
  assert.equal(files.routesFrom, 'src/routes/');
  assert.deepEqual([...files.routes, ...files.moreRoutes].sort(), [...app.routes, ...app.moreRoutes].sort());
  assert.deepEqual(files.needsParams, ['src/routes/_authenticated/errors/$error.tsx']);
});

test('React Router framework mode (reactrouter.com): app/routes.ts\'s pages; a parameter and a catch-all named; resource routes and files left out; a dev-only route not listed', async () => {
  const app = await detectApp(fixture('react-router-website-src'));
  assert.equal(app.framework, 'react-router');
  assert.equal(app.routesFrom, 'app/routes.ts');
  assert.deepEqual(app.routes, ['/', '/brand', '/changelog', '/healthcheck', '/home']);
  assert.deepEqual(app.needsParams.sort(), ['/*', '/:ref']);
  assert.deepEqual(app.notPages.sort(), ['/changelog.md', '/color-scheme', '/home.md']);
  assert.ok(!app.routes.includes('/__playground'), 'pushed only in development');
  assert.match(JSON.stringify(app.server), /pnpm run build && PORT=\d+ HOST=127\.0\.0\.1 pnpm run start/);
});

test('Nuxt (nuxt/movies): pages/ routes; the six that need a parameter named', async () => {
  const app = await detectApp(fixture('nuxt-movies-src'));
  assert.equal(app.label, 'Nuxt');
  assert.deepEqual(app.routes, ['/', '/search']);
  assert.equal(app.needsParams.length, 6);
  assert.ok(app.needsParams.includes('pages/[type]/[id].vue'));
  assert.match(JSON.stringify(app.server), /node \.output\/server\/index\.mjs/);
});

test('init says which routes it left out and why, and writes a spec for none of them', async () => {
  const dir = tmpDir('veval-rr-');
  fs.cpSync(fixture('react-router-website-src'), dir, { recursive: true });
  // nothing answers: init writes the specs without entries (the capture is not what this tests)
  fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), 'baseURL: http://127.0.0.1:9\nviewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844 }\n');
  const r = await runCliAsync(['init', '--ci', 'none', dir], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /5 route\(s\) from app\/routes\.ts/);
  assert.match(r.stdout, /left out 2 route\(s\) that need a parameter init cannot know: \/\*, \/:ref/);
  assert.match(r.stdout, /left out \/color-scheme, \/home\.md, \/changelog\.md: not a page/);
  const routes = fs.readdirSync(path.join(dir, 'specs')).map((f) => YAML.parse(fs.readFileSync(path.join(dir, 'specs', f), 'utf8')).route).sort();
  assert.deepEqual(routes, ['/', '/brand', '/changelog', '/healthcheck', '/home']);
});

const SPA = `<!doctype html><html lang="en"><head><title>Shop</title></head><body>
<nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/docs/intro#top">Docs</a>
<a href="https://example.org/elsewhere">Elsewhere</a> <a href="/logo.svg">Logo</a></nav>
<main><h1 id="title"></h1></main>
<script>document.getElementById('title').textContent = ({ '/': 'Welcome', '/pricing': 'Pricing', '/docs/intro': 'Introduction' })[location.pathname] || 'Not found';</script>
</body></html>`;

test('a single-page app with no routes in its files: init follows the captured page\'s same-origin links (named, bounded) and captures them too', async () => {
  const dir = tmpDir('veval-spa-');
  writeTree(dir, {
    'public/index.html': SPA,
    'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // the user's config: the folder served with its SPA fallback
    'visual-eval.config.yaml': 'server:\n  static: { dir: public, fallback: index.html }\nviewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844, isMobile: true, hasTouch: true }\n',
  });
  const r = await runCliAsync(['init', '--ci', 'none', dir], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /followed 2 same-origin link\(s\) on \/ \(at most 7\): \/pricing, \/docs\/intro/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'specs')).sort(), ['docs-intro.yaml', 'home.yaml', 'pricing.yaml']);
  const pricing = fs.readFileSync(path.join(dir, 'specs/pricing.yaml'), 'utf8');
  assert.match(pricing, /found as a same-origin link on \//);
  const spec = YAML.parse(pricing);
  assert.equal(spec.route, '/pricing');
  assert.ok(spec.required?.length, `captured: its entries are written\n${pricing}`);
});


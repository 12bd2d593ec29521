// The static file server on 127.0.0.1 and a free port: serves `server: { static }`, the demo app,
// and test fixture pages. Files are served by sirv (a maintained static-file handler: MIME types
// of real builds — .wasm, .avif, .webmanifest, fonts, media — ranges, HEAD), in its dev mode so
// every request reads the folder as it is now (a build that rewrites it, a test that adds pages).
// Paths never escape the folder.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export interface StaticServer { url: string; port: number; close(): Promise<void> }

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;

export interface StaticOptions {
  /** port to listen on (default: a free one) */
  port?: number;
  /**
   * File inside the folder answered (200) for a path that names no file and has no extension, as
   * a history-routed single-page app needs (`/settings` → index.html, the app routes itself). A
   * missing asset (`/app.js`, `/logo.png`) still answers 404.
   */
  fallback?: string | null;
}

/** Thrown when the folder or its fallback file is not there to serve. */
export class StaticServeError extends Error {}

/**
 * Serves `dir`. A request for /a/b tries a/b, a/b.html, a/b/index.html, then the fallback (when
 * set and the path has no extension). `routes` may answer a request first (tests use it for 500s,
 * slow answers and the like).
 */
export async function serveStatic(dir: string, routes: Route[] = [], opts: StaticOptions = {}): Promise<StaticServer> {
  let root: string;
  try { root = fs.realpathSync(dir); } catch { throw new StaticServeError(`static folder ${dir} does not exist`); }
  const fallback = opts.fallback ? fallbackFile(root, opts.fallback) : null;
  const notFound = (_req: http.IncomingMessage, res: http.ServerResponse) => { res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found'); };
  const serve = sirv(root, {
    dev: true,
    extensions: ['html', 'htm'],
    single: fallback ?? false,
    // sirv's dev mode says no-store already; the headers of an asset must not let a browser keep
    // an earlier build's file between captures
    setHeaders: (res) => { res.setHeader('Cache-Control', 'no-store'); },
    onNoMatch: notFound,
  });
  const server = http.createServer(async (req, res) => {
    try {
      for (const r of routes) if (await r(req, res)) return;
      serve(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end('error');
    }
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()); });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

/** The fallback as sirv names it (relative to the folder), after checking it is a file inside it. */
function fallbackFile(root: string, rel: string): string {
  const abs = path.resolve(root, rel);
  if (!/\.html?$/i.test(abs)) throw new StaticServeError(`static fallback ${rel} must be an HTML file (e.g. index.html)`);
  if (abs !== root && !abs.startsWith(root + path.sep)) throw new StaticServeError(`static fallback ${rel} is outside the served folder`);
  let isFile = false;
  try { isFile = fs.statSync(abs).isFile(); } catch { /* reported below */ }
  if (!isFile) throw new StaticServeError(`static fallback ${rel} is not a file in ${root}`);
  return path.relative(root, abs).split(path.sep).join('/');
}

// A small static file server on 127.0.0.1 and a free port: serves `server: { static: dir }`, the
// demo app, and test fixture pages. Paths never escape the folder.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer { url: string; port: number; close(): Promise<void> }

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;

/**
 * Serves `dir`. A request for /a/b tries a/b, a/b.html, a/b/index.html. `routes` may answer a
 * request first (tests use it for 500s, slow answers and the like).
 */
export async function serveStatic(dir: string, routes: Route[] = [], port = 0): Promise<StaticServer> {
  const root = fs.realpathSync(dir);
  const server = http.createServer(async (req, res) => {
    try {
      for (const r of routes) if (await r(req, res)) return;
      const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const base = path.resolve(root, '.' + urlPath);
      if (base !== root && !base.startsWith(root + path.sep)) { res.writeHead(403).end('forbidden'); return; }
      const candidates = [base, base + '.html', path.join(base, 'index.html')];
      const file = candidates.find((f) => { try { return fs.statSync(f).isFile(); } catch { return false; } });
      if (!file) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      fs.createReadStream(file).pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end('error');
    }
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', () => resolve()); });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

// The review server: the run's report page with approve / reject / undo, on 127.0.0.1 only. Built
// on core/static-server.ts (sirv over the run folder: the captures, baselines' copies and diffs the
// page shows); this module answers first and refuses, before anything else:
// - a Host that is not this server's own (a DNS-rebinding page would reach us under its name),
// - on /api/*, a request without the token made at launch (given only to the page it serves), and a
//   POST whose Origin is not this server's (a cross-site form or fetch),
// - any path outside the run folder or naming a dot file (404).
// Every answer forbids framing (no clickjacking of the buttons) and caching. It stops when idle.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { serveStatic, type StaticServer } from '../core/static-server.js';
import type { ReviewSession, Acceptance } from './session.js';

export interface ReviewServerOptions {
  runDir: string;
  /** the review page for this token (report.json rendered with review.js added) */
  page: (token: string) => string;
  session: ReviewSession;
  port?: number;
  /** stop after this long without a request (ms); 0 never */
  idleMs: number;
}

export interface ReviewServer { url: string; port: number; token: string; stopped: Promise<'idle' | 'closed'>; close(): Promise<void> }

const MAX_BODY = 64 * 1024;
const TICKS: Acceptance[] = ['force', 'acceptA11yDebt', 'replaceDesign'];

export async function startReviewServer(o: ReviewServerOptions): Promise<ReviewServer> {
  const token = crypto.randomBytes(24).toString('base64url');
  const root = fs.realpathSync(o.runDir);
  let port = 0;
  let page: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stop: (why: 'idle' | 'closed') => void = () => {};
  const stopped = new Promise<'idle' | 'closed'>((resolve) => { stop = resolve; });
  let server: StaticServer | null = null;
  const close = async () => { if (timer) clearTimeout(timer); await server?.close(); stop('closed'); };
  const touch = () => {
    if (!o.idleMs) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => { void server?.close().then(() => stop('idle')); }, o.idleMs);
    timer.unref?.();
  };

  const send = (res: http.ServerResponse, code: number, body: string, type = 'text/plain; charset=utf-8') => {
    res.writeHead(code, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
    return true;
  };
  const json = (res: http.ServerResponse, code: number, v: unknown) => send(res, code, JSON.stringify(v), 'application/json; charset=utf-8');

  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const self = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!self.includes(req.headers.host ?? '')) return send(res, 403, 'forbidden: not this server\'s Host');
    let url: URL;
    try { url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`); } catch { return send(res, 404, 'not found'); }
    if (url.pathname.startsWith('/api/')) return api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    touch();
    if (url.pathname === '/' || url.pathname === '/index.html') {
      page ??= o.page(token);
      return send(res, 200, page, 'text/html; charset=utf-8');
    }
    return !inside(root, url.pathname) && send(res, 404, 'not found');
  };

  const api = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> => {
    const given = Buffer.from(String(req.headers['x-veval-token'] ?? ''));
    if (given.length !== token.length || !crypto.timingSafeEqual(given, Buffer.from(token))) return send(res, 403, 'forbidden: no valid review token');
    if (req.method === 'GET' && url.pathname === '/api/state') { touch(); return json(res, 200, o.session.state()); }
    if (req.method !== 'POST') return send(res, 405, 'method not allowed');
    if (req.headers.origin !== `http://127.0.0.1:${port}` && req.headers.origin !== `http://localhost:${port}`) return send(res, 403, 'forbidden: foreign or missing Origin');
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return send(res, 415, 'application/json expected');
    const action = url.pathname.slice('/api/'.length);
    if (!['approve', 'reject', 'undo'].includes(action)) return send(res, 404, 'not found');
    touch();
    let body: any;
    try { body = JSON.parse(await readBody(req)); } catch (err) { return send(res, 400, `bad request: ${(err as Error).message}`); }
    const units = o.session.known(body?.units);
    if (!units) return send(res, 400, 'bad request: units must name units of this run');
    const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim().slice(0, 2000) : null;
    const ticks = Object.fromEntries(TICKS.map((t) => [t, body[t] === true]));
    try {
      const results = action === 'approve' ? await o.session.approve(units, ticks) : action === 'reject' ? await o.session.reject(units, comment) : await o.session.undo(units);
      return json(res, 200, { results, state: o.session.state() });
    } catch (err) {
      return json(res, 500, { error: (err as Error).message, state: o.session.state() });
    }
  };

  server = await serveStatic(root, [route], { port: o.port ?? 0 });
  port = server.port;
  touch();
  return { url: `http://127.0.0.1:${port}/`, port, token, stopped, close };
}

/** A GET path the run folder answers: decoded, no dot segment or dot file, and inside the folder
 *  once symbolic links are followed (sirv serves it; a missing file is sirv's 404). */
function inside(root: string, pathname: string): boolean {
  let rel: string;
  try { rel = decodeURIComponent(pathname); } catch { return false; }
  if (rel.includes('\0') || rel.includes('\\')) return false;
  const parts = rel.split('/').filter(Boolean);
  if (parts.some((p) => p.startsWith('.'))) return false;
  const abs = path.join(root, ...parts);
  let real: string;
  try { real = fs.realpathSync(abs); } catch { return true; }
  return real === root || real.startsWith(root + path.sep);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) { reject(new Error('body too large')); req.destroy(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

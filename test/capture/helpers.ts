// Shared bits for capture tests: reading what a run wrote, a fixture server with error routes,
// and a port nothing listens on.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { CaptureRecord } from '../../src/core/artifacts.js';
import { files, type RunContext } from '../../src/core/run.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import { FIXTURES } from './plan-fixture.js';

export function readRecord(run: RunContext, spec: string, state = 'default', vp = 'desktop'): CaptureRecord {
  return JSON.parse(fs.readFileSync(path.join(run.runDir, files.record(spec, state, vp)), 'utf8'));
}

export function readPng(run: RunContext, spec: string, state = 'default', vp = 'desktop'): Buffer {
  return fs.readFileSync(path.join(run.runDir, files.capture(spec, state, vp)));
}

/** Fixture pages plus /boom (500). */
export function fixtureServer(): Promise<StaticServer> {
  return serveStatic(FIXTURES, [(req, res) => {
    if (req.url === '/boom') { res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Server error</h1>'); return true; }
    // data a page fetches after load, answered late; and a long poll that is never answered
    if (req.url === '/slow-data') { setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":["Alpha","Beta"]}'), 1500); return true; }
    if (req.url === '/never') { req.socket.setTimeout(0); return true; }
    return false;
  }]);
}

/** A local port that was free a moment ago (connection refused when used). */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

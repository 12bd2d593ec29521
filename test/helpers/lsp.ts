// A minimal LSP client over stdio for the real yaml-language-server (what VS Code's YAML extension
// runs): initialize with a workspace, push the `yaml.*` settings, open documents, ask for
// completion and hover, and collect the diagnostics the server publishes.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './tmp.js';

const SERVER = path.join(REPO, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

export interface Diagnostic { range: { start: { line: number; character: number } }; message: string; severity?: number }

export class YamlLsp {
  private child: ChildProcess;
  private buf = Buffer.alloc(0);
  private nextId = 1;
  private pending = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
  private diagnostics = new Map<string, Diagnostic[]>();
  private waiters: { uri: string; resolve(d: Diagnostic[]): void }[] = [];
  private versions = new Map<string, number>();
  private yamlSettings: object = {};

  constructor() {
    this.child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => this.onData(d));
    this.child.stderr!.on('data', (d) => { if (process.env.LSP_DEBUG) process.stderr.write(d); });
  }

  private onData(d: Buffer): void {
    this.buf = Buffer.concat([this.buf, d]);
    for (;;) {
      const headerEnd = this.buf.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const len = Number(/Content-Length: (\d+)/i.exec(this.buf.subarray(0, headerEnd).toString())?.[1]);
      if (this.buf.length < headerEnd + 4 + len) return;
      const msg = JSON.parse(this.buf.subarray(headerEnd + 4, headerEnd + 4 + len).toString('utf8'));
      this.buf = this.buf.subarray(headerEnd + 4 + len);
      this.onMessage(msg);
    }
  }

  private onMessage(msg: any): void {
    if (msg.id !== undefined && msg.method === undefined) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(msg.error.message)); else p?.resolve(msg.result);
      return;
    }
    if (msg.method === 'textDocument/publishDiagnostics') {
      this.diagnostics.set(msg.params.uri, msg.params.diagnostics);
      for (const w of this.waiters.filter((x) => x.uri === msg.params.uri)) w.resolve(msg.params.diagnostics);
      this.waiters = this.waiters.filter((x) => x.uri !== msg.params.uri);
      return;
    }
    // requests from the server (workspace/configuration, client/registerCapability …): answer empty
    if (process.env.LSP_DEBUG) console.error('<<', JSON.stringify(msg).slice(0, 300));
    if (msg.id !== undefined) this.send({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'workspace/configuration' ? msg.params.items.map((i: { section?: string }) => (i.section === 'yaml' ? this.yamlSettings : null)) : null });
  }

  private send(msg: object): void {
    const body = Buffer.from(JSON.stringify(msg), 'utf8');
    this.child.stdin!.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin!.write(body);
  }

  request<T = any>(method: string, params: object, timeoutMs = 30_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => { this.pending.delete(id); reject(new Error(`${method}: no answer in ${timeoutMs} ms`)); }, timeoutMs);
      this.pending.set(id, { resolve: (v) => { clearTimeout(timer); resolve(v); }, reject: (e) => { clearTimeout(timer); reject(e); } });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: object): void { this.send({ jsonrpc: '2.0', method, params }); }

  async start(root: string, settings: object): Promise<void> {
    await this.request('initialize', {
      processId: process.pid, rootUri: pathToFileURL(root).href, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'project' }],
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } }, hover: { contentFormat: ['markdown', 'plaintext'] }, publishDiagnostics: {} } },
    });
    this.yamlSettings = { validate: true, completion: true, hover: true, schemaStore: { enable: false }, ...settings };
    this.notify('initialized', {});
    this.notify('workspace/didChangeConfiguration', { settings: { yaml: this.yamlSettings } });
  }

  /** Opens (or changes) a document; resolves with the diagnostics published for this version. */
  open(file: string, text: string): Promise<Diagnostic[]> {
    const uri = pathToFileURL(file).href;
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    const got = new Promise<Diagnostic[]>((resolve) => this.waiters.push({ uri, resolve }));
    if (version === 1) this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
    else this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return got;
  }

  completion(file: string, line: number, character: number): Promise<{ label: string; detail?: string; documentation?: any; insertText?: string; kind?: number }[]> {
    return this.request('textDocument/completion', { textDocument: { uri: pathToFileURL(file).href }, position: { line, character } })
      .then((r: any) => (Array.isArray(r) ? r : r?.items ?? []));
  }

  hover(file: string, line: number, character: number): Promise<string> {
    return this.request('textDocument/hover', { textDocument: { uri: pathToFileURL(file).href }, position: { line, character } })
      .then((r: any) => (typeof r?.contents === 'string' ? r.contents : r?.contents?.value ?? ''));
  }

  async stop(): Promise<void> {
    try { await this.request('shutdown', {}, 5000); this.notify('exit', {}); } catch { /* already gone */ }
    this.child.kill();
  }
}

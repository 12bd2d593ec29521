// A local OpenAI-compatible chat-completions server on 127.0.0.1 that records every request and
// answers from a script (one step per request; the last step repeats). No test calls a real API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  | { kind: 'json'; content: unknown; model?: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'raw'; content: string; finish?: string }      // content as-is (e.g. malformed JSON)
  | { kind: 'http'; status: number; message?: string }
  | { kind: 'message'; message: object; finish?: string; extra?: object; model?: string }   // a completion with this message
  | { kind: 'body'; body: string; contentType?: string; status?: number }                   // the HTTP body as-is
  | { kind: 'slow'; ms: number }
  | { kind: 'pass'; findings?: unknown[]; model?: string }                               // an honest pass: every checklist item answered with evidence that was sent
  | { kind: 'truncated' }
  | { kind: 'refusal'; text: string };

export interface Recorded { body: any; raw: string; headers: http.IncomingHttpHeaders; url: string }

export interface FakeOpenAI { url: string; requests: Recorded[]; close(): Promise<void> }

export async function startFakeOpenAI(script: Step[]): Promise<FakeOpenAI> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try { body = JSON.parse(raw); } catch { /* recorded raw */ }
      requests.push({ body, raw, headers: req.headers, url: req.url ?? '' });
      const step = script[Math.min(requests.length - 1, script.length - 1)];
      answer(step, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

function completion(body: any, message: object, finish: string, model?: string, usage?: object) {
  return {
    id: 'chatcmpl-fake', object: 'chat.completion', created: 1, model: model ?? body?.model ?? 'unknown',
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, finish_reason: finish }],
    usage: usage ?? { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 },
  };
}

function answer(step: Step, body: any, res: http.ServerResponse) {
  const send = (status: number, data: object, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(data));
  };
  switch (step.kind) {
    case 'json': {
      const usage = step.usage ? { ...step.usage, total_tokens: step.usage.prompt_tokens + step.usage.completion_tokens } : undefined;
      return send(200, completion(body, { content: JSON.stringify(step.content) }, 'stop', step.model, usage));
    }
    case 'raw': return send(200, completion(body, { content: step.content }, step.finish ?? 'stop'));
    case 'truncated': return send(200, completion(body, { content: '{"status":"pass","findi' }, 'length'));
    case 'refusal': return send(200, completion(body, { content: null, refusal: step.text }, 'stop'));
    case 'http': return send(step.status, { error: { message: step.message ?? 'internal error (fake)', type: 'server_error' } }, { 'retry-after-ms': '1' });
    case 'message': return send(200, { ...completion(body, step.message, step.finish ?? 'stop', step.model), ...step.extra });
    case 'body':
      res.writeHead(step.status ?? 200, { 'content-type': step.contentType ?? 'application/json' });
      return res.end(step.body);
    case 'pass': return send(200, completion(body, { content: JSON.stringify(honestPass(body, step.findings ?? [])) }, 'stop', step.model));
    case 'slow': {
      const t = setTimeout(() => send(200, completion(body, { content: '{"status":"pass","findings":[]}' }, 'stop')), step.ms);
      res.on('close', () => clearTimeout(t));
      return;
    }
  }
}

/** What an honest model answers for a page that meets everything: a pass whose `items` answer
 *  each checklist item of the prompt, citing a region crop that was sent (or, without one, the
 *  first image with the first words of the page text sent). Read from the request, like a model. */
export function honestPass(body: any, findings: unknown[] = []): object {
  const prompt: string = body?.messages?.[1]?.content?.[0]?.text ?? '';
  const ids = [...prompt.matchAll(/^- ([RM]\d+): /gm)].map((m) => m[1]);
  const crop = /^- (\S+\.png): crop of region "([^"]+)"/m.exec(prompt);
  const image = /^- (\S+\.png): /m.exec(prompt);
  const words = /^--- file: \S+\.text\.txt ---\n[^\n]*?([\p{L}][\p{L}\p{N}]{2,}(?: [\p{L}\p{N}]+)?)/mu.exec(prompt);
  const evidence = crop ? { file: crop[1], region: crop[2], quote: null } : { file: image?.[1] ?? 'none.png', region: null, quote: words?.[1] ?? null };
  return { status: 'pass', findings, items: ids.map((id) => ({ id, met: true, evidence })) };
}

/** One fake server per test file at a time: serve() replaces the previous one; call close() in after(). */
export function fakeSlot(key: string) {
  let current: FakeOpenAI | null = null;
  return {
    get fake(): FakeOpenAI { if (!current) throw new Error('no fake server started'); return current; },
    async serve(script: Step[]): Promise<NodeJS.ProcessEnv> {
      await current?.close();
      current = await startFakeOpenAI(script);
      return { OPENAI_API_KEY: key, OPENAI_BASE_URL: current.url };
    },
    close: async () => { await current?.close(); current = null; },
  };
}

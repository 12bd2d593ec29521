// The only module that imports `openai` (architecture: boundaries). It turns one chat-completions
// call into either a raw answer or a JudgeCallError with a named reason; nothing here interprets
// the verdict, so every fault the transport can produce fails closed in one place. The body is
// read raw (the SDK hands back a bare string for non-JSON bodies) and judged in completion.ts.
import OpenAI from 'openai';
import { JudgeCallError, readCompletion, type ChatAnswer } from './completion.js';
import { redactText } from './redact.js';

export { JudgeCallError, type CallFailure, type ChatAnswer } from './completion.js';

export interface ChatPart { type: 'text'; text: string }
export interface ImagePart { type: 'image_url'; image_url: { url: string; detail: 'high' | 'low' | 'auto' } }

export interface ChatRequest {
  model: string;
  temperature: 0;
  max_completion_tokens: number;
  messages: [{ role: 'system'; content: string }, { role: 'user'; content: (ChatPart | ImagePart)[] }];
  response_format: { type: 'json_schema'; json_schema: { name: string; strict: true; schema: Record<string, unknown> } };
}

export interface ClientOptions { apiKey: string; baseURL: string | null; timeout: number; retries: number }

interface CallState { url: string; attempts: number; timeout: number; apiKey: string }

export async function chat(opts: ClientOptions, body: ChatRequest): Promise<ChatAnswer> {
  const base = opts.baseURL ?? 'https://api.openai.com/v1';
  const state: CallState = { url: endpointOf(base), attempts: 0, timeout: opts.timeout, apiKey: opts.apiKey };
  const client = new OpenAI({
    apiKey: opts.apiKey,
    baseURL: base,
    timeout: opts.timeout,
    maxRetries: opts.retries,
    logLevel: 'off',
    // counts real requests: the SDK retries only some failures, and the reason should say how many were made
    fetch: (input, init) => { state.attempts++; return fetch(input, init); },
  });
  let response: Response;
  let text: string;
  try {
    response = await client.chat.completions.create(body as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming).asResponse();
    text = await readBody(response, opts.timeout);
  } catch (err) {
    throw classify(err, state);
  }
  return readCompletion(text, response.headers.get('content-type'), state.url, opts.apiKey);
}

/** The chat-completions URL for messages (no credentials or query); a config error if not http(s). */
function endpointOf(base: string): string {
  let u: URL | null = null;
  try { u = new URL(base); } catch { /* named below */ }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) {
    throw new JudgeCallError('config', `judge.baseURL (or OPENAI_BASE_URL) ${JSON.stringify(base)} is not an http(s) URL; write it in full, e.g. http://127.0.0.1:11434/v1`);
  }
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}/chat/completions`;
}

class BodyTimeout extends Error {}

/** The SDK's timeout ends when the headers arrive; a body that then stalls gets the same limit. */
async function readBody(res: Response, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { res.body?.cancel().catch(() => {}); reject(new BodyTimeout()); }, ms);
  });
  try { return await Promise.race([res.text(), stalled]); } finally { clearTimeout(timer); }
}

const RETRIED = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;
const tries = (n: number) => `after ${n} attempt${n === 1 ? '' : 's'}`;

function classify(err: unknown, s: CallState): JudgeCallError {
  const said = (text: string) => redactText(text, s.apiKey);
  if (err instanceof JudgeCallError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof BodyTimeout) {
    return new JudgeCallError('timeout', `request to ${s.url} timed out (${s.timeout} ms) ${tries(Math.max(s.attempts, 1))}`);
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new JudgeCallError('connection', `could not reach the judge endpoint ${s.url} ${tries(Math.max(s.attempts, 1))}: ${said(causeOf(err))}`);
  }
  if (err instanceof OpenAI.APIError && err.status) {
    // a 4xx is sent once; only statuses the SDK retries get a count
    const count = RETRIED(err.status) || s.attempts > 1 ? ` ${tries(s.attempts)}` : '';
    const text = String(err.message).replace(new RegExp(`^${err.status}\\s*`), '');
    return new JudgeCallError('http', `HTTP ${err.status}${count}: ${said(text).slice(0, 300)}`);
  }
  return new JudgeCallError('connection', `judge request to ${s.url} failed: ${said(err instanceof Error ? err.message : String(err))}`);
}

const HINTS: [RegExp, string][] = [
  [/ECONNREFUSED/, 'is the server running on that port?'],
  [/ENOTFOUND|EAI_AGAIN/, 'check the host name'],
  [/CERT|self[- ]signed/i, 'the TLS certificate is not trusted (NODE_EXTRA_CA_CERTS can add a CA)'],
  [/SSL|TLS|EPROTO|wrong version/i, 'TLS failed: is the server http rather than https?'],
];

/** The innermost cause of a failed fetch, with its code (undici nests it: fetch failed → cause). */
function causeOf(err: Error): string {
  let e: any = err;
  for (let i = 0; i < 5 && e?.cause; i++) e = e.cause;
  if (e instanceof AggregateError && e.errors.length) e = e.errors[0];
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = String(e?.message ?? err.message);
  const text = code && !message.includes(code) ? `${code}: ${message}` : message;
  const hint = HINTS.find(([re]) => re.test(`${code} ${message}`))?.[1];
  return hint ? `${text} (${hint})` : text;
}

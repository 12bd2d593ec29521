// What a successful HTTP answer from an "OpenAI-compatible" server can hold, and how each form
// becomes either the answer text or a JudgeCallError naming what the server actually sent. Real
// servers stream when asked not to, serve HTML from a wrong baseURL, send JSON as text/plain, put
// an upstream error into a 200, return content as parts or in reasoning_content, or call a tool.
// Server-provided text passes through redactText before it reaches a reason.
import { maskSecret, redactText } from './redact.js';

export type CallFailure =
  | 'config' | 'http' | 'timeout' | 'connection' | 'protocol' | 'server'
  | 'refusal' | 'truncated' | 'content-filter' | 'empty';

export class JudgeCallError extends Error {
  constructor(public readonly kind: CallFailure, message: string) {
    super(message);
    this.name = 'JudgeCallError';
  }
}

export interface ChatAnswer {
  content: string;
  model: string | null;                    // what the server says answered
  usage: { prompt: number; completion: number } | null;
}

const clip = (s: string, n = 120) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

/** The answer of a 2xx response, from its body text and content-type; `endpoint` for messages. */
export function readCompletion(body: string, contentType: string | null, endpoint: string, apiKey: string): ChatAnswer {
  const said = (s: string) => redactText(s, apiKey);
  const text = body.replace(/^\uFEFF/, '').trim();
  let res: unknown;
  try { res = JSON.parse(text); } catch { /* not JSON: named below */ }
  if (res && typeof res === 'object' && !Array.isArray(res)) {
    // the answer text and model id are kept (cache, calibration file, judge.json): a key the server echoes goes no further
    const a = answerOf(res as Completion, said);
    return { ...a, content: maskSecret(a.content, apiKey), model: a.model === null ? null : maskSecret(a.model, apiKey) };
  }
  const type = contentType?.split(';')[0]?.trim() || 'no content-type';
  if (!text) throw new JudgeCallError('protocol', `the server answered an empty body (${type})`);
  if (type === 'text/event-stream' || /^(data|event|id|retry):/.test(text)) {
    throw new JudgeCallError('protocol', 'the server streamed (SSE) although stream:false was requested');
  }
  if (type === 'text/html' || /^<(!doctype|html|head|body)\b/i.test(text)) {
    throw new JudgeCallError('protocol', `the server answered an HTML page, not a chat completion (${endpoint}): check judge.baseURL (OpenAI-compatible APIs usually end in /v1)`);
  }
  throw new JudgeCallError('protocol', `the server answered ${type}, not a chat completion: ${clip(said(text))}`);
}

interface Completion {
  choices?: { message?: Message; finish_reason?: string | null; error?: unknown }[];
  error?: unknown;
  prompt_filter_results?: { content_filter_results?: Record<string, { filtered?: boolean }> }[];
  model?: unknown;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
}
interface Message { content?: unknown; refusal?: string | null; reasoning_content?: unknown; reasoning?: unknown; tool_calls?: unknown[] }

const errorText = (e: unknown): string =>
  typeof e === 'string' ? e : typeof (e as any)?.message === 'string' ? (e as any).message : JSON.stringify(e);

function answerOf(res: Completion, said: (s: string) => string): ChatAnswer {
  const choice = Array.isArray(res.choices) ? res.choices[0] : undefined;
  if (!choice) {
    if (res.error) throw new JudgeCallError('server', `the server answered with an error: ${said(errorText(res.error)).slice(0, 300)}`);
    if (Array.isArray(res.prompt_filter_results)) {
      const hit = res.prompt_filter_results.flatMap((p) => Object.entries(p.content_filter_results ?? {}).filter(([, v]) => v?.filtered).map(([k]) => k));
      throw new JudgeCallError('content-filter', `the request was blocked by the server's content filter${hit.length ? ` (${[...new Set(hit)].join(', ')})` : ''}`);
    }
    throw new JudgeCallError('empty', `the server answered without a choice: ${clip(said(JSON.stringify(res)))}`);
  }
  const finish = typeof choice.finish_reason === 'string' ? choice.finish_reason : null;
  if (choice.error) {
    throw new JudgeCallError('server', `the server reported an error for the answer: ${said(errorText(choice.error)).slice(0, 300)}${finish ? ` (finish_reason ${finish})` : ''}`);
  }
  const msg = choice.message ?? {};
  if (msg.refusal) throw new JudgeCallError('refusal', `the model refused: ${said(String(msg.refusal)).slice(0, 300)}`);
  if (finish && /length|max_tokens/i.test(finish)) throw new JudgeCallError('truncated', `the answer was truncated (finish_reason ${finish}): raise judge.maxTokens`);
  if (finish === 'content_filter') throw new JudgeCallError('content-filter', 'the answer was withheld by a content filter');
  const content = contentText(msg.content);
  if (content.trim() === '') throw new JudgeCallError('empty', `${noContent(msg)}${finish && finish !== 'stop' ? ` (finish_reason ${finish})` : ''}`);
  const u = res.usage;
  return {
    content,
    model: typeof res.model === 'string' ? res.model : null,
    usage: u ? { prompt: u.prompt_tokens ?? 0, completion: u.completion_tokens ?? 0 } : null,
  };
}

/** A string, or the text parts of a content array (Mistral, some LiteLLM routes) joined. */
function contentText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (!Array.isArray(c)) return '';
  return c.map((p) => (typeof p === 'string' ? p : p && (p.type === 'text' || p.type === 'output_text') && typeof p.text === 'string' ? p.text : '')).join('');
}

function noContent(msg: Message): string {
  if (Array.isArray(msg.tool_calls) && msg.tool_calls.length) {
    return 'the model answered with a tool call (tool_calls), not with content: use a model and server that honour response_format json_schema';
  }
  const reasoning = [msg.reasoning_content, msg.reasoning].find((r): r is string => typeof r === 'string' && r.trim() !== '');
  if (reasoning) {
    return `the answer has no content; the model put its output in reasoning_content (${reasoning.length} chars): check the server's reasoning parser, or use a model that answers in content`;
  }
  return 'the answer has no content';
}

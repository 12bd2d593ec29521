// The only module that imports `openai` (architecture: boundaries). It turns one chat-completions
// call into either a raw answer or a JudgeCallError with a named reason; nothing here interprets
// the verdict, so every fault the transport can produce fails closed in one place.
import OpenAI from 'openai';

export interface ChatPart { type: 'text'; text: string }
export interface ImagePart { type: 'image_url'; image_url: { url: string; detail: 'high' | 'low' | 'auto' } }

export interface ChatRequest {
  model: string;
  temperature: 0;
  max_completion_tokens: number;
  messages: [{ role: 'system'; content: string }, { role: 'user'; content: (ChatPart | ImagePart)[] }];
  response_format: { type: 'json_schema'; json_schema: { name: string; strict: true; schema: Record<string, unknown> } };
}

export interface ChatAnswer {
  content: string;
  model: string | null;                    // what the server says answered
  usage: { prompt: number; completion: number } | null;
}

export type CallFailure = 'http' | 'timeout' | 'connection' | 'refusal' | 'truncated' | 'content-filter' | 'empty';

export class JudgeCallError extends Error {
  constructor(public readonly kind: CallFailure, message: string) {
    super(message);
    this.name = 'JudgeCallError';
  }
}

export interface ClientOptions { apiKey: string; baseURL: string | null; timeout: number; retries: number }

export async function chat(opts: ClientOptions, body: ChatRequest): Promise<ChatAnswer> {
  const client = new OpenAI({
    apiKey: opts.apiKey,
    baseURL: opts.baseURL ?? undefined,
    timeout: opts.timeout,
    maxRetries: opts.retries,
    logLevel: 'off',
  });
  let res: OpenAI.Chat.Completions.ChatCompletion;
  try {
    res = await client.chat.completions.create(body as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming);
  } catch (err) {
    throw classify(err, opts);
  }
  const choice = res.choices?.[0];
  if (!choice) throw new JudgeCallError('empty', 'the server answered without a choice');
  const msg = choice.message;
  if (msg?.refusal) throw new JudgeCallError('refusal', `the model refused: ${msg.refusal.slice(0, 300)}`);
  if (choice.finish_reason === 'length') throw new JudgeCallError('truncated', 'the answer was truncated (finish_reason length): raise judge.maxTokens');
  if (choice.finish_reason === 'content_filter') throw new JudgeCallError('content-filter', 'the answer was withheld by a content filter');
  if (typeof msg?.content !== 'string' || msg.content.trim() === '') throw new JudgeCallError('empty', 'the answer has no content');
  const u = res.usage;
  return {
    content: msg.content,
    model: typeof res.model === 'string' ? res.model : null,
    usage: u ? { prompt: u.prompt_tokens ?? 0, completion: u.completion_tokens ?? 0 } : null,
  };
}

function classify(err: unknown, opts: ClientOptions): JudgeCallError {
  const tries = `after ${opts.retries + 1} attempt${opts.retries ? 's' : ''}`;
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new JudgeCallError('timeout', `request timed out (${opts.timeout} ms) ${tries}`);
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new JudgeCallError('connection', `could not reach the judge endpoint ${tries}: ${err.message}`);
  }
  if (err instanceof OpenAI.APIError) {
    return new JudgeCallError('http', `HTTP ${err.status ?? '?'} ${tries}: ${String(err.message).slice(0, 300)}`);
  }
  return new JudgeCallError('connection', `judge request failed: ${err instanceof Error ? err.message : String(err)}`);
}

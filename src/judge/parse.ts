// The judge's reply text → one JSON value, before any schema check. OpenAI-compatible servers add
// harmless wrapping even when a schema is requested: a BOM, a leading reasoning block (<think> from
// DeepSeek-R1/Qwen3 without a reasoning parser), a trailing end-of-sequence token, one Markdown
// fence. Exactly those are removed; anything else that is not the bare object stays an error that
// says what was wrong. JSON.parse keeps the last of duplicate keys, which would let
// `"status":"fail",…,"status":"pass"` pass, so an object with a repeated key is refused.
const THINK = /^<(think|thinking|reasoning)>[\s\S]*?<\/\1>/i;
const END_TOKEN = /(?:<\/s>|<\|eot_id\|>|<\|im_end\|>|<\|end\|>)\s*$/;
const FENCE = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/i;

const fault = (why: string) => new Error(`invalid JSON from the judge: ${why}`);
const start = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);
const ONLY = 'the answer must be the JSON object only';

/** The JSON value of a judge reply; throws "invalid JSON from the judge: <why>". */
export function readAnswerJson(content: string): unknown {
  let s = content.replace(/^\uFEFF/, '').trim();
  const think = THINK.exec(s);
  if (think) s = s.slice(think[0].length).trim();
  while (END_TOKEN.test(s)) s = s.replace(END_TOKEN, '').trim();
  if (!s) throw fault(think ? `the answer holds only a <${think[1]}> block, no JSON object` : 'the answer is empty');
  const fence = FENCE.exec(s);
  if (fence) {
    const rest = s.slice(fence[0].length).trim();
    if (rest) throw fault(`${ONLY}; there is text after the JSON object: ${start(rest)}`);
    s = fence[1].trim();
  }
  if (!s.startsWith('{')) throw fault(notAnObject(s));
  const scanned = scan(s);
  const rest = scanned.end > 0 ? s.slice(scanned.end).trim() : '';
  if (rest && parses(s.slice(0, scanned.end))) throw fault(`${ONLY}; there is text after the JSON object: ${start(rest)}`);
  let data: unknown;
  try { data = JSON.parse(s); } catch (err) { throw fault((err as Error).message); }
  if (scanned.duplicate) throw fault(`the key "${scanned.duplicate.key}" appears twice in ${scanned.duplicate.at}; an ambiguous answer is not used`);
  return data;
}

function notAnObject(s: string): string {
  if (/^<(think|thinking|reasoning)>/i.test(s)) {
    return `${ONLY}; it starts with an unclosed <think> block (raise judge.maxTokens, or enable the server's reasoning parser)`;
  }
  if (s.startsWith('"') && parses(s) && typeof JSON.parse(s) === 'string') {
    return `${ONLY}; it is a JSON string holding JSON (double-encoded)`;
  }
  return `${ONLY}; it starts with ${start(s)}`;
}

function parses(s: string): boolean {
  try { JSON.parse(s); return true; } catch { return false; }
}

interface Frame { keys: Set<string> | null; expectKey: boolean; key: string; index: number }

/**
 * Walks one JSON value from index 0 (strings skipped whole): where its outermost bracket closes
 * (-1 if it never does), and the first key repeated within one object. Exact only for valid JSON,
 * which is the only case its answers are used for.
 */
function scan(s: string): { end: number; duplicate: { key: string; at: string } | null } {
  const stack: Frame[] = [];
  let duplicate: { key: string; at: string } | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        let key: string;
        try { key = JSON.parse(s.slice(i, j + 1)) as string; } catch { key = s.slice(i + 1, j); }
        if (top.keys.has(key) && !duplicate) {
          const at = stack.slice(0, -1).map((f) => `/${f.keys ? f.key : f.index}`).join('');
          duplicate = { key, at: at ? `the object at ${at}` : 'the top-level object' };
        }
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      stack.push({ keys: c === '{' ? new Set() : null, expectKey: c === '{', key: '', index: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
      if (!stack.length) return { end: i + 1, duplicate };
    } else if (c === ',') {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = true;
      else if (top) top.index++;
    }
  }
  return { end: -1, duplicate };
}

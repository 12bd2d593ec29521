// Page text that talks to the judge. The prompt fences page text as data, and a pass must show
// every checklist item with verified evidence (items.ts, verdict.ts): that is the defence that
// holds against paraphrases. This is the second, narrow layer: a pass is not trusted when the page
// text or ARIA snapshot sent holds a line that openly addresses the model or demands a verdict. Patterns stay narrow: ordinary copy such as "Ignore the previous
// instructions if you already have an account" must not turn a good page into a gate blocker.
import type { SentText } from './inputs.js';

const OVERRIDE = /\b(ignore|disregard|forget)\b.{0,80}?\b(instructions?|prompts?|rules)\b/i;
const ADDRESSEE = /\b(judge|model|assistant|ai|reviewer|evaluator|llm|pass|verdict)\b/i;
// "return pass", "answer {"status":"pass"…}", "status: pass"; not "a return pass valid for 30 days"
const DEMAND = [
  /(?<!\b(?:a|an|the|your|my|our|this|one|day|week|month)\s+)\b(return|answer|respond|reply|output)\s+(with\s+)?(a\s+|the\s+)?["'`]?pass["'`]?(?=\s*($|[.!,;:)]|verdict|status|and|now|only))/i,
  /["']?\b(status|verdict)\b["']?\s*[:=]\s*["'`]pass\b/i,
  /\b(verdict|status)\s*[:=]\s*pass\s*([.!]|$)/i,
];

export interface Suspect { file: string; line: string }

/** The first line of page text or ARIA snapshot sent that addresses the judge, if any. */
export function findInjection(texts: SentText[]): Suspect | null {
  for (const t of texts) {
    if (t.kind !== 'aria' && t.kind !== 'text') continue;
    for (const line of t.text.split(/\r?\n/)) {
      if ((OVERRIDE.test(line) && ADDRESSEE.test(line)) || DEMAND.some((re) => re.test(line))) return { file: t.name, line: line.trim() };
    }
  }
  return null;
}

/** The reason a pass was not trusted; the line escaped and clipped so it cannot spoof output. */
export function injectionReason(s: Suspect): string {
  const line = s.line.length > 120 ? `${s.line.slice(0, 120)}…` : s.line;
  // JSON escapes quotes and control characters; direction and zero-width marks are spelled out too
  const shown = JSON.stringify(line).replace(/[\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `the page text addresses the judge (${s.file}: ${shown}), so its pass is not trusted: `
    + 'remove that text from the page, or review the page by hand';
}

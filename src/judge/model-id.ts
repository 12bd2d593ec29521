// Servers answer alias requests with a pinned snapshot id: OpenAI `gpt-4o` → `gpt-4o-2024-08-06`,
// `gpt-4` → `gpt-4-0613`, Vertex `claude-3-opus@20240229`. That is the requested model, not a
// mismatch. Only a dated or numbered version suffix counts: `gpt-4o-mini` or `gpt-4.1` is another model.
const VERSION_SUFFIX = /^(?:[-@](?:\d{4}-\d{2}-\d{2}|\d{8}|\d{3,4}|v\d+(?:\.\d+)*))+$/;

/** True when `reported` is `requested` or `requested` plus a date/version suffix. */
export function sameModel(requested: string, reported: string): boolean {
  return reported === requested || (reported.startsWith(requested) && VERSION_SUFFIX.test(reported.slice(requested.length)));
}

// Builds the source text sent to page.evaluate from plain functions. Sending text (not the
// function object) lets the in-page code live in several small files, and it survives esbuild's
// keepNames (tsx wraps named functions in __name(), which does not exist in the page).
export function inPageScript(fns: Function[], entry: Function, arg: unknown): string {
  const defs = fns.map((f) => f.toString()).join('\n');
  return `(() => {\nconst __name = (f) => f;\n${defs}\nreturn (${entry.toString()})(${JSON.stringify(arg)});\n})()`;
}

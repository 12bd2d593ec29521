// Builds the source text sent to page.evaluate from plain functions. Sending text (not the
// function object) lets the in-page code live in several small files, and it survives esbuild's
// keepNames (tsx wraps named functions in __name(), which does not exist in the page).
export function inPageScript(fns: Function[], entry: Function, arg: unknown): string {
  const defs = fns.map((f) => f.toString()).join('\n');
  return `(() => {\nconst __name = (f) => f;\n${defs}\nreturn (${entry.toString()})(${JSON.stringify(arg)});\n})()`;
}

/**
 * The same functions installed once in a page as `globalThis[name]`, exposing `entries` by name:
 * for a caller that runs them many times in one page (the width sweep: sending and compiling the
 * whole helper source per width cost ~10 ms each time). Call them with inPageCall.
 */
export function inPageLibrary(fns: Function[], name: string, entries: Function[]): string {
  const defs = fns.map((f) => f.toString()).join('\n');
  return `(() => {\nconst __name = (f) => f;\n${defs}\nglobalThis[${JSON.stringify(name)}] = { ${entries.map((e) => e.name).join(', ')} };\nreturn true;\n})()`;
}

/** Calls an entry of a library installed by inPageLibrary; `missing` when it is not (the page navigated). */
export function inPageCall(name: string, entry: Function, arg: unknown, missing: string): string {
  const lib = `globalThis[${JSON.stringify(name)}]`;
  return `(${lib} ? ${lib}.${entry.name}(${JSON.stringify(arg)}) : ${JSON.stringify(missing)})`;
}

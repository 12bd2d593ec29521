// Adding keys to a project's own JSON files (package.json scripts, .vscode/*.json, MCP configs) in
// the file's own style: its indent (tabs or n spaces), line endings, key order, inline objects and
// trailing newline stay as they are, so the diff shows only what init added. jsonc-parser (the
// parser VS Code uses) reads the tree with offsets, comments and trailing commas allowed; the
// insertion text is written here, as jsonc-parser's own modify() reformats neighbouring values.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// a UMD package: required, so that Node's ESM loader and tsx agree on its exports
const jsonc = createRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser');

export interface JsonStyle { indent: string; eol: string }

/** The indent of the first indented line (default two spaces) and the line ending. */
export function styleOf(text: string): JsonStyle {
  const m = /\r?\n([ \t]+)\S/.exec(text);
  return { indent: m ? (m[1].startsWith('\t') ? '\t' : m[1]) : '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The style a new JSON file takes: the project's package.json's, else two spaces. */
export function projectStyle(root: string): JsonStyle {
  try { return styleOf(fs.readFileSync(path.join(root, 'package.json'), 'utf8')); } catch { return { indent: '  ', eol: '\n' }; }
}

export const jsonText = (value: unknown, s: JsonStyle): string => JSON.stringify(value, null, s.indent).replace(/\n/g, s.eol) + s.eol;

/** The parsed value, or null when the text is not JSON (comments and trailing commas are allowed). */
export function readJsonc(text: string): any | null {
  const errors: import('jsonc-parser').ParseError[] = [];
  const v = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length || v === null || typeof v !== 'object' || Array.isArray(v) ? null : v;
}

const lineIndent = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
const sameLine = (text: string, a: number, b: number) => !/\n/.test(text.slice(a, b));

/**
 * Adds `value` at `where` (a path of keys, or for an array a path ending in '[]' to append) to the
 * JSON text, creating missing parent objects; nothing else in the text changes.
 */
export function addJson(text: string, where: (string | '[]')[], value: unknown): string {
  const s = styleOf(text);
  const root = jsonc.parseTree(text, [], { allowTrailingComma: true });
  if (!root) throw new Error('not JSON');
  // the deepest existing container on the path
  let node = root, i = 0;
  for (; i < where.length; i++) {
    const seg = where[i];
    if (seg === '[]') break;
    const next = node.type === 'object' ? jsonc.findNodeAtLocation(node, [seg]) : undefined;
    if (!next || (i < where.length - 1 && next.type !== (where[i + 1] === '[]' ? 'array' : 'object'))) break;
    node = next;
  }
  // what is still missing becomes one value: { a: { b: value } } or [value]
  const rest = where.slice(i);
  const isArray = rest[0] === '[]';
  let v: unknown = value;
  for (let k = rest.length - 1; k >= (isArray ? 1 : 1); k--) v = rest[k] === '[]' ? [v] : { [rest[k] as string]: v };
  const key = isArray ? null : rest[0];
  const children = node.children ?? [];
  const open = node.offset, close = node.offset + node.length - 1;
  const inline = sameLine(text, open, close) && children.length > 0;
  const base = lineIndent(text, open);
  const ind = children.length ? lineIndent(text, children[0].offset) : base + s.indent;
  const item = (indent: string) => {
    const body = inline ? JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']').replace(/\{ /g, '{ ').replace(/ \}/g, ' }')
      : JSON.stringify(v, null, s.indent).replace(/\n/g, s.eol + indent);
    return key === null ? body : `${JSON.stringify(key)}: ${body}`;
  };
  if (children.length) {
    const last = children[children.length - 1];
    const at = last.offset + last.length;
    if (inline) return text.slice(0, at) + `, ${item('')}` + text.slice(at);
    // a comment after the last member stays with it: the comma goes after the value, the member after the comment
    const eolAt = text.indexOf('\n', at);
    const tail = eolAt < 0 ? '' : text.slice(at, eolAt).replace(/\r$/, '');
    const end = /^\s*\/\/.*$/.test(tail) ? at + tail.length : at;
    return text.slice(0, at) + ',' + text.slice(at, end) + `${s.eol}${ind}${item(ind)}` + text.slice(end);
  }
  // an empty {} or []: the new member on its own line, the closing bracket back at the parent's indent
  return text.slice(0, open + 1) + `${s.eol}${ind}${item(ind)}${s.eol}${base}` + text.slice(close);
}

/** Sets `value` at `where`: an existing value (not an array append) is replaced in place, in the
 *  text's style at its indent; a missing one is added as addJson does. Nothing else changes. */
export function setJson(text: string, where: (string | '[]')[], value: unknown): string {
  if (!where.includes('[]')) {
    const root = jsonc.parseTree(text, [], { allowTrailingComma: true });
    const node = root ? jsonc.findNodeAtLocation(root, where as string[]) : undefined;
    if (node) {
      const s = styleOf(text);
      const indent = lineIndent(text, node.parent?.offset ?? node.offset);
      const body = JSON.stringify(value, null, s.indent).replace(/\n/g, s.eol + indent);
      return text.slice(0, node.offset) + body + text.slice(node.offset + node.length);
    }
  }
  return addJson(text, where, value);
}

// Reading a YAML file with positions, and turning a data path into file:line:col.
import fs from 'node:fs';
import YAML, { isMap, isSeq, isPair, isScalar, type Document, type Node } from 'yaml';

export const MAX_FILE_BYTES = 1024 * 1024;
const MAX_ALIASES = 100;
const MAX_DEPTH = 64;

export interface Source {
  file: string;                   // path as shown in messages (relative to cwd where possible)
  text: string;
  doc: Document.Parsed;
  lines: YAML.LineCounter;
  data: unknown;
}

/** One problem, formatted "file:line:col message". */
export const at = (file: string, line: number, col: number, msg: string) => `${file}:${line}:${col} ${msg}`;

/** Reads and parses; returns the Source or a list of formatted problems. Never throws for bad input. */
export function readYaml(absPath: string, shown: string): { source?: Source; problems: string[] } {
  let buf: Buffer;
  try {
    const st = fs.statSync(absPath);
    if (!st.isFile()) return { problems: [at(shown, 1, 1, 'is not a file')] };
    if (st.size > MAX_FILE_BYTES) return { problems: [at(shown, 1, 1, `is ${(st.size / 1048576).toFixed(1)} MB; specs and configs are limited to 1 MB`)] };
    buf = fs.readFileSync(absPath);
  } catch (err: any) {
    return { problems: [at(shown, 1, 1, err?.code === 'ENOENT' ? 'file not found' : `cannot read: ${err?.code ?? err?.message}`)] };
  }
  if (buf.includes(0)) return { problems: [at(shown, 1, 1, 'is binary, not YAML text')] };
  const text = buf.toString('utf8');
  if (text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(buf)) return { problems: [at(shown, 1, 1, 'is not valid UTF-8 text')] };
  if (text.trim() === '' || /^(\s*#[^\n]*\n?|\s*\n)*\s*$/.test(text)) return { problems: [at(shown, 1, 1, 'is empty: expected a YAML mapping of keys')] };
  const depth = flowDepth(text);
  if (depth.depth > MAX_DEPTH) {
    const pos = offsetToPos(text, depth.offset);
    return { problems: [at(shown, pos.line, pos.col, `nesting deeper than ${MAX_DEPTH} levels`)] };
  }
  const lines = new YAML.LineCounter();
  let doc: Document.Parsed;
  try {
    doc = YAML.parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, strict: true });
  } catch (err: any) {
    return { problems: [at(shown, 1, 1, `cannot parse YAML: ${err?.message ?? err}`)] };
  }
  if (doc.errors.length) {
    return { problems: doc.errors.slice(0, 20).map((e) => {
      const p = e.linePos?.[0] ?? lines.linePos(e.pos[0]);
      return at(shown, p.line, p.col, yamlMessage(e.code, e.message));
    }) };
  }
  const complexKey = firstComplexKey(doc);
  if (complexKey !== null) {
    const p = lines.linePos(complexKey);
    return { problems: [at(shown, p.line, p.col, 'a key must be plain text, not a list or mapping')] };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (err: any) {
    const msg = /alias/i.test(String(err?.message)) ? 'too many alias expansions (a YAML alias bomb?)' : `cannot read YAML: ${err?.message}`;
    return { problems: [at(shown, 1, 1, msg)] };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { problems: [at(shown, 1, 1, `expected a mapping of keys at the top level, found ${Array.isArray(data) ? 'a list' : typeof data}`)] };
  }
  return { source: { file: shown, text, doc, lines, data }, problems: [] };
}

/** Offset of the first mapping key that is a list or mapping (`? [a]: 1`), or null. */
function firstComplexKey(doc: Document.Parsed): number | null {
  let found: number | null = null;
  YAML.visit(doc, {
    Pair(_, pair) {
      if (pair.key && !isScalar(pair.key)) { found = (pair.key as Node).range?.[0] ?? 0; return YAML.visit.BREAK; }
      return undefined;
    },
  });
  return found;
}

function yamlMessage(code: string, message: string): string {
  const first = message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  if (code === 'DUPLICATE_KEY') return 'duplicate key: ' + first.replace(/^Map keys must be unique/, 'each key may appear once in a mapping');
  if (code === 'TAB_AS_INDENT') return 'tab used for indentation: YAML indents with spaces';
  return `invalid YAML: ${first}`;
}

/** Depth of bracket nesting and block indentation, found without parsing (the parser recurses). */
function flowDepth(text: string): { depth: number; offset: number } {
  let depth = 0, max = 0, maxAt = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '{') { depth++; if (depth > max) { max = depth; maxAt = i; } }
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  let indentMax = 0, indentAt = 0, off = 0;
  for (const line of text.split('\n')) {
    const m = /^( *)(- )*/.exec(line)!;
    const level = Math.floor(m[1].length / 2) + (m[0].length - m[1].length) / 2;
    if (level > indentMax && line.trim()) { indentMax = level; indentAt = off; }
    off += line.length + 1;
  }
  return max >= indentMax ? { depth: max, offset: maxAt } : { depth: indentMax, offset: indentAt };
}

export function offsetToPos(text: string, offset: number): { line: number; col: number } {
  let line = 1, last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') { line++; last = i; }
  return { line, col: offset - last };
}

export type PathSeg = string | number;

/** The node at a data path (undefined when absent). */
function nodeAt(doc: Document.Parsed, path: PathSeg[]): Node | undefined {
  let node: unknown = doc.contents;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) ? p.key.value === seg || String(p.key.value) === String(seg) : false);
      node = pair?.value;
    } else if (isSeq(node)) {
      node = node.items[Number(seg)];
    } else return undefined;
  }
  return node as Node | undefined;
}

/** Position of the value at `path`; with `key`, of that key inside the mapping at `path`. */
export function positionOf(src: Source, path: PathSeg[], key?: string): { line: number; col: number } {
  for (let n = path.length; n >= 0; n--) {
    const node = nodeAt(src.doc, path.slice(0, n));
    if (!node) continue;
    if (key !== undefined && n === path.length && isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key);
      const r = (pair?.key as Node | undefined)?.range;
      if (r) return src.lines.linePos(r[0]);
    }
    if (node.range) return src.lines.linePos(node.range[0]);
  }
  return { line: 1, col: 1 };
}

/** "states[1].steps[0].click" for messages. */
export function pathLabel(path: PathSeg[]): string {
  return path.reduce<string>((s, seg) => typeof seg === 'number' || /^\d+$/.test(String(seg)) ? `${s}[${seg}]` : s ? `${s}.${seg}` : String(seg), '');
}

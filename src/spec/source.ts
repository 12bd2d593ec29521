// Reading a YAML file with positions, and turning a data path into file:line:col.
import fs from 'node:fs';
import YAML, { Composer, Parser, isMap, isSeq, isPair, isScalar, type Document, type Node, type Pair } from 'yaml';
import { cstDepth, structureProblems } from './yaml-checks.js';

export const MAX_FILE_BYTES = 1024 * 1024;

export interface Source {
  file: string;                   // path as shown in messages (relative to cwd where possible)
  text: string;
  doc: Document.Parsed;
  lines: YAML.LineCounter;
  data: unknown;
}

/** One problem, formatted "file:line:col message". */
export const at = (file: string, line: number, col: number, msg: string) => `${file}:${line}:${col} ${msg}`;

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/** A text file's content, or the one problem with it: missing, not a file, too big, binary, not
 *  UTF-8 (at the first bad byte). Shared by specs, configs, briefs and rubrics. */
export function readTextFile(absPath: string, shown: string, what = 'specs and configs'): { text?: string; problem?: string } {
  let buf: Buffer;
  try {
    const st = fs.statSync(absPath);
    if (!st.isFile()) return { problem: at(shown, 1, 1, st.isDirectory() ? 'is a folder, not a file' : 'is not a file') };
    if (st.size > MAX_FILE_BYTES) return { problem: at(shown, 1, 1, `is ${mb(st.size)}; ${what} are limited to 1 MB`) };
    buf = fs.readFileSync(absPath);
  } catch (err: any) {
    return { problem: at(shown, 1, 1, err?.code === 'ENOENT' ? 'file not found' : `cannot read: ${err?.code ?? err?.message}`) };
  }
  if (buf.includes(0)) return { problem: at(shown, 1, 1, 'is binary, not text') };
  const text = buf.toString('utf8');
  if (text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(buf)) {
    const p = firstBadByte(buf);
    return { problem: at(shown, p.line, p.col, 'is not valid UTF-8 text') };
  }
  return { text: text.replace(/^\uFEFF/, '') };   // a BOM is not part of line 1's columns
}

function firstBadByte(buf: Buffer): { line: number; col: number } {
  const dec = new TextDecoder('utf-8', { fatal: true });
  let start = 0, line = 1;
  while (start <= buf.length) {
    let end = buf.indexOf(10, start);
    if (end < 0) end = buf.length;
    const bytes = buf.subarray(start, end);
    try { dec.decode(bytes); } catch {
      return { line, col: bytes.toString('utf8').indexOf('\uFFFD') + 1 };
    }
    start = end + 1; line++;
  }
  return { line: 1, col: 1 };
}

const KIND_OF = (v: unknown) => v === null || v === undefined ? 'nothing' : Array.isArray(v) ? 'a list' : typeof v === 'string' ? 'text' : typeof v;

/** Reads and parses; returns the Source or a list of formatted problems. Never throws for bad input. */
export function readYaml(absPath: string, shown: string, kind: 'spec' | 'config' = 'spec'): { source?: Source; problems: string[] } {
  const { text, problem } = readTextFile(absPath, shown);
  if (text === undefined) return { problems: [problem!] };
  return parseYaml(text, shown, kind);
}

/** Parses YAML text (a file's, or a spec made in memory by `veval look`) exactly as readYaml does. */
export function parseYaml(text: string, shown: string, kind: 'spec' | 'config' = 'spec'): { source?: Source; problems: string[] } {
  if (/^(\s*#[^\n]*\n?|\s*\n)*\s*$/.test(text)) return { problems: [at(shown, 1, 1, 'is empty: expected a YAML mapping of keys')] };
  const lines = new YAML.LineCounter();
  const pos = (offset: number) => lines.linePos(offset);
  const problemAt = (offset: number, msg: string) => { const p = pos(offset); return at(shown, p.line, p.col, msg); };
  let doc: Document.Parsed;
  try {
    const tokens = Array.from(new Parser(lines.addNewLine).parse(text));
    const deep = cstDepth(tokens);
    if (deep) return { problems: [problemAt(deep.offset, deep.message)] };
    // uniqueKeys is quadratic in the yaml library; structureProblems finds duplicates linearly.
    const docs = Array.from(new Composer({ uniqueKeys: false, strict: true, prettyErrors: false }).compose(tokens, true, text.length));
    if (docs.length > 1) return { problems: [problemAt(docs[1].range[0], `one ${kind} per file; found ${docs.length} documents (separated by ---)`)] };
    doc = docs[0] as Document.Parsed;
  } catch (err: any) {
    return { problems: [at(shown, 1, 1, `cannot parse YAML: ${err?.message ?? err}`)] };
  }
  if (doc.errors.length) {
    return { problems: doc.errors.slice(0, 20).map((e) => problemAt(e.pos[0], yamlMessage(e.code, e.message))) };
  }
  const structure = [...structureProblems(doc), ...doc.warnings.filter((w) => w.code !== 'TAG_RESOLVE_FAILED').map((w) => ({ offset: w.pos[0], message: `YAML: ${w.message.split('\n')[0]}` }))];
  if (structure.length) return { problems: structure.map((s) => problemAt(s.offset, s.message)) };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: -1 });   // expansion was measured by structureProblems
  } catch (err: any) {
    return { problems: [at(shown, 1, 1, `cannot read YAML: ${err?.message}`)] };
  }
  if (data === null || data === undefined) return { problems: [at(shown, 1, 1, 'is empty: expected a YAML mapping of keys')] };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { problems: [at(shown, 1, 1, `expected a mapping of keys at the top level, found ${KIND_OF(data)}`)] };
  }
  return { source: { file: shown, text, doc, lines, data }, problems: [] };
}

function yamlMessage(code: string, message: string): string {
  const first = message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  if (code === 'TAB_AS_INDENT') return 'tab used for indentation: YAML indents with spaces';
  return `invalid YAML: ${first}`;
}

export type PathSeg = string | number;

/** Key text → pair, per mapping, built once: positions of many problems in a huge mapping stay linear. */
const keyIndex = new WeakMap<object, Map<string, Pair>>();
function pairOf(map: YAML.YAMLMap, key: string): Pair | undefined {
  let idx = keyIndex.get(map);
  if (!idx) {
    idx = new Map();
    for (const p of map.items) if (isPair(p) && isScalar(p.key) && !idx.has(String(p.key.value))) idx.set(String(p.key.value), p as Pair);
    keyIndex.set(map, idx);
  }
  return idx.get(key);
}

/** The node at a data path (undefined when absent). */
function nodeAt(doc: Document.Parsed, path: PathSeg[]): Node | undefined {
  let node: unknown = doc.contents;
  for (const seg of path) {
    if (isMap(node)) node = pairOf(node, String(seg))?.value;
    else if (isSeq(node)) node = node.items[Number(seg)];
    else return undefined;
  }
  return node as Node | undefined;
}

/** Position of the value at `path`; with `key`, of that key inside the mapping at `path`. */
export function positionOf(src: Source, path: PathSeg[], key?: string): { line: number; col: number } {
  for (let n = path.length; n >= 0; n--) {
    const node = nodeAt(src.doc, path.slice(0, n));
    if (!node) continue;
    if (key !== undefined && n === path.length && isMap(node)) {
      const r = (pairOf(node, key)?.key as Node | undefined)?.range;
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

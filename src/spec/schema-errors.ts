// ajv errors → one readable line each, at the right place: an unknown key points at the key, a
// missing key at its parent, a wrong value at the value. Unions (anyOf) are explained once, by
// the branch the value was evidently meant for, instead of one line per branch.
import type { ErrorObject } from 'ajv';
import { at, pathLabel, positionOf, type PathSeg, type Source } from './source.js';
import { validParts, type ValidParts } from './valid-parts.js';
import { HEADER_NAME } from './schema.js';
import { MAX_PER_FILE } from './problem-order.js';
// Precompiled (ajv standalone, from the same TypeBox schemas; test/spec/schema-drift checks it).
import { validateConfig, validateSpec, type GeneratedValidator } from './generated/validators.js';

export const VALIDATORS = { spec: validateSpec, config: validateConfig } satisfies Record<string, GeneratedValidator>;

const PATTERN_HELP: Record<string, string> = {
  '^[A-Za-z0-9][A-Za-z0-9._-]*$': 'letters, digits, ".", "_" or "-", starting with a letter or digit (it names files)',
  '^/': 'a path starting with "/"',
  '^https?://': 'an absolute http:// or https:// URL',
  '^wss?://': 'a ws:// or wss:// URL',
  '^(https?|wss?)://': 'an http(s):// or ws(s):// URL',
  [HEADER_NAME]: 'an HTTP header name: letters, digits and !#$%&\'*+-.^_`|~ (no spaces or colons)',
};

interface Problem { path: PathSeg[]; key?: string; message: string; kind?: 'unknown-key' | 'invalid-name' }

/** Numbers as YAML wrote them: JSON.stringify(Infinity) is "null". */
const shownValue = (v: unknown) => typeof v === 'number' && !Number.isFinite(v) ? (Number.isNaN(v) ? '.nan' : v > 0 ? '.inf' : '-.inf') : JSON.stringify(v);

const toPath = (pointer: string): PathSeg[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]; d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

export function didYouMean(word: string, options: string[]): string {
  const best = options.map((o) => [o, levenshtein(word.toLowerCase(), o.toLowerCase())] as const).sort((x, y) => x[1] - y[1])[0];
  // A suggestion must keep part of the word: "c" → "a" is a replacement, not a typo.
  return best && best[1] <= Math.max(1, Math.floor(word.length / 3)) && best[1] < Math.min(word.length, best[0].length) ? ` — did you mean "${best[0]}"?` : '';
}

function describe(schema: any): string {
  if (!schema || typeof schema !== 'object') return 'a value';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(describe).join(', ');
  switch (schema.type) {
    case 'object': {
      const req: string[] = schema.required ?? [];
      return req.length === 1 && Object.keys(schema.properties ?? {}).length === 1 ? `{ ${req[0]}: … }` : 'an options object';
    }
    case 'array': return 'a list';
    case 'string': return 'text';
    case 'boolean': return 'true or false';
    case 'integer': return 'a whole number';
    case 'number': return 'a number';
    default: return 'a value';
  }
}

function simple(e: ErrorObject): Problem {
  const path = toPath(e.instancePath);
  const where = pathLabel(path);
  const p: any = e.params;
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys(e.parentSchema && (e.parentSchema as any).properties || {}).filter((k) => k !== '$schema');
      const patternKeys = (e.parentSchema as any)?.patternProperties;
      if (patternKeys && !allowed.length) return { path, key: p.additionalProperty, kind: 'invalid-name', message: `invalid name "${p.additionalProperty}"${where ? ` in ${where}` : ''}: use ${Object.keys(patternKeys).map((k) => PATTERN_HELP[k] ?? k).join(' or ')}` };
      return { path, key: p.additionalProperty, kind: 'unknown-key', message: `unknown key "${p.additionalProperty}"${where ? ` in ${where}` : ''}${didYouMean(p.additionalProperty, allowed)} (allowed: ${allowed.join(', ')})` };
    }
    case 'required': return { path, message: `missing required key "${p.missingProperty}"${where ? ` in ${where}` : ''}` };
    case 'type':
      if (typeof e.data === 'number' && Number.isNaN(e.data)) return { path, message: `${where || 'value'} must be a number (got .nan)` };
      // {const: true} also fails its type: one line (the const one) says it all.
      if ((e.parentSchema as any)?.const !== undefined) return simple({ ...e, keyword: 'const', params: { allowedValue: (e.parentSchema as any).const } });
      return { path, message: `${where || 'value'} must be ${describe({ type: p.type })}` };
    case 'const':
      if (p.allowedValue === true && path[0] === 'checks') return { path, message: `${where}: ${path[1]} is always on and cannot be switched off or given another severity (write true or leave it out)` };
      return { path, message: `${where || 'value'} must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum': return { path, message: `${where || 'value'} must be one of ${p.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}` };
    case 'pattern': return { path, message: `${where} must be ${PATTERN_HELP[p.pattern] ?? `text matching ${p.pattern}`}` };
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      if (Number.isNaN(e.data)) return { path, message: `${where} must be a number (got .nan)` };
      return { path, message: `${where} must be ${p.comparison} ${p.limit} (got ${shownValue(e.data)})` };
    case 'minItems': return { path, message: `${where} needs at least ${p.limit} item${p.limit === 1 ? '' : 's'}` };
    case 'maxItems': return { path, message: `${where} takes at most ${p.limit} items` };
    case 'minLength': return { path, message: `${where} must not be empty` };
    case 'maxLength': return { path, message: `${where} is longer than ${p.limit} characters` };
    case 'format': return { path, message: `${where} must be a ${p.format} (e.g. 2025-01-01T00:00:00Z)` };
    default: return { path, message: `${where || 'value'} ${e.message}` };
  }
}

const under = (e: ErrorObject, a: ErrorObject) => e !== a && e.schemaPath.startsWith(a.schemaPath + '/')
  && (e.instancePath === a.instancePath || e.instancePath.startsWith(a.instancePath + '/'));

/** The anyOf errors each error sits under, found through the instance paths above it (ajv gives
 *  ~20 errors per bad step; comparing every error with every anyOf was quadratic). */
function containers(errors: ErrorObject[]): Map<ErrorObject, ErrorObject[]> {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) if (e.keyword === 'anyOf') { const l = byPath.get(e.instancePath); if (l) l.push(e); else byPath.set(e.instancePath, [e]); }
  // The anyOfs at an instance path or above it, once per distinct path (many errors share one).
  const above = new Map<string, ErrorObject[]>();
  const anyOfsAbove = (path: string): ErrorObject[] => {
    let found = above.get(path);
    if (!found) {
      found = [...(byPath.get(path) ?? []), ...(path ? anyOfsAbove(path.slice(0, path.lastIndexOf('/'))) : [])];
      above.set(path, found);
    }
    return found;
  };
  const out = new Map<ErrorObject, ErrorObject[]>();
  for (const e of errors) {
    const candidates = anyOfsAbove(e.instancePath);
    out.set(e, candidates.length ? candidates.filter((a) => under(e, a)) : candidates);
  }
  return out;
}

function explain(errors: ErrorObject[], limit = Infinity): Problem[] {
  const within = containers(errors);
  const inner = new Map<ErrorObject, ErrorObject[]>();
  for (const e of errors) for (const a of within.get(e)!) { const l = inner.get(a); if (l) l.push(e); else inner.set(a, [e]); }
  const top = errors.filter((e) => !within.get(e)!.length).slice(0, limit);
  return top.flatMap((e) => e.keyword === 'anyOf' ? explainAnyOf(e, inner.get(e) ?? []) : [simple(e)]);
}

/** The errors under anyOf `a`, by the branch they came from. */
function branchesOf(a: ErrorObject, inner: ErrorObject[]): ErrorObject[][] {
  const branches = new Map<string, ErrorObject[]>();
  for (const e of inner) {
    const idx = e.schemaPath.slice(a.schemaPath.length + 1).split('/')[0];
    const l = branches.get(idx); if (l) l.push(e); else branches.set(idx, [e]);
  }
  return [...branches.values()];
}

/** A branch fits the value's shape when it has no type/const/enum failure about the value itself,
 *  and each union nested in it at the same value has a branch that fits (checks.overlap: [[a]] is
 *  the list form with a short pair, not "none of the forms"). */
function fits(a: ErrorObject, errs: ErrorObject[]): boolean {
  const sameValue = errs.filter((x) => x.keyword === 'anyOf' && x.instancePath === a.instancePath);
  const nested = sameValue.filter((x) => !sameValue.some((y) => under(x, y)));
  const judgedByNested = (e: ErrorObject) => nested.some((x) => under(e, x));
  if (errs.some((e) => e.instancePath === a.instancePath && ['type', 'const', 'enum'].includes(e.keyword) && !judgedByNested(e))) return false;
  return nested.every((x) => branchesOf(x, errs.filter((e) => under(e, x))).some((b) => fits(x, b)));
}

function explainAnyOf(a: ErrorObject, inner: ErrorObject[]): Problem[] {
  const path = toPath(a.instancePath);
  const branches = branchesOf(a, inner);
  let candidates = branches.filter((errs) => fits(a, errs));
  const data = a.data;
  if (candidates.length > 1 && data && typeof data === 'object' && !Array.isArray(data)) {
    // Object unions are told apart by their required keys (steps: click / fill / …).
    const withKeys = candidates.filter((errs) => !errs.some((e) => e.keyword === 'required' && e.instancePath === a.instancePath));
    if (withKeys.length === 0) {
      const keys = (a.schema as any[]).flatMap((s) => s.required ?? []);
      const given = Object.keys(data);
      const hint = given.length === 1 ? didYouMean(given[0], keys) : '';
      return [{ path, key: given.length === 1 ? given[0] : undefined, message: `${pathLabel(path)} must have one of the keys ${keys.join(', ')}${given.length ? ` (found ${given.join(', ')})` : ''}${hint}` }];
    }
    candidates = withKeys;
  }
  if (candidates.length) {
    candidates.sort((x, y) => x.length - y.length);
    return explain(candidates[0]);
  }
  return [{ path, message: `${pathLabel(path) || 'value'} must be ${describe({ anyOf: a.schema })}${typeof data === 'string' ? ` (got "${data}")` : ''}` }];
}

/** Validates `src.data` as a spec or config. Besides the problems ("file:line:col message"), gives
 *  the data with every failing part removed, so the semantic checks can still run on the rest. */
export function schemaCheck(src: Source, kind: keyof typeof VALIDATORS): { problems: string[]; valid: ValidParts } {
  const validate = VALIDATORS[kind];
  if (validate(src.data)) return { problems: [], valid: validParts(src.data, []) };
  let errors = validate.errors ?? [];
  const out: string[] = [];
  if (errors.length > MAX_ERRORS) {
    // Thousands of broken entries (a generated file gone wrong): explain those in the first
    // entries of each long list, and say so, instead of spending seconds on all of them.
    const { data, cut } = trimmed(src.data);
    validate(data);
    errors = validate.errors ?? [];
    for (const c of cut) { const pos = positionOf(src, c.path); out.push(at(src.file, pos.line, pos.col, `${pathLabel(c.path) || 'the file'} has ${c.size} entries; only the first ${TRIM} were checked: fix the problems there first`)); }
  }
  const seen = new Set<string>();
  // One more than is shown, so that the list says more exist (problem-order.ts).
  const found = explain(errors, MAX_PER_FILE + 1);
  for (const p of found.slice(0, MAX_PER_FILE + 1)) {
    const pos = positionOf(src, p.path, p.key);
    const line = at(src.file, pos.line, pos.col, p.message);
    if (!seen.has(line)) { seen.add(line); out.push(line); }
  }
  return { problems: out, valid: validParts(src.data, found.flatMap(prunePath)) };
}

const MAX_ERRORS = 100_000, TRIM = 500;

/** The data with every list and mapping cut to its first TRIM entries, and where it was cut. */
function trimmed(data: unknown): { data: unknown; cut: { path: PathSeg[]; size: number }[] } {
  const cut: { path: PathSeg[]; size: number }[] = [];
  const walk = (v: unknown, path: PathSeg[]): unknown => {
    if (Array.isArray(v)) {
      if (v.length > TRIM) cut.push({ path, size: v.length });
      return v.slice(0, TRIM).map((x, i) => walk(x, [...path, i]));
    }
    if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.length > TRIM) cut.push({ path, size: entries.length });
      return Object.fromEntries(entries.slice(0, TRIM).map(([k, x]) => [k, walk(x, [...path, k])]));
    }
    return v;
  };
  return { data: walk(data, []), cut };
}


// Sections whose entries stand alone: a bad entry (checks.overlap, regions.cta) is dropped, not the section.
const SECTIONS = new Set(['checks', 'context', 'network', 'wait', 'judge', 'parity', 'gate', 'scoring', 'browser', 'viewports', 'regions']);

/** The part of the data a schema problem makes unusable: an unknown key itself; else the list entry
 *  or the section entry the problem is in. A badly named key is kept (its value is still meant). */
function prunePath(p: Problem): PathSeg[][] {
  if (p.kind === 'invalid-name') return [];
  if (p.kind === 'unknown-key') return [[...p.path, p.key!]];
  const lastIndex = p.path.reduce<number>((last, seg, i) => /^\d+$/.test(String(seg)) ? i : last, -1);
  if (lastIndex >= 0) return [p.path.slice(0, lastIndex + 1)];
  if (!p.path.length) return [];
  return [p.path.slice(0, SECTIONS.has(String(p.path[0])) ? 2 : 1)];
}

// ajv errors → one readable line each, at the right place: an unknown key points at the key, a
// missing key at its parent, a wrong value at the value. Unions (anyOf) are explained once, by
// the branch the value was evidently meant for, instead of one line per branch.
import type { ErrorObject } from 'ajv';
import { at, pathLabel, positionOf, type PathSeg, type Source } from './source.js';
// Precompiled (ajv standalone, from the same TypeBox schemas; test/spec/schema-drift checks it).
import { validateConfig, validateSpec, type GeneratedValidator } from './generated/validators.js';

export const VALIDATORS = { spec: validateSpec, config: validateConfig } satisfies Record<string, GeneratedValidator>;

const PATTERN_HELP: Record<string, string> = {
  '^[A-Za-z0-9][A-Za-z0-9._-]*$': 'letters, digits, ".", "_" or "-", starting with a letter or digit (it names files)',
  '^/': 'a path starting with "/"',
  '^https?://': 'an absolute http:// or https:// URL',
  '^wss?://': 'a ws:// or wss:// URL',
  '^(https?|wss?)://': 'an http(s):// or ws(s):// URL',
};

interface Problem { path: PathSeg[]; key?: string; message: string }

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
  return best && best[1] <= Math.max(2, Math.floor(word.length / 3)) ? ` — did you mean "${best[0]}"?` : '';
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
      if (patternKeys && !allowed.length) return { path, key: p.additionalProperty, message: `invalid name "${p.additionalProperty}"${where ? ` in ${where}` : ''}: use ${Object.keys(patternKeys).map((k) => PATTERN_HELP[k] ?? k).join(' or ')}` };
      return { path, key: p.additionalProperty, message: `unknown key "${p.additionalProperty}"${where ? ` in ${where}` : ''}${didYouMean(p.additionalProperty, allowed)} (allowed: ${allowed.join(', ')})` };
    }
    case 'required': return { path, message: `missing required key "${p.missingProperty}"${where ? ` in ${where}` : ''}` };
    case 'type': return { path, message: `${where || 'value'} must be ${describe({ type: p.type })}` };
    case 'const':
      if (p.allowedValue === true && path[0] === 'checks') return { path, message: `${where}: ${path[1]} is always on and cannot be switched off or given another severity (write true or leave it out)` };
      return { path, message: `${where || 'value'} must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum': return { path, message: `${where || 'value'} must be one of ${p.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}` };
    case 'pattern': return { path, message: `${where} must be ${PATTERN_HELP[p.pattern] ?? `text matching ${p.pattern}`}` };
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return { path, message: `${where} must be ${p.comparison} ${p.limit} (got ${JSON.stringify(e.data)})` };
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

function explain(errors: ErrorObject[]): Problem[] {
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  const top = errors.filter((e) => !anyOfs.some((a) => under(e, a)));
  return top.flatMap((e) => e.keyword === 'anyOf' ? explainAnyOf(e, errors.filter((x) => under(x, e))) : [simple(e)]);
}

function explainAnyOf(a: ErrorObject, inner: ErrorObject[]): Problem[] {
  const path = toPath(a.instancePath);
  const branches = new Map<string, ErrorObject[]>();
  for (const e of inner) {
    const idx = e.schemaPath.slice(a.schemaPath.length + 1).split('/')[0];
    branches.set(idx, [...(branches.get(idx) ?? []), e]);
  }
  const shapeOk = (errs: ErrorObject[]) => !errs.some((e) => e.instancePath === a.instancePath && ['type', 'const', 'enum'].includes(e.keyword)
    && !errs.some((x) => x.keyword === 'anyOf' && under(e, x) && x.instancePath !== a.instancePath));
  let candidates = [...branches.values()].filter(shapeOk);
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

/** Validates `src.data` as a spec or config; problems formatted "file:line:col message". */
export function schemaProblems(src: Source, kind: keyof typeof VALIDATORS): string[] {
  const validate = VALIDATORS[kind];
  if (validate(src.data)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of explain(validate.errors ?? [])) {
    const pos = positionOf(src, p.path, p.key);
    const line = at(src.file, pos.line, pos.col, p.message);
    if (!seen.has(line)) { seen.add(line); out.push(line); }
  }
  return out;
}

// What the schema cannot say: names that must refer to something declared, selectors and regexes
// that must parse, files that must exist inside the project, keys that go together.
import path from 'node:path';
import { parse as parseCss, type Selector } from 'css-what';
import { resolveInside } from '../core/paths.js';
import { at, positionOf, type PathSeg, type Source } from './source.js';
import type { ConfigInput, SpecInput } from './schema.js';
import { DEFAULT_VIEWPORTS } from './compile.js';
import { didYouMean } from './schema-errors.js';

export class Problems {
  list: string[] = [];
  constructor(private src: Source) {}
  add(p: PathSeg[], message: string, key?: string): void {
    const pos = positionOf(this.src, p, key);
    this.list.push(at(this.src.file, pos.line, pos.col, message));
  }
}

const COMBINATORS = new Set(['child', 'parent', 'sibling', 'adjacent', 'descendant', 'column-combinator']);

/** css-what accepts some things a browser refuses ("div >", "a:::b", "<a>"): refuse them too. */
function structureError(list: Selector[][], relative: boolean): string | null {
  for (const seq of list) {
    if (!seq.length) return 'empty selector';
    for (let i = 0; i < seq.length; i++) {
      const t = seq[i];
      if (t.type === 'parent') return 'unexpected "<"';
      if (t.type === 'pseudo-element' && t.name.startsWith(':')) return `unknown pseudo-element "${t.name}"`;
      if (COMBINATORS.has(t.type)) {
        if (i === seq.length - 1) return 'ends with a combinator';
        if (i === 0 && !relative) return 'starts with a combinator';
        if (COMBINATORS.has(seq[i + 1].type)) return 'two combinators in a row';
      }
      if (t.type === 'pseudo' && Array.isArray(t.data)) {
        const inner = structureError(t.data, t.name === 'has');
        if (inner) return inner;
      }
    }
  }
  return null;
}

export function cssError(selector: string): string | null {
  try {
    const parsed = parseCss(selector);
    if (!parsed.length) return 'empty selector';
    return structureError(parsed, false);
  } catch (err: any) {
    return err?.message ?? 'does not parse';
  }
}

/** "/total|subtotal/i" → RegExp; plain text → null. Throws a message for an invalid regex. */
export function textPattern(text: string): RegExp | null {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(text);
  if (!m) return null;
  return new RegExp(m[1], m[2]);
}

function checkSelector(pr: Problems, p: PathSeg[], sel: unknown): void {
  if (typeof sel !== 'string') return;
  const err = cssError(sel);
  if (err) pr.add(p, `invalid CSS selector "${sel}": ${err}`);
}

function checkText(pr: Problems, p: PathSeg[], text: string): void {
  try { textPattern(text); } catch (err: any) { pr.add(p, `invalid regular expression ${text}: ${err.message}`); }
}

/** Inline rubric text, or a path to a template file? A single line ending in a file extension is a path. */
export const looksLikePath = (s: string) => !s.includes('\n') && /\.(md|markdown|hbs|handlebars|txt)$/i.test(s.trim());

/** Selectors and regexes in the sections a config and a spec share (wait, checks). */
export function defaultsSemantics(pr: Problems, input: Pick<SpecInput, 'wait' | 'checks'>): void {
  if (input.wait?.for === 'selector' && !input.wait.selector) pr.add(['wait'], 'wait.for: selector needs wait.selector');
  if (input.wait?.selector) checkSelector(pr, ['wait', 'selector'], input.wait.selector);
  const checks = (input.checks ?? {}) as Record<string, any>;
  for (const k of ['include', 'exclude'] as const) (checks.axe?.[k] ?? []).forEach((s: string, i: number) => checkSelector(pr, ['checks', 'axe', k, i], s));
  (checks['text-clipped']?.ignore ?? []).forEach((s: string, i: number) => checkSelector(pr, ['checks', 'text-clipped', 'ignore', i], s));
  (checks.console?.ignore ?? []).forEach((s: string, i: number) => {
    try { new RegExp(s); } catch (err: any) { pr.add(['checks', 'console', 'ignore', i], `invalid regular expression "${s}": ${err.message}`); }
  });
}

export interface Resolved { brief: string | null; rubric: string | null; storageState: string | null; har: string | null }

export function specSemantics(src: Source, specAbs: string, spec: SpecInput, config: ConfigInput, root: string, opts: { baseURL: string | null; hasServer: boolean }): { problems: string[]; resolved: Resolved } {
  const pr = new Problems(src);
  const specDir = path.dirname(specAbs);
  const resolved: Resolved = { brief: null, rubric: null, storageState: null, har: null };
  const file = (p: PathSeg[], rel: string, what: string): string | null => {
    const r = resolveInside(root, specDir, rel);
    if ('error' in r) { pr.add(p, `${what}: ${r.error}`); return null; }
    return r.abs;
  };

  // Where the page is.
  if (!spec.route && !spec.url) pr.add([], 'missing "route:" (joined to the config baseURL) or "url:" (absolute http/https)');
  if (spec.route && spec.url) pr.add([], 'give "route:" or "url:", not both', 'url');
  if (spec.route && /^\/\/|:\/\//.test(spec.route)) pr.add(['route'], `route "${spec.route}" must be a path on the app (use url: for another host)`);
  if (spec.url) { try { new URL(spec.url); } catch { pr.add(['url'], `url "${spec.url}" is not a valid URL`); } }
  if (spec.route && !opts.baseURL && !opts.hasServer) pr.add(['route'], 'route needs a base URL: set baseURL or server in visual-eval.config.yaml, or pass --base-url');

  // Names that must refer to something.
  const named = config.viewports ?? DEFAULT_VIEWPORTS;
  const vpNames = new Set<string>();
  (spec.viewports ?? []).forEach((v, i) => {
    const name = typeof v === 'string' ? v : v.name;
    if (typeof v === 'string' && !named[v]) pr.add(['viewports', i], `unknown viewport "${v}"${didYouMean(v, Object.keys(named))} (declared: ${Object.keys(named).join(', ')})`);
    if (vpNames.has(name)) pr.add(['viewports', i], `viewport "${name}" is listed twice`);
    vpNames.add(name);
  });
  const regions = spec.regions ?? {};
  const regionNames = Object.keys(regions);
  const needRegion = (p: PathSeg[], name: string) => {
    if (!(name in regions)) pr.add(p, `region "${name}" is not declared under regions:${didYouMean(name, regionNames)}${regionNames.length ? ` (declared: ${regionNames.join(', ')})` : ''}`);
  };
  for (const [name, sel] of Object.entries(regions)) checkSelector(pr, ['regions', name], sel);
  (spec.masks ?? []).forEach((m, i) => checkSelector(pr, ['masks', i], m));

  const stateNames = (spec.states ?? [{ name: 'default' }]).map((s) => s.name);
  const seenStates = new Set<string>();
  (spec.states ?? []).forEach((s, i) => {
    if (seenStates.has(s.name)) pr.add(['states', i, 'name'], `state "${s.name}" is declared twice`);
    seenStates.add(s.name);
    (s.steps ?? []).forEach((step, j) => {
      const [action, raw] = Object.entries(step)[0] as [string, any];
      const sel = typeof raw === 'string' && action !== 'press' ? raw : raw?.selector;
      if (sel !== undefined) checkSelector(pr, ['states', i, 'steps', j, action], sel);
    });
    (s.required ?? []).forEach((r, j) => requiredEntry(pr, ['states', i, 'required', j], r, stateNames, true));
  });
  (spec.required ?? []).forEach((r, j) => requiredEntry(pr, ['required', j], r, stateNames, false));

  defaultsSemantics(pr, spec);

  // Checks that name regions.
  const checks = (spec.checks ?? {}) as Record<string, any>;
  const pairsOf = (v: any) => Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray(v.pairs) ? v.pairs : [];
  const pairsPath = (id: string, v: any) => Array.isArray(v) ? ['checks', id] : ['checks', id, 'pairs'];
  for (const id of ['overlap', 'min-gap']) {
    pairsOf(checks[id]).forEach((pair: string[], i: number) => pair.forEach((n, k) => needRegion([...pairsPath(id, checks[id]), i, k], n)));
  }
  const order = Array.isArray(checks['task-order']) ? checks['task-order'] : checks['task-order']?.order;
  if (Array.isArray(order)) order.forEach((n: string, i: number) => needRegion(Array.isArray(checks['task-order']) ? ['checks', 'task-order', i] : ['checks', 'task-order', 'order', i], n));
  for (const name of Object.keys(spec.parity?.regions ?? {})) needRegion(['parity', 'regions'], name);
  if (spec.gate?.warn?.includes('blocker')) pr.add(['gate', 'warn'], 'blockers always fail: "blocker" cannot be in gate.warn');

  // Files.
  if (spec.brief) {
    resolved.brief = file(['brief'], spec.brief, 'brief');
    if (resolved.brief && !/\.(md|markdown|txt)$/i.test(resolved.brief)) pr.add(['brief'], 'brief must be a Markdown file (.md)');
  }
  if (spec.judge?.rubric && looksLikePath(spec.judge.rubric)) resolved.rubric = file(['judge', 'rubric'], spec.judge.rubric.trim(), 'rubric');
  if (spec.context?.storageState) resolved.storageState = file(['context', 'storageState'], spec.context.storageState, 'storageState');
  if (spec.network?.har) resolved.har = file(['network', 'har'], spec.network.har, 'har');
  return { problems: pr.list, resolved };
}

function requiredEntry(pr: Problems, p: PathSeg[], r: any, stateNames: string[], inState: boolean): void {
  if (!r.selector && !r.text) pr.add(p, 'a required entry needs "selector:" or "text:"');
  if (r.selector && r.text) pr.add(p, 'a required entry takes "selector:" or "text:", not both', 'text');
  if (r.within && !r.text) pr.add(p, '"within:" goes with "text:"', 'within');
  if (r.selector) checkSelector(pr, [...p, 'selector'], r.selector);
  if (r.within) checkSelector(pr, [...p, 'within'], r.within);
  if (r.text) checkText(pr, [...p, 'text'], r.text);
  if (inState && r.states) pr.add(p, '"states:" is for spec-level required entries; this one already belongs to its state', 'states');
  (r.states ?? []).forEach((s: string, i: number) => {
    if (!stateNames.includes(s)) pr.add([...p, 'states', i], `unknown state "${s}"${didYouMean(s, stateNames)} (declared: ${stateNames.join(', ')})`);
  });
}

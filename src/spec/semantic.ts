// What the schema cannot say: names that must refer to something declared, selectors and regexes
// that must parse, values a browser would refuse, keys that go together, files that must exist
// inside the project. Runs on the parts of a file that passed the schema (valid-parts.ts), so it
// never reports something a schema problem already explains.
import fs from 'node:fs';
import path from 'node:path';
import { resolveInside } from '../core/paths.js';
import { at, positionOf, type PathSeg, type Source } from './source.js';
import { DEFAULT_ENGINES } from '../core/engines.js';
import { SWEEP_DEFAULTS, type ConfigInput, type ContextInput, type SpecInput } from './schema.js';
import { stressOf } from './stress.js';
import { stressStateName } from '../core/stress.js';
import { DEFAULT_VIEWPORTS } from './compile.js';
import { didYouMean } from './schema-errors.js';
import { DIALECT_LABEL, selectorProblem, type Dialect } from './selectors.js';
import { verbOf } from '../steps/registry.js';
import { axeRuleIds, localeProblem, scoringVersions, timeProblem, timeZoneProblem } from './values.js';
import type { ValidParts } from './valid-parts.js';
import { CHECKS, getCheck } from '../checks/registry.js';
import type { OptionNames } from '../checks/types.js';

export class Problems {
  list: string[] = [];
  constructor(private src: Source, readonly valid: ValidParts = { data: src.data, removed: () => false }) {}
  add(p: PathSeg[], message: string, key?: string): void {
    const pos = positionOf(this.src, p, key);
    this.list.push(at(this.src.file, pos.line, pos.col, message));
  }
  /** A part this check depends on failed the schema: stay quiet about it. */
  removed(p: PathSeg[]): boolean { return this.valid.removed(p); }
}

/** "/total|subtotal/i" → RegExp; plain text → null. Throws a message for an invalid regex. */
export function textPattern(text: string): RegExp | null {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(text);
  if (!m) return null;
  return new RegExp(m[1], m[2]);
}

export function checkSelector(pr: Problems, p: PathSeg[], sel: unknown, dialect: Dialect = 'css'): void {
  if (typeof sel !== 'string') return;
  const err = selectorProblem(sel, dialect);
  if (err) pr.add(p, `invalid CSS selector "${sel}" (${DIALECT_LABEL[dialect]}): ${err}`);
}

/**
 * The other origin a frame selector names by its src (`iframe[src="https://pay.example/…"]`,
 * `[src^="https://pay.example/"]`), or null when the selector does not say, or says the page's own.
 * Only a whole origin counts: a prefix that stops inside the host name says nothing.
 */
export function frameOtherOrigin(sel: string, pageUrl: string | null): string | null {
  if (!pageUrl) return null;
  let page: URL;
  try { page = new URL(pageUrl); } catch { return null; }
  for (const m of sel.matchAll(/\[\s*src\s*(\^?=)\s*(["']?)([^"'\]\s]+)\2\s*(?:[is]\s*)?\]/gi)) {
    const [, op, , value] = m;
    // a data: URL document has an opaque origin: never the page's
    if (/^data:/i.test(value)) return 'an opaque origin: a data: URL';
    if (!/^(https?:)?\/\//i.test(value)) continue;
    if (op === '^=' && !/^(https?:)?\/\/[^/]+\//i.test(value)) continue;
    try {
      const origin = new URL(value, page).origin;
      if (origin !== page.origin) return origin;
    } catch { /* not a URL: says nothing */ }
  }
  return null;
}

/** `frame:` of a required entry, region or mask: valid CSS selectors, none naming a frame of another origin. */
function checkFrame(pr: Problems, p: PathSeg[], frame: unknown, pageUrl: string | null): void {
  const chain = typeof frame === 'string' ? [frame] : Array.isArray(frame) ? frame : [];
  chain.forEach((sel, k) => {
    const at = typeof frame === 'string' ? p : [...p, k];
    checkSelector(pr, at, sel);
    const other = typeof sel === 'string' ? frameOtherOrigin(sel, pageUrl) : null;
    if (other) pr.add(at, `frame "${sel}" loads another origin (${other}) than the page (${new URL(pageUrl!).origin}): veval cannot measure inside a cross-origin frame (the browser keeps its content from the page); require the frame element itself, or give the framed page a spec of its own`);
  });
}

/** A region or mask: a selector, or { selector, frame }. */
function checkTarget(pr: Problems, p: PathSeg[], t: unknown, pageUrl: string | null): void {
  if (typeof t === 'string') return checkSelector(pr, p, t);
  if (!t || typeof t !== 'object') return;
  checkSelector(pr, [...p, 'selector'], (t as any).selector);
  checkFrame(pr, [...p, 'frame'], (t as any).frame, pageUrl);
}

/** The regex message of a "/…/flags" text, or null. Shared with brief "## Must show" items. */
export function textProblem(text: string): string | null {
  try { textPattern(text); return null; } catch (err: any) {
    const hint = /^\/[^/]*\/[a-z]*$/.test(text) ? '' : ' (text in /slashes/ is a regular expression; for a path, drop a slash or write it as /\\/checkout\\/payment/)';
    return `invalid regular expression ${text}: ${err.message}${hint}`;
  }
}

function checkText(pr: Problems, p: PathSeg[], text: string): void {
  const err = textProblem(text);
  if (err) pr.add(p, err);
}

/** Inline rubric text, or a path to a template file? A single line ending in a file extension is a path. */
export const looksLikePath = (s: string) => !s.includes('\n') && /\.(md|markdown|hbs|handlebars|txt)$/i.test(s.trim());
/** One line that looks like a path to some other kind of file: almost surely not rubric text. */
export const looksLikeOtherFile = (s: string) => !s.includes('\n') && !/\s/.test(s.trim()) && /^[\w./-]+\.[a-z0-9]{1,5}$/i.test(s.trim());

function contextSemantics(pr: Problems, c: ContextInput | undefined): void {
  if (!c) return;
  if (typeof c.freezeTime === 'string') {
    const err = timeProblem(c.freezeTime);
    if (err) pr.add(['context', 'freezeTime'], `context.freezeTime "${c.freezeTime}": ${err}`);
  }
  if (c.timezoneId) { const err = timeZoneProblem(c.timezoneId); if (err) pr.add(['context', 'timezoneId'], `context.timezoneId: ${err}`); }
  if (c.locale) { const err = localeProblem(c.locale); if (err) pr.add(['context', 'locale'], `context.locale: ${err}`); }
}

/** A list of region names (overlap pairs, task-order) that names one twice says nothing. */
function noRepeats(pr: Problems, p: PathSeg[], names: unknown[], what: string): void {
  const seen = new Set<unknown>();
  names.forEach((n, i) => { if (seen.has(n)) pr.add([...p, i], `${what} lists "${String(n)}" twice`); seen.add(n); });
}

/** Sections a config and a spec share (context, wait, checks, scoring). */
export function defaultsSemantics(pr: Problems, input: Pick<SpecInput, 'wait' | 'checks' | 'context' | 'scoring' | 'sweep'>): void {
  contextSemantics(pr, input.context);
  const sw = typeof input.sweep === 'object' ? input.sweep : null;
  if (sw && (sw.from ?? SWEEP_DEFAULTS.from) > (sw.to ?? SWEEP_DEFAULTS.to)) pr.add(['sweep', sw.from !== undefined ? 'from' : 'to'], `sweep.from (${sw.from ?? SWEEP_DEFAULTS.from}) is wider than sweep.to (${sw.to ?? SWEEP_DEFAULTS.to}): nothing would be swept`);
  if (input.wait?.for === 'selector' && !input.wait.selector && !pr.removed(['wait', 'selector'])) pr.add(['wait'], 'wait.for: selector needs wait.selector');
  if (input.wait?.selector && input.wait.for !== 'selector') pr.add(['wait'], 'wait.selector is only used with wait.for: selector; add it (or remove the selector)', 'selector');
  if (input.wait?.selector) checkSelector(pr, ['wait', 'selector'], input.wait.selector, 'locator');
  for (const o of namingOptions(input.checks)) {
    const list: unknown[] = Array.isArray(o.value) ? o.value : [];
    if (o.kind === 'selectors') list.forEach((s, i) => checkSelector(pr, [...o.at, i], s));
    if (o.kind === 'regexes') list.forEach((s, i) => {
      if (typeof s === 'string') try { new RegExp(s); } catch (err: any) { pr.add([...o.at, i], `invalid regular expression "${s}": ${err.message}`); }
    });
    if (o.kind === 'axe-rules' && list.length) {
      const rules = axeRuleIds();
      list.forEach((r, i) => { if (typeof r === 'string' && !rules.includes(r)) pr.add([...o.at, i], `unknown axe rule "${r}"${didYouMean(r, rules)}`); });
    }
  }
  const v = input.scoring?.version;
  if (v !== undefined && !scoringVersions().includes(v)) pr.add(['scoring', 'version'], `scoring.version ${v} is unknown (known: ${scoringVersions().join(', ')})`);
}

export interface Resolved { brief: string | null; rubric: string | null; storageState: string | null; har: string | null; storybookDir: string | null }

/** What the spec checks need from the config; `known` is false for a part the config failed to give. */
export interface ConfigFacts { config: ConfigInput; root: string; baseURL: string | null; hasServer: boolean; known: (key: string) => boolean }

/** A file the spec names: inside the project, existing, and a file (or a folder for `dir`). */
export function projectFile(pr: Problems, root: string, baseDir: string, p: PathSeg[], rel: string, what: string, kind: 'file' | 'dir' = 'file'): string | null {
  const r = resolveInside(root, baseDir, rel);
  if ('error' in r) { pr.add(p, `${what}: ${r.error}`); return null; }
  const isDir = fs.statSync(r.abs).isDirectory();
  if (kind === 'file' && isDir) { pr.add(p, `${what}: "${rel}" is a folder; a file is needed`); return null; }
  if (kind === 'dir' && !isDir) { pr.add(p, `${what}: "${rel}" is a file; a folder is needed`); return null; }
  return r.abs;
}

export function specSemantics(src: Source, specAbs: string, valid: ValidParts, cfg: ConfigFacts): { problems: string[]; resolved: Resolved } {
  const spec = valid.data as SpecInput;
  const pr = new Problems(src, valid);
  const specDir = path.dirname(specAbs);
  const resolved: Resolved = { brief: null, rubric: null, storageState: null, har: null, storybookDir: null };
  const file = (p: PathSeg[], rel: string, what: string) => projectFile(pr, cfg.root, specDir, p, rel, what);

  // Where the page is.
  const locatable = !pr.removed(['route']) && !pr.removed(['url']) && !pr.removed(['storybook']);
  if (spec.storybook) resolved.storybookDir = storybookSemantics(pr, spec, (p, rel, built) => {
    if (!built) return projectFile(pr, cfg.root, specDir, p, rel, 'storybook.static', 'dir');
    // the build makes the folder: it need only stay inside the project
    const r = resolveInside(cfg.root, specDir, rel, false);
    if ('error' in r) { pr.add(p, `storybook.static: ${r.error}`); return null; }
    return r.abs;
  });
  else if (!spec.route && !spec.url && locatable) pr.add([], 'missing "route:" (joined to the config baseURL) or "url:" (absolute http/https)');
  if (spec.route && spec.url) pr.add([], 'give "route:" or "url:", not both', 'url');
  if (spec.route && !routeStaysOnApp(spec.route)) pr.add(['route'], `route "${spec.route}" must be a path on the app (use url: for another host)`);
  if (spec.url) { try { new URL(spec.url); } catch { pr.add(['url'], `url "${spec.url}" is not a valid URL`); } }
  if (spec.route && !cfg.baseURL && !cfg.hasServer && cfg.known('baseURL') && cfg.known('server')) pr.add(['route'], 'route needs a base URL: set baseURL or server in visual-eval.config.yaml, or pass --base-url');

  // Names that must refer to something.
  const named = cfg.config.viewports ?? DEFAULT_VIEWPORTS;
  const vpNames = new Set<string>();
  (spec.viewports ?? []).forEach((v, i) => {
    const name = typeof v === 'string' ? v : v.name;
    if (typeof v === 'string' && !named[v] && cfg.known('viewports')) pr.add(['viewports', i], `unknown viewport "${v}"${didYouMean(v, Object.keys(named))} (declared: ${Object.keys(named).join(', ')})`);
    if (vpNames.has(name)) pr.add(['viewports', i], `viewport "${name}" is listed twice`);
    vpNames.add(name);
  });
  // a spec narrows the config's engines; one the config does not capture in would be silently absent
  const engines = cfg.config.browser?.engines ?? DEFAULT_ENGINES;
  (spec.engines ?? []).forEach((e, i) => {
    if (!engines.includes(e) && cfg.known('browser')) pr.add(['engines', i], `engine "${e}" is not in the config's browser.engines (${engines.join(', ')}): add it there to capture this spec in it`);
  });
  // the viewports this spec captures at: what a state's or required entry's `viewports:` may name
  const specViewports = spec.viewports ? spec.viewports.map((v) => (typeof v === 'string' ? v : v.name)) : Object.keys(named);
  const vpsKnown = !pr.removed(['viewports']) && (!!spec.viewports || cfg.known('viewports'));
  const regions = spec.regions ?? {};
  const regionNames = Object.keys(regions);
  const needRegion = (p: PathSeg[], name: string, key?: string) => {
    if (!(name in regions) && !pr.removed(['regions', name])) pr.add(p, `region "${name}" is not declared under regions:${didYouMean(name, regionNames)}${regionNames.length ? ` (declared: ${regionNames.slice(0, 20).join(', ')}${regionNames.length > 20 ? ', …' : ''})` : ''}`, key);
  };
  // where the page is, when the spec or config says: a frame of another origin is known before any browser runs
  let pageUrl: string | null = null;
  try { pageUrl = spec.url ? new URL(spec.url).href : spec.route && cfg.baseURL ? new URL(spec.route, cfg.baseURL).href : null; } catch { pageUrl = null; }
  for (const [name, t] of Object.entries(regions)) checkTarget(pr, ['regions', name], t, pageUrl);
  (spec.masks ?? []).forEach((m, i) => checkTarget(pr, ['masks', i], m, pageUrl));

  const stateNames = (spec.states ?? [{ name: 'default' }]).map((s) => s.name);
  // a storybook spec's states are its stories, known at capture (a required entry's states: is refused above)
  const statesKnown = !pr.removed(['states']) && !spec.storybook;
  const seenStates = new Map<string, string>();
  (spec.states ?? []).forEach((s, i) => {
    // By lower case: state names are file names, and macOS and Windows ignore case.
    const prev = seenStates.get(s.name.toLowerCase());
    if (prev !== undefined) pr.add(['states', i, 'name'], prev === s.name ? `state "${s.name}" is declared twice` : `state "${s.name}" differs from "${prev}" only in case; their files would collide on macOS and Windows`);
    else seenStates.set(s.name.toLowerCase(), s.name);
    (s.steps ?? []).forEach((step, j) => {
      const [action, raw] = Object.entries(step)[0] as [string, any];
      const at: PathSeg[] = ['states', i, 'steps', j, action];
      const verb = verbOf(action);
      // a step may act inside any frame (Playwright enters cross-origin ones too): its selectors need only be CSS
      if (raw && typeof raw === 'object' && raw.frame !== undefined) checkFrame(pr, [...at, 'frame'], raw.frame, null);
      if (verb?.validate) {
        verb.validate(raw as never, { at, problem: (p, m) => pr.add(p, m), selector: (p, sel) => checkSelector(pr, p, sel, 'locator'), didYouMean });
        return;
      }
      // by default, the selector a step names must be a valid locator
      const sel = typeof raw === 'string' ? raw : raw?.selector;
      if (sel !== undefined) checkSelector(pr, typeof raw === 'string' ? at : [...at, 'selector'], sel, 'locator');
    });
    onlyViewports(pr, ['states', i, 'viewports'], s.viewports, specViewports, vpsKnown);
    (s.required ?? []).forEach((r, j) => {
      requiredEntry(pr, ['states', i, 'required', j], r, stateNames, true, statesKnown, pageUrl);
      onlyViewports(pr, ['states', i, 'required', j, 'viewports'], r.viewports, s.viewports ?? specViewports, vpsKnown, s.viewports ? `state "${s.name}"` : undefined);
    });
  });
  (spec.required ?? []).forEach((r, j) => {
    requiredEntry(pr, ['required', j], r, stateNames, false, statesKnown, pageUrl);
    onlyViewports(pr, ['required', j, 'viewports'], r.viewports, specViewports, vpsKnown);
    // limited to states and to viewports that never meet: it would never be checked
    const states = (spec.states ?? [{ name: 'default' }]).filter((s) => !r.states || r.states.includes(s.name));
    if (vpsKnown && statesKnown && r.viewports && states.length && !states.some((s) => r.viewports!.some((v) => (s.viewports ?? specViewports).includes(v)))) {
      pr.add(['required', j, 'viewports'], `this entry would never be checked: none of its states (${states.map((s) => s.name).join(', ')}) is captured at ${r.viewports.join(', ')}`);
    }
  });

  defaultsSemantics(pr, spec);
  const sweptNames = typeof spec.sweep === 'object' ? spec.sweep.states ?? [] : [];
  sweptNames.forEach((n, i) => {
    if (statesKnown && !stateNames.includes(n)) pr.add(['sweep', 'states', i], `unknown state "${n}"${didYouMean(n, stateNames)} (declared: ${stateNames.join(', ')})`);
  });
  // a stress unit is named <state>-<variant>: a declared state of that name would share its files
  const declared = spec.states ?? [];
  declared.forEach((st) => {
    for (const { variant } of stressOf(cfg.config.stress, spec.stress, st.stress, st.name)) {
      const name = stressStateName(st.name, variant);
      const j = declared.findIndex((o) => o.name === name);
      if (j >= 0) pr.add(['states', j, 'name'], `state "${name}" has the name of the ${variant} stress unit of state "${st.name}": rename the state, or turn that stress off for "${st.name}" (stress: { ${variant}: false })`);
    }
  });
  regionChecks(pr, spec, needRegion);
  if (spec.gate?.warn?.includes('blocker')) pr.add(['gate', 'warn'], 'blockers always fail: "blocker" cannot be in gate.warn');

  // Files.
  if (spec.brief) {
    resolved.brief = file(['brief'], spec.brief, 'brief');
    if (resolved.brief && !/\.(md|markdown|txt)$/i.test(resolved.brief)) pr.add(['brief'], 'brief must be a Markdown file (.md)');
  }
  const rubric = spec.judge?.rubric;
  if (rubric && looksLikePath(rubric)) resolved.rubric = file(['judge', 'rubric'], rubric.trim(), 'rubric');
  else if (rubric && looksLikeOtherFile(rubric)) pr.add(['judge', 'rubric'], `judge.rubric "${rubric}" looks like a file name, but a rubric file must be .md, .txt or .hbs (or write the rubric text inline)`);
  if (spec.context?.storageState) resolved.storageState = file(['context', 'storageState'], spec.context.storageState, 'storageState');
  if (spec.network?.har) resolved.har = file(['network', 'har'], spec.network.har, 'har');
  return { problems: pr.list, resolved };
}

/** storybook: where the stories come from, and what a spec of stories cannot also say. Returns the
 *  static folder (absolute) when it is there to serve now (with build:, the build makes it). */
function storybookSemantics(pr: Problems, spec: SpecInput, dir: (p: PathSeg[], rel: string, built: boolean) => string | null): string | null {
  const sb = spec.storybook!;
  for (const k of ['route', 'url', 'states'] as const) {
    if (spec[k] !== undefined) pr.add([], `"${k}:" cannot be combined with "storybook:": every story of the Storybook is a state of this spec (a story's own settings go in its parameters.veval)`, k);
  }
  (spec.required ?? []).forEach((r, j) => {
    if (r.states) pr.add(['required', j], '"states:" cannot be used in a storybook spec (its states are the stories, read at capture): put the entry in the story\'s parameters.veval.required', 'states');
  });
  if (sb.url && sb.static) pr.add(['storybook'], 'give storybook "url:" (a running Storybook) or "static:" (a built folder), not both', 'static');
  else if (!sb.url && !sb.static && !pr.removed(['storybook', 'url']) && !pr.removed(['storybook', 'static'])) pr.add(['storybook'], 'storybook needs "url:" (a running Storybook, e.g. http://127.0.0.1:6006) or "static:" (a built folder, e.g. storybook-static)');
  if (sb.build && !sb.static) pr.add(['storybook', 'build'], 'storybook.build goes with storybook.static (the folder the build makes)', 'build');
  if (sb.url) { try { new URL(sb.url); } catch { pr.add(['storybook', 'url'], `storybook.url "${sb.url}" is not a valid URL`); } }
  return sb.static ? dir(['storybook', 'static'], sb.static, !!sb.build) : null;
}

/** Every option value that names something in the spec (a check's `meta.names`), with where it is
 *  written: `checks.<id>.<option>`, or `checks.<id>` itself when the check's shorthand gives it. */
function namingOptions(checks: unknown): { id: string; opt: string; kind: OptionNames; value: unknown; at: PathSeg[] }[] {
  const given = (checks ?? {}) as Record<string, unknown>;
  return CHECKS.flatMap(({ meta }) => {
    const v = given[meta.id];
    if (!meta.names || v === null || typeof v !== 'object') return [];
    const short = Array.isArray(v) && meta.fromShorthand ? meta.fromShorthand(v) : null;
    const options = (short ?? v) as Record<string, unknown>;
    return Object.entries(meta.names).filter(([opt]) => options[opt] !== undefined).map(([opt, kind]) => ({
      id: meta.id, opt, kind, value: options[opt], at: short && short[opt] === v ? ['checks', meta.id] : ['checks', meta.id, opt],
    }));
  });
}

/** Options that name regions (a check's `meta.names`: regions, region-order, region-pairs), and parity.regions. */
function regionChecks(pr: Problems, spec: SpecInput, needRegion: (p: PathSeg[], name: string, key?: string) => void): void {
  const checks = (spec.checks ?? {}) as Record<string, unknown>;
  for (const { id, opt, kind, value, at } of namingOptions(checks)) {
    if (!Array.isArray(value)) continue;
    if (kind === 'region-pairs') {
      const pairs = value as string[][];
      const dflt = getCheck(id)?.meta.defaults?.[opt];
      if (!pairs.length) pr.add(at, `checks.${id} lists no pairs: list [regionA, regionB] pairs, or leave them out${dflt !== undefined ? ` (default: ${dflt})` : ''}`);
      pairs.forEach((pair, i) => {
        pair.forEach((n, k) => needRegion([...at, i, k], n));
        if (pair[0] === pair[1]) pr.add([...at, i], `checks.${id} pair [${pair[0]}, ${pair[1]}] names the same region twice`);
      });
      const seen = new Set<string>();
      pairs.forEach((pair, i) => {
        const k = [...pair].sort().join('\u0000');
        if (seen.has(k)) pr.add([...at, i], `checks.${id} lists the pair [${pair.join(', ')}] twice`);
        seen.add(k);
      });
    }
    if (kind === 'regions' || kind === 'region-order') {
      value.forEach((n: string, i: number) => needRegion([...at, i], n));
      noRepeats(pr, at, value, `checks.${id}`);
      if (kind === 'region-order' && value.length === 1) pr.add(at, `checks.${id} needs at least 2 regions to order`);
    }
  }
  for (const name of Object.keys(spec.parity?.regions ?? {})) needRegion(['parity', 'regions'], name, name);
}

/** `viewports: [...]` on a state or required entry: each a viewport the spec (or its state) captures at, once. */
function onlyViewports(pr: Problems, p: PathSeg[], list: string[] | undefined, allowed: string[], known: boolean, within?: string): void {
  if (!Array.isArray(list)) return;
  list.forEach((v, i) => {
    if (known && !allowed.includes(v)) pr.add([...p, i], `viewport "${v}" is not one ${within ?? 'this spec'} captures at${didYouMean(v, allowed)} (${within ? `its viewports` : 'the spec\'s viewports'}: ${allowed.join(', ')})`);
  });
  noRepeats(pr, p, list, 'viewports');
}

function requiredEntry(pr: Problems, p: PathSeg[], r: any, stateNames: string[], inState: boolean, statesKnown: boolean, pageUrl: string | null): void {
  if (!r.selector && !r.text) pr.add(p, 'a required entry needs "selector:" or "text:"');
  if (r.selector && r.text) pr.add(p, 'a required entry takes "selector:" or "text:", not both', 'text');
  if (r.within && !r.text) pr.add(p, '"within:" goes with "text:"', 'within');
  if (r.selector) checkSelector(pr, [...p, 'selector'], r.selector);
  if (r.within) checkSelector(pr, [...p, 'within'], r.within);
  if (r.text) checkText(pr, [...p, 'text'], r.text);
  if (r.frame !== undefined) checkFrame(pr, [...p, 'frame'], r.frame, pageUrl);
  if (inState && r.states) pr.add(p, '"states:" is for spec-level required entries; this one already belongs to its state', 'states');
  (r.states ?? []).forEach((s: string, i: number) => {
    if (!stateNames.includes(s) && statesKnown) pr.add([...p, 'states', i], `unknown state "${s}"${didYouMean(s, stateNames)} (declared: ${stateNames.join(', ')})`);
  });
  if (Array.isArray(r.states)) noRepeats(pr, [...p, 'states'], r.states, 'states');
}

/** Only the path part of a route must be relative: its query or fragment may hold anything
 *  (`/search?u=http://x`). A path with `://`, or one a URL parser resolves to another host
 *  (`//evil`, `/\\evil`), is refused. */
export function routeStaysOnApp(route: string): boolean {
  const pathPart = route.split(/[?#]/, 1)[0];
  if (pathPart.includes('://')) return false;
  try { return new URL(route, 'http://veval.invalid/').origin === 'http://veval.invalid'; } catch { return false; }
}

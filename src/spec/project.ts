// Loading a project: config + specs + briefs → one ProjectPlan, or every problem at once as an
// InputError (exit 2). Nothing runs on an invalid project; there is no warn-and-continue.
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { resolveInside, shown } from '../core/paths.js';
import { DEFAULT_OUT } from '../core/defaults.js';
import { DEFAULT_ENGINES, type Engine } from '../core/engines.js';
import { readYaml, parseYaml, readTextFile, positionOf, at, type Source } from './source.js';
import { schemaCheck } from './schema-errors.js';
import type { ConfigInput, SpecInput } from './schema.js';
import { specSemantics, looksLikePath, defaultsSemantics, Problems, projectFile, textProblem, type ConfigFacts } from './semantic.js';
import { compileSpec, specNameOf, type CompileInput } from './compile.js';
import { readMustShow } from './brief.js';
import { cssError } from './selectors.js';
import { findSpecFiles } from './spec-files.js';
import { sortProblems } from './problem-order.js';
import type { ProjectPlan } from './plan.js';

export const CONFIG_FILE = 'visual-eval.config.yaml';

export interface LoadOptions {
  cwd?: string;
  config?: string;            // --config
  specs?: string[];           // files, folders or globs (relative to cwd)
  baseURL?: string;           // --base-url
  /** specs given as text instead of files (`veval look`): `file` is where it would live, relative
   *  to the project root; the config's `specs:` and `specs` above are then not searched */
  inline?: { file: string; text: string }[];
  /** the engines to capture in, in place of the config's browser.engines (the real-page suites
   *  score one project in each engine: test/real/harness.ts) */
  engines?: Engine[];
}

export interface LoadedConfig {
  root: string; file: string | null; config: ConfigInput; src: Source | null;
  storageState: string | null; har: string | null;
  rubric: { rel: string | null; text: string } | null;
  /** false for a top-level key the config failed to give (unreadable, or a schema problem in it) */
  known: (key: string) => boolean;
}

/** The config in cwd, else in the nearest folder above (as git finds its repository), stopping at
 *  a repository root. */
export function findConfig(cwd: string): string | null {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const file = path.join(dir, CONFIG_FILE);
    if (fs.existsSync(file)) return file;
    if (fs.existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return null;
  }
}

/** The config file a command uses: --config (relative to cwd), else the one found upward. */
export const configFileOf = (cwd: string, config?: string): string | null => (config ? path.resolve(cwd, config) : findConfig(cwd));

function loadConfig(opts: LoadOptions, problems: string[]): LoadedConfig {
  const cwd = opts.cwd ?? process.cwd();
  const file = configFileOf(cwd, opts.config);
  // No config: the built-in defaults are what the project says. A config that could not be read:
  // nothing is known, and the checks that depend on it stay quiet.
  const none = (root: string, f: string | null, known: boolean): LoadedConfig =>
    ({ root, file: f, config: {}, src: null, storageState: null, har: null, rubric: null, known: () => known });
  if (!file) return none(cwd, null, true);
  if (!fs.existsSync(file)) { problems.push(`${opts.config}:1:1 config file not found`); return none(cwd, null, false); }
  const root = path.dirname(file);
  const { source, problems: p } = readYaml(file, shown(file, cwd), 'config');
  problems.push(...p);
  if (!source) return none(root, file, false);
  const { problems: sp, valid } = schemaCheck(source, 'config');
  problems.push(...sp);
  const config = valid.data as ConfigInput;
  const pr = new Problems(source, valid);
  const bad = new Set<string>();
  const fileOf = (p: string[], rel: string | undefined, what: string, kind: 'file' | 'dir' = 'file') => {
    if (!rel) return null;
    const abs = projectFile(pr, root, root, p, rel, what, kind);
    if (!abs) bad.add(p[0]);
    return abs;
  };
  if (config.baseURL) { try { new URL(config.baseURL); } catch { pr.add(['baseURL'], `baseURL "${config.baseURL}" is not a valid URL`); bad.add('baseURL'); } }
  // with build:, the folder is what the build makes: it need not exist before the run
  if (config.server && 'static' in config.server && !config.server.build) {
    const st = config.server.static;
    if (typeof st === 'string') fileOf(['server', 'static'], st, 'server.static', 'dir');
    else {
      const dir = fileOf(['server', 'static', 'dir'], st.dir, 'server.static.dir', 'dir');
      // the file itself may be made by server.build: it is looked for when the server starts
      const inside = dir && st.fallback ? resolveInside(dir, dir, st.fallback, false) : null;
      if (inside && 'error' in inside) pr.add(['server', 'static', 'fallback'], `server.static.fallback: ${inside.error.replace('the project folder', 'server.static.dir')}`);
    }
  }
  const storageState = fileOf(['context', 'storageState'], config.context?.storageState, 'storageState');
  const har = fileOf(['network', 'har'], config.network?.har, 'har');
  defaultsSemantics(pr, config);
  const rubric = configRubric(config, root, pr);
  problems.push(...pr.list);
  // A top-level key dropped for a schema problem (`viewport:` for viewports, workers: 0) leaves
  // unclear what the config meant: the spec checks that lean on the config then stay quiet.
  const unsure = Object.keys(source.data as object).some((k) => !(k in (config as object)));
  return { root, file, config, src: source, storageState, har, rubric, known: (k) => !unsure && !valid.removed([k]) && !bad.has(k) };
}

/** The config's rubric, read once (a missing file is one problem, not one per spec). */
function configRubric(config: ConfigInput, root: string, pr: Problems): LoadedConfig['rubric'] {
  const src = config.judge?.rubric;
  if (!src) return null;
  if (!looksLikePath(src)) return { rel: null, text: src };
  const abs = projectFile(pr, root, root, ['judge', 'rubric'], src.trim(), 'rubric');
  if (!abs) return null;
  const { text, problem } = readProse(abs, shown(abs), 'rubric');
  if (problem) { pr.add(['judge', 'rubric'], `rubric: ${problem}`); return null; }
  return { rel: path.relative(root, abs).split(path.sep).join('/'), text: text! };
}

/** A brief or rubric: a text file with something in it (an empty one was never filled in). */
function readProse(abs: string, shownAs: string, kind: 'brief' | 'rubric'): { text?: string; problem?: string } {
  const r = readTextFile(abs, shownAs, `${kind}s`);
  if (r.problem || r.text!.trim()) return r;
  return { problem: at(shownAs, 1, 1, kind === 'brief' ? 'is empty: a brief says what the page is for and what it must show' : 'is empty: a rubric tells the judge what to look for') };
}

const relTo = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/** A brief: read with the same limits as a spec, its "## Must show" selectors and regexes checked. */
function readBrief(abs: string, cfg: LoadedConfig, cwd: string, problems: string[]): CompileInput['brief'] {
  const briefShown = shown(abs, cwd);
  const { text, problem } = readProse(abs, briefShown, 'brief');
  if (problem) { problems.push(problem); return null; }
  const { items, problems: lines } = readMustShow(text!);
  for (const p of lines) problems.push(at(briefShown, p.line, p.col, p.message));
  for (const it of items) {
    const err = it.kind === 'selector' ? cssError(it.value) : it.kind === 'text' ? textProblem(it.value) : null;
    if (err) problems.push(at(briefShown, it.line, it.col, it.kind === 'selector' ? `invalid CSS selector "${it.value}" in ## Must show (plain CSS, as document.querySelectorAll takes it): ${err}` : `${err} in ## Must show`));
  }
  return { rel: relTo(cfg.root, abs), text: text!, items };
}

export async function loadProject(opts: LoadOptions = {}): Promise<ProjectPlan> {
  const cwd = opts.cwd ?? process.cwd();
  const problems: string[] = [];
  const cfg = loadConfig(opts, problems);
  if (opts.engines) cfg.config = { ...cfg.config, browser: { ...cfg.config.browser, engines: opts.engines } };
  const inline = new Map((opts.inline ?? []).map((s) => [path.resolve(cfg.root, s.file), s.text]));
  const files = opts.inline ? [...inline.keys()]
    : await findSpecFiles({ cwd, args: opts.specs, root: cfg.root, patterns: cfg.known('specs') ? cfg.config.specs : undefined, configFile: cfg.file }, problems);
  let baseURL = cfg.known('baseURL') ? cfg.config.baseURL ?? null : null;
  let baseKnown = cfg.known('baseURL');
  if (opts.baseURL !== undefined) {
    let ok = /^https?:\/\//.test(opts.baseURL);
    try { new URL(opts.baseURL); } catch { ok = false; }
    if (!ok) problems.push(`--base-url: "${opts.baseURL}" must be an absolute http:// or https:// URL, e.g. http://localhost:3000`);
    baseURL = ok ? opts.baseURL : null;
    baseKnown = ok;
  }
  const facts: ConfigFacts = {
    config: cfg.config, root: cfg.root, baseURL, hasServer: !!cfg.config.server,
    known: (k) => k === 'baseURL' ? baseKnown || !!baseURL : cfg.known(k),
  };
  const compiled: CompileInput[] = [];
  const names = new Map<string, { name: string; file: string }>();   // by lower-case name

  for (const abs of files) {
    const shownFile = shown(abs, cwd);
    const given = inline.get(abs);
    const { source, problems: p } = given !== undefined ? parseYaml(given, shownFile) : readYaml(abs, shownFile);
    if (!source) { problems.push(...p); continue; }
    const { problems: sp, valid } = schemaCheck(source, 'spec');
    problems.push(...sp);
    let sem: ReturnType<typeof specSemantics>;
    try {
      sem = specSemantics(source, abs, valid, facts);
    } catch (err) {
      // On data that failed the schema, a semantic check may meet a shape it does not expect; the
      // schema problems already make this input invalid, so the rest is best effort.
      if (sp.length) continue;
      throw err;
    }
    problems.push(...sem.problems);
    const spec = valid.data as SpecInput;
    const rel = relTo(cfg.root, abs);
    const name = specNameOf(rel, spec);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) problems.push(at(shownFile, 1, 1, `spec name "${name}" (from the file name) must be letters, digits, ".", "_" or "-"; set name:`));
    const prev = names.get(name.toLowerCase());
    if (prev) {
      const pos = positionOf(source, spec.name ? ['name'] : []);
      const how = prev.name === name ? '' : ` as "${prev.name}"; names differing only in case collide on macOS and Windows`;
      problems.push(at(shownFile, pos.line, pos.col, `duplicate spec name "${name}" (also used by ${prev.file}${how}); spec names must be unique`));
    } else names.set(name.toLowerCase(), { name, file: shownFile });
    if (sp.length || sem.problems.length) continue;

    const brief = sem.resolved.brief ? readBrief(sem.resolved.brief, cfg, cwd, problems) : null;
    let rubric = cfg.rubric;
    if (sem.resolved.rubric) {
      const { text, problem } = readProse(sem.resolved.rubric, shown(sem.resolved.rubric, cwd), 'rubric');
      if (problem) { problems.push(problem); continue; }
      rubric = { rel: relTo(cfg.root, sem.resolved.rubric), text: text! };
    } else if (spec.judge?.rubric) rubric = { rel: null, text: spec.judge.rubric };

    compiled.push({
      file: rel, spec, config: cfg.config, specText: source.text, brief, rubric,
      storageState: sem.resolved.storageState ?? cfg.storageState, har: sem.resolved.har ?? cfg.har, baseURL, storybookDir: sem.resolved.storybookDir,
      stepSource: (si, i) => { const pos = positionOf(source, ['states', si, 'steps', i]); return `${shownFile}:${pos.line}:${pos.col}`; },
    });
  }
  // Compiled only when everything is valid: compile may assume what validation established.
  if (problems.length) throw new InputError(sortProblems(problems));
  const specs = compiled.map(compileSpec);

  const server = cfg.config.server;
  return {
    version: 1,
    root: cfg.root,
    configFile: cfg.file ? path.relative(cfg.root, cfg.file) : null,
    baseURL,
    server: !server ? null : 'static' in server
      ? { kind: 'static', ...staticOf(cfg.root, server.static), build: server.build ?? null }
      : { kind: 'command', command: server.command, url: server.url, cwd: path.resolve(cfg.root, server.cwd ?? '.'), env: server.env ?? {}, timeout: server.timeout ?? 60000, reuseExisting: server.reuseExisting ?? false },
    browser: {
      executablePath: process.env.VEVAL_BROWSER || cfg.config.browser?.executablePath || null,
      wsEndpoint: cfg.config.browser?.wsEndpoint ?? null,
      cdpEndpoint: cfg.config.browser?.cdpEndpoint ?? null,
      args: cfg.config.browser?.args ?? [],
      engines: cfg.config.browser?.engines ?? [...DEFAULT_ENGINES],
      firefox: { executablePath: cfg.config.browser?.firefox?.executablePath ?? null, args: cfg.config.browser?.firefox?.args ?? [] },
    },
    workers: cfg.config.workers ?? null,
    out: cfg.config.out ?? DEFAULT_OUT,
    specs,
  };
}

/** server.static as the plan keeps it: the folder (absolute) and its SPA fallback file. */
function staticOf(root: string, st: string | { dir: string; fallback?: string }): { dir: string; fallback: string | null } {
  return typeof st === 'string'
    ? { dir: path.resolve(root, st), fallback: null }
    : { dir: path.resolve(root, st.dir), fallback: st.fallback ?? null };
}

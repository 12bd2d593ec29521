// Loading a project: config + specs + briefs → one ProjectPlan, or every problem at once as an
// InputError (exit 2). Nothing runs on an invalid project; there is no warn-and-continue.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { InputError } from '../core/errors.js';
import { resolveInside, shown } from '../core/paths.js';
import { readYaml, positionOf, at, type Source } from './source.js';
import { schemaProblems } from './schema-errors.js';
import type { ConfigInput, SpecInput } from './schema.js';
import { specSemantics, looksLikePath, defaultsSemantics, Problems } from './semantic.js';
import { compileSpec, specNameOf } from './compile.js';
import { parseMustShow } from './brief.js';
import { cssError } from './semantic.js';
import type { ProjectPlan, SpecPlan } from './plan.js';

export const CONFIG_FILE = 'visual-eval.config.yaml';

export interface LoadOptions {
  cwd?: string;
  config?: string;            // --config
  specs?: string[];           // files, folders or globs (relative to cwd)
  baseURL?: string;           // --base-url
}

interface LoadedConfig { root: string; file: string | null; config: ConfigInput; src: Source | null; storageState?: string | null; har?: string | null }

function loadConfig(opts: LoadOptions, problems: string[]): LoadedConfig {
  const cwd = opts.cwd ?? process.cwd();
  const file = opts.config ? path.resolve(cwd, opts.config) : path.join(cwd, CONFIG_FILE);
  if (!fs.existsSync(file)) {
    if (opts.config) problems.push(`${opts.config}:1:1 config file not found`);
    return { root: cwd, file: null, config: {}, src: null };
  }
  const root = path.dirname(file);
  const { source, problems: p } = readYaml(file, shown(file, cwd));
  problems.push(...p);
  if (!source) return { root, file, config: {}, src: null };
  const sp = schemaProblems(source, 'config');
  problems.push(...sp);
  const config = sp.length ? {} : source.data as ConfigInput;
  if (sp.length) return { root, file, config, src: source };
  const pr = new Problems(source);
  const inside = (p: string[], rel: string | undefined, what: string): string | null => {
    if (!rel) return null;
    const r = resolveInside(root, root, rel);
    if ('error' in r) { pr.add(p, `${what}: ${r.error}`); return null; }
    return r.abs;
  };
  if (config.server && 'static' in config.server) inside(['server', 'static'], config.server.static, 'server.static');
  const storageState = inside(['context', 'storageState'], config.context?.storageState, 'storageState');
  const har = inside(['network', 'har'], config.network?.har, 'har');
  defaultsSemantics(pr, config);
  problems.push(...pr.list);
  return { root, file, config, src: source, storageState, har };
}

async function findSpecFiles(opts: LoadOptions, cfg: LoadedConfig, problems: string[]): Promise<string[]> {
  const cwd = opts.cwd ?? process.cwd();
  const found: string[] = [];
  if (opts.specs?.length) {
    for (const arg of opts.specs) {
      const abs = path.resolve(cwd, arg);
      if (fs.existsSync(abs) && fs.statSync(abs).isDirectory()) found.push(...await glob('**/*.{yaml,yml}', { cwd: abs, absolute: true }));
      else if (fs.existsSync(abs)) found.push(abs);
      else if (/[*?[{]/.test(arg)) found.push(...await glob(arg, { cwd, absolute: true }));
      else problems.push(`${arg}:1:1 spec file not found`);
    }
  } else {
    const patterns = cfg.config.specs ?? ['specs/**/*.yaml', 'specs/**/*.yml'];
    found.push(...await glob(patterns, { cwd: cfg.root, absolute: true }));
    if (!found.length && !problems.length) problems.push(`${shown(cfg.file ?? cfg.root, cwd)}:1:1 no spec files found (looked for ${patterns.join(', ')} under ${cfg.root})`);
  }
  return [...new Set(found.map((f) => path.resolve(f)))].sort();
}

function readText(abs: string): string {
  return fs.readFileSync(abs, 'utf8');
}

export async function loadProject(opts: LoadOptions = {}): Promise<ProjectPlan> {
  const cwd = opts.cwd ?? process.cwd();
  const problems: string[] = [];
  const cfg = loadConfig(opts, problems);
  const files = await findSpecFiles(opts, cfg, problems);
  const baseURL = opts.baseURL ?? cfg.config.baseURL ?? null;
  if (opts.baseURL && !/^https?:\/\//.test(opts.baseURL)) problems.push(`--base-url: "${opts.baseURL}" must be an http(s) URL`);
  const hasServer = !!cfg.config.server;
  const specs: SpecPlan[] = [];
  const names = new Map<string, string>();

  for (const abs of files) {
    const shownFile = shown(abs, cwd);
    const { source, problems: p } = readYaml(abs, shownFile);
    if (!source) { problems.push(...p); continue; }
    const sp = schemaProblems(source, 'spec');
    if (sp.length) { problems.push(...sp); continue; }
    const spec = source.data as SpecInput;
    const sem = specSemantics(source, abs, spec, cfg.config, cfg.root, { baseURL, hasServer });
    problems.push(...sem.problems);
    const rel = path.relative(cfg.root, abs).split(path.sep).join('/');
    const name = specNameOf(rel, spec);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) problems.push(at(shownFile, 1, 1, `spec name "${name}" (from the file name) must be letters, digits, ".", "_" or "-"; set name:`));
    const prev = names.get(name);
    if (prev) {
      const pos = positionOf(source, spec.name ? ['name'] : []);
      problems.push(at(shownFile, pos.line, pos.col, `duplicate spec name "${name}" (also used by ${prev}); spec names must be unique`));
    } else names.set(name, shownFile);
    if (sem.problems.length) continue;

    let brief: { rel: string; text: string; items: ReturnType<typeof parseMustShow> } | null = null;
    if (sem.resolved.brief) {
      const text = readText(sem.resolved.brief);
      const items = parseMustShow(text);
      const briefShown = shown(sem.resolved.brief, cwd);
      for (const it of items) {
        const err = it.kind === 'selector' ? cssError(it.value) : null;
        if (err) problems.push(at(briefShown, it.line, it.col, `invalid CSS selector "${it.value}" in ## Must show: ${err}`));
      }
      brief = { rel: path.relative(cfg.root, sem.resolved.brief).split(path.sep).join('/'), text, items };
    }
    const rubricSrc = spec.judge?.rubric ?? cfg.config.judge?.rubric;
    let rubric: { rel: string | null; text: string } | null = null;
    if (sem.resolved.rubric) rubric = { rel: path.relative(cfg.root, sem.resolved.rubric).split(path.sep).join('/'), text: readText(sem.resolved.rubric) };
    else if (rubricSrc && !spec.judge?.rubric && looksLikePath(rubricSrc)) {
      const r = resolveInside(cfg.root, cfg.root, rubricSrc.trim());
      if ('error' in r) { const pos = cfg.src ? positionOf(cfg.src, ['judge', 'rubric']) : { line: 1, col: 1 }; problems.push(at(cfg.src?.file ?? CONFIG_FILE, pos.line, pos.col, `rubric: ${r.error}`)); continue; }
      rubric = { rel: r.rel, text: readText(r.abs) };
    } else if (rubricSrc) rubric = { rel: null, text: rubricSrc };

    specs.push(compileSpec({
      file: rel, spec, config: cfg.config, specText: source.text, brief, rubric,
      storageState: sem.resolved.storageState ?? cfg.storageState ?? null, har: sem.resolved.har ?? cfg.har ?? null, baseURL,
      stepSource: (si, i) => { const pos = positionOf(source, ['states', si, 'steps', i]); return `${shownFile}:${pos.line}:${pos.col}`; },
    }));
  }
  if (problems.length) throw new InputError(problems);

  const server = cfg.config.server;
  return {
    version: 1,
    root: cfg.root,
    configFile: cfg.file ? path.relative(cfg.root, cfg.file) : null,
    baseURL,
    server: !server ? null : 'static' in server
      ? { kind: 'static', dir: path.resolve(cfg.root, server.static) }
      : { kind: 'command', command: server.command, url: server.url, cwd: path.resolve(cfg.root, server.cwd ?? '.'), env: server.env ?? {}, timeout: server.timeout ?? 60000, reuseExisting: server.reuseExisting ?? false },
    browser: {
      executablePath: process.env.VEVAL_BROWSER || cfg.config.browser?.executablePath || null,
      wsEndpoint: cfg.config.browser?.wsEndpoint ?? null,
      cdpEndpoint: cfg.config.browser?.cdpEndpoint ?? null,
      args: cfg.config.browser?.args ?? [],
    },
    workers: cfg.config.workers ?? null,
    out: cfg.config.out ?? 'evals',
    specs,
  };
}

export const defaultWorkers = () => Math.max(1, Math.min(4, os.availableParallelism()));

// look --spec-out: a starting spec from what the look saw — regions from the page's landmarks,
// required entries from its primary actions, the states it was told to drive — valid against the
// schema, with the modeline. Only what held at every viewport goes in (a spec that fails on the
// page it was written from would teach nothing).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { FatalError, InputError } from '../core/errors.js';
import { writeFileAtomic } from '../core/fsx.js';
import { readArtifact } from '../core/artifact-read.js';
import { files } from '../core/run.js';
import { PACKAGE_ROOT } from '../core/version.js';
import { parseYaml } from '../spec/source.js';
import { schemaCheck } from '../spec/schema-errors.js';
import type { CaptureRecord } from '../core/artifacts.js';
import { LOOK_SPEC, STEPS_STATE, type LookResult } from './index.js';
import { parseSteps } from './steps.js';

/** Refused before the look runs: a spec someone may have edited is never overwritten. */
export function specOutProblem(file: string): string | null {
  if (fs.existsSync(file)) return `--spec-out: ${file} exists; veval look does not overwrite a spec (remove it or name another file)`;
  if (!/\.ya?ml$/i.test(file)) return `--spec-out: ${file}: a spec file ends in .yaml or .yml`;
  return null;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What every record of one state saw (by selector), in the first record's order. */
function common<T>(records: CaptureRecord[], pick: (r: CaptureRecord) => T[], key: (t: T) => string): T[] {
  if (!records.length) return [];
  const sets = records.map((r) => new Set(pick(r).map(key)));
  return pick(records[0]).filter((t) => sets.every((s) => s.has(key(t))));
}

function regionName(role: string, taken: Set<string>): string {
  const base = ({ banner: 'header', contentinfo: 'footer', navigation: 'nav', complementary: 'aside' } as Record<string, string>)[role] ?? role;
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
  taken.add(name);
  return name;
}

export interface SpecEntry { name: string; selector: string; visible?: 'partial' }

/** What every capture of one state held: its landmarks as regions; its primary headings, landmarks
 *  and controls as required entries (landmarks need only show in part: a long main is taller than a
 *  phone). Selectors survive re-renders (in-page stableSelectorOf); content that repeats is left out. */
export function pageEntries(records: CaptureRecord[]): { regions: Record<string, string>; required: SpecEntry[]; actions: SpecEntry[] } {
  const taken = new Set<string>();
  const landmarks = common(records, (r) => r.interactive!.landmarks, (l) => l.selector);
  const regions = Object.fromEntries(landmarks.map((l) => [regionName(l.role, taken), l.selector]));
  const headings = common(records, (r) => r.interactive!.headings ?? [], (h) => h.selector)
    .map((h, i, all) => ({ name: all.length > 1 ? `page heading ${i + 1}` : 'page heading', selector: h.selector }));
  const marks = Object.entries(regions).filter(([, sel]) => landmarks.find((l) => l.selector === sel)?.role !== 'content')
    .map(([name, selector]) => ({ name: `${name} landmark`, selector, visible: 'partial' as const }));
  const actions = common(records, (r) => r.interactive!.actions, (a) => a.selector).map((a) => ({ name: a.name, selector: a.selector }));
  const seen = new Set<string>();
  const required = [...headings, ...marks, ...actions].filter((e) => !seen.has(e.selector) && !!seen.add(e.selector));
  return { regions, required, actions };
}

/** The records of one state of a look's run folder, one per viewport that captured it. */
export function lookRecords(result: Pick<LookResult, 'plan' | 'runDir'>, state: string): CaptureRecord[] {
  const spec = result.plan.specs.find((s) => s.name === LOOK_SPEC)!;
  return spec.viewports.flatMap((v) => {
    const r = readArtifact('record', path.join(result.runDir, files.record(spec.name, state, v.name))).value;
    return r?.ok && r.interactive ? [r] : [];
  });
}

export function startingSpecText(result: LookResult, file: string, opts: { steps: string[] }): string {
  const spec = result.plan.specs.find((s) => s.name === LOOK_SPEC)!;
  const base = lookRecords(result, 'default');
  if (base.length !== spec.viewports.length) throw new FatalError('--spec-out: the look has no complete capture of the page at every viewport; nothing to write a spec from (see the report above)');
  const out: Record<string, unknown> = {};
  const stem = path.basename(file).replace(/\.ya?ml$/i, '');
  if (!NAME.test(stem)) out.name = stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'page';
  if (spec.route) out.route = spec.route; else out.url = spec.url;
  out.viewports = spec.viewports.map((v) => (v.name.startsWith('w') && /^w\d+x\d+$/.test(v.name) ? { name: v.name, width: v.width, height: v.height } : v.name));
  const { regions, required } = pageEntries(base);
  if (Object.keys(regions).length) out.regions = regions;
  // with steps, the page as loaded holds its entries; the steps may cover them (a modal opened)
  if (required.length && !opts.steps.length) out.required = required;
  const states: Record<string, unknown>[] = [{ name: 'default', ...(required.length && opts.steps.length ? { required } : {}) }];
  if (opts.steps.length) {
    const after = lookRecords(result, STEPS_STATE);
    const seen = new Set(required.map((a) => a.selector));
    const more = after.length === spec.viewports.length ? pageEntries(after).actions.filter((a) => !seen.has(a.selector)) : [];
    states.push({ name: STEPS_STATE, steps: parseSteps(opts.steps), ...(more.length ? { required: more } : {}) });
  }
  out.states = states;
  const projectSchema = path.join(result.plan.root, 'schema', 'spec.schema.json');
  const schema = fs.existsSync(projectSchema) ? projectSchema : path.join(PACKAGE_ROOT, 'schema', 'spec.schema.json');
  const rel = path.relative(path.dirname(file), schema).split(path.sep).join('/');
  return `# yaml-language-server: $schema=${rel.startsWith('.') ? rel : `./${rel}`}
# A starting spec written by \`veval look\` from what it saw: the page's landmarks as regions, its
# primary headings, landmarks and controls as required entries (each was visible at every viewport),
# by selectors that survive re-renders. Edit it: add a
# brief, more states, checks options (see \`veval checks\`), then \`veval run\` it.
${YAML.stringify(out)}`;
}

/** Writes the starting spec (checked against the schema first: never a file veval would refuse). */
export function writeStartingSpec(result: LookResult, file: string, opts: { steps: string[] }): string {
  const problem = specOutProblem(file);
  if (problem) throw new InputError([problem]);
  const text = startingSpecText(result, file, opts);
  const parsed = parseYaml(text, file);
  const problems = parsed.source ? schemaCheck(parsed.source, 'spec').problems : parsed.problems;
  if (problems.length) throw new FatalError(`--spec-out: the spec veval wrote does not validate (a veval bug): ${problems[0]}`);
  writeFileAtomic(file, text);
  return file;
}

// validate, plan, checks: answers about specs without a browser.
import { ENGINE_GAPS, unitGaps } from '../core/engines.js';
import fs from 'node:fs';
import path from 'node:path';
import { EXIT, InputError } from '../core/errors.js';
import { PACKAGE_ROOT, TOOL_VERSION } from '../core/version.js';
import { SCHEMA_FILES } from './init.js';
import { loadProject } from '../spec/project.js';
import { framedLabel, onlyWords, type SpecPlan } from '../spec/plan.js';
import { stateAt } from '../core/run.js';
import { describeStep } from '../steps/registry.js';
import type { CommonOptions } from './common.js';
import { ioOf, loadSelected } from './common.js';
import { unitsOf } from '../core/run.js';
import { peekStories } from '../spec/storybook-index.js';

export async function cmdValidate(specs: string[], opts: CommonOptions): Promise<number> {
  let plan;
  try {
    plan = await loadProject({ config: opts.config, specs, baseURL: opts.baseUrl, cwd: ioOf(opts).cwd });
  } catch (err) {
    // --json: the problems on stdout too, for a program; the lines still go to stderr, exit 2.
    if (opts.json && err instanceof InputError) ioOf(opts).stdout.write(JSON.stringify({ ok: false, problems: err.problems }, null, 2) + '\n');
    throw err;
  }
  const units = plan.specs.reduce((n, s) => n + unitsOf(s).length, 0);
  staleSchemaCopies(plan.root, ioOf(opts).stderr);
  brokenModelines(plan.root, [...(plan.configFile ? [plan.configFile] : []), ...plan.specs.map((sp) => sp.file)], ioOf(opts).stderr);
  const stories = plan.specs.filter((s) => s.storybook).length;
  if (opts.json) ioOf(opts).stdout.write(JSON.stringify({ ok: true, specs: plan.specs.map((s) => s.name), units, config: plan.configFile, problems: [] }, null, 2) + '\n');
  else ioOf(opts).stdout.write(`ok: ${plan.specs.length} spec(s) valid (${units} capture units${stories ? `, and the stories of ${stories} Storybook spec(s), read at capture` : ''})${plan.configFile ? `, config ${plan.configFile}` : ''}\n`);
  return EXIT.pass;
}

/** The project's schema/ copies (init wrote them) against the installed veval's: stale copies
 *  complete and validate yesterday's keys in the editor. A warning on stderr, never a failure. */
function staleSchemaCopies(root: string, err: NodeJS.WritableStream): void {
  if (path.resolve(root) === PACKAGE_ROOT) return;
  const stale = SCHEMA_FILES.filter((f) => {
    const mine = path.join(root, 'schema', f);
    if (!fs.existsSync(mine)) return false;
    try { return fs.readFileSync(mine, 'utf8') !== fs.readFileSync(path.join(PACKAGE_ROOT, 'schema', f), 'utf8'); } catch { return false; }
  });
  if (!stale.length) return;
  const from = path.relative(root, path.join(PACKAGE_ROOT, 'schema')) || PACKAGE_ROOT;
  err.write(`warning: ${stale.map((f) => `schema/${f}`).join(', ')} differ${stale.length === 1 ? 's' : ''} from the installed veval ${TOOL_VERSION}'s; your editor completes and checks against the old one${stale.length === 1 ? '' : 's'}. Refresh: cp ${stale.map((f) => path.join(from, f)).join(' ')} schema/\n`);
}

/** A `# yaml-language-server: $schema=` modeline whose relative path does not reach a file (a spec
 *  copied into specs/flows/ keeps ../schema/…): the editor silently stops checking that file. */
function brokenModelines(root: string, files: string[], err: NodeJS.WritableStream): void {
  for (const rel of files) {
    let first = '';
    try { first = fs.readFileSync(path.join(root, rel), 'utf8').split(/\r?\n/, 1)[0]; } catch { continue; }
    const m = /^#\s*yaml-language-server:\s*\$schema=(\S+)/.exec(first);
    if (!m || /^[a-z][a-z0-9+.-]*:/i.test(m[1])) continue;
    const target = path.resolve(root, path.dirname(rel), m[1]);
    if (fs.existsSync(target)) continue;
    const want = path.join(root, 'schema', path.basename(m[1]));
    const fix = fs.existsSync(want) ? `; from here it is ${path.relative(path.join(root, path.dirname(rel)), want).split(path.sep).join('/')}` : '';
    err.write(`warning: ${rel}:1:${first.indexOf('$schema=') + 9} the modeline's $schema=${m[1]} does not exist from this folder, so editors do not check this file${fix} (or drop the modeline: .vscode/settings.json maps specs/**)\n`);
  }
}

const stepText = describeStep;

export function describePlan(s: SpecPlan, storyNote?: string): string {
  const L: string[] = [];
  const opt = (o: Record<string, unknown>) => Object.keys(o).length ? ` ${JSON.stringify(o)}` : '';
  L.push(`${s.name}  (${s.file})`);
  if (s.storybook) L.push(`  storybook: ${s.storybook.url ?? `${s.storybook.dir} (served on 127.0.0.1 at capture${s.storybook.build ? `, built first by \`${s.storybook.build}\`` : ''})`}${s.storybook.include.length ? `; include ${s.storybook.include.join(', ')}` : ''}${s.storybook.exclude.length ? `; exclude ${s.storybook.exclude.join(', ')}` : ''}${storyNote ? `\n             ${storyNote}` : ''}`);
  else L.push(`  url:       ${s.url ?? `${s.route} (joined to the server's base URL at capture time)`}`);
  L.push(`  wait:      ${s.wait.for}${s.wait.selector ? ` ${s.wait.selector}` : ''}, timeout ${s.wait.timeout} ms; ${s.fullPage ? 'full page' : 'viewport only'}`);
  L.push(`  viewports: ${s.viewports.map((v) => `${v.name} ${v.width}×${v.height}@${v.deviceScaleFactor}x${v.isMobile ? ' mobile' : ''}${v.hasTouch ? ' touch' : ''} ${v.colorScheme}`).join(' · ')}`);
  // each engine, what it does not gather there, and an engine the spec cannot run in at all
  for (const e of new Set(s.viewports.map((v) => v.engine ?? 'chromium'))) {
    const gaps = ENGINE_GAPS[e];
    L.push(`  engine:    ${e}${gaps.length ? `; skipped there: ${gaps.map((g) => `${g.what} (${g.reason})`).join('; ')}` : ''}`);
    const mobile = s.viewports.filter((v) => (v.engine ?? 'chromium') === e && unitGaps(e, v).length > gaps.length).map((v) => v.name);
    if (mobile.length) L.push(`  engine:    ${e} at ${mobile.join(', ')}: also skipped: ${unitGaps(e, { isMobile: true }).slice(gaps.length).map((g) => `${g.what} (${g.reason})`).join('; ')}`);
  }
  for (const k of s.engineSkips ?? []) L.push(`  engine:    ${k.engine}: skipped, ${k.reason}`);
  const regions = [...Object.entries(s.regions), ...Object.entries(s.framed?.regions ?? {}).map(([k, t]) => [k, framedLabel(t)] as const)];
  const masks = [...s.masks, ...(s.framed?.masks ?? []).map(framedLabel)];
  if (regions.length) L.push(`  regions:   ${regions.map(([k, v]) => `${k}=${v}`).join(' · ')}`);
  if (masks.length) L.push(`  masks:     ${masks.join(' · ')}`);
  const units = unitsOf(s).length, all = s.states.length * s.viewports.length;
  L.push(`  states (${s.states.length} × ${s.viewports.length} viewports = ${all} units${units < all ? `; ${all - units} not captured: states limited to some viewports, so ${units} units` : ''}):`);
  for (const st of s.states) {
    L.push(`    ${st.name}${st.story ? ` (story "${st.story.title} › ${st.story.name}")` : ''}${st.viewports ? ` (${onlyWords(st.viewports)}; not captured at ${s.viewports.filter((v) => !stateAt(st, v.name)).map((v) => v.name).join(', ') || '—'})` : ''}${st.steps.length ? `: ${st.steps.map(stepText).join(' → ')}` : st.story ? '' : ': the page after wait'}${st.stress ? `, then the ${st.stress.variant} stress (findings ${st.stress.severity}${st.stress.parity ? ', with parity' : ''}; docs/checks/stress/)` : ''}`);
    for (const r of st.required) L.push(`      must show (${r.visible}, from ${r.source}${r.viewports ? `, ${onlyWords(r.viewports)}` : ''}): ${r.name}${r.selector ? ` [${r.selector}]` : ` [text ${r.text}${r.within ? ` within ${r.within}` : ''}]`}${r.frame?.length ? ` in frame ${r.frame.join(' › ')}` : ''}`);
  }
  const plain = s.brief?.mustShow.filter((m) => m.kind === 'plain') ?? [];
  if (plain.length) L.push(`  for the judge (brief, plain words): ${plain.map((m) => m.item).join(' · ')}`);
  L.push('  checks:');
  for (const c of s.checks) L.push(`    ${c.enabled ? 'on ' : 'off'} ${c.id}${c.severity ? ` (severity ${c.severity})` : ''}${opt(c.options)}`);
  L.push(`  parity:    ${s.parity ? `threshold ${s.parity.threshold}, maxDiffRatio ${s.parity.maxDiffRatio}${Object.keys(s.parity.regions).length ? `, regions ${JSON.stringify(s.parity.regions)}` : ''}, structure ${s.parity.structure === false ? 'not compared' : s.parity.structure ?? 'important'}${s.parity.design ? `; against a design export: minScore ${s.parity.design.minScore}, tolerancePx ${s.parity.design.tolerancePx}` : ''}` : 'none (no baseline needed)'}`);
  L.push(`  judge:     ${s.judge ? `${s.judge.mode}, model ${s.judge.model}, images ${s.judge.images} ≤ ${s.judge.maxImageSize}px, rubric ${s.judge.rubric.file ?? 'inline'}` : 'none'}`);
  const sw = s.sweep;
  L.push(`  sweep:     ${sw ? `${sw.from}–${sw.to} px (height ${sw.height}): the page's breakpoints ±1 and every ${sw.step} px, bisected to exact ranges; states ${sw.states ? sw.states.join(', ') : 'all'}; each in its own page after the captures` : 'none (sweep: in the spec or config, or --sweep)'}`);
  L.push(`  gate:      minScore ${s.gate.minScore}, warn [${s.gate.warn.join(', ')}]${s.scoring.version ? `, scoring v${s.scoring.version}` : ''}`);
  L.push(`  order:     capture → ${sw ? 'sweep → ' : ''}checks → parity → ${s.judge && s.judge.mode !== 'off' ? 'judge (only if no blocker) → ' : ''}gate`);
  return L.join('\n');
}

export async function cmdPlan(specs: string[], opts: CommonOptions): Promise<number> {
  // a Storybook spec's states are its stories: listed from its index when it can be read now
  const { plan, notes } = await peekStories(await loadSelected(specs, opts));
  if (opts.json) ioOf(opts).stdout.write(JSON.stringify(plan, null, 2) + '\n');
  else ioOf(opts).stdout.write(plan.specs.map((s) => describePlan(s, notes[s.name])).join('\n\n') + '\n');
  return EXIT.pass;
}

export async function cmdChecks(opts: CommonOptions): Promise<number> {
  const { listChecks } = await import('../checks/list.js');
  ioOf(opts).stdout.write(listChecks() + '\n');
  return EXIT.pass;
}

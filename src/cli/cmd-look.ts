// veval look: prints what look() found. Human report on stdout (progress on stderr); with --json
// the same result as JSON alone on stdout.
import path from 'node:path';
import { EXIT, InputError } from '../core/errors.js';
import { forTerminal } from '../report/terminal.js';
import type { CommonOptions } from './common.js';
import { ioOf, resolved } from './common.js';
import type { LookResult, LookUnit } from '../look/index.js';

export interface LookFlags extends CommonOptions { step?: string | string[]; specOut?: string; stress?: string | string[] }

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map(String);

/** The result as --json prints it (the plan stays in the run folder's plan.json). */
export function lookJson(r: LookResult, cwd: string): object {
  const { plan: _plan, ...rest } = r;
  return { ...rest, runDir: path.relative(cwd, r.runDir) || r.runDir };
}

const MAX_LINES = 8;
function section(out: string[], title: string, items: string[], max = MAX_LINES): void {
  if (!items.length) { out.push(`  ${title}: none`); return; }
  out.push(`  ${title}: ${items.length}`);
  for (const i of items.slice(0, max)) out.push(`    ${forTerminal(i, 300)}`);
  if (items.length > max) out.push(`    … and ${items.length - max} more (see --json or the run's report.json)`);
}

function unitLines(u: LookUnit, runRel: string): string[] {
  const out: string[] = [];
  const png = u.screenshot ? path.join(runRel, u.screenshot) : '(no screenshot)';
  out.push(`${u.viewport}${u.size ? ` ${u.size.width}×${u.size.height}` : ''} · ${u.state}: HTTP ${u.httpStatus ?? '—'} · ${forTerminal(png)}`);
  if (u.captureError) out.push(`  capture failed: ${forTerminal(u.captureError, 300)}`);
  // every finding the gate fails on, each named (the sections below are what the capture recorded)
  section(out, 'findings that fail the gate', u.findings.filter((f) => f.fails).map((f) => `${f.severity} ${f.check}: ${f.message}`), Infinity);
  section(out, 'console errors', u.consoleErrors.map((c) => `${c.type === 'pageerror' ? 'uncaught' : 'error'}: ${c.text}${c.location ? ` (${c.location})` : ''}`));
  section(out, 'failed requests', u.failedRequests.map((q) => `${q.status ?? q.failure ?? 'failed'} ${q.url}`));
  out.push(u.overflow.px > 0
    ? `  horizontal overflow: ${u.overflow.px}px${u.overflow.offenders.length ? `, by ${forTerminal(u.overflow.offenders.map((o) => `${o.selector} (+${o.overflowPx}px)`).join(', '), 300)}` : ''}`
    : '  horizontal overflow: none');
  section(out, 'clipped text', u.clippedText.map((c) => `${c.selector}: "${c.text.slice(0, 60)}" (${c.hiddenPx}px hidden)`));
  const of = u.interactive ? ` (of ${u.interactive.total} interactive elements${u.interactive.total > u.interactive.checked ? `, ${u.interactive.checked} measured` : ''})` : '';
  section(out, `interactive elements a user cannot see or reach${of}`, u.unreachable.map((x) => `${x.severity === 'blocker' ? '' : '(partly) '}${x.message}`));
  const warnings = u.findings.filter((f) => !f.fails);
  if (warnings.length) section(out, 'findings that do not fail the gate', warnings.map((f) => `${f.severity} ${f.check}: ${f.message}`));
  return out;
}

/** The gate's verdict in one line: how many findings fail it, or its first reason (an error, an interruption). */
export function lookVerdictLine(r: Pick<LookResult, 'exitCode' | 'failing' | 'blockers' | 'reasons'>): string {
  if (r.exitCode === 0) return 'pass (no finding fails the gate)';
  if (r.failing) return `fail: ${r.failing} finding${r.failing === 1 ? '' : 's'} fail${r.failing === 1 ? 's' : ''} the gate (${r.blockers} blocker${r.blockers === 1 ? '' : 's'})`;
  return `fail: ${forTerminal(r.reasons[0] ?? 'the look was interrupted', 300)}`;
}

export function lookText(r: LookResult, cwd: string): string {
  const runRel = path.relative(cwd, r.runDir) || r.runDir;
  const out: string[] = [`look ${forTerminal(r.url ?? '(route)')} — run ${forTerminal(runRel)}`];
  for (const u of r.units) out.push(...unitLines(u, runRel));
  if (r.specWide.length) section(out, 'findings not tied to one capture that fail the gate', r.specWide.map((f) => `${f.severity} ${f.check}: ${f.message}`), Infinity);
  out.push('checklist (answers from the capture records; check them against the screenshots):');
  for (const c of r.checklist) {
    out.push(`  [${c.answer}] ${forTerminal(c.question)} ${forTerminal(c.detail, 400)}`);
    if (c.files.length) out.push(`      files: ${forTerminal(c.files.map((f) => path.join(runRel, f)).join(', '), 600)}`);
  }
  for (const n of r.notes) out.push(`note: ${forTerminal(n, 400)}`);
  out.push(`veval look: ${lookVerdictLine(r)} — ${forTerminal(path.join(runRel, 'index.html'))}`);
  return out.join('\n') + '\n';
}

export async function cmdLook(target: string, opts: LookFlags): Promise<number> {
  const { look } = await import('../look/index.js');
  if (!target) throw new InputError(['veval look: give a route (/settings) or a URL']);
  const viewports = list(opts.viewport).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  const io = ioOf(opts);
  const cwd = io.cwd;
  const log = io.stderr;
  const { specOutProblem } = await import('../look/spec-out.js');
  const specProblem = opts.specOut ? specOutProblem(path.resolve(cwd, opts.specOut)) : null;
  if (specProblem) throw new InputError([specProblem]);
  const result = await look({
    target: String(target), baseURL: opts.baseUrl, config: opts.config, out: resolved(opts).out, cwd, viewports, steps: list(opts.step),
    stress: list(opts.stress).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean),
    argv: io.argv, log, signal: io.signal,
  });
  if (opts.specOut) {
    const { writeStartingSpec } = await import('../look/spec-out.js');
    const file = writeStartingSpec(result, path.resolve(cwd, opts.specOut), { steps: list(opts.step) });
    log.write(`veval look: wrote a starting spec to ${forTerminal(path.relative(cwd, file))}\n`);
  }
  io.stdout.write(opts.json ? JSON.stringify(lookJson(result, cwd), null, 2) + '\n' : lookText(result, cwd));
  return result.exitCode === 0 ? EXIT.pass : EXIT.fail;
}

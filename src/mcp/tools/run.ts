// run: `veval run` as a tool — the gate verdict, the findings per unit (with ids for explain), the
// checklist and the report's path. Progress is sent per captured unit and per stage; a cancelled
// call stops the run as an interrupt does (browser and app server closed, run marked interrupted).
import path from 'node:path';
import { z } from 'zod';
import { loadProject } from '../../spec/project.js';
import { shown } from '../../core/paths.js';
import { files, unitKey } from '../../core/run.js';
import type { Report } from '../../gate/report-schema.js';
import { FILE_REPORTER_IDS } from '../../report/reporters.js';
import { cliOptions, defineTool, progressOf } from '../tool.js';
import { findingCrop, findingLine, findingsOf, unitId } from '../evidence.js';
import { fitBudget, type WantedImage } from '../images.js';
import { resolveOptions } from '../../cli/resolve.js';

/** Spec names become their files; anything else (a file, folder or glob) is passed as the CLI takes it. */
async function specArgs(args: string[], config: string | undefined, cwd: string): Promise<string[]> {
  if (!args.length) return [];
  const looksLikeName = (a: string) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(a) && !/\.ya?ml$/i.test(a);
  if (!args.some(looksLikeName)) return args;
  const plan = await loadProject({ config, cwd, baseURL: 'http://127.0.0.1/' });
  return args.map((a) => {
    const spec = looksLikeName(a) ? plan.specs.find((s) => s.name === a) : undefined;
    return spec ? path.relative(cwd, path.join(plan.root, spec.file)) : a;
  });
}

export function reportSummary(report: Report, runDir: string, cwd: string) {
  const findings = findingsOf(report);
  const rel = (f: string) => shown(path.join(runDir, f), cwd);
  const specs = report.specs.map((s) => ({
    name: s.name, status: s.status, reasons: s.reasons,
    units: s.units.map((u) => ({
      unit: unitId(s.name, u.state, u.viewport), status: u.status, capture: u.files.capture ? rel(u.files.capture) : null,
      findings: findings.filter((f) => f.spec === s.name && f.state === u.state && f.viewport === u.viewport)
        .map((f) => ({ id: f.id, severity: f.severity, check: f.check, message: f.message, selector: f.evidence?.selector ?? null, fails: f.fails ?? null, effect: f.effect ?? null })),
    })),
    specWide: findings.filter((f) => f.spec === s.name && (!f.state || !f.viewport)).map((f) => ({ id: f.id, severity: f.severity, check: f.check, message: f.message })),
  }));
  const lines: string[] = [
    `run ${report.runId}: ${report.status.toUpperCase()}${report.incomplete ? ' (incomplete: interrupted)' : ''} — exit ${report.exitCode}; report ${rel(files.report)}, summary ${rel('summary.md')}`,
    ...report.reasons.map((r) => `  ${r}`),
  ];
  for (const s of report.specs) {
    lines.push(`${s.name}: ${s.status}${s.reasons.length ? ` — ${s.reasons.join('; ')}` : ''}`);
    for (const u of s.units) {
      const mine = findings.filter((f) => f.spec === s.name && f.state === u.state && f.viewport === u.viewport && f.severity !== 'polish');
      const polish = findings.filter((f) => f.spec === s.name && f.state === u.state && f.viewport === u.viewport && f.severity === 'polish').length;
      lines.push(`  ${unitKey(u.state, u.viewport)}: ${u.status}${u.files.capture ? ` · ${rel(u.files.capture)}` : ''}${polish ? ` · ${polish} polish` : ''}`);
      for (const f of mine) lines.push(`    ${findingLine(f)}`);
    }
    for (const f of findings.filter((x) => x.spec === s.name && (!x.state || !x.viewport))) lines.push(`  ${findingLine(f)}`);
  }
  if (report.checklist.length) {
    lines.push('checklist (answer each from the captures it names; put the answers and files in your done message):');
    for (const c of report.checklist) lines.push(`  [${c.answer}] ${c.question} ${c.detail}${c.files.length ? ` — files: ${c.files.map(rel).join(', ')}` : ''}`);
  }
  if (findings.some((f) => f.severity !== 'polish')) lines.push('pass a finding id to `explain` for its crop, the diff, the DOM excerpt and the check\'s doc');
  return {
    lines,
    data: {
      runId: report.runId, status: report.status, exitCode: report.exitCode, incomplete: report.incomplete, reasons: report.reasons,
      report: rel(files.report), summary: rel('summary.md'), totals: report.totals, specs,
      checklist: report.checklist.map((c) => ({ ...c, files: c.files.map(rel) })),
    },
  };
}

export default defineTool({
  name: 'run',
  title: 'Run the visual gate',
  description: 'Run the project\'s specs like `veval run`: capture every state × viewport, deterministic checks, parity against the approved baselines, the judge when configured, then the gate. Returns the verdict (pass/fail, exit code), the findings per unit with ids for explain, a crop of each blocker, the agent checklist with the capture files it rests on, and the report path. Long: sends progress notifications; cancelling stops the run cleanly.',
  input: z.object({
    specs: z.array(z.string().min(1)).optional().describe('spec names, files, folders or globs (default: every spec)'),
    changed: z.union([z.boolean(), z.string()]).optional().describe('only specs whose inputs changed: true = since the default base (merge base with the default branch), or a git ref'),
    grep: z.string().optional().describe('only specs (or spec/state) whose name matches this regex'),
    viewports: z.array(z.string().min(1)).optional().describe('only these viewports'),
  }),
  readOnly: true,
  async run(a, ctx) {
    const { runSelected } = await import('../../cli/cmd-run.js');
    const specs = await specArgs(a.specs ?? [], ctx.config, ctx.cwd);
    const opts = cliOptions(ctx, ['mcp', 'run', ...specs], { changed: a.changed, grep: a.grep, viewport: a.viewports?.join(',') });
    const res = await runSelected(specs, opts, { onProgress: progressOf(ctx), reporters: [...FILE_REPORTER_IDS] });
    if (!res) return { text: 'nothing changed: no spec\'s inputs changed, so nothing ran (that is a pass)', data: { status: 'pass', nothingChanged: true, exitCode: 0, specs: [] } };
    const { lines, data } = reportSummary(res.report as Report, res.run.runDir, ctx.cwd);
    // the evidence of each blocker that has a box, seen rather than named (explain has the rest)
    const wanted: WantedImage[] = [];
    for (const f of findingsOf(res.report as Report).filter((x) => x.severity === 'blocker' && x.fails !== false)) {
      const c = findingCrop(res.run.runDir, f, 'blocker');
      if (typeof c !== 'string') wanted.push(c);
    }
    const budget = fitBudget(wanted, resolveOptions({ config: ctx.config }, ctx.cwd).mcpMaxImageBytes);
    lines.push(...budget.notes.map((n) => `note: ${n}`));
    return { text: lines.join('\n'), data: { ...data, imageNotes: budget.notes }, images: budget.images };
  },
});

// The reporters (declared once in reporters.ts) and their implementations: file reporters render
// from report.json alone, and one that throws does not stop the others — its failure is printed
// and returned by writeReportsDetailed; live reporters follow a run through one multiplexer.
import path from 'node:path';
import { WriteError } from '../core/errors.js';
import { writeFileAtomic } from '../core/fsx.js';
import type { Report } from '../gate/report-schema.js';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { readReport, typed } from './load.js';
import { renderMarkdown } from './markdown.js';
import { forTerminal } from './terminal.js';
import { createConsoleReporter, type UnitEvent } from './console.js';
import { isReporterId, REPORTER_IDS, reporterFile, type ReporterId } from './reporters.js';

export { createConsoleReporter, type ConsoleReporter, type UnitEvent } from './console.js';
export { FILE_REPORTER_IDS, REPORTER_IDS, REPORTERS, type ReporterId } from './reporters.js';
export { renderHtml, renderJunit, renderMarkdown, readReport };

/** What a file reporter may know besides report.json: where the run folder is. */
export interface RenderContext { runDir: string }

/** A reporter that follows the run as it goes; every hook optional (Playwright's Reporter). */
export interface LiveReporter {
  onStage?(name: string, spec?: string): void;
  onUnit?(u: UnitEvent): void;
  /** `written`: the report files this run wrote (only those are named) */
  onEnd?(report: Report, runDir?: string, written?: string[]): void;
}
export interface LiveContext { stream: NodeJS.WriteStream; signal?: AbortSignal }

/** What a declared reporter does (report/reporters.ts declares the ids): `render` writes its file
 *  from report.json alone; `live` follows a run. Neither: report.json itself, which the gate wrote. */
export interface ReporterImpl {
  render?: (r: Report, ctx: RenderContext) => string;
  live?: (ctx: LiveContext) => LiveReporter;
}
export const REPORTER_IMPLS: { [K in ReporterId]: ReporterImpl } = {
  list: {
    live: ({ stream, signal }) => {
      const c = createConsoleReporter(stream, process.env, { signal });
      return { onStage: c.onStage, onUnit: c.onUnit, onEnd: c.end };
    },
  },
  json: {},
  junit: { render: renderJunit },
  markdown: { render: renderMarkdown },
  html: { render: (r, ctx) => renderHtml(r, { runPath: typed(ctx.runDir) }) },
};

/** One reporter made of many, like Playwright's Multiplexer: each hook is called on every reporter
 *  that has it, in order; one that throws is named on `err` and does not stop the others. */
export function multiplex(reporters: LiveReporter[], err: { write(s: string): unknown } = process.stderr): Required<LiveReporter> {
  const call = <K extends keyof LiveReporter>(hook: K, args: Parameters<Required<LiveReporter>[K]>) => {
    for (const r of reporters) {
      try { (r[hook] as ((...a: unknown[]) => void) | undefined)?.(...args); } catch (e) { err.write(`veval: a reporter failed in ${hook}: ${forTerminal((e as Error)?.message ?? String(e))}\n`); }
    }
  };
  return {
    onStage: (...a) => call('onStage', a),
    onUnit: (...a) => call('onUnit', a),
    onEnd: (...a) => call('onEnd', a),
  };
}

/** The live reporters among `ids` (the console list), plus `extra` hooks, as one. */
export function liveReporters(ids: readonly string[], ctx: LiveContext, extra: LiveReporter[] = []): Required<LiveReporter> {
  const live = REPORTER_IDS.filter((id) => ids.includes(id)).flatMap((id) => REPORTER_IMPLS[id].live?.(ctx) ?? []);
  return multiplex([...live, ...extra]);
}

export interface ReportsOutcome { written: string[]; failures: { reporter: string; error: string }[] }

export function writeReportsDetailed(runDir: string, reporters: string[], err: { write(s: string): unknown } = process.stderr): ReportsOutcome {
  const out: ReportsOutcome = { written: [], failures: [] };
  const fail = (reporter: string, e: unknown) => {
    const error = (e as Error)?.message ?? String(e);
    out.failures.push({ reporter, error });
    err.write(`veval: reporter ${reporter} failed: ${forTerminal(error)}\n`);
  };
  let report: Report;
  try {
    report = readReport(runDir);
  } catch (e) {
    for (const r of reporters) if (reporterFile(r) !== null || !isReporterId(r)) fail(r, e);
    return out;
  }
  for (const name of [...new Set(reporters)]) {
    if (!isReporterId(name)) { fail(name, new Error(`unknown reporter "${name}" (known: ${REPORTER_IDS.join(', ')})`)); continue; }
    const rel = reporterFile(name);
    if (rel === null) continue;   // a live reporter: it has had its say during the run
    const file = path.join(runDir, rel);
    const render = REPORTER_IMPLS[name].render;
    try {
      if (render) writeFileAtomic(file, render(report, { runDir }));
      out.written.push(file);
    } catch (e) {
      fail(name, e);
    }
  }
  return out;
}

/** Reports that were not written fail the run once every reporter had its turn: exit 3, or 1
 *  when the gate failed anyway. A run is never a pass without the reports it was asked for. */
export function failOnUnwritten(failures: ReportsOutcome['failures'], gateStatus: string | null): void {
  if (!failures.length) return;
  const which = failures.map((f) => reporterFile(f.reporter) ?? f.reporter).join(', ');
  throw new WriteError(`${which} not written (the reason is above); a run without the reports asked for does not pass`, gateStatus === 'fail');
}

export function writeReports(runDir: string, reporters: string[]): string[] {
  return writeReportsDetailed(runDir, reporters).written;
}

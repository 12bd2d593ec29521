// Reporters behind one multiplexer: each renders from report.json alone, and one that throws does
// not stop the others — its failure is printed and returned by writeReportsDetailed.
import path from 'node:path';
import { WriteError } from '../core/errors.js';
import { writeFileAtomic } from '../core/fsx.js';
import type { Report } from '../gate/report-schema.js';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { readReport, typed } from './load.js';
import { renderMarkdown } from './markdown.js';
import { forTerminal } from './terminal.js';

export { createConsoleReporter, type ConsoleReporter, type UnitEvent } from './console.js';
export { renderHtml, renderJunit, renderMarkdown, readReport };

/** What a file reporter may know besides report.json: where the run folder is. */
export interface RenderContext { runDir: string }

/** File reporters by name: what they write and how. 'json' is report.json itself (the gate wrote it). */
export const FILE_REPORTERS: Record<string, { file: string; render: ((r: Report, ctx: RenderContext) => string) | null }> = {
  json: { file: 'report.json', render: null },
  markdown: { file: 'summary.md', render: renderMarkdown },
  junit: { file: 'junit.xml', render: renderJunit },
  html: { file: 'index.html', render: (r, ctx) => renderHtml(r, { runPath: typed(ctx.runDir) }) },
};
/** Every file reporter's id, in the order they are written. */
export const FILE_REPORTER_IDS = Object.keys(FILE_REPORTERS);
/** Reporters that write no file here (the CLI drives the console reporter itself). */
const CONSOLE_REPORTERS = new Set(['list', 'console', 'line', 'dot']);

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
    for (const r of reporters) if (!CONSOLE_REPORTERS.has(r)) fail(r, e);
    return out;
  }
  for (const name of [...new Set(reporters)]) {
    if (CONSOLE_REPORTERS.has(name)) continue;
    const rep = FILE_REPORTERS[name];
    if (!rep) { fail(name, new Error(`unknown reporter "${name}" (known: ${[...Object.keys(FILE_REPORTERS), 'list'].join(', ')})`)); continue; }
    const file = path.join(runDir, rep.file);
    try {
      if (rep.render) writeFileAtomic(file, rep.render(report, { runDir }));
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
  const which = failures.map((f) => FILE_REPORTERS[f.reporter]?.file ?? f.reporter).join(', ');
  throw new WriteError(`${which} not written (the reason is above); a run without the reports asked for does not pass`, gateStatus === 'fail');
}

export function writeReports(runDir: string, reporters: string[]): string[] {
  return writeReportsDetailed(runDir, reporters).written;
}

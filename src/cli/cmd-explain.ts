// `veval explain <spec>#<n> | --unit <spec>/<state>-<viewport>`: what the MCP tool `explain` returns
// (src/mcp/tools/explain.ts), for a terminal. The crops it rests on are written as PNG files next to
// the run's captures (<run>/explain/), so a reader opens a file instead of reading image blocks.
import fs from 'node:fs';
import path from 'node:path';
import { EXIT } from '../core/errors.js';
import { writeFileAtomic } from '../core/fsx.js';
import { encodePng } from '../judge/images.js';
import { explain } from '../mcp/tools/explain.js';
import { linesForTerminal } from '../report/terminal.js';
import { typed } from '../report/load.js';
import type { CommonOptions } from './common.js';
import { ioOf } from './common.js';

export interface ExplainOptions extends CommonOptions { unit?: string }

/** A file name for a crop, from what it shows: "checkout-3.crop.png", "checkout-3.diff.png". */
const cropName = (id: string, what: string) => `${id.replace(/[^\w.-]+/g, '-').replace(/-+/g, '-')}.${what}.png`;

export async function cmdExplain(finding: string | undefined, opts: ExplainOptions): Promise<number> {
  const io = ioOf(opts);
  const e = explain({ finding, unit: opts.unit, run: opts.run }, { cwd: io.cwd, config: opts.config });
  const shown = (abs: string) => typed(abs, io.cwd);
  const files: { label: string; file: string }[] = [];
  for (const w of e.wanted) {
    // a whole capture is already a file of the run; a crop is written beside it
    if (w.kind === 'overview') { files.push({ label: w.label, file: shown(path.join(e.runDir, w.file)) }); continue; }
    const cropOf = /^crop of (\S+)/.exec(w.label)?.[1];
    const out = path.join(e.runDir, 'explain', cropOf ? cropName(cropOf, 'crop') : cropName(finding ?? opts.unit ?? 'unit', 'diff'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    writeFileAtomic(out, encodePng(w.raster));
    files.push({ label: w.label, file: shown(out) });
  }
  if (opts.json) {
    io.stdout.write(JSON.stringify({ ...e.data, files, notes: e.notes }, null, 2) + '\n');
    return EXIT.pass;
  }
  // the finding and its DOM excerpt quote the page: every line made safe; the doc is veval's own
  const docAt = e.lines.findIndex((l) => l.startsWith("the check's doc ("));
  const body = docAt < 0 ? e.lines : e.lines.slice(0, docAt + 1);
  const out: string[] = [...linesForTerminal(body.slice(0, docAt < 0 ? undefined : -1))];
  if (files.length) out.push('files:', ...linesForTerminal(files.map((f) => `  ${f.file}  (${f.label})`)));
  out.push(...linesForTerminal(e.notes.map((n) => `note: ${n}`)));
  if (docAt >= 0) out.push(...linesForTerminal([e.lines[docAt]]), ...linesForTerminal(e.lines.slice(docAt + 1).join('\n').split('\n').map((l) => `  ${l}`)));
  io.stdout.write(out.join('\n') + '\n');
  return EXIT.pass;
}

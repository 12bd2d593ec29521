// explain: one finding (or one unit) of a run, with what it rests on — the capture cropped around
// the finding's box, the parity diff at the same place, the DOM excerpt the capture recorded for
// the element, and the check's documentation.
import { placeText } from '../../core/cause-text.js';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import { readArtifact } from '../../core/artifact-read.js';
import { pickRun } from '../../core/run-folder.js';
import { files } from '../../core/run.js';
import { PACKAGE_ROOT } from '../../core/version.js';
import { resolveOptions } from '../../cli/resolve.js';
import { defineTool } from '../tool.js';
import { diffCrop, findingBox, findingCrop, findingLine, findingsOf, overviewImage, readRecord, unitId, type IdFinding } from '../evidence.js';
import { fitBudget, type WantedImage } from '../images.js';

const DOC_CHARS = 1800;

/** docs/checks/<id>.md, up to its first few sections (what the check finds, how it decides). */
export function checkDoc(check: string): string | null {
  const file = path.join(PACKAGE_ROOT, 'docs', 'checks', `${check}.md`);
  if (!/^[a-z0-9-]+$/.test(check) || !fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  return text.length > DOC_CHARS ? `${text.slice(0, DOC_CHARS)}… (docs/checks/${check}.md)` : text;
}

/** What the capture recorded about the finding's element: its role and name, the visibility
 *  verdict, the axe nodes' HTML, the cut text, and the ARIA snapshot lines that name it. */
export function domExcerpt(runDir: string, f: IdFinding): string[] {
  if (!f.state || !f.viewport) return [];
  const rec = readRecord(runDir, f.spec, f.state, f.viewport);
  if (!rec) return [];
  const sel = f.evidence?.selector;
  const out: string[] = [];
  const names: string[] = [];
  const verdict = (v: { level: string; reason: string; box: unknown; coveredBy: { selector: string } | null; clippedBy: { selector: string } | null }) =>
    `visible: ${v.level}${v.reason ? ` — ${v.reason}` : ''}${v.coveredBy ? `; covered by ${v.coveredBy.selector}` : ''}${v.clippedBy ? `; clipped by ${v.clippedBy.selector}` : ''}`;
  const h = rec.interactive?.hidden.find((x) => x.selector === sel);
  if (h) { out.push(`element ${h.selector}: role ${h.role}, name "${h.name}"; ${verdict(h.verdict)}`); if (h.name) names.push(h.name); }
  for (const r of rec.required.filter((x) => sel && (x.selector === sel || x.matchedSelector === sel))) {
    out.push(`required "${r.name}" (${r.selector ?? `text ${r.text}`}${r.matchedText ? `, matched "${r.matchedText}"` : ''}): ${verdict(r.verdict)}`);
    if (r.matchedText) names.push(r.matchedText);
  }
  for (const c of rec.clippedText.filter((x) => x.selector === sel)) out.push(`text in ${c.selector} cut by ${c.hiddenPx}px (${c.axis}): "${c.text.slice(0, 200)}"`);
  for (const o of rec.overflow.offenders.filter((x) => !sel || x.selector === sel).slice(0, 5)) out.push(`overflowing element ${o.selector}: +${o.overflowPx}px`);
  if (f.check === 'axe' && f.rule) {
    const axe = readArtifact('axe', path.join(runDir, files.axe(f.spec, f.state, f.viewport))).value;
    for (const n of axe?.violations.find((v) => v.id === f.rule)?.nodes.slice(0, 3) ?? []) {
      out.push(`axe ${f.rule} node ${JSON.stringify(n.target)}: ${String(n.html ?? '').slice(0, 300)}`);
      if (n.name) names.push(n.name);
    }
  }
  if (f.evidence?.text) names.push(String(f.evidence.text));
  const aria = (rec.aria ?? '').split('\n');
  const hits = new Set<number>();
  for (const n of names.filter((x) => x.length >= 2)) aria.forEach((l, i) => { if (l.includes(n)) for (let k = Math.max(0, i - 1); k <= Math.min(aria.length - 1, i + 1); k++) hits.add(k); });
  if (hits.size) out.push('ARIA snapshot around it:', ...[...hits].sort((a, b) => a - b).slice(0, 12).map((i) => `  ${aria[i]}`));
  return out;
}

export interface ExplainArgs { finding?: string; unit?: string; run?: string }

export interface Explained {
  /** what a reader reads: the run used, the finding or unit, the DOM excerpt, the check's doc */
  lines: string[];
  data: Record<string, unknown>;
  /** the images it rests on, full size (the MCP tool fits them to its byte budget; the CLI writes them) */
  wanted: WantedImage[];
  /** why an image is missing */
  notes: string[];
  runDir: string;
  /** mcp.maxImageBytes of the project */
  maxImageBytes: number;
}

/** One finding (or unit) of a run with what it rests on: `veval explain` and the MCP tool both print this. */
export function explain(a: ExplainArgs, where: { cwd: string; config?: string }): Explained {
  if (!a.finding === !a.unit) throw new InputError(['explain: give either a finding ("<spec>#<n>") or a unit ("<spec>/<state>-<viewport>")']);
  const r = resolveOptions({ config: where.config }, where.cwd);
  const { run, note } = pickRun(r.root, r.out, 'report', a.run, where.cwd);
  const loaded = readArtifact('report', path.join(run.runDir, files.report));
  if (!loaded.value) throw new InputError([`explain: run ${run.runId}'s report.json is ${loaded.problem}`]);
  const report = loaded.value;
  const findings = findingsOf(report);
  const wanted: WantedImage[] = [];
  const lines: string[] = [note];
  const notes: string[] = [];
  const take = (w: WantedImage | string | null) => { if (typeof w === 'string') notes.push(w); else if (w) wanted.push(w); };
  let data: Record<string, unknown>;
  if (a.finding) {
    const f = findings.find((x) => x.id === a.finding);
    if (!f) throw new InputError([`explain: no finding "${a.finding}" in run ${run.runId}; its findings: ${findings.slice(0, 30).map((x) => x.id).join(', ') || 'none'}`]);
    lines.push(findingLine(f));
    const box = findingBox(f);
    if (f.evidence?.file) lines.push(`evidence: ${f.evidence.file}${box ? ` at x=${Math.round(box.x)} y=${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} CSS px` : ''}`);
    take(findingCrop(run.runDir, f));
    take(diffCrop(run.runDir, f));
    if (!box && f.state && f.viewport) take(overviewImage(run.runDir, f.spec, f.state, f.viewport));
    // parity's trace of each changed area to an element, its changed properties and their declarations
    for (const a of f.cause ?? []) {
      lines.push(`cause: ${a.text}`);
      const c = a.causes[0];
      for (const p of [...(c?.props ?? []), ...(c?.via?.props ?? [])]) {
        const at = p.source ?? p.was;
        if (at) lines.push(`  ${at.script ? 'set by' : 'edit'} ${placeText(at)}: ${at.text}  (${p.prop} ${p.before} → ${p.after}${p.source ? '' : ', no longer applies'})`);
      }
    }
    const dom = domExcerpt(run.runDir, f);
    if (dom.length) lines.push('DOM excerpt (from the capture record):', ...dom.map((l) => `  ${l}`));
    const doc = checkDoc(f.check);
    if (doc) lines.push(`the check's doc (docs/checks/${f.check}.md):`, doc);
    data = { runId: run.runId, finding: f, box, dom, doc };
  } else {
    const spec = report.specs.find((s) => s.units.some((u) => unitId(s.name, u.state, u.viewport) === a.unit));
    const u = spec?.units.find((x) => unitId(spec.name, x.state, x.viewport) === a.unit);
    if (!spec || !u) throw new InputError([`explain: no unit "${a.unit}" in run ${run.runId}; its units: ${report.specs.flatMap((s) => s.units.map((x) => unitId(s.name, x.state, x.viewport))).slice(0, 30).join(', ')}`]);
    const mine = findings.filter((f) => f.spec === spec.name && f.state === u.state && f.viewport === u.viewport);
    lines.push(`${a.unit}: ${u.status}${u.parity ? `, parity ${u.parity}` : ''}; ${mine.length} finding(s)`, ...mine.map((f) => `  ${findingLine(f)}`));
    take(overviewImage(run.runDir, spec.name, u.state, u.viewport));
    for (const f of mine.filter((x) => x.severity === 'blocker')) take(findingCrop(run.runDir, f));
    data = { runId: run.runId, unit: { ...u, id: a.unit }, findings: mine };
  }
  return { lines, data, wanted, notes, runDir: run.runDir, maxImageBytes: r.mcpMaxImageBytes };
}

export default defineTool({
  name: 'explain',
  title: 'Explain a finding',
  description: 'Show what one finding rests on: the capture cropped around its box, the parity diff at the same place when the run compared against a baseline, for a parity finding its cause (per changed area: the element, each changed CSS property with both values and the declaration that sets it, file:line and selector, as `edit <file>:<line> (<selector>): <declaration>` lines; "set by script" when a script made it), the DOM excerpt the capture recorded (role, name, visibility verdict, axe node HTML, ARIA snapshot lines) and the check\'s documentation. Give a finding id from run or look ("checkout#3"), or a unit ("checkout/default-mobile") for its whole capture and its findings. Default run: the newest run with a report.',
  input: z.object({
    finding: z.string().min(1).optional().describe('a finding id as run or look list it: "<spec>#<n>"'),
    unit: z.string().min(1).optional().describe('a unit instead: "<spec>/<state>-<viewport>"'),
    run: z.string().min(1).optional().describe('run id (or run folder); default: the newest run with a report.json'),
  }),
  readOnly: true,
  async run(a, ctx) {
    const e = explain(a, { cwd: ctx.cwd, config: ctx.config });
    const budget = fitBudget(e.wanted, e.maxImageBytes);
    const notes = [...e.notes, ...budget.notes];
    const text = [...e.lines, ...notes.map((n) => `note: ${n}`)].join('\n');
    return { text, data: { ...e.data, notes }, images: budget.images };
  },
});

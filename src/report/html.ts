// index.html: a static report (no server, no external resources) that works when the run folder is
// uploaded alone. Per spec: baseline / candidate / diff side by side, a baseline-vs-candidate slider,
// evidence boxes drawn on the capture, findings filterable by severity and check. Every
// page-derived string goes through escapeHtml; the only script allowed (by CSP hash) is ours.
import { createHash } from 'node:crypto';
import type { Report, ReportFinding, SpecReport, UnitReport } from '../gate/report-schema.js';
import { escapeHtml as h, pathUrl } from './escape.js';
import { SCRIPT, STYLE } from './html-assets.js';
import { baselinesWritten, boxLabel, clusterBoxes, SEVERITY_ORDER, shownOnce } from './load.js';

type Box = { x: number; y: number; width: number; height: number };

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');
const CSP = `default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'`;

const pct = (n: number) => `${(Math.round(n * 10000) / 100).toFixed(2)}%`;

/** Evidence boxes are CSS px in document coordinates; the image is device px: place as percentages. */
function boxStyle(u: UnitReport, b: Box | null | undefined): string | null {
  if (!b || !u.image) return null;
  const dsf = u.viewportSize?.deviceScaleFactor || 1;
  const w = u.image.width / dsf, ht = u.image.height / dsf;
  if (!(w > 0 && ht > 0)) return null;
  return `left:${pct(b.x / w)};top:${pct(b.y / ht)};width:${pct(b.width / w)};height:${pct(b.height / ht)}`;
}

const same = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** A finding's boxes with their labels: a parity finding outlines every changed area it lists, not only the largest. */
function findingBoxes(f: ReportFinding): { box: Box; label: string }[] {
  const main = f.evidence?.box ?? null;
  const clusters = clusterBoxes(f);
  if (clusters.length) {
    const all = main && !clusters.some((c) => same(c, main)) ? [main, ...clusters] : clusters;
    return all.map((box, i) => ({ box, label: `changed area ${i + 1} of ${all.length}` }));
  }
  return main ? [{ box: main, label: boxLabel(f) ?? f.check }] : [];
}

function boxesHtml(u: UnitReport, findings: ReportFinding[], index: Map<ReportFinding, number>): string {
  return findings.flatMap((f) => findingBoxes(f).map(({ box, label }) => {
    const style = boxStyle(u, box);
    return style ? `<div class="box" data-finding="${index.get(f)}" data-severity="${h(f.severity)}" data-check="${h(f.check)}" style="${style}" title="${h(`${label} — ${f.check}: ${f.message}`)}"><span class="tag">${h(label)}</span></div>` : '';
  })).join('');
}

const img = (file: string, alt: string) => `<img src="${h(pathUrl(file))}" alt="${h(alt)}">`;

function figure(title: string, file: string | undefined | null, inner = ''): string {
  if (!file) return '';
  return `<figure><figcaption>${h(title)} — <a href="${h(pathUrl(file))}">${h(file)}</a></figcaption><div class="shot">${img(file, title)}${inner}</div></figure>`;
}

function unitBlock(s: SpecReport, u: UnitReport, index: Map<ReportFinding, number>): string {
  const mine = s.findings.filter((f) => f.state === u.state && f.viewport === u.viewport);
  const boxes = boxesHtml(u, mine, index);
  // the diff image has the capture's size: the changed areas belong on it too
  const diffBoxes = boxesHtml(u, mine.filter((f) => clusterBoxes(f).length), index);
  const label = `${u.state} @ ${u.viewport}`;
  const candidate = u.files.capture
    ? figure('candidate', u.files.capture, boxes)
    : `<figure><figcaption>candidate</figcaption><div class="missing">no capture for ${h(label)}: ${h(mine.find((f) => f.check === 'capture')?.message ?? 'missing')}</div></figure>`;
  const slider = u.files.baseline && u.files.capture
    ? `<div class="slide"><div class="compare">${img(u.files.capture, 'candidate')}<div class="top">${img(u.files.baseline, 'baseline')}</div></div><input type="range" min="0" max="100" value="50" data-slider aria-label="baseline / candidate slider for ${h(label)}"></div>`
    : '';
  return `<div class="unit" data-unit="${h(`${u.state}-${u.viewport}`)}"><h3>${h(label)} — <span class="${u.status === 'pass' ? 'pass' : 'fail'}">${h(u.status)}</span></h3>
<div class="figs">${figure('baseline', u.files.baseline)}${candidate}${figure('diff', u.files.diff, diffBoxes)}</div>${slider}</div>`;
}

function findingItem(f: ReportFinding, i: number, units: string): string {
  const ev = f.evidence ?? { file: null };
  const label = boxLabel(f);
  const areas = clusterBoxes(f).length;
  const parts = [
    label ? ` <code>${h(label)}</code>` : '',
    ev.text ? ` <span class="quote">“${h(ev.text)}”</span>` : '',
    ev.box ? ` <small>box ${Math.round(ev.box.x)},${Math.round(ev.box.y)} ${Math.round(ev.box.width)}×${Math.round(ev.box.height)}${areas > 1 ? ` (largest of ${areas} changed areas, all outlined)` : ''}</small>` : '',
    f.rule ? ` <small>rule ${h(f.rule)}${f.impact ? ` (${h(f.impact)})` : ''}</small>` : '',
    ev.file ? ` <a href="${h(pathUrl(ev.file))}">${h(ev.file)}</a>` : '',
  ].join('');
  return `<li class="finding" id="finding-${i}" data-severity="${h(f.severity)}" data-check="${h(f.check)}"><span class="sev ${h(f.severity)}">${h(f.severity)}</span> <b>${h(f.check)}</b> <small>${h(units)}</small> <span class="msg">${h(f.message)}</span>${parts}</li>`;
}

function specSection(s: SpecReport, counter: { n: number }): string {
  const index = new Map<ReportFinding, number>();
  // one problem seen in several captures is listed once; each unit's boxes link to that item
  const ordered = SEVERITY_ORDER.flatMap((sev) => shownOnce(s.findings.filter((f) => f.severity === sev)));
  for (const g of ordered) { const n = counter.n++; for (const f of g.all) index.set(f, n); }
  const list = (items: string[]) => (items.length ? `<ul>${items.map((r) => `<li>${h(r)}</li>`).join('')}</ul>` : '');
  const n = (v: number | null) => (v === null ? '–' : String(v));
  const written = baselinesWritten(s);
  return `<section class="spec" id="spec-${h(s.name)}"><h2>${h(s.name)} — <span class="${s.status}">${h(s.status.toUpperCase())}</span></h2>
<p>score ${n(s.score)} (structural ${n(s.scores.structural)}, aesthetic ${n(s.scores.aesthetic)}) · <code>${h(s.file)}</code>${s.url ? ` · <code>${h(s.url)}</code>` : ''}</p>
${written.length ? `<p class="baselines">baselines written: ${written.map((f) => `<code>${h(f)}</code>`).join(', ')}</p>` : ''}${s.reasons.length ? `<h4>Why it fails</h4>${list(s.reasons)}` : ''}${s.warnings.length ? `<h4>Warnings</h4>${list(s.warnings)}` : ''}${s.notes?.length ? `<h4>Not checked</h4>${list(s.notes)}` : ''}
<h4>Findings (${ordered.length})</h4><ul class="findings">${ordered.map((g) => findingItem(g.finding, index.get(g.finding)!, g.units)).join('')}</ul>
${s.units.map((u) => unitBlock(s, u, index)).join('\n')}</section>`;
}

export function renderHtml(r: Report): string {
  const checks = [...new Set(r.specs.flatMap((s) => s.findings.map((f) => f.check)))].sort();
  const counter = { n: 0 };
  const checklist = r.checklist.map((c) => `<tr><td>${h(c.question)}</td><td class="${c.ok === false ? 'fail' : c.ok ? 'pass' : ''}">${h(c.answer)}</td><td>${h(c.detail)}</td><td>${c.files.slice(0, 6).map((f) => `<a href="${h(pathUrl(f))}">${h(f)}</a>`).join(' ')}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${h(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>veval ${h(r.status)} — ${h(r.runId)}</title><style>${STYLE}</style></head>
<body><h1>veval: <span class="${r.status}">${h(r.status.toUpperCase())}</span></h1>
<p>${r.totals.failed} of ${r.totals.specs} specs failed · ${r.totals.findings.blocker} blocker, ${r.totals.findings.important} important, ${r.totals.findings.polish} polish · run <code>${h(r.runId)}</code> · git <code>${h(r.git.sha ?? 'uncommitted')}</code> · scoring v${r.scoring.version}${r.incomplete ? ' · <b>incomplete run</b>' : ''}</p>
${r.reasons.length ? `<ul>${r.reasons.map((x) => `<li>${h(x)}</li>`).join('')}</ul>` : ''}
<div class="filters">${SEVERITY_ORDER.map((s) => `<label><input type="checkbox" data-filter-severity value="${s}" checked> ${s}</label>`).join('')}
<label>check <select id="filter-check"><option value="">all</option>${checks.map((c) => `<option value="${h(c)}">${h(c)}</option>`).join('')}</select></label></div>
<h2>Agent checklist</h2><table><tr><th>question</th><th>answer</th><th>detail</th><th>captures</th></tr>${checklist}</table>
${r.specs.map((s) => specSection(s, counter)).join('\n')}
<script>${SCRIPT}</script></body></html>
`;
}

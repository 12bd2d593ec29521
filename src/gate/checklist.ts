// The agent checklist (issue 7): the questions an agent must answer from the captures, with the
// machine's answer where the capture records decide it, 'unknown' where they cannot, and the
// capture files each answer rests on. Where a check decides the same question (overflow,
// text-clipped, console), the answer reads the facts and options that check used — its findings
// when it ran, its tolerance — so that it never contradicts the verdict: an overflow within the
// check's tolerancePx is "no overflow", a console error the user's console.ignore names is no error.
import { viewportLabel } from '../core/engines.js';
import type { Box, CaptureRecord, Finding } from '../core/artifacts.js';
import { files } from '../core/run.js';
import { checkIn, mobileMaxWidthIn } from '../checks/registry.js';
import { compileRegexes } from '../checks/lib/text.js';
import type { SpecPlan } from '../spec/plan.js';
import type { SpecArtifacts } from './read.js';
import type { ChecklistItem } from './report-schema.js';

/** `failed`: why veval has no trustworthy capture of the unit (null when it has one); `findings`:
 *  its spec's findings on it; `ran`: the checks whose result for its spec is in checks.json (pass or fail). */
interface Unit { spec: SpecPlan; state: string; viewport: string; record: CaptureRecord | null; file: string; failed: string | null; findings: Finding[]; ran: Set<string> }

const label = (u: Unit) => `${u.spec.name} ${u.state} @ ${viewportLabel(u.viewport)}`;
const uniq = (xs: string[]) => [...new Set(xs)];
const MAX = 8;
const join = (xs: string[]) => (xs.length > MAX ? [...xs.slice(0, MAX), `… and ${xs.length - MAX} more`] : xs).join('; ');

function item(id: string, question: string, good: 'yes' | 'no', answer: ChecklistItem['answer'], detail: string, fileList: string[]): ChecklistItem {
  return { id, question, answer, ok: answer === 'unknown' ? null : answer === good, detail, files: uniq(fileList) };
}

const captured = (units: Unit[]) => units.filter((u) => !u.failed);
/** Only captures that exist may be cited: a failed unit's PNG path names nothing. */
const cite = (units: Unit[]) => captured(units).map((u) => u.file);
const failedDetail = (failed: Unit[]) => `no capture of ${join(failed.map((u) => `${label(u)} (${u.failed})`))}`;

/** Units without a trustworthy capture (record missing, capture failed, PNG missing) make an otherwise clean answer unknown. */
function clean(units: Unit[], id: string, question: string, good: 'yes' | 'no', cleanDetail: string): ChecklistItem {
  const failed = units.filter((u) => u.failed);
  if (!units.length) return item(id, question, good, 'unknown', 'no captures in this run', []);
  if (failed.length) return item(id, question, good, 'unknown', `${failedDetail(failed)}: veval cannot answer for them; capture them again`, cite(units));
  return item(id, question, good, good, cleanDetail, cite(units));
}

function textProblems(units: Unit[], findings: Finding[]): ChecklistItem {
  const q = 'Is any text clipped or overlapping?';
  const hits: { text: string; file: string }[] = [];
  // the record's clipped text where the text-clipped check is off (where it ran, its findings say it)
  for (const u of units) if (!u.ran.has('text-clipped')) for (const c of u.record?.clippedText ?? []) hits.push({ text: `${label(u)}: "${c.text.slice(0, 60)}" clipped (${c.selector}, ${c.hiddenPx}px hidden)`, file: u.file });
  for (const f of findings) if (f.check === 'overlap' || f.check === 'text-clipped') hits.push({ text: `${f.check}${f.state ? ` ${f.state} @ ${f.viewport}` : ''}: ${f.message}`, file: f.evidence?.file ?? '' });
  const real = new Set(cite(units));
  if (hits.length) return item('text-clipped-or-overlapping', q, 'no', 'yes', join(uniq(hits.map((h) => h.text))), hits.map((h) => h.file).filter((f) => real.has(f)));
  return clean(units, 'text-clipped-or-overlapping', q, 'no', 'no clipped text in any capture record and no overlap finding');
}

/** Overflow up to this many px is no overflow: the overflow check's tolerancePx (its default when the check is off). */
function tolerance(spec: SpecPlan): number {
  const t = Number(checkIn(spec, 'overflow').options.tolerancePx ?? 0);
  return Number.isFinite(t) ? t : 0;
}
const overflows = (u: Unit) => (u.record?.overflow?.overflowPx ?? 0) > tolerance(u.spec);

function overflow(units: Unit[]): ChecklistItem {
  const q = 'Is horizontal overflow false at every viewport? If not, which element?';
  const bad = units.filter(overflows);
  if (bad.length) {
    const detail = bad.map((u) => {
      const offenders = u.record!.overflow.offenders.filter((o) => o.overflowPx > tolerance(u.spec)).slice(0, 3).map((o) => `${o.selector} (+${o.overflowPx}px)`).join(', ');
      return `${label(u)}: ${u.record!.overflow.overflowPx}px wider than the viewport${offenders ? `, by ${offenders}` : ''}`;
    });
    return item('no-horizontal-overflow', q, 'yes', 'no', join(detail), cite(bad));
  }
  return clean(units, 'no-horizontal-overflow', q, 'yes', 'no capture is wider than its viewport');
}

function interactive(units: Unit[], runFiles: (u: Unit) => string[]): ChecklistItem {
  const q = 'Are all changed interactive elements inside the viewport?';
  const out: string[] = [];
  const bad: Unit[] = [];
  for (const u of units) for (const r of u.record?.required ?? []) {
    const v = r.verdict;
    if (v.present && (v.offscreenX !== 0 || !v.reachable)) {
      out.push(`${label(u)}: ${r.name} ${v.offscreenX !== 0 ? `is ${Math.abs(v.offscreenX)}px outside the viewport horizontally` : 'cannot be scrolled fully into view'}`);
      bad.push(u);
    }
  }
  // veval look measured every interactive element (record.interactive): the answer is known
  const looked = captured(units);
  if (looked.length && looked.every((u) => u.record?.interactive)) {
    for (const u of looked) for (const h of u.record!.interactive!.hidden) {
      if (h.verdict.level !== 'none') continue;
      out.push(`${label(u)}: ${h.role}${h.name ? ` "${h.name.slice(0, 40)}"` : ''} (${h.selector}) cannot be seen or reached`);
      bad.push(u);
    }
    const failed = units.filter((u) => u.failed);
    if (out.length) return item('interactive-in-viewport', q, 'yes', 'no', join(uniq(out)), cite(bad));
    if (!failed.length) {
      const n = looked.reduce((s, u) => s + u.record!.interactive!.checked, 0);
      return item('interactive-in-viewport', q, 'yes', 'yes', `each of the ${n} interactive elements measured across the captures can be seen and reached (interactive-reachable)`, cite(looked));
    }
  }
  if (out.length) return item('interactive-in-viewport', q, 'yes', 'no', join(out), cite(bad));
  const n = units.reduce((s, u) => s + (u.failed ? 0 : u.record?.required.length ?? 0), 0);
  const failed = units.filter((u) => u.failed);
  return item('interactive-in-viewport', q, 'yes', 'unknown',
    `${failed.length ? `${failedDetail(failed)}; ` : ''}${n} required element checks found nothing outside the viewport; veval does not know which interactive elements your change touched: look at the captures and diffs listed`,
    captured(units).flatMap(runFiles));
}

/** A region narrower than 60% of the screen with nothing beside it: content squeezed into a column. */
function collapsed(boxes: [string, Box][], width: number): string[] {
  const beside = (a: Box, b: Box) => a !== b && a.y < b.y + b.height && b.y < a.y + a.height && (b.x >= a.x + a.width - 1 || a.x >= b.x + b.width - 1);
  return boxes.filter(([, b]) => b.width < 0.6 * width && !boxes.some(([, o]) => beside(b, o))).map(([n, b]) => `${n} is ${Math.round(b.width)}px wide in a ${width}px screen with nothing beside it`);
}

function mobileLayout(units: Unit[]): ChecklistItem {
  const q = 'Does the mobile capture show a layout rather than a collapsed column?';
  const width = (u: Unit) => u.record?.viewport.width ?? u.spec.viewports.find((v) => v.name === u.viewport)?.width ?? Infinity;
  // mobile as the overflow check counts it (its mobileMaxWidth option, else the spec's)
  const mobileMax = (u: Unit) => mobileMaxWidthIn(u.spec);
  const all = units.filter((u) => width(u) < mobileMax(u));
  const mobile = captured(all), failed = all.filter((u) => u.failed);
  if (!all.length) return item('mobile-layout', q, 'yes', 'unknown', 'no mobile-width capture in this run', []);
  const bad: string[] = [], badFiles: string[] = [], unsure: string[] = [];
  for (const u of mobile) {
    const r = u.record!;
    const boxes = Object.entries(r.regions ?? {}).filter(([, v]) => v.box && v.box.width > 0 && v.box.height > 0).map(([n, v]) => [n, v.box!] as [string, Box]);
    const problems = overflows(u) ? [`page is ${r.overflow.overflowPx}px wider than the screen`] : collapsed(boxes, r.viewport.width);
    if (problems.length) { bad.push(`${label(u)}: ${problems.join(', ')}`); badFiles.push(u.file); } else if (boxes.length < 2) unsure.push(label(u));
  }
  if (bad.length) return item('mobile-layout', q, 'yes', 'no', join(bad), badFiles);
  if (failed.length) return item('mobile-layout', q, 'yes', 'unknown', `${failedDetail(failed)}: veval cannot answer for them; capture them again`, cite(mobile));
  if (unsure.length) return item('mobile-layout', q, 'yes', 'unknown', `fewer than two declared regions to compare in ${join(unsure)}: look at the mobile captures`, mobile.map((u) => u.file));
  return item('mobile-layout', q, 'yes', 'yes', 'every declared region spans the screen or sits beside another, and nothing overflows', mobile.map((u) => u.file));
}

function consoleErrors(units: Unit[]): ChecklistItem {
  const q = 'Are console errors empty?';
  // every error the capture recorded but those the user told the console check to ignore: a line
  // the check leaves to another (a failed resource load is the requests check's) is still an error
  // the console shows, so never "yes" beside a look that lists it (issue 55)
  const ignoreOf = (u: Unit): RegExp[] => {
    try { return compileRegexes(checkIn(u.spec, 'console').options.ignore as string[] | undefined, 'console.ignore'); } catch { return []; }
  };
  const errorsOf = (u: Unit): string[] => {
    const ignore = ignoreOf(u);
    return (u.record?.console ?? []).map((c) => c.text).filter((t) => !ignore.some((re) => re.test(t)));
  };
  const counted = (u: Unit): number => u.findings.filter((f) => f.check === 'console').length;
  const bad = units.filter((u) => errorsOf(u).length > 0);
  if (bad.length) {
    const detail = bad.map((u) => {
      const n = errorsOf(u).length, apart = u.ran.has('console') ? Math.max(0, n - counted(u)) : 0;
      return `${label(u)}: ${n} (first: ${errorsOf(u)[0].slice(0, 120)})${apart ? `, ${apart} of them not a console finding (a failed resource load, which requests reports, or caused by veval's emulation)` : ''}`;
    });
    return item('console-errors-empty', q, 'yes', 'no', join(detail), cite(bad));
  }
  return clean(units, 'console-errors-empty', q, 'yes', 'no console error or page error in any capture');
}

export function buildChecklist(specs: { spec: SpecPlan; artifacts: SpecArtifacts; findings: Finding[]; diffs: string[] }[]): ChecklistItem[] {
  const units: Unit[] = specs.flatMap(({ spec, artifacts, findings }) => {
    const ran = new Set((artifacts.checks.value ?? []).filter((c) => c.status === 'pass' || c.status === 'fail').map((c) => c.check));
    return artifacts.units.map((u) => {
      const r = u.record.value;
      const failed = !r ? `record ${u.record.problem}` : !r.ok ? `capture failed${r.error ? `: ${r.error.reason}` : ''}` : !u.captureExists ? 'screenshot missing' : null;
      const file = r?.screenshot ? `${spec.name}/${r.screenshot}` : files.capture(spec.name, u.state, u.viewport);
      return { spec, state: u.state, viewport: u.viewport, record: r, file, failed, findings: findings.filter((f) => f.state === u.state && f.viewport === u.viewport), ran };
    });
  });
  const findings = specs.flatMap((s) => s.findings);
  const diffs = new Set(specs.flatMap((s) => s.diffs));
  const withDiff = (u: Unit) => [u.file, ...[files.diff(u.spec.name, u.state, u.viewport)].filter((d) => diffs.has(d))];
  return [textProblems(units, findings), overflow(units), interactive(units, withDiff), mobileLayout(units), consoleErrors(units)];
}

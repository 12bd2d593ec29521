// junit.xml: one testcase per spec × state × viewport, plus a spec-level case for spec-wide
// findings and fail-closed reasons, so CI test views show exactly which capture failed and why.
import { viewportLabel } from '../core/engines.js';
import type { Report, ReportFinding, SpecReport, UnitReport } from '../gate/report-schema.js';
import { escapeXml } from './escape.js';
import { baselinesWritten, EFFECT_WORDS, SEVERITY_ORDER, unitLabel, scoreText } from './load.js';

const secs = (ms: number | null | undefined) => ((ms ?? 0) / 1000).toFixed(3);
/** A unit's capture time as report.json carries it (units[].ms), or null. */
const unitMs = (u: UnitReport): number | null => {
  const ms = (u as UnitReport & { ms?: unknown }).ms;
  return typeof ms === 'number' ? ms : null;
};
const failingLine = (f: ReportFinding) => `[${f.severity}] ${f.check} (${unitLabel(f)}): ${f.message}${f.evidence?.file ? ` — ${f.evidence.file}` : ''}`;

/** `ms`: the unit's capture time; when report.json has none the attribute is left out rather than claiming 0. */
function testcase(classname: string, name: string, failures: string[], message: string, out: string[], error = false, ms: number | null = null): string {
  const time = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ` time="${secs(ms)}"` : '';
  const head = `    <testcase classname="${escapeXml(classname)}" name="${escapeXml(name)}"${time}>`;
  const tag = error ? 'error' : 'failure';
  const body = failures.length ? `\n      <${tag} message="${escapeXml(message)}" type="veval">${escapeXml(failures.join('\n'))}</${tag}>` : '';
  const sysout = out.length ? `\n      <system-out>${escapeXml(out.join('\n'))}</system-out>` : '';
  return `${head}${body}${sysout}\n    </testcase>`;
}

function suite(s: SpecReport): { xml: string; tests: number; failures: number; errors: number } {
  // the gate stamped each finding and unit with its effect: rendered here, never decided again
  const cases: string[] = [];
  let failures = 0, errors = 0;
  for (const u of s.units) {
    const mine = SEVERITY_ORDER.flatMap((sev) => s.findings.filter((f) => f.severity === sev && f.state === u.state && f.viewport === u.viewport));
    const bad = mine.filter((f) => f.fails).map(failingLine);
    const warn = mine.filter((f) => !f.fails).map((f) => `${EFFECT_WORDS[f.effect] || f.effect}: ${failingLine(f)}`);
    const isError = u.status === 'error';
    if (u.fails && !bad.length) bad.push(`${u.state} @ ${viewportLabel(u.viewport)}: ${u.status}`);
    if (isError) errors++; else if (bad.length) failures++;
    cases.push(testcase(s.name, `${u.state} @ ${viewportLabel(u.viewport)}`, bad, bad.length ? `${bad.length} failing finding(s): ${bad[0]}` : '', warn, isError, unitMs(u)));
  }
  // spec-wide: findings about no single capture, and reasons not tied to a finding (missing files, minScore)
  const wide = s.findings.filter((f) => f.state === null && f.viewport === null);
  const bad = [...wide.filter((f) => f.fails).map(failingLine), ...s.otherReasons];
  if (bad.length) failures++;
  const written = baselinesWritten(s);
  const out = [scoreText(s), ...(written.length ? [`baselines written: ${written.join(', ')}`] : [])];
  cases.push(testcase(s.name, 'spec', bad, bad.length ? bad[0] : '', out));
  const ms = Object.values(s.stages).reduce((a, st) => a + (st.ms ?? 0), 0);
  const xml = `  <testsuite name="${escapeXml(s.name)}" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${secs(ms)}">\n${cases.join('\n')}\n  </testsuite>`;
  return { xml, tests: cases.length, failures, errors };
}

export function renderJunit(r: Report): string {
  const suites = r.specs.map(suite);
  const sum = (k: 'tests' | 'failures' | 'errors') => suites.reduce((a, s) => a + s[k], 0);
  const run = r.reasons.length
    ? [`  <testsuite name="veval run" tests="1" failures="1" errors="0" time="0">\n${testcase('veval', 'run', r.reasons, r.reasons[0], [])}\n  </testsuite>`]
    : [];
  const extra = run.length ? 1 : 0;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="veval" tests="${sum('tests') + extra}" failures="${sum('failures') + extra}" errors="${sum('errors')}" time="${secs(r.durationMs)}">\n${[...run, ...suites.map((s) => s.xml)].join('\n')}\n</testsuites>\n`;
}

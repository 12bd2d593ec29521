// What the checks found on stress units (spec stress:, issue 61), made stress findings: only what
// the stress broke — a finding its plain unit has too (a designed ellipsis, a row already too wide)
// stays the plain unit's — named with the WCAG criterion, at the stress's severity (important by
// default, an exception to the checks' own), with the declaration behind it from the unit's CSS record.
import type { CheckResult, CssRecord, Finding } from '../../core/artifacts.js';
import { STRESS, STRESS_CHECKS, type StressPlan } from '../../core/stress.js';
import type { SpecPlan } from '../../spec/plan.js';

/** What to look up per stress unit: its CSS record, and a stylesheet URL as the file a user edits. */
export interface StressSources {
  css(state: string, viewport: string): CssRecord | null;
  fileOf(url: string): string;
}

type Rule = NonNullable<NonNullable<Finding['stress']>['rule']>;

/** The properties that make a box cut or push text, most telling first: by the way it broke. */
function culprits(f: Finding): string[] {
  if (f.check === 'overflow') return ['width', 'min-width', 'white-space', 'flex-wrap', 'flex-shrink'];
  if (f.check === 'text-clipped' && f.evidence.axis === 'x') return ['width', 'max-width', 'white-space', 'overflow-x', 'flex-shrink'];
  if (f.check === 'text-clipped') return ['height', 'max-height', 'overflow-y', 'line-height'];
  return ['height', 'max-height', 'width', 'max-width', 'white-space', 'position', 'overflow-y', 'overflow-x'];
}

/** The same problem in the plain unit: same check, viewport and element (or required entry) — the
 *  element itself, not only the box it runs out of (another label leaving the same nav is another
 *  break). The page's overflow is one problem of the page, whichever element sticks out first. */
const sameKey = (f: Finding) => `${f.check}\u0000${f.viewport}\u0000${f.check === 'overflow' ? ''
  : [f.evidence.within, f.evidence.selector ?? f.evidence.name ?? f.evidence.required].map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v ?? ''))).join('\u0000')}`;

/** The declaration that sets a culprit property on the finding's element, or the box that clips it. */
export function ruleBehind(rec: CssRecord | null, f: Finding, fileOf: (url: string) => string): { rule: Rule | null; values: string[] } {
  if (!rec) return { rule: null, values: [] };
  const sels = [f.evidence.within, f.evidence.selector].filter((s): s is string => typeof s === 'string');
  for (const sel of sels) {
    const el = rec.elements.find((e) => e.key === sel) ?? rec.elements.find((e) => e.key.endsWith(sel));
    if (!el) continue;
    const props = culprits(f);
    // what the box is, in the words of its computed values: "width: 190px, white-space: nowrap, overflow: hidden"
    const own = (p: string) => el.values[p];
    const shown = props.filter((p) => own(p) !== undefined && !/^overflow-/.test(p)).slice(0, 3).map((p) => `${p}: ${own(p)}`);
    const ov = [own('overflow-x'), own('overflow-y')];
    if (ov[0] && ov[0] === ov[1]) shown.push(`overflow: ${ov[0]}`);
    else for (const [i, v] of ov.entries()) if (v && props.includes(i ? 'overflow-y' : 'overflow-x')) shown.push(`overflow-${i ? 'y' : 'x'}: ${v}`);
    for (const p of props) {
      const i = el.rules?.[p];
      if (i === undefined) continue;
      const s = rec.sources[i];
      if (!s) continue;
      return { rule: { file: fileOf(s.url), line: s.line, column: s.column, selector: s.selector, kind: s.kind, text: s.text, ...(s.script ? { script: true } : {}) }, values: shown };
    }
    return { rule: null, values: shown };
  }
  return { rule: null, values: [] };
}

const place = (r: Rule) => `${r.file}${r.line !== null ? `:${r.line}${r.column !== null ? `:${r.column}` : ''}` : ''}`;

function stressed(f: Finding, st: StressPlan, src: StressSources): Finding {
  const info = STRESS[st.variant];
  const { rule, values } = ruleBehind(f.viewport ? src.css(f.state!, f.viewport) : null, f, src.fileOf);
  const by = rule ? `, set by ${rule.text} in ${place(rule)}` : '';
  const what = values.length ? ` (${values.join(', ')})` : '';
  return {
    ...f, severity: st.severity,
    // the marks that keep rewritten text matchable are invisible in a page, not in a terminal
    message: `with ${info.words}, ${f.message.replace(/\u034F/g, '')}${what}${by}`,
    stress: { variant: st.variant, of: st.of, criterion: info.criterion, rule },
  };
}

/** The check results with stress units' findings made stress findings (or left to the plain unit). */
export function stressResults(spec: SpecPlan, results: CheckResult[], src: StressSources): CheckResult[] {
  const stress = new Map(spec.states.flatMap((s) => (s.stress ? [[s.name, s.stress] as const] : [])));
  if (!stress.size) return results;
  return results.map((r) => {
    if (r.check === 'capture') return r;   // a stress unit that failed fails closed like any unit
    const plain = new Set(r.findings.filter((f) => !f.state || !stress.has(f.state)).map((f) => `${f.state}\u0000${sameKey(f)}`));
    const findings = r.findings.flatMap((f) => {
      const st = f.state ? stress.get(f.state) : undefined;
      if (!st) return [f];
      if (!STRESS_CHECKS.includes(r.check) || plain.has(`${st.of}\u0000${sameKey(f)}`)) return [];
      return [stressed(f, st, src)];
    });
    if (findings.length === r.findings.length && findings.every((f, i) => f === r.findings[i])) return r;
    const status = r.status === 'error' || r.status === 'skipped' ? r.status : findings.some((f) => !f.effect) ? 'fail' : 'pass';
    return { ...r, findings, status };
  });
}

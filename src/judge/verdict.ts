// The judge's answer: strict JSON schema (sent to the model and checked again with ajv), then
// evidence verification against what was actually sent and what the page actually says. A model's
// word is never enough: an unverifiable citation turns the whole result into FAIL_EVIDENCE.
import { Ajv } from 'ajv';
import type { Finding, Severity } from '../core/artifacts.js';
import type { JudgeInputs } from './inputs.js';
import { quoteFound } from './quote.js';

const nullableString = { type: ['string', 'null'] };
/** Sent as response_format (OpenAI strict mode: every key required, nullable where optional). */
export const VERDICT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'findings'],
  properties: {
    status: { type: 'string', enum: ['pass', 'fail', 'FAIL_EVIDENCE'] },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['severity', 'evidence', 'issue', 'impact', 'fix'],
        properties: {
          severity: { type: 'string', enum: ['blocker', 'important', 'polish'] },
          evidence: {
            type: 'object',
            additionalProperties: false,
            required: ['file', 'region', 'quote'],
            properties: { file: { type: 'string' }, region: nullableString, quote: nullableString },
          },
          issue: { type: 'string' },
          impact: { type: 'string' },
          fix: { type: 'string' },
        },
      },
    },
  },
} as const;

export interface RawFinding { severity: Severity; evidence: { file: string; region?: string | null; quote?: string | null }; issue: string; impact: string; fix: string }
export interface Verdict { status: 'pass' | 'fail' | 'FAIL_EVIDENCE'; findings: RawFinding[] }

// Servers that do not honour strict mode may omit the nullable keys: accept that, nothing looser.
const lenient = structuredClone(VERDICT_SCHEMA) as any;
lenient.properties.findings.items.properties.evidence.required = ['file'];
const validate = new Ajv({ allErrors: true, strict: false }).compile<Verdict>(lenient);

/** Parses and validates; throws with a short reason ("invalid JSON: …", "schema violation: …"). */
export function parseVerdict(content: string): Verdict {
  let data: unknown;
  // Many OpenAI-compatible servers wrap the JSON in one Markdown fence even when a schema is
  // requested; only a reply that is exactly one fenced block is unwrapped. Schema and evidence
  // checks apply in full either way.
  const fenced = /^\s*```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```\s*$/i.exec(content);
  try { data = JSON.parse(fenced ? fenced[1] : content); } catch (err) { throw new Error(`invalid JSON from the judge: ${(err as Error).message}`); }
  if (!validate(data)) {
    const e = validate.errors?.[0];
    throw new Error(`judge answer violates the schema: ${e?.instancePath || '/'} ${e?.message ?? ''}`.trim());
  }
  return data;
}

const PRAISE = /\b(looks? (great|good|nice|clean|polished|professional)|well[- ](designed|done|organi[sz]ed|structured)|excellent|nicely|works well|is (clear|great|good|intuitive)|no (issues?|problems?|defects?)( (found|detected|observed))?)\b/i;
const DEFECT = /\b(not|missing|cut off|clipped|overlap\w*|hidden|cover\w*|unclear|confus\w*|hard|cannot|can't|broken|wrong|incorrect|truncat\w*|contrast|misalign\w*|inconsistent|overflow\w*|fail\w*|error|lacks?|unreadable|illegible)\b/i;
const REDESIGN = /\b(re-?design\w*|overhaul\w*|rebrand\w*|complete(ly)? (rework|rethink|restructure|change)\w*|new (layout|design|colou?r scheme|visual style|look)|(a )?different (layout|design|visual style))\b/i;

export const isPraise = (f: RawFinding) => PRAISE.test(`${f.issue} ${f.impact}`) && !DEFECT.test(`${f.issue} ${f.impact}`);
export const isRedesign = (f: RawFinding) => REDESIGN.test(`${f.fix} ${f.issue}`);

export interface Checked {
  status: 'pass' | 'fail' | 'FAIL_EVIDENCE';
  reason: string | null;
  findings: Finding[];
  dropped: { praise: number; redesign: number };
}

/** Verifies every citation and derives the judge status (never looser than the model's). */
export function checkVerdict(v: Verdict, inputs: JudgeInputs, regionNames: string[]): Checked {
  const sent = new Map<string, { state: string | null; viewport: string | null; capture: string | null; region: string | null; box: unknown }>();
  for (const i of inputs.images) sent.set(i.name, { state: i.state, viewport: i.viewport, capture: i.capture, region: i.region, box: i.box });
  for (const t of inputs.texts) {
    const u = inputs.units.find((x) => x.state === t.state && x.viewport === t.viewport);
    sent.set(t.name, { state: t.state, viewport: t.viewport, capture: u?.capture ?? null, region: null, box: null });
  }
  const dropped = { praise: 0, redesign: 0 };
  const findings: Finding[] = [];
  const problems: string[] = [];
  for (const f of v.findings) {
    if (isPraise(f)) { dropped.praise++; continue; }
    if (isRedesign(f)) { dropped.redesign++; continue; }
    // input names are unique within a spec, so a folder the model puts in front (./, checkout/,
    // evals/<run>/checkout/) does not change which input it means; the name itself must match
    const cited = f.evidence.file.trim().replace(/^["'`]+|["'`]+$/g, '');
    const ref = sent.get(cited) ?? sent.get(cited.split(/[\\/]/).pop()!);
    const region = f.evidence.region ?? null;
    const quote = f.evidence.quote ?? null;
    const why: string[] = [];
    if (!ref) why.push(`cites "${f.evidence.file}", which was not sent`);
    if (region !== null && !regionNames.includes(region)) why.push(`cites region "${region}", which the spec does not declare`);
    if (quote !== null) {
      const units = ref?.state != null ? inputs.units.filter((u) => u.state === ref.state && u.viewport === ref.viewport) : inputs.units;
      if (!quoteFound(quote, units.flatMap((u) => [u.record.aria ?? '', u.record.text ?? '']))) {
        why.push(`quotes "${quote.slice(0, 80)}", which is not in the page's ARIA snapshot or text`);
      }
    }
    if (region === null && quote === null && !ref?.region && ref?.box == null) why.push('names neither a region nor quoted page text');
    if (why.length) problems.push(why.join('; '));
    findings.push({
      check: 'judge',
      severity: f.severity,
      viewport: ref?.viewport ?? null,
      state: ref?.state ?? null,
      message: `${f.issue} — ${f.impact} Fix: ${f.fix}`,
      evidence: {
        file: ref?.capture ?? null,
        cited: f.evidence.file,
        ...(region ?? ref?.region ? { region: region ?? ref?.region } : {}),
        ...(ref?.box ? { box: ref.box as any } : {}),
        ...(quote !== null ? { text: quote } : {}),
        verified: why.length === 0,
        ...(why.length ? { unverified: why.join('; ') } : {}),
      },
    });
  }
  if (v.status === 'FAIL_EVIDENCE') return { status: 'FAIL_EVIDENCE', reason: 'the judge reported that the evidence it needs is missing', findings, dropped };
  if (problems.length) {
    return { status: 'FAIL_EVIDENCE', reason: `${problems.length} finding(s) failed evidence verification: ${problems[0]}`, findings, dropped };
  }
  if (findings.some((f) => f.severity === 'blocker')) {
    return { status: 'fail', reason: v.status === 'pass' ? 'the judge answered pass with a blocker finding' : 'blocker finding', findings, dropped };
  }
  if (v.status === 'fail') {
    if (findings.length === 0) return { status: 'FAIL_EVIDENCE', reason: 'the judge answered fail without any finding that survived filtering', findings, dropped };
    return { status: 'fail', reason: `${findings.length} finding(s)`, findings, dropped };
  }
  return { status: 'pass', reason: null, findings, dropped };
}

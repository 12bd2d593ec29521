// The judge's answer: strict JSON schema (sent to the model and checked again with ajv), then
// evidence verification against what was actually sent and what the page actually says. A model's
// word is never enough: an unverifiable citation turns the whole result into FAIL_EVIDENCE.
import { Ajv, type ErrorObject } from 'ajv';
import { SEVERITIES, type DroppedFinding, type Finding, type JudgeItemAnswer, type Severity } from '../core/artifacts.js';
import type { JudgeInputs } from './inputs.js';
import { readAnswerJson } from './parse.js';
import { itemId, type JudgeItem } from './items.js';
import { quoteFound, quoteSaysSomething } from './quote.js';

const nullableString = { type: ['string', 'null'] };
const EVIDENCE = {
  type: 'object',
  additionalProperties: false,
  required: ['file', 'region', 'quote'],
  properties: { file: { type: 'string' }, region: nullableString, quote: nullableString },
} as const;
/** Sent as response_format (OpenAI strict mode: every key required, nullable where optional). */
export const VERDICT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'findings', 'items'],
  properties: {
    status: { type: 'string', enum: ['pass', 'fail', 'FAIL_EVIDENCE'] },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['severity', 'evidence', 'issue', 'impact', 'fix'],
        properties: {
          severity: { type: 'string', enum: [...SEVERITIES] },
          evidence: EVIDENCE,
          issue: { type: 'string' },
          impact: { type: 'string' },
          fix: { type: 'string' },
        },
      },
    },
    // one answer per checklist item (items.ts): what a pass rests on
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'met', 'evidence'],
        properties: { id: { type: 'string' }, met: { type: 'boolean' }, evidence: EVIDENCE },
      },
    },
  },
} as const;

export interface RawEvidence { file: string; region?: string | null; quote?: string | null }
export interface RawFinding { severity: Severity; evidence: RawEvidence; issue: string; impact: string; fix: string }
export interface RawItem { id: string; met: boolean; evidence: RawEvidence }
export interface Verdict { status: 'pass' | 'fail' | 'FAIL_EVIDENCE'; findings: RawFinding[]; items?: RawItem[] }

// Servers that do not honour strict mode may omit the nullable keys (and the items, which then
// are all unanswered): accept that, nothing looser.
const lenient = structuredClone(VERDICT_SCHEMA) as any;
lenient.required = ['status', 'findings'];
lenient.properties.findings.items.properties.evidence = { ...lenient.properties.findings.items.properties.evidence, required: ['file'] };
lenient.properties.items.items.properties.evidence = lenient.properties.findings.items.properties.evidence;
const validate = new Ajv({ allErrors: true, strict: false }).compile<Verdict>(lenient);

/** Parses and validates; throws with a short reason ("invalid JSON: …", "…violates the schema: …"). */
export function parseVerdict(content: string): Verdict {
  const data = readAnswerJson(content);
  if (!validate(data)) {
    const errors = validate.errors ?? [];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new Error(`judge answer violates the schema: ${errors[0] ? schemaReason(errors[0], data) : 'unknown'}${more}`);
  }
  return data;
}

const show = (v: unknown) => { const s = JSON.stringify(v) ?? String(v); return s.length > 60 ? `${s.slice(0, 60)}…` : s; };

/** Names the key or value at fault, so a model or server setting can be fixed from the reason. */
function schemaReason(e: ErrorObject, data: unknown): string {
  const at = e.instancePath || '/';
  const value = e.instancePath.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((v, k) => (v == null ? v : v[k]), data);
  switch (e.keyword) {
    case 'additionalProperties': return `${at} has the key "${e.params.additionalProperty}", which the schema does not allow`;
    case 'enum': return `${at} is ${show(value)}, not one of ${(e.params.allowedValues as unknown[]).map(show).join(', ')}`;
    case 'required': return `${at} lacks the key "${e.params.missingProperty}"`;
    case 'type': return `${at} must be ${[e.params.type].flat().join(' or ')}, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`;
    default: return `${at} ${e.message ?? e.keyword}`;
  }
}

const PRAISE = /\b(looks? (great|good|nice|clean|polished|professional)|well[- ](designed|done|organi[sz]ed|structured)|excellent|nicely|works well|is (clear|great|good|intuitive)|no (issues?|problems?|defects?)( (found|detected|observed))?)\b/i;
// a praise phrase next to any of these is a defect report, not praise
const DEFECT = /\b(not|but|however|although|except|missing|cut off|clipped|overlap\w*|hidden|cover\w*|unclear|confus\w*|hard|cannot|can't|broken|wrong|incorrect|truncat\w*|contrast|misalign\w*|inconsistent|overflow\w*|fail\w*|error|lacks?|unreadable|illegible|disabled|inert|gr[ae]yed|unavailable|abandon\w*)\b/i;
const REDESIGN = /\b(re-?design\w*|overhaul\w*|rebrand\w*|complete(ly)? (rework|rethink|restructure|change)\w*|new (layout|design|colou?r scheme|visual style|look)|(a )?different (layout|design|visual style))\b/i;

export const isPraise = (f: RawFinding) => PRAISE.test(`${f.issue} ${f.impact}`) && !DEFECT.test(`${f.issue} ${f.impact}`);
/** The proposed change is a redesign; an issue that merely mentions "the new layout" is not. */
export const isRedesign = (f: RawFinding) => REDESIGN.test(f.fix);

export type { DroppedFinding } from '../core/artifacts.js';

export interface Checked {
  status: 'pass' | 'fail' | 'FAIL_EVIDENCE';
  reason: string | null;
  findings: Finding[];
  dropped: { praise: number; redesign: number };
  droppedFindings: DroppedFinding[];
  /** each checklist item with the judge's answer and whether its evidence verified */
  items: CheckedItem[];
}

/** each checklist item with the judge's answer and whether its evidence verified (judge.json `items`) */
export type CheckedItem = JudgeItemAnswer;

/** Empty text is how servers without strict mode often say null. */
const given = (s: string | null | undefined) => (s == null || s.trim() === '' ? null : s);

interface SentRef { state: string | null; viewport: string | null; capture: string | null; region: string | null; box: unknown; text: string | null }

/** One citation checked against what was sent: the file, the region, the quote. */
interface Cited { ref: SentRef | undefined; cited: string; region: string | null; quote: string | null; why: string[] }

function sentInputs(inputs: JudgeInputs): Map<string, SentRef> {
  const sent = new Map<string, SentRef>();
  for (const i of inputs.images) sent.set(i.name, { state: i.state, viewport: i.viewport, capture: i.capture, region: i.region, box: i.box, text: null });
  for (const t of inputs.texts) {
    const u = inputs.units.find((x) => x.state === t.state && x.viewport === t.viewport);
    sent.set(t.name, { state: t.state, viewport: t.viewport, capture: u?.capture ?? null, region: null, box: null, text: t.text });
  }
  return sent;
}

/** Verifies one piece of evidence: a file that was sent, a declared region, a quote on the page
 *  (or in the cited text input), and at least one of region, quote or a cropped file. */
function verifyEvidence(e: RawEvidence, sent: Map<string, SentRef>, inputs: JudgeInputs, regionNames: string[]): Cited {
  // input names are unique within a spec, so a folder the model puts in front (./, checkout/,
  // evals/<run>/checkout/) does not change which input it means; the name itself must match
  const cited = e.file.trim().replace(/^["'`]+|["'`]+$/g, '');
  const ref = sent.get(cited) ?? sent.get(cited.split(/[\\/]/).pop()!);
  const region = given(e.region);
  const quote = given(e.quote);
  const why: string[] = [];
  if (!ref) why.push(`cites "${e.file}", which was not sent`);
  if (region !== null && !regionNames.includes(region)) why.push(`cites region "${region}", which the spec does not declare`);
  if (quote !== null) {
    const units = ref?.state != null ? inputs.units.filter((u) => u.state === ref.state && u.viewport === ref.viewport) : inputs.units;
    // a quote from a cited text input (axe summary, layout diff, brief) is checked against that file too
    const texts = units.flatMap((u) => [u.record.aria ?? '', u.record.text ?? '']).concat(ref?.text ?? []);
    if (!quoteSaysSomething(quote)) {
      why.push(`quotes "${quote.slice(0, 80)}", which is too short to verify (quote a word or phrase)`);
    } else if (!quoteFound(quote, texts)) {
      const where = ref?.text != null ? `${cited.split(/[\\/]/).pop()} nor the page's ARIA snapshot or text` : "the page's ARIA snapshot or text";
      why.push(`quotes "${quote.slice(0, 80)}", which is not in ${where}`);
    }
  }
  if (region === null && quote === null && !ref?.region && ref?.box == null) why.push('names neither a region nor quoted page text');
  return { ref, cited, region, quote, why };
}

/** Each checklist item with the answer given for it (by id; "r1", "[M2]" count) and whether that answer shows it. */
function checkItems(answers: RawItem[], items: JudgeItem[], sent: Map<string, SentRef>, inputs: JudgeInputs, regionNames: string[]): CheckedItem[] {
  return items.map((item) => {
    const a = answers.find((x) => itemId(x.id) === item.id);
    if (!a) return { ...item, answered: false, met: null, verified: false, evidence: null, unverified: 'is not answered' };
    const c = verifyEvidence(a.evidence, sent, inputs, regionNames);
    const evidence = { file: a.evidence.file, region: c.region, quote: c.quote };
    const why = a.met !== true ? ['is answered as not met', ...c.why] : c.why;
    return { ...item, answered: true, met: a.met, verified: why.length === 0, evidence, unverified: why.length ? why.join('; ') : null };
  });
}

/** Verifies every citation and derives the judge status (never looser than the model's). */
export function checkVerdict(v: Verdict, inputs: JudgeInputs, regionNames: string[], items: JudgeItem[] = []): Checked {
  const sent = sentInputs(inputs);
  const dropped = { praise: 0, redesign: 0 };
  const droppedFindings: DroppedFinding[] = [];
  const findings: Finding[] = [];
  const problems: string[] = [];
  for (const f of v.findings) {
    // Only polish may be dropped on a word: a blocker or important finding always goes through
    // evidence verification, whatever phrasing it uses.
    const drop = f.severity !== 'polish' ? null : isPraise(f) ? 'praise' : isRedesign(f) ? 'redesign' : null;
    if (drop) {
      dropped[drop]++;
      droppedFindings.push({ reason: drop, severity: f.severity, issue: f.issue, fix: f.fix });
      continue;
    }
    const { ref, region, quote, why } = verifyEvidence(f.evidence, sent, inputs, regionNames);
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
  const checkedItems = checkItems(v.items ?? [], items, sent, inputs, regionNames);
  const out = (status: Checked['status'], reason: string | null): Checked => ({ status, reason, findings, dropped, droppedFindings, items: checkedItems });
  if (v.status === 'FAIL_EVIDENCE') return out('FAIL_EVIDENCE', 'the judge reported that the evidence it needs is missing');
  if (problems.length) return out('FAIL_EVIDENCE', `${problems.length} finding(s) failed evidence verification: ${problems[0]}`);
  if (findings.some((f) => f.severity === 'blocker')) {
    return out('fail', v.status === 'pass' ? 'the judge answered pass with a blocker finding' : 'blocker finding');
  }
  // system rule 4: an important finding means fail, whatever status the model wrote
  if (v.status === 'pass' && findings.some((f) => f.severity === 'important')) return out('fail', 'the judge answered pass with an important finding');
  if (v.status === 'fail') {
    if (findings.length === 0) {
      const lost = droppedFindings.length ? ` (${droppedFindings.length} polish finding(s) dropped as praise or redesign)` : '';
      return out('FAIL_EVIDENCE', `the judge answered fail without any finding that survived filtering${lost}`);
    }
    return out('fail', `${findings.length} finding(s)`);
  }
  // A pass rests on every checklist item shown with evidence that verifies: whatever the page
  // told the model, a pass without that is not trusted (system rule 6).
  const unshown = checkedItems.filter((i) => !i.verified);
  if (unshown.length) {
    const first = unshown[0];
    return out('FAIL_EVIDENCE', `the judge answered pass without verified evidence for ${unshown.length} of ${checkedItems.length} item(s): `
      + `${first.id} (${JSON.stringify(first.text.length > 80 ? `${first.text.slice(0, 80)}…` : first.text)}) ${first.unverified}`);
  }
  return out('pass', null);
}

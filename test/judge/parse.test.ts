// Reading the judge's reply: the harmless wrappers real servers add are removed, everything else
// that is not the bare JSON object is an error saying what is wrong, duplicate keys are refused,
// and schema errors name the key or value at fault.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseVerdict } from '../../src/judge/verdict.js';
import { GOOD_FINDING } from './fixture.js';

const BODY = JSON.stringify({ status: 'fail', findings: [GOOD_FINDING] });

test('a reasoning block, a BOM and an end-of-sequence token around the JSON are removed', () => {
  for (const wrapped of [
    `<think>\nThe total is small.\n</think>\n\n${BODY}`,
    `<thinking>total</thinking>${BODY}`,
    `<reasoning>x</reasoning>\n\`\`\`json\n${BODY}\n\`\`\``,
    `\uFEFF${BODY}`,
    `${BODY}</s>`, `${BODY}<|eot_id|>`, `${BODY}\n<|im_end|>`, `${BODY}<|end|>`,
    `\uFEFF<think>a</think>\n${BODY}<|im_end|>`,
  ]) {
    const v = parseVerdict(wrapped);
    assert.equal(v.status, 'fail', wrapped);
    assert.equal(v.findings.length, 1, wrapped);
  }
});

test('anything else that is not the JSON object alone is an error that says what is wrong', () => {
  const cases: [string, RegExp][] = [
    [`Here is my verdict:\n${BODY}`, /must be the JSON object only; it starts with "Here is my verdict:/],
    ['```json\n' + BODY + '\n```\nLet me know if you need more.', /text after the JSON object: "Let me know if you need more\."/],
    [`${BODY}\nHope this helps`, /text after the JSON object: "Hope this helps"/],
    [JSON.stringify(BODY), /JSON string holding JSON \(double-encoded\)/],
    ['<think>\nI am still thinking about the tot', /unclosed <think> block \(raise judge\.maxTokens/],
    ['<think>only thoughts</think>', /holds only a <think> block, no JSON object/],
    ['{"status": "pass", findings: [', /^invalid JSON from the judge: /],
    ['   ', /the answer is empty/],
  ];
  for (const [content, reason] of cases) assert.throws(() => parseVerdict(content), (e: Error) => reason.test(e.message) && e.message.startsWith('invalid JSON from the judge: '), content);
});

test('a repeated key at any level is refused with the key named (JSON.parse would keep the last one)', () => {
  const f = JSON.stringify(GOOD_FINDING);
  assert.throws(() => parseVerdict(`{"status":"fail","findings":[${f}],"status":"pass"}`), /the key "status" appears twice in the top-level object/);
  assert.throws(() => parseVerdict(`{"status":"fail","findings":[${f}],"findings":[]}`), /the key "findings" appears twice/);
  const nested = f.replace('"severity":"important"', '"severity":"blocker","severity":"polish"');
  assert.throws(() => parseVerdict(`{"status":"fail","findings":[${f},${nested}]}`), /the key "severity" appears twice in the object at \/findings\/1/);
  // the same key in different objects, and key-like text inside strings, are fine
  const twoFindings = { status: 'fail', findings: [GOOD_FINDING, { ...GOOD_FINDING, issue: 'says "status":"pass", "status": "x"' }] };
  assert.equal(parseVerdict(JSON.stringify(twoFindings)).findings.length, 2);
});

test('schema errors name the extra key, the wrong value and the allowed ones', () => {
  const cases: [unknown, RegExp][] = [
    [{ status: 'fail', findings: [GOOD_FINDING], summary: 'one issue' }, /: \/ has the key "summary", which the schema does not allow$/],
    [{ status: 'fail', findings: [{ ...GOOD_FINDING, confidence: 0.8 }] }, /\/findings\/0 has the key "confidence", which the schema does not allow/],
    [{ status: 'PASS', findings: [] }, /\/status is "PASS", not one of "pass", "fail", "FAIL_EVIDENCE"/],
    [{ status: 'fail', findings: [{ ...GOOD_FINDING, severity: 'critical' }] }, /\/findings\/0\/severity is "critical", not one of "blocker", "important", "polish"/],
    [{ status: 'pass', findings: null }, /\/findings must be array, not null/],
    [{ status: 'fail', findings: [{ ...GOOD_FINDING, fix: undefined }] }, /\/findings\/0 lacks the key "fix"/],
  ];
  for (const [data, reason] of cases) assert.throws(() => parseVerdict(JSON.stringify(data)), (e: Error) => /violates the schema/.test(e.message) && reason.test(e.message), JSON.stringify(data));
});

// Local servers take any key, so OPENAI_API_KEY is often "1", "none" or "ollama". judge.json must
// stay valid and unmangled with such keys, while a key a server echoes is still masked.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runJudge } from '../../src/judge/index.js';
import { redactText, sweepKey } from '../../src/judge/redact.js';
import { files } from '../../src/core/run.js';
import { fakeSlot } from './fake-openai.js';
import { GOOD_FINDING, judgePlan, makeRun, specPlan } from './fixture.js';

const slots: ReturnType<typeof fakeSlot>[] = [];
after(() => Promise.all(slots.map((s) => s.close())));

for (const key of ['1', 'none', 'ollama']) {
  test(`key ${JSON.stringify(key)}: judge.json is valid JSON, identical to the result, nothing in it mangled`, async () => {
    const slot = fakeSlot(key);
    slots.push(slot);
    const env = await slot.serve([{ kind: 'json', content: { status: 'fail', findings: [GOOD_FINDING] }, usage: { prompt_tokens: 1001, completion_tokens: 11 } }]);
    const fx = makeRun(specPlan('shortkey', { judge: judgePlan({ model: 'ollama/llama3-1' }) }));
    const r = await runJudge(fx.run, fx.spec, { env });
    const text = fs.readFileSync(path.join(fx.run.runDir, files.judge('shortkey')), 'utf8');
    assert.ok(!text.includes('[redacted]'), text);
    const written = JSON.parse(text);
    assert.deepEqual(written, r);
    assert.equal(r.status, 'fail');
    assert.deepEqual(r.tokens, { prompt: 1001, completion: 11 });
    assert.equal(r.calibration.status, 'none');
    assert.deepEqual(r.model, { requested: 'ollama/llama3-1', reported: 'ollama/llama3-1', mismatch: false });
    assert.equal(r.findings[0].message, `${GOOD_FINDING.issue} — ${GOOD_FINDING.impact} Fix: ${GOOD_FINDING.fix}`);
    assert.equal(r.findings[0].evidence.text, 'Total $42.00');
  });
}

test('a short key echoed by the server is masked where it stands alone, and nothing else is touched', async () => {
  const slot = fakeSlot('none');
  slots.push(slot);
  const env = await slot.serve([{ kind: 'http', status: 401, message: 'Incorrect API key provided: none. None of your keys work.' }]);
  const fx = makeRun(specPlan('echo'));
  const r = await runJudge(fx.run, fx.spec, { env });
  assert.equal(r.reason, 'judge call failed (http): HTTP 401: Incorrect API key provided: [redacted]. None of your keys work.');
  assert.equal(JSON.parse(fs.readFileSync(path.join(fx.run.runDir, files.judge('echo')), 'utf8')).reason, r.reason);
});

test('redactText masks a long key everywhere and a short key only as a whole token; sweepKey touches string values only', () => {
  assert.equal(redactText('key sk-abcdefgh1234 and xsk-abcdefgh1234y', 'sk-abcdefgh1234'), 'key [redacted] and x[redacted]y');
  assert.equal(redactText('HTTP 401: key 1 is wrong (1)', '1'), 'HTTP 401: key [redacted] is wrong ([redacted])');
  assert.equal(redactText('no key', null), 'no key');
  const long = 'sk-LONGSECRET-1234';
  const v = { [long]: 1, a: `x${long}y`, n: 1234, list: [long, { b: long }] };
  assert.deepEqual(sweepKey(v, long), { [long]: 1, a: 'x[redacted]y', n: 1234, list: ['[redacted]', { b: '[redacted]' }] });
  const short = { status: 'none', n: 1 };
  assert.deepEqual(sweepKey(short, 'none'), { status: 'none', n: 1 }, 'a short key is no secret worth a blanket replace');
});

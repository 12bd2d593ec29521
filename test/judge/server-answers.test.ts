// What "OpenAI-compatible" servers really send back: each form is either used (when it carries a
// valid completion) or a judge error whose reason names what the server sent; never a pass.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { runJudge } from '../../src/judge/index.js';
import { files } from '../../src/core/run.js';
import { fakeSlot, type Step } from './fake-openai.js';
import { GOOD_FINDING, judgePlan, makeRun, SENTINEL_KEY, specPlan } from './fixture.js';

const slot = fakeSlot(SENTINEL_KEY);
after(slot.close);

const GOOD = JSON.stringify({ status: 'fail', findings: [GOOD_FINDING] });
const completion = (content: string) => JSON.stringify({
  id: 'x', object: 'chat.completion', model: 'gpt-test-2025-01-01',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

test('a valid completion is used however it arrives: as text/plain, or as content parts', async () => {
  for (const step of [
    { kind: 'body', contentType: 'text/plain; charset=utf-8', body: completion(GOOD) },
    { kind: 'message', message: { content: [{ type: 'text', text: GOOD.slice(0, 40) }, { type: 'text', text: GOOD.slice(40) }] } },
  ] as Step[]) {
    const env = await slot.serve([step]);
    const fx = makeRun(specPlan('forms'));
    const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
    assert.equal(r.status, 'fail', JSON.stringify(step));
    assert.equal(r.findings[0].evidence.verified, true);
  }
});

const SSE = `data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"{}"}}]}\n\ndata: [DONE]\n\n`;
const cases: { name: string; step: Step; reason: RegExp }[] = [
  { name: 'SSE although stream:false', step: { kind: 'body', contentType: 'text/event-stream', body: SSE }, reason: /\(protocol\): the server streamed \(SSE\) although stream:false was requested$/ },
  { name: 'an HTML page', step: { kind: 'body', contentType: 'text/html', body: '<!doctype html><html><body><div id="app"></div></body></html>' }, reason: /HTML page, not a chat completion \(http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\): check judge\.baseURL \(OpenAI-compatible APIs usually end in \/v1\)/ },
  { name: 'HTML labelled as JSON', step: { kind: 'body', body: '<html>Login required</html>' }, reason: /\(protocol\): the server answered an HTML page/ },
  { name: 'other text', step: { kind: 'body', contentType: 'text/plain', body: 'upstream connect error or disconnect/reset before headers' }, reason: /the server answered text\/plain, not a chat completion: "upstream connect error/ },
  { name: 'an empty JSON body', step: { kind: 'body', body: '' }, reason: /\(protocol\): the server answered an empty body \(application\/json\)/ },
  { name: 'a 200 carrying an error', step: { kind: 'body', body: JSON.stringify({ error: { message: 'Provider returned error: upstream overloaded', code: 502 } }) }, reason: /\(server\): the server answered with an error: Provider returned error: upstream overloaded$/ },
  { name: 'no choice, prompt filtered', step: { kind: 'message', message: {}, extra: { choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: { jailbreak: { filtered: true, detected: true }, hate: { filtered: false } } }] } }, reason: /\(content-filter\): the request was blocked by the server's content filter \(jailbreak\)$/ },
  { name: 'an error inside the choice', step: { kind: 'body', body: JSON.stringify({ model: 'm', choices: [{ index: 0, error: { code: 502, message: 'Upstream provider error: overloaded' }, finish_reason: 'error', message: { role: 'assistant', content: '' } }] }) }, reason: /\(server\): the server reported an error for the answer: Upstream provider error: overloaded \(finish_reason error\)$/ },
  { name: 'output in reasoning_content', step: { kind: 'message', message: { content: '', reasoning_content: GOOD } }, reason: /no content; the model put its output in reasoning_content \(\d+ chars\)/ },
  { name: 'a tool call', step: { kind: 'message', message: { content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'v', arguments: GOOD } }] }, finish: 'tool_calls' }, reason: /answered with a tool call \(tool_calls\)/ },
  { name: 'finish_reason MAX_TOKENS', step: { kind: 'raw', content: '{"status":"fail","findings":[{"sev', finish: 'MAX_TOKENS' }, reason: /\(truncated\): the answer was truncated \(finish_reason MAX_TOKENS\): raise judge\.maxTokens/ },
];
for (const c of cases) {
  test(`${c.name} is a judge error that says so`, async () => {
    const env = await slot.serve([c.step]);
    const fx = makeRun(specPlan('forms'));
    const r = await runJudge(fx.run, fx.spec, { env, noCache: true });
    assert.equal(r.status, 'error');
    assert.match(r.reason!, c.reason);
    assert.equal(slot.fake.requests.length, 1);
    const written = JSON.parse(fs.readFileSync(path.join(fx.run.runDir, files.judge('forms')), 'utf8'));
    assert.equal(written.reason, r.reason);
  });
}

test('a status that is not retried is one attempt with no count; a retried one gives the real count; the status shows once', async () => {
  let env = await slot.serve([{ kind: 'http', status: 401, message: `Incorrect API key provided: ${SENTINEL_KEY}.` }]);
  const fx = makeRun(specPlan('status', { judge: judgePlan({ retries: 2 }) }));
  let r = await runJudge(fx.run, fx.spec, { env, noCache: true });
  assert.equal(slot.fake.requests.length, 1);
  assert.equal(r.reason, 'judge call failed (http): HTTP 401: Incorrect API key provided: [redacted].');
  env = await slot.serve([{ kind: 'http', status: 429, message: 'Rate limit reached' }]);
  r = await runJudge(fx.run, fx.spec, { env, noCache: true });
  assert.equal(slot.fake.requests.length, 3);
  assert.equal(r.reason, 'judge call failed (http): HTTP 429 after 3 attempts: Rate limit reached');
});

test('a connection error names the endpoint and the cause code; a baseURL without a scheme is a config error', async () => {
  const closed = http.createServer();
  await new Promise<void>((res) => closed.listen(0, '127.0.0.1', res));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((res) => closed.close(() => res()));
  const fx = makeRun(specPlan('conn', { judge: judgePlan({ retries: 1 }) }));
  const r = await runJudge(fx.run, fx.spec, { env: { OPENAI_API_KEY: SENTINEL_KEY, OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1/` }, noCache: true });
  assert.equal(r.status, 'error');
  assert.match(r.reason!, new RegExp(`^judge call failed \\(connection\\): could not reach the judge endpoint http://127\\.0\\.0\\.1:${port}/v1/chat/completions after 2 attempts: .*ECONNREFUSED`));

  const bad = await runJudge(fx.run, fx.spec, { env: { OPENAI_API_KEY: SENTINEL_KEY, OPENAI_BASE_URL: '127.0.0.1:11434/v1' }, noCache: true });
  assert.equal(bad.status, 'error');
  assert.match(bad.reason!, /^judge call failed \(config\): judge\.baseURL \(or OPENAI_BASE_URL\) "127\.0\.0\.1:11434\/v1" is not an http\(s\) URL/);
});

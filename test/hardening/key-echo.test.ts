// The API key never reaches disk, whatever the judge server echoes: in the model id, inside the
// verdict's text, in an error body, a refusal, a 200 carrying `error`, a text answer. One project,
// one spec per echo mode, each run through the real CLI against the local fake server; then every
// file veval wrote under the project (run folders, .veval-cache, calibration, reports) and the
// run's stdout/stderr are searched for the key and for a recognisable piece of it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { fakeSlot, type Step } from '../judge/fake-openai.js';
import { filesUnder, runCliAsync } from './helpers.js';

const KEY = 'sk-ECHO-sentinel-7d41c0ffee93';
const slot = fakeSlot(KEY);
const dir = tmpDir('veval-key-echo-');
after(async () => { await slot.close(); fs.rmSync(dir, { recursive: true, force: true }); });

const finding = (text: string) => ({
  severity: 'important', evidence: { file: 'default-desktop.png', region: null, quote: 'Total $42.00' },
  issue: `the total is hard to find ${text}`, impact: `buyers hesitate ${text}`, fix: `make it bigger ${text}`,
});

const MODES: Record<string, Step> = {
  'model-id': { kind: 'json', content: { status: 'fail', findings: [finding('')] }, model: `proxy/${KEY}/gpt` },
  'verdict-content': { kind: 'json', content: { status: 'fail', findings: [finding(`(key ${KEY})`)] } },
  'verdict-pass-content': { kind: 'raw', content: JSON.stringify({ status: 'pass', findings: [] }).replace('}', `, "note": "${KEY}"}`) },
  'error-body-401': { kind: 'http', status: 401, message: `Incorrect API key provided: ${KEY}. You can find your API key at …` },
  'error-body-500': { kind: 'http', status: 500, message: `upstream rejected Authorization: Bearer ${KEY}` },
  'error-in-200': { kind: 'body', body: JSON.stringify({ error: { message: `invalid key ${KEY}` } }) },
  refusal: { kind: 'refusal', text: `I cannot use the key ${KEY}` },
  'text-answer': { kind: 'body', contentType: 'text/plain', body: `unauthorised: ${KEY}` },
  'not-json-content': { kind: 'raw', content: `Here is your verdict, ${KEY}: pass` },
};

writeTree(dir, {
  'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: required, retries: 0, rubric: "Can a buyer pay?" }\n',
  'site/index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Checkout</h1><p>Total $42.00</p><button id="pay">Pay</button></main></body></html>',
  ...Object.fromEntries(Object.keys(MODES).map((m) => [`specs/${m}.yaml`, 'route: /index.html\nrequired: [{ selector: "#pay" }]\n'])),
});

const NEEDLES = [KEY, KEY.slice(-12), KEY.slice(0, 14)];
/** Every file veval wrote under the project so far (a run replaces its tree's run folder, so this is read after each run). */
const written = () => filesUnder(dir).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile() && !f.includes(`${path.sep}specs${path.sep}`) && !f.includes(`${path.sep}site${path.sep}`));
const holding = (files: string[]) => files.filter((f) => NEEDLES.some((n) => fs.readFileSync(f).includes(n))).map((f) => path.relative(dir, f));

for (const [mode, step] of Object.entries(MODES)) {
  test(`key echo (${mode}): the judge was called with the key and the run fails; no file veval wrote and no output holds the key or a piece of it`, async () => {
    const env = await slot.serve([step]);
    const r = await runCliAsync(['run', `specs/${mode}.yaml`], dir, { ...env, VEVAL_DEBUG: '1' });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(slot.fake.requests.length >= 1 && slot.fake.requests.every((q) => q.headers.authorization === `Bearer ${KEY}`), 'the key went to the judge endpoint');
    for (const n of NEEDLES) assert.ok(!r.stdout.includes(n) && !r.stderr.includes(n), `the output holds ${n}:\n${r.stdout}${r.stderr}`);
    const files = written();
    assert.ok(files.some((f) => f.endsWith(`${mode}${path.sep}judge.json`)) && files.some((f) => f.endsWith('index.html')) && files.some((f) => f.endsWith('report.json')));
    assert.deepEqual(holding(files), [], 'files holding the key');
  });
}

test('key echo: the judge cache was written for the answers that parse, with the echoed key masked', () => {
  const cache = written().filter((f) => f.includes(`.veval-cache${path.sep}judge${path.sep}`));
  assert.ok(cache.length >= 2, `cache entries: ${cache.length}`);
  assert.deepEqual(holding(cache), []);
  assert.ok(cache.filter((f) => fs.readFileSync(f, 'utf8').includes('[redacted]')).length >= 2, 'each cached echo had the key masked');
});

// Large bad input is still answered: the explanations of schema errors and the duplicate-key check
// are linear (both were quadratic: 2000 typo'd steps took >20 s, 40k headers 12 s). These tests
// assert the answers; how fast is a benchmark's business (timed assertions flake on busy CI), so
// the time is only printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../spec/helpers.js';

async function timed(spec: string): Promise<{ ms: number; problems: string[] }> {
  const t = performance.now();
  const { problems } = await load({ 'specs/a.yaml': spec });
  return { ms: performance.now() - t, problems };
}

test('large input: 2000 misspelt steps are explained in well under a second', async () => {
  const steps = Array.from({ length: 2000 }, (_, i) => `      - clik: "#a${i}"`).join('\n');
  const { ms, problems } = await timed(`route: /x\nstates:\n  - name: s\n    steps:\n${steps}\n`);
  assert.match(problems[0], /^specs\/a\.yaml:5:9 states\[0\]\.steps\[0\] must have one of the keys .* did you mean "click"/);
  console.log(`2000 misspelt steps: ${ms.toFixed(0)} ms`);
});

test('large input: 20000 headers are checked for duplicates in linear time', async () => {
  const headers = Array.from({ length: 20000 }, (_, i) => `    x-h${i}: v`).join('\n');
  const { ms, problems } = await timed(`route: /x\ncontext:\n  extraHTTPHeaders:\n${headers}\n`);
  assert.deepEqual(problems, []);
  console.log(`20000 headers: ${ms.toFixed(0)} ms`);
});

test('large input: a file with tens of thousands of problems shows the first 500 and says so', async () => {
  const masks = Array.from({ length: 5000 }, (_, i) => `  - "div > ${i} >"`).join('\n');
  const { ms, problems } = await timed(`route: /x\nmasks:\n${masks}\n`);
  assert.equal(problems.length, 501);
  assert.match(problems[500], /more problems in this file are not shown \(the first 500 are\)/);
  console.log(`5000 bad masks: ${ms.toFixed(0)} ms`);
});

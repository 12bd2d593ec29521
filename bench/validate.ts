// How fast bad (and large) input is answered: loadProject in process on specs built to stress the
// validator — the demo spec, 2000 misspelt steps, 20000 headers, 5000 bad selectors, a ~700 KB
// valid spec — next to the yaml library's own parse of the same text, measured in the same run
// (the floor any validator built on it pays). Ratios travel between machines; times are context.
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { load } from '../test/spec/helpers.js';

const demo = fs.readFileSync(path.resolve(import.meta.dirname, '../specs/checkout.yaml'), 'utf8').replace('brief: ../briefs/checkout.md\n', '').replace(/judge:\n  rubric: .*\n/, '');
const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\n');
const CASES: [string, string][] = [
  ['demo spec (valid)', demo.replace(/viewports: \[desktop, mobile\]/, 'viewports: [desktop]')],
  ['2000 misspelt steps', `route: /x\nstates:\n  - name: s\n    steps:\n${lines(2000, (i) => `      - clik: "#a${i}"`)}\n`],
  ['20000 headers (valid)', `route: /x\ncontext:\n  extraHTTPHeaders:\n${lines(20000, (i) => `    x-h${i}: v`)}\n`],
  ['5000 bad selectors', `route: /x\nmasks:\n${lines(5000, (i) => `  - "div > ${i} >"`)}\n`],
  ['~700 KB valid spec', `route: /x\nstates:\n${lines(3000, (i) => `  - name: s${i}\n    steps:\n      - click: "#button-${i}"\n      - fill: { selector: "#field-${i}", value: "some value ${i}" }\n      - waitFor: { selector: ".done-${i}", timeout: 500 }`)}\n`],
];

const best = async (f: () => Promise<unknown> | unknown, reps = 3) => {
  let min = Infinity;
  for (let k = 0; k < reps; k++) { const t = performance.now(); await f(); min = Math.min(min, performance.now() - t); }
  return min;
};
await load({ 'specs/a.yaml': CASES[0]![1] });   // warm up modules and the JIT
for (const [name, text] of CASES) {
  const res = await load({ 'specs/a.yaml': text });
  const ms = await best(() => load({ 'specs/a.yaml': text }));
  const parseMs = await best(() => YAML.parseDocument(text, { uniqueKeys: false }));   // the library's own duplicate check is quadratic
  console.log(`${name.padEnd(24)} ${(Buffer.byteLength(text) / 1024).toFixed(0).padStart(5)} KB  validate ${ms.toFixed(0).padStart(5)} ms  yaml parse ${parseMs.toFixed(0).padStart(5)} ms  ratio ${(ms / parseMs).toFixed(2)}  (${res.problems.length} problems)`);
}

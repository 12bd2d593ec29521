// Prints ms per capture record for all checks together (budget: well under 5 ms). Records are busy
// on purpose: 12 regions, 20 required entries, overflow offenders, clipped text, console lines and
// 15 axe rules each, so the number is an upper bound for real pages. A reference loop (JSON
// round-trip of the same records, measured in the same run) gives a machine-independent ratio.
import { performance } from 'node:perf_hooks';
import { CHECKS } from '../src/checks/registry.js';
import type { UnitInput } from '../src/checks/types.js';
import { box, record, regions, required, specPlan, unit } from '../test/checks/helpers.js';

const N = Number(process.env.BENCH_RECORDS ?? 400);
const spec = specPlan();

function busyUnit(i: number): UnitInput {
  const vp = i % 2 ? 'mobile' : 'desktop';
  const regs: Record<string, [number, number, number, number]> = {};
  for (let k = 0; k < 12; k++) regs[`r${k}`] = [(k % 3) * 130, 100 + k * 90 + (i % 7), 120, 80];
  const r = record({
    viewport: vp, state: `s${i % 3}`, regions: regions(regs),
    required: Array.from({ length: 20 }, (_, k) => required({ selector: `#el${k}`, name: `el${k}` }, k % 4 ? {} : { level: 'partial', coveredBy: { selector: 'aside', box: box(0, 0, 9, 9), coveredPx: 8, coveredBox: null } })),
    overflow: { overflowPx: 40, offenders: Array.from({ length: 8 }, (_, k) => ({ selector: `.w${k}`, box: box(0, k * 10, 430, 10), overflowPx: 40 - k })) },
    clippedText: Array.from({ length: 10 }, (_, k) => ({ selector: `p.c${k}`, box: box(0, k, 100, 20), text: 'some clipped text '.repeat(5), axis: 'x' as const, hiddenPx: k, ellipsis: k % 2 === 0 })),
    console: Array.from({ length: 5 }, (_, k) => ({ type: 'error' as const, text: `error ${k}`, location: null })),
    failedRequests: Array.from({ length: 5 }, (_, k) => ({ url: `http://x/${k}.png`, status: 404, failure: null, resourceType: 'image' })),
  });
  const axe = { violations: Array.from({ length: 15 }, (_, k) => ({ id: `rule-${k}`, impact: (['minor', 'moderate', 'serious', 'critical'] as const)[k % 4], help: 'help', helpUrl: 'https://x', nodes: [{ target: ['#a'], html: '<a>' }, { target: ['#b'] }] })) };
  return unit(r, axe);
}

const units = Array.from({ length: N }, (_, i) => busyUnit(i));
const runAll = () => { let n = 0; for (const c of CHECKS) n += c.run({ spec, units, options: {}, severity: null }).length; return n; };
const reference = () => JSON.parse(JSON.stringify(units.map((u) => u.record))).length;

for (let w = 0; w < 3; w++) { runAll(); reference(); }   // warm up the JIT
const time = (f: () => number, reps = 5) => { const t = performance.now(); for (let k = 0; k < reps; k++) f(); return (performance.now() - t) / reps; };
const checksMs = time(runAll), refMs = time(reference);
const perRecord = checksMs / N;
console.log(`checks: ${perRecord.toFixed(3)} ms per capture record (${CHECKS.length} checks, ${N} busy records, ${runAll()} findings)`);
console.log(`reference (JSON round-trip of the same records): ${(refMs / N).toFixed(3)} ms per record; ratio checks/reference ${(checksMs / refMs).toFixed(2)}`);
if (perRecord >= 5) { console.error('over the 5 ms per record budget'); process.exitCode = 1; }

// The sweep check over sweep results (no browser: capture/sweep/ is tested on real pages in
// test/capture/sweep.test.ts), and the sweep's arithmetic: first widths, bisection, ranges.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../../src/checks/sweep.js';
import { runOne } from '../../src/checks/runner.js';
import type { SweepResult } from '../../src/core/artifact-sweep.js';
import { firstWidths, nextWidths, rangesOf, type Seen, type WidthResult } from '../../src/capture/sweep/ranges.js';
import { record, specPlan, unit, VIEWPORTS } from './helpers.js';

const SWEEP = { from: 320, to: 1400, step: 40, height: 900, states: null };
const result = (over: Partial<SweepResult> = {}): SweepResult => ({
  version: 1, spec: 'home', state: 'default', url: 'http://127.0.0.1/', ...SWEEP, ok: true, error: null, breakpoints: [768], unreadSheets: 0,
  measured: [320, 767, 768, 1400], failedWidths: [], ranges: [], timings: { total: 900, open: 300, measure: 500, screenshots: 100 }, ...over,
});
const range = (kind: SweepResult['ranges'][number]['kind'], from: number, to: number, worst = from) => ({
  key: `${kind}\u0000div.a`, kind, severity: 'blocker' as const, from, to, worst, detail: '"div.a" sticks out 14 px past the right edge',
  elements: ['div.a'], box: null, evidence: { selector: 'div.a' }, screenshot: `default-sweep-${worst}.png`,
});
const run = (r: SweepResult | null, problem?: string, viewports = [VIEWPORTS.desktop!]) => {
  const spec = specPlan({ sweep: SWEEP, viewports });
  const units = viewports.map((v) => unit(record({ viewport: v })));
  return runOne(check, spec, units, [{ state: 'default', file: 'home/default-sweep.json', result: r, ...(problem ? { problem } : {}) }]);
};

describe('sweep check', () => {
  it('reports each failing range once, with its range, worst width, screenshot and group key', () => {
    const res = run(result({ ranges: [range('overflow', 591, 612, 600), range('collision', 1023, 1023)] }));
    assert.equal(res.status, 'fail');
    assert.deepEqual(res.findings.map((f) => f.message), [
      'overflow from 591 to 612 px: "div.a" sticks out 14 px past the right edge (worst at 600 px)',
      'collision at 1023 px: "div.a" sticks out 14 px past the right edge',
    ]);
    const f = res.findings[0]!;
    assert.equal(f.viewport, 'sweep');
    assert.equal(f.state, 'default');
    assert.deepEqual((f as any).sweep, { from: 591, to: 612, worst: 600 });
    assert.equal(f.evidence.file, 'home/default-sweep-600.png');
    assert.notEqual(f.group, res.findings[1]!.group, 'another range is another group');
  });

  it('a failure whose range holds a declared viewport is reported there, not twice; a sweep-only one stays', () => {
    const res = run(result({ ranges: [range('overflow', 300, 400), range('collision', 350, 400)] }), undefined, [VIEWPORTS.mobile!]);
    assert.deepEqual(res.findings.map((f) => (f.evidence as any).kind), ['collision']);
    assert.match(res.notes?.[0] ?? '', /1 failure range\(s\) that include a declared viewport's width are reported at that viewport/);
  });

  it('fails closed: no result, an unfinished sweep, or a width not measured is an error, never a pass', () => {
    assert.equal(run(null, 'missing').status, 'error');
    assert.match(run(null, 'missing').error!, /sweep of state default has no result \(home\/default-sweep\.json is missing\)/);
    const late = run(result({ ok: false, error: 'the sweep did not finish within 60 s' }));
    assert.equal(late.status, 'error');
    const gap = run(result({ failedWidths: [{ width: 733, error: 'measuring at 733 px failed: Target crashed' }], ranges: [range('overflow', 900, 950)] }));
    assert.equal(gap.status, 'error');
    assert.match(gap.error!, /could not measure 733 px/);
    assert.equal(gap.findings.length, 1, 'what was found stays');
  });

  it('a collision follows overlap\'s on/off and severity, a protrusion text-clipped\'s', () => {
    const spec = (checks: Record<string, { enabled: boolean; severity: 'important' | 'polish' | null }>) => specPlan({ sweep: SWEEP, checks: Object.entries(checks).map(([id, c]) => ({ id, options: {}, ...c })) });
    const sweeps = [{ state: 'default', file: 'home/default-sweep.json', result: result({ ranges: [range('collision', 900, 950), range('protrusion', 500, 520)] }) }];
    const off = runOne(check, spec({ overlap: { enabled: false, severity: null } }), [], sweeps);
    assert.deepEqual(off.findings.map((f) => (f.evidence as any).kind), ['protrusion']);
    const milder = runOne(check, spec({ overlap: { enabled: true, severity: 'important' }, 'text-clipped': { enabled: true, severity: 'polish' } }), [], sweeps);
    assert.deepEqual(milder.findings.map((f) => f.severity), ['important', 'polish']);
  });

  it('is skipped for a spec that does not sweep (so its score is as before)', () => {
    assert.equal(runOne(check, specPlan({}), [], []).status, 'skipped');
  });
});

const seen = (key: string, size = 1, kind: Seen['kind'] = 'overflow'): Seen => ({ key, kind, severity: 'important', detail: key, elements: [key], box: null, size, evidence: {} });
const at = (m: Record<number, Seen[] | string>) => new Map<number, WidthResult>(Object.entries(m).map(([w, v]) => [Number(w), typeof v === 'string' ? { seen: null, error: v } : { seen: v, error: null }]));

describe('sweep arithmetic', () => {
  it('first widths: both ends, every step, each breakpoint and the width before it', () => {
    assert.deepEqual(firstWidths(300, 420, 40, [350, 1024]), [300, 340, 349, 350, 380, 420]);
  });
  it('bisects only the gaps where a failure starts or ends, and never around a width not measured', () => {
    assert.deepEqual(nextWidths(at({ 600: [seen('a')], 640: [seen('a')], 680: [], 720: 'crashed', 760: [seen('a')] })), [660]);
    assert.deepEqual(nextWidths(at({ 640: [seen('a')], 641: [] })), []);
  });
  it('ranges of consecutive widths, worst where largest; a collision at every width is the design', () => {
    const r = rangesOf(at({ 600: [seen('a', 40), seen('c', 1, 'collision')], 620: [seen('a', 20), seen('c', 1, 'collision')], 640: [seen('a', 1), seen('c', 1, 'collision')], 641: [seen('c', 1, 'collision')] }));
    assert.deepEqual(r.map((x) => [x.key, x.from, x.to, x.worst]), [['a', 600, 640, 600]]);
  });
  it('an element out of its container only while it is out of the viewport is one failure; out of its container over more widths it is both', () => {
    // elements[0] is the key here: 'a' is the same element as protrusion and as offscreen/overflow
    const p = (size = 1): Seen => ({ ...seen('a', size, 'protrusion'), key: 'p' });
    const within = rangesOf(at({ 300: [], 320: [p(), seen('a', 1, 'offscreen')], 330: [p(), seen('a', 1, 'offscreen')], 340: [] }));
    assert.deepEqual(within.map((x) => [x.kind, x.from, x.to]), [['offscreen', 320, 330]]);
    const wider = rangesOf(at({ 300: [], 320: [p(), seen('a', 1, 'offscreen')], 330: [p()], 600: [p()], 700: [] }));
    assert.deepEqual(wider.map((x) => [x.kind, x.from, x.to]).sort(), [['offscreen', 320, 320], ['protrusion', 320, 600]]);
  });
  it('a width not measured splits a range', () => {
    const r = rangesOf(at({ 600: [seen('a')], 620: 'crashed', 640: [seen('a')], 660: [] }));
    assert.deepEqual(r.map((x) => [x.from, x.to]), [[600, 600], [640, 640]]);
  });
});

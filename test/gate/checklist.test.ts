// The agent checklist: the machine answers what the capture records decide, says 'unknown' when
// they cannot, and names the capture files each answer rests on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gateRun } from '../../src/gate/index.js';
import type { CaptureRecord } from '../../src/core/artifacts.js';
import { healthySpec, INFO, makeRun, record, result, specPlan } from './fixture.js';

function checklist(over: Partial<Record<'desktop' | 'mobile', Partial<CaptureRecord>>>, drop: string[] = []) {
  const spec = specPlan('shop');
  const tree = healthySpec(spec, [result('capture')]);
  for (const vp of ['desktop', 'mobile'] as const) tree[`shop/default-${vp}.json`] = record('shop', 'default', vp, over[vp] ?? {});
  for (const rel of drop) delete tree[rel];
  const { run } = makeRun([spec], tree);
  return Object.fromEntries(gateRun(run, INFO).checklist.map((c) => [c.id, c]));
}

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const region = (b: ReturnType<typeof box>) => ({ selector: 'x', count: 1, box: b });

test('clean records answer every decidable question well, citing every capture', () => {
  const c = checklist({ mobile: { regions: { a: region(box(0, 0, 390, 200)), b: region(box(0, 220, 390, 300)) } } });
  assert.equal(c['no-horizontal-overflow'].answer, 'yes');
  assert.equal(c['console-errors-empty'].answer, 'yes');
  assert.equal(c['text-clipped-or-overlapping'].answer, 'no');
  assert.equal(c['mobile-layout'].answer, 'yes');
  assert.deepEqual(c['no-horizontal-overflow'].files, ['shop/default-desktop.png', 'shop/default-mobile.png']);
  assert.equal(c['interactive-in-viewport'].answer, 'unknown');
});

test('overflow answers no and names the offending element and capture', () => {
  const c = checklist({ mobile: { overflow: { overflowPx: 42, offenders: [{ selector: 'table.prices', box: box(0, 300, 432, 200), overflowPx: 42 }] } } });
  assert.equal(c['no-horizontal-overflow'].answer, 'no');
  assert.equal(c['no-horizontal-overflow'].ok, false);
  assert.match(c['no-horizontal-overflow'].detail, /shop default @ mobile: 42px wider than the viewport, by table\.prices \(\+42px\)/);
  assert.deepEqual(c['no-horizontal-overflow'].files, ['shop/default-mobile.png']);
  assert.equal(c['mobile-layout'].answer, 'no');
});

test('console errors and clipped text answer from the records', () => {
  const c = checklist({
    desktop: { console: [{ type: 'pageerror', text: 'ReferenceError: cart is not defined', location: null }] },
    mobile: { clippedText: [{ selector: '.total', box: box(0, 0, 100, 20), text: 'Total incl. VAT', axis: 'x', hiddenPx: 12, ellipsis: false }] },
  });
  assert.equal(c['console-errors-empty'].answer, 'no');
  assert.match(c['console-errors-empty'].detail, /cart is not defined/);
  assert.equal(c['text-clipped-or-overlapping'].answer, 'yes');
  assert.deepEqual(c['text-clipped-or-overlapping'].files, ['shop/default-mobile.png']);
});

test('a region squeezed into a narrow column with nothing beside it is a collapsed mobile layout', () => {
  const c = checklist({ mobile: { regions: { form: region(box(0, 0, 120, 600)), summary: region(box(0, 620, 120, 300)) } } });
  assert.equal(c['mobile-layout'].answer, 'no');
  assert.match(c['mobile-layout'].detail, /form is 120px wide in a 390px screen/);
  const side = checklist({ mobile: { regions: { a: region(box(0, 0, 190, 100)), b: region(box(200, 0, 190, 100)) } } });
  assert.equal(side['mobile-layout'].answer, 'yes');
});

test('mobile layout is unknown with fewer than two regions to compare', () => {
  assert.equal(checklist({})['mobile-layout'].answer, 'unknown');
});

test('a missing capture record makes clean answers unknown, never yes', () => {
  const c = checklist({}, ['shop/default-mobile.json']);
  assert.equal(c['console-errors-empty'].answer, 'unknown');
  assert.equal(c['console-errors-empty'].ok, null);
  assert.match(c['console-errors-empty'].detail, /no capture of shop default @ mobile \(record missing\)/);
  assert.equal(c['no-horizontal-overflow'].answer, 'unknown');
});

test('failed captures (a record with ok:false, no PNG) make every clean answer unknown and are never cited', () => {
  const failed = { ok: false, error: { reason: 'connection-refused', message: 'net::ERR_CONNECTION_REFUSED' }, screenshot: null } as unknown as Partial<CaptureRecord>;
  const c = checklist({ desktop: failed, mobile: failed }, ['shop/default-desktop.png', 'shop/default-mobile.png']);
  for (const id of ['text-clipped-or-overlapping', 'no-horizontal-overflow', 'console-errors-empty', 'mobile-layout', 'interactive-in-viewport']) {
    assert.equal(c[id].answer, 'unknown', id);
    assert.equal(c[id].ok, null, id);
    assert.deepEqual(c[id].files, [], `${id} cites a PNG that does not exist`);
  }
  assert.match(c['console-errors-empty'].detail, /shop default @ desktop \(capture failed: connection-refused\).*shop default @ mobile/);
  // one failed unit: still unknown, and only the real capture is cited
  const one = checklist({ mobile: failed }, ['shop/default-mobile.png']);
  assert.equal(one['no-horizontal-overflow'].answer, 'unknown');
  assert.deepEqual(one['no-horizontal-overflow'].files, ['shop/default-desktop.png']);
  assert.match(one['no-horizontal-overflow'].detail, /shop default @ mobile \(capture failed: connection-refused\)/);
});

test('a required element outside the viewport answers the interactive question no', () => {
  const verdict = { present: true, count: 1, displayed: true, nonZeroSize: true, opacity: 1, box: box(400, 10, 80, 40), offscreenX: 90, reachable: true, clippedBy: null, coveredBy: null, visibleFraction: 0, level: 'none' as const, reason: 'off-screen' };
  const c = checklist({ mobile: { required: [{ name: 'Pay', selector: '#pay', text: null, within: null, visible: 'full', source: 'spec', matchedSelector: null, matchedText: null, verdict }] } });
  assert.equal(c['interactive-in-viewport'].answer, 'no');
  assert.match(c['interactive-in-viewport'].detail, /Pay is 90px outside the viewport/);
});

// The checklist reads the facts and options the checks used: checks run on the records here (no
// browser), then the gate; the answers must agree with the verdict on every unit.
async function checkedThenGated(over: Partial<Record<'desktop' | 'mobile', Partial<CaptureRecord>>>, checks: Record<string, Record<string, unknown>>) {
  const { runChecks } = await import('../../src/checks/runner.js');
  const spec = specPlan('shop', { checks: [{ id: 'axe', enabled: false, severity: null, options: {} }, ...Object.entries(checks).map(([id, options]) => ({ id, enabled: true, severity: null, options }))] });
  const tree = healthySpec(spec, []);
  for (const vp of ['desktop', 'mobile'] as const) tree[`shop/default-${vp}.json`] = record('shop', 'default', vp, over[vp] ?? {});
  const { run } = makeRun([spec], tree);
  await runChecks(run, spec);
  const report = gateRun(run, INFO);
  return { unit: (vp: string) => report.specs[0].units.find((u) => u.viewport === vp)!, c: Object.fromEntries(report.checklist.map((x) => [x.id, x])) };
}

const overflowBy = (px: number): Partial<CaptureRecord> => ({ overflow: { overflowPx: px, offenders: [{ selector: 'table.prices', box: box(0, 300, 390 + px, 200), overflowPx: px }] } });

test('an overflow within the overflow check\'s tolerancePx is no overflow, as the check says; above it, overflow', async () => {
  let { unit, c } = await checkedThenGated({ mobile: overflowBy(6) }, { overflow: { tolerancePx: 8 } });
  assert.equal(unit('mobile').fails, false);
  assert.equal(c['no-horizontal-overflow'].answer, 'yes', c['no-horizontal-overflow'].detail);
  assert.doesNotMatch(c['mobile-layout'].detail, /wider than the screen/);
  ({ unit, c } = await checkedThenGated({ mobile: overflowBy(12) }, { overflow: { tolerancePx: 8 } }));
  assert.equal(unit('mobile').fails, true);
  assert.equal(c['no-horizontal-overflow'].answer, 'no');
  assert.match(c['no-horizontal-overflow'].detail, /shop default @ mobile: 12px wider than the viewport, by table\.prices \(\+12px\)/);
  assert.equal(c['mobile-layout'].answer, 'no');
});

test('a console error the console check ignores is no console error; text the text-clipped check lets through is not clipped', async () => {
  const { unit, c } = await checkedThenGated({
    desktop: { console: [{ type: 'error', text: 'ResizeObserver loop completed with undelivered notifications', location: null }] },
    mobile: { clippedText: [{ selector: 'td.sku', box: box(0, 0, 100, 20), text: 'SKU-0000123', axis: 'x', hiddenPx: 12, ellipsis: false }] },
  }, { console: { ignore: ['^ResizeObserver loop'] }, 'text-clipped': { ignore: ['td.sku'] } });
  assert.equal(unit('desktop').fails, false);
  assert.equal(unit('mobile').fails, false);
  assert.equal(c['console-errors-empty'].answer, 'yes', c['console-errors-empty'].detail);
  assert.equal(c['text-clipped-or-overlapping'].answer, 'no', c['text-clipped-or-overlapping'].detail);
});

test('a console error the console check leaves to requests (a failed resource load) is still a console error: never "yes" beside it (issue 55)', async () => {
  const { unit, c } = await checkedThenGated({
    desktop: { console: [{ type: 'error', text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', location: 'http://127.0.0.1/x.png' }] },
  }, { console: {} });
  assert.equal(unit('desktop').fails, false, 'the console check leaves it to requests');
  assert.equal(c['console-errors-empty'].answer, 'no', c['console-errors-empty'].detail);
  assert.match(c['console-errors-empty'].detail, /shop default @ desktop: 1 \(first: Failed to load resource.*\), 1 of them not a console finding \(a failed resource load, which requests reports/);
});

test('mobile is what the overflow check counts as mobile: its mobileMaxWidth option, else the spec\'s', async () => {
  const { c } = await checkedThenGated({}, { overflow: { mobileMaxWidth: 300 } });
  assert.equal(c['mobile-layout'].answer, 'unknown');
  assert.equal(c['mobile-layout'].detail, 'no mobile-width capture in this run');
  assert.equal((await checkedThenGated({}, {})).c['mobile-layout'].detail.includes('no mobile-width capture'), false);
});

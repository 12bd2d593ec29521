// Layout shift, captured (issue 59): each cause (a banner inserted, an image without dimensions, a
// web-font swap, an error message after a submit step, a lazy ad slot) fails naming the element
// and the cause, and its fixed version passes; a still, well-built page gets no shift through a
// whole capture with every check on, at desktop and on a phone — veval does not measure itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { captureRun } from '../../src/capture/index.js';
import { runChecks } from '../../src/checks/runner.js';
import { CHECKS } from '../../src/checks/registry.js';
import type { StaticServer } from '../../src/core/static-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { desktop, makeRun, mobile, state, step } from './plan-fixture.js';
import { readRecord } from './helpers.js';
import { shiftServer, shiftSpec, SHIFT_CASES } from './layout-shift-fixtures.js';

let server: StaticServer, dir: string;
before(async () => { dir = tmpDir('veval-layout-shift-'); server = await shiftServer(); });
after(async () => { await server?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

/** What moved and why, per fixture (the element the finding names first, and its cause). */
const EXPECTED: Record<typeof SHIFT_CASES[number], { moved: string; cause: string }> = {
  banner: { moved: 'main (required "Pay button")', cause: 'div.promo-bar inserted above, 48 px tall, no space reserved' },
  image: { moved: '#checkout (required "Pay button")', cause: 'img.hero above arrived without width/height or aspect-ratio' },
  font: { moved: '#checkout (required "Pay button")', cause: 'font swap: Fixture Display replaced fallback serif in h1' },
  error: { moved: '#pay (required "Pay button")', cause: 'p.error inserted above' },
  ad: { moved: '#checkout (required "Pay button")', cause: 'div.ad-creative inserted above, 252 px tall' },
};

test('each cause fails with the element that moved and the cause; its fixed version passes', async () => {
  const specs = SHIFT_CASES.flatMap((c) => [shiftSpec(c), shiftSpec(`${c}-fixed`)]);
  const run = makeRun(dir, specs, server.url, 'causes');
  await captureRun(run, { workers: 2 });
  for (const spec of specs) {
    const rec = readRecord(run, spec.name, spec.states[0].name);
    assert.equal(rec.ok, true, `${spec.name}: ${JSON.stringify(rec.error)}`);
    const result = (await runChecks(run, spec)).find((r) => r.check === 'layout-shift')!;
    const messages = result.findings.map((f) => `${f.severity} ${f.message}`);
    if (spec.name.endsWith('-fixed')) {
      assert.deepEqual(messages, [], `${spec.name} passes`);
      assert.equal(rec.layoutShift?.score, 0, `${spec.name}: no shift`);
      continue;
    }
    const want = EXPECTED[spec.name as keyof typeof EXPECTED];
    assert.equal(result.findings.length, 1, `${spec.name}: one finding; got ${JSON.stringify(messages)}`);
    const [f] = result.findings;
    assert.equal(f.severity, 'blocker', spec.name);
    assert.ok(f.message.startsWith(want.moved), `${spec.name}: ${f.message}`);
    assert.ok(f.message.includes(want.cause), `${spec.name}: ${f.message}`);
    assert.ok(f.evidence.previousBox && f.evidence.box, `${spec.name}: both rectangles`);
    if (spec.name === 'error') assert.match(f.message, /ms after step 1 \(click\)/);
    else assert.match(f.message, /at \d+ ms after navigation/);
  }
});

test('a still, well-built page: no shift through a whole capture with every check on, desktop and phone', async () => {
  const all = Object.fromEntries(CHECKS.map((c) => [c.meta.id, {}]));
  const spec = shiftSpec('still', {
    viewports: [desktop, mobile], regions: { page: 'main' }, checkOptions: all,
    states: [state('default'), state('liked', [], [step({ action: 'click', selector: '#like' })])],
  });
  assert.ok(spec.checks.every((c) => c.enabled), 'every check on');
  const run = makeRun(dir, [spec], server.url, 'still');
  await captureRun(run, { workers: 2 });
  for (const st of ['default', 'liked']) {
    for (const vp of ['desktop', 'mobile']) {
      const rec = readRecord(run, 'still', st, vp);
      assert.equal(rec.ok, true, `${st}-${vp}: ${JSON.stringify(rec.error)}`);
      assert.ok(rec.layoutShift, `${st}-${vp}: observed`);
      assert.deepEqual(rec.layoutShift!.entries.filter((e) => !e.excluded), [], `${st}-${vp}: nothing counted`);
      assert.equal(rec.layoutShift!.score, 0);
    }
  }
  const result = (await runChecks(run, spec)).find((r) => r.check === 'layout-shift')!;
  assert.equal(result.status, 'pass', JSON.stringify(result));
});

// The capture stage collects its garbage every GC_EVERY units (src/capture/gc.ts): a long run's
// peak memory then stays near a short run's (bench/memory.ts: 500 units / 10 units 1.33 → 1.03).
// What the suite can check without a 500-unit run: the collection is real, and not a no-op.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectGarbage } from '../../src/capture/gc.js';

test('collectGarbage runs a full collection: an object nothing refers to any more is gone', async () => {
  let ref: WeakRef<object>;
  (() => { ref = new WeakRef({ screenshot: Buffer.alloc(1024).toString('base64').repeat(100) }); })();
  // a WeakRef's target lives to the end of the job that made it
  await new Promise((r) => setImmediate(r));
  collectGarbage();
  assert.equal(ref!.deref(), undefined);
});

// The real-page suites as node:test tests, one subtest per spec: shared by the Chromium file
// (test/real/corpus.test.ts, in npm test) and the Firefox one (test/real/corpus-firefox.test.ts,
// end to end). A suite that cannot run is SKIPPED with its reason — never silently green.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Engine } from '../../src/core/engines.js';
import { keyText, scoreSuite, specFilter, suites, type SpecScore } from './harness.js';

/** `cannot`: why this engine cannot run here (its suites are then skipped with that reason);
 *  `only`: suite name → the specs to score (the smoke in npm test), every spec when absent. */
export function pageByPage(engine: Engine, cannot: string | false = false, only?: Record<string, string[]>): void {
  const { available, missing } = suites();
  for (const m of missing) test(`real pages in ${engine}: ${m}`, { skip: `${m} — the real-page corpus lives outside the repo (../shared/corpus/real-pages); this suite is not checked` }, () => {});
  // with `only`, a suite it does not name is not scored here (the smoke scores a few pages, not a
  // suite added later in full)
  for (const suite of available.filter((x) => !only || x.name in only)) {
    test(`real pages (${suite.name}) in ${engine}: veval agrees with the ground truth, page by page`, { skip: cannot }, async (t) => {
      const scores: SpecScore[] = await scoreSuite(suite, 2, engine, only?.[suite.name]);
      if (!specFilter()) assert.ok(scores.length > 0, 'the suite has specs');
      for (const s of scores) {
        await t.test(s.spec, () => {
          const lines = [
            ...s.falseAlarms.map((f) => `false alarm: ${keyText(f)} — ${f.message}`),
            ...s.misses.map((e) => `miss: ${keyText(e)} (${e.how})`),
            ...s.stale,
          ];
          assert.deepEqual(lines, [], `${s.spec}: ${s.found}/${s.expected} expected findings found\n${lines.join('\n')}`);
        });
      }
    });
  }
}

// What a run took from earlier work (report.json `reuse`). An unchanged rerun (same tree,
// baselines and pages) reuses only what cannot differ; the rules are docs/scale.md "Unchanged
// reruns", and the counts here are read from the artifacts, never assumed.
import type { Reuse, SpecReport } from './report-schema.js';

export const REUSE_WHY = {
  captures: 'never reused: the same tree does not prove the same pages (live data, the clock, third parties, server state), so every unit is captured again',
  parity: 'a capture byte-identical to its approved baseline (sha256-checked) is identical without decoding either image',
  judge: 'verdicts are cached by content (model, template version, rendered prompt, image hashes): an equal request gets the equal answer; --no-cache asks again',
} as const;

export function reuseOf(specs: SpecReport[]): Reuse {
  const units = specs.flatMap((s) => s.units);
  const compared = units.filter((u) => u.parity !== null);
  const judged = specs.filter((s) => s.judge && s.judge.cache !== null);
  return {
    captures: { reused: 0, of: units.filter((u) => u.ms !== null).length, why: REUSE_WHY.captures },
    parity: { reused: compared.filter((u) => u.parity === 'identical').length, of: compared.length, why: REUSE_WHY.parity },
    judge: { reused: judged.filter((s) => s.judge!.cache === 'hit').length, of: judged.length, why: REUSE_WHY.judge },
  };
}

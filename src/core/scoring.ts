// The published score formula's data: one entry per version (a weight change is a new version;
// test/gate/score.test.ts pins each version's hash, and a spec may pin an older one with
// `scoring.version`). Data only, below both the spec (which validates scoring.version against it)
// and the gate (gate/score.ts computes with it; docs/scoring.md is generated from both).
import type { Severity } from './artifacts.js';
import { sha256 } from './fsx.js';

export type ComponentId = 'structural' | 'layout' | 'axe' | 'judge';

export interface ScoringVersion {
  version: number;
  weights: Record<ComponentId, number>;
  /** which side of the report each component counts for */
  groups: Record<ComponentId, 'structural' | 'aesthetic'>;
  /** points (of 100) a component loses per finding of each severity */
  penalty: Record<Severity, number>;
  /** share of a structural check's point kept when its worst finding has this severity */
  checkCredit: Record<Severity, number>;
}

export const SCORING_VERSIONS: Readonly<Record<number, ScoringVersion>> = {
  1: {
    version: 1,
    weights: { structural: 0.4, layout: 0.3, axe: 0.2, judge: 0.1 },
    groups: { structural: 'structural', layout: 'aesthetic', axe: 'structural', judge: 'aesthetic' },
    penalty: { blocker: 50, important: 20, polish: 5 },
    checkCredit: { blocker: 0, important: 0.5, polish: 0.9 },
  },
};
export const LATEST_SCORING_VERSION = Math.max(...Object.keys(SCORING_VERSIONS).map(Number));

/** Hash of everything that changes a score; pinned per version by a test. */
export const scoringHash = (v: ScoringVersion) =>
  sha256(JSON.stringify([v.weights, v.groups, v.penalty, v.checkCredit])).slice(0, 16);

// What parity writes: <spec>/parity.json (ParityResult), <spec>/layout-diff.json (LayoutDiff), and
// baselines/<spec>/manifest.json (BaselineManifest, the provenance of every approved image).
import type { Box, EnvFingerprint, Finding, Severity } from '../core/artifacts.js';
import type { Cluster } from './clusters.js';
import type { RegionCount } from './compare.js';
import type { BaselineDigest } from './digest.js';

export type ParityOutcome =
  | 'identical' | 'within-tolerance' | 'changed' | 'no-baseline' | 'size-changed'
  | 'unreadable-baseline' | 'missing-capture' | 'unreadable-capture' | 'env-mismatch' | 'image-too-large'
  | 'baseline-written' | 'error';

export interface ParityUnit {
  state: string;
  viewport: string;
  outcome: ParityOutcome;
  capture: string | null;         // run-relative file compared
  baseline: string | null;        // project-relative baseline file
  changedPixels: number | null;
  ratio: number | null;           // changed / compared (unmasked) pixels
  size: { baseline: { width: number; height: number } | null; current: { width: number; height: number } | null } | null;
  regions: (RegionCount & { tolerance: number | null; exceeded: boolean })[];
  clusters: Cluster[];            // largest first, at most MAX_CLUSTERS
  clusterCount: number;
  diff: string | null;            // run-relative diff PNG, only when pixels differ
  message: string;                // one line: what happened
  ms: number;
}

export interface ParityResult {
  status: 'pass' | 'fail' | 'error' | 'skipped';
  findings: Finding[];
  units: ParityUnit[];
  ms: number;
  notes: string[];
  /** the baselines compared (and written) by this run; null when parity could not run */
  baselines: BaselineDigest | null;
}

/** Every gate-relevant setting at approval time; compared on each run to catch loosening. */
export interface GateSettings {
  parity: { threshold: number; maxDiffRatio: number; regions: Record<string, number> } | null;
  masks: string[];
  axe: { enabled: boolean; impact: string; tags: string[] | null; disable: string[] };
  disabledChecks: string[];
  severities: Record<string, Severity | null>;
  gate: { minScore: number; warn: Severity[] };
  judgeMode: 'required' | 'optional' | 'off' | null;
}

/** Layout boxes stored with a baseline (CSS px, document coordinates). */
export interface LayoutBoxes {
  regions: Record<string, Box | null>;
  required: Record<string, Box | null>;
  masks: Box[];
}

export interface BaselineEntry {
  file: string;                   // file name inside baselines/<spec>/
  state: string;
  viewport: string;
  sha256: string;
  bytes: number;
  width: number | null;
  height: number | null;
  approver: string;
  approvedAt: string;             // ISO time
  runId: string;
  gitSha: string | null;
  treeHash: string | null;
  specHash: string;
  settings: GateSettings;
  environment: EnvFingerprint;
  layout: LayoutBoxes;
}

export interface BaselineManifest {
  version: 1;
  spec: string;
  images: Record<string, BaselineEntry>;   // key: <state>-<viewport>
}

export interface LayoutChange {
  kind: 'region' | 'required';
  name: string;
  baseline: Box | null;
  current: Box | null;
  change: 'same' | 'moved' | 'resized' | 'moved+resized' | 'added' | 'removed';
  dx: number; dy: number; dw: number; dh: number;
}

export interface SpacingChange { a: string; b: string; axis: 'x' | 'y'; baseline: number; current: number; delta: number }

export interface LayoutUnitDiff {
  state: string;
  viewport: string;
  compared: boolean;              // false: no baseline entry or no current record
  reason: string | null;
  boxes: LayoutChange[];
  spacing: SpacingChange[];
}

export interface LayoutDiff { version: 1; spec: string; tolerancePx: number; units: LayoutUnitDiff[] }

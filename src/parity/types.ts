// What parity writes: <spec>/parity.json (ParityResult), <spec>/layout-diff.json (LayoutDiff), and
// baselines/<spec>/manifest.json (BaselineManifest, the provenance of every approved image).
// parity.json and layout-diff.json are declared with the other artifacts (core/artifacts.ts).
import type { Box, EnvFingerprint, Severity } from '../core/artifacts.js';
import type { DebtAcceptance } from './a11y-debt.js';
export type { ParityOutcome, ParityUnit, ParityResult, LayoutChange, SpacingChange, LayoutUnitDiff, LayoutDiff } from '../core/artifacts.js';

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
  /** what each region paints (as in the capture record; null: nothing); absent in baselines
   *  approved before it was recorded, and for regions whose record had no `ink` */
  ink?: Record<string, Box | null>;
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
  /** who accepted each accessibility-debt entry of this unit (baselines/<spec>/a11y-debt.json), when, at which commit; absent: none recorded */
  a11yDebt?: DebtAcceptance[];
}

export interface BaselineManifest {
  version: 1;
  spec: string;
  images: Record<string, BaselineEntry>;   // key: <state>-<viewport>
}

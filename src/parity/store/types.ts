// What parity writes: <spec>/parity.json (ParityResult), <spec>/layout-diff.json (LayoutDiff), and
// baselines/<spec>/manifest.json (BaselineManifest, the provenance of every approved image).
// parity.json and layout-diff.json are declared with the other artifacts (core/artifacts.ts).
import type { Box, EnvFingerprint, Severity } from '../../core/artifacts.js';

/** Provenance of one accepted accessibility-debt entry (a11y-debt.ts), kept in the baseline manifest. */
export interface DebtAcceptance { id: string; rule: string; acceptedBy: string; acceptedAt: string; gitSha: string | null; runId: string }
export type { ParityOutcome, ParityUnit, ParityResult, LayoutChange, SpacingChange, LayoutUnitDiff, LayoutDiff } from '../../core/artifacts.js';

/** Every gate-relevant setting at approval time; compared on each run to catch loosening. */
export interface GateSettings {
  parity: { threshold: number; maxDiffRatio: number; regions: Record<string, number>;
    /** only in design-export entries: the thresholds at import (maxSizeRatio and maxDeltaE absent
     *  in entries imported before issue 37) */
    design?: { minScore: number; tolerancePx: number; maxSizeRatio?: number; maxDeltaE?: number };
    /** severity of a structure change, false: not compared; absent in entries approved before veval compared structure */
    structure?: Severity | false } | null;
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
  /** the run whose capture this is; null for a design export (no run made it) */
  runId: string | null;
  gitSha: string | null;
  treeHash: string | null;
  specHash: string;
  settings: GateSettings;
  /** the browser that made it; null for a design export (no browser made it: the environment guard does not apply) */
  environment: EnvFingerprint | null;
  layout: LayoutBoxes;
  /** absent: a capture approved from a run. `design-export`: imported by `veval approve --from-image` */
  provenance?: DesignProvenance;
  /** who accepted each accessibility-debt entry of this unit (baselines/<spec>/a11y-debt.json), when, at which commit; absent: none recorded */
  a11yDebt?: DebtAcceptance[];
  /** the structure snapshot approved with this image (baselines/<spec>/<file>) and its sha256; null:
   *  the approved capture had none; absent: approved before veval compared structure, or with
   *  parity.structure false */
  structure?: { file: string; sha256: string } | null;
  /** the CSS record approved with this image (baselines/<spec>/<file>, what parity traces a change
   *  to its rule with) and its sha256; null: the capture had none; absent: approved before veval recorded CSS */
  css?: { file: string; sha256: string } | null;
}

/** Where a design-export baseline came from. */
export interface DesignProvenance {
  kind: 'design-export';
  /** the export as given (project-relative when inside the project), its sha256 and size in px */
  file: string;
  sha256: string;
  width: number;
  height: number;
  /** the region boxes that came with it, converted to CSS px of the export scaled to the viewport width (in layout.regions); null: none */
  boxes: { file: string; sha256: string; frame: { width: number; height: number | null } } | null;
  /** the viewport width the export is scaled to (CSS px) */
  viewportWidth: number;
}

export interface BaselineManifest {
  version: 1;
  spec: string;
  images: Record<string, BaselineEntry>;   // key: <state>-<viewport>
}

// Limits on what veval reads, shared by the spec compiler (defaults) and the stages that enforce them.

/** Pixels per image decoded at most (parity.maxPixels): 100 million is a 2560 px wide page 39000 px
 *  tall, ~400 MB as RGBA. A small file can claim far more (a 1.5 MB PNG of 20000×20000 is 1.6 GB
 *  decoded, and a comparison holds two plus a diff), so the size is read from IHDR before decoding. */
export const DEFAULT_MAX_PIXELS = 100_000_000;

/** Defaults of `parity.design` (comparison with a design export): the similarity each region must
 *  reach and how far (CSS px) it may sit from the export's place. Measured in docs/design-parity.md
 *  (scripts/design-threshold.ts); test/parity/design-threshold.test.ts holds the error rates. */
/** Without declared regions a design export is compared on the page's main blocks (landmarks and
 *  top-level sections) whose box covers at least this share of the capture (docs/design-parity.md). */
export const DESIGN_BLOCK_SHARE = 0.05;
export const DESIGN_DEFAULTS = { minScore: 0.7, tolerancePx: 8, maxSizeRatio: 1.1, maxDeltaE: 5 } as const;

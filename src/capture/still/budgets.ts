// The stillness proof's budgets, as data, in one table (like a check's meta defaults): how many
// pixels are noise, how the gaps between shots grow, how long a calm must last after the page
// painted, what the paint signals confirm by shots of their own, how long settling waits. The
// shots' interval, timeout and count are the stability check's options (checks/stability.ts).
// Each value says why it is what it is; measurements are in bench/RESULTS.md and bench/PAINT-SIGNALS.md.
export const STILL_BUDGETS = {
  /** Pixels that may flip between two screenshots of a page that did not change: Chromium re-rasters
   *  a scaled image or a text line under load (measured on the real corpus: 1 px of a Semantic UI
   *  homepage image flipped in 4 of 6 consecutive full-page shots of the static page). A page that
   *  changes (a clock, a counter, a spinner) changes far more. */
  rasterNoisePx: 4,
  /** A pixel whose every channel differs by at most this much (of 255) between two shots did not
   *  change: no one can see it. Measured on a published theme: two shots of an unchanged page
   *  differed in 19 pixels of a tag pill by 1/255 and the page was "never settled" in 2 of 4 runs.
   *  The motion of the loop pages (bench/stability-loops.ts) changes pixels by far more: black and
   *  white, a carousel's slides, a clock's digits. */
  pixelFloor: 2,
  /** The gaps between shots: `interval` scaled by ratios with no common period a page could keep
   *  (100, 170, 230, 290 … ms for interval 100: any two share at most a 10 ms period, under a frame). */
  gapRatios: [1, 1.7, 2.3, 2.9, 3.7, 4.3, 5.3, 5.9, 6.1, 6.7, 7.1, 7.3] as readonly number[],
  /** Calm asked for after the page itself painted a change (a script or an animation, not pixels
   *  alone), in intervals: a clock ticking each second or a carousel turning every 700 ms otherwise
   *  passes whenever its one change fell inside the first window and the next window fell between
   *  two changes (seen in 1 of 6 test runs under load before this). */
  calmAfterScript: 10,
  /** Boxes of unwatched elements outside the viewport (the paint signals confirm them by shots of
   *  their own), beyond which the shots of the whole page are cheaper. */
  maxUnwatched: 24,
  /** Gaps between the shots of the unwatched boxes (one more shot than gaps). */
  unwatchedGaps: 3,
  /** … and their union's area, in viewports. */
  maxUnwatchedScreens: 2,
  /** Pairs of animation frames the paint watch waits for a quiet pair (a full-page shot's repaint can take several). */
  paintResetTries: 6,
  /** How long the paint stream's first frame may take (a frame that comes later counts as a change: the unit then shoots as before). */
  firstFrameMs: 1000,
  /** Full-page shots taken at most while each moved an inner scroller (still/in-page/quiet.ts); the
   *  last is kept with the reason, which neither proof takes for still. */
  shotTries: 3,
  /** Hot areas a flake map keeps: enough for a page with a few moving widgets, few enough to read. */
  maxHot: 10,
  /** How long settling waits at most for the page's requests to be answered (a long poll never is). */
  requestsMaxMs: 5000,
} as const;

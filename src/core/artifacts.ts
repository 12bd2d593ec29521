// The shapes written to disk between stages. Stages share nothing else: a check reads a
// CaptureRecord, never the browser; the gate reads results, never a check's code.

export type Severity = 'blocker' | 'important' | 'polish';
export const SEVERITIES: readonly Severity[] = ['blocker', 'important', 'polish'];

/** A rectangle in CSS pixels, document coordinates (origin = top-left of the page). */
export interface Box { x: number; y: number; width: number; height: number }

export interface ViewportSpec {
  name: string;
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  colorScheme: 'light' | 'dark' | 'no-preference';
}

/** What made a capture: compared across baselines so that cross-environment diffs are refused. */
export interface EnvFingerprint {
  browserName: string;          // "chromium"
  browserVersion: string;       // "156.0.8078.114"
  flavour: 'headless-shell' | 'chromium' | 'chrome' | 'playwright' | 'remote' | 'unknown';
  executablePath: string | null;
  fonts: string[];              // sorted font files/families visible to the browser
  fontsHash: string;
  deviceScaleFactor: number;
  platform: string;             // process.platform-arch
  playwrightVersion: string;
}

/** Why a capture unit could not produce trustworthy evidence. Each becomes a `capture` finding. */
export type CaptureErrorReason =
  | 'navigation-timeout' | 'connection-refused' | 'dns-failure' | 'navigation-failed'
  | 'step-failed' | 'renderer-crash' | 'browser-closed' | 'write-failed' | 'screenshot-failed'
  | 'measure-failed' | 'interrupted' | 'internal';

export interface CaptureError {
  reason: CaptureErrorReason;
  message: string;
  step?: { index: number; action: string; selector?: string; timeout?: number };
}

export interface ElementRef { selector: string; box: Box | null }

/** Visibility as a user sees it (contract: "Visible"). Computed in the page during capture. */
export interface VisibilityVerdict {
  present: boolean;
  count: number;                // matching elements
  displayed: boolean;           // not display:none / visibility:hidden / content-visibility
  nonZeroSize: boolean;
  opacity: number;              // effective (product over ancestors)
  box: Box | null;              // document coordinates
  /** horizontal position relative to the viewport: inside, or how far out (px, negative = left) */
  offscreenX: number;           // 0 when inside horizontally
  /** true when some reachable scroll position brings the whole element vertically inside the viewport */
  reachable: boolean;
  clippedBy: (ElementRef & { hiddenPx: number }) | null;
  coveredBy: (ElementRef & { coveredPx: number; coveredBox: Box | null; /** hidden by the ::backdrop of this modal dialog */ backdrop?: boolean; /** the cover has opacity 0: unseen, yet it takes the clicks */ invisible?: boolean }) | null;
  /** share of sample points inside the box that a user sees at the best scroll position (0..1) */
  visibleFraction: number;
  level: 'full' | 'partial' | 'none';
  reason: string;               // one human sentence: why not fully visible ("" when fully visible)
}

export interface RequiredCheckResult {
  name: string;
  selector: string | null;
  text: string | null;          // as written in the spec (substring or /regex/flags)
  within: string | null;
  visible: 'full' | 'partial' | 'present';
  source: 'spec' | 'state' | 'brief';
  /** for text entries: the element whose text matched, and the matched text */
  matchedSelector: string | null;
  matchedText: string | null;
  verdict: VisibilityVerdict;
}

export interface OverflowOffender { selector: string; box: Box; overflowPx: number; /** set on a right-to-left page, which overflows to the left */ edge?: 'left' }

export interface ClippedText {
  selector: string;
  box: Box;
  text: string;                 // the text that is cut (or spills)
  axis: 'x' | 'y';
  hiddenPx: number;
  ellipsis: boolean;
  /** the text runs out of a painted box that does not clip it (absent: it is clipped) */
  spill?: boolean;
}

export interface StabilityResult {
  checked: boolean;             // false when checks.stability: false (one capture taken)
  stable: boolean;
  attempts: number;
  /** the area (document coordinates) that kept changing, and the declared region it lies in */
  changedBox: Box | null;
  changedRegion: string | null;
  changedSelector: string | null;
}

export interface CaptureRecord {
  version: 1;
  spec: string;
  state: string;
  viewport: ViewportSpec;
  url: string;                  // requested
  finalUrl: string | null;
  httpStatus: number | null;    // null: no response at all
  ok: boolean;                  // false: error is set, evidence is incomplete
  error: CaptureError | null;
  screenshot: string | null;    // file name next to this record, e.g. "default-mobile.png"
  image: { width: number; height: number } | null;  // device pixels
  axe: string | null;           // file name of axe results, e.g. "default-mobile.axe.json"
  axeError: string | null;
  console: { type: 'error' | 'pageerror'; text: string; location: string | null }[];
  failedRequests: { url: string; status: number | null; failure: string | null; resourceType: string }[];
  /** direction: the page's writing direction (absent in records from before it was measured: ltr) */
  document: { scrollWidth: number; scrollHeight: number; clientWidth: number; clientHeight: number; direction?: 'ltr' | 'rtl' };
  overflow: { overflowPx: number; offenders: OverflowOffender[] };
  /** box: the border box; ink: what the region visibly paints (its box if it draws one, else its text and painted content) — absent in records from before it was measured */
  regions: Record<string, { selector: string; count: number; box: Box | null; ink?: Box | null }>;
  masks: { selector: string; boxes: Box[] }[];
  required: RequiredCheckResult[];
  clippedText: ClippedText[];
  aria: string | null;          // Playwright ARIA snapshot (YAML text)
  text: string;                 // visible text of the page (innerText), judge evidence is checked against it
  stability: StabilityResult;
  timings: { total: number; navigate: number; steps: { action: string; ms: number }[]; settle: number; measure: number; screenshot: number; axe: number };
  environment: EnvFingerprint;
  trace: string | null;
  /** file name of the screenshot taken when a step or navigation failed (absent in older records) */
  failureScreenshot?: string | null;
}

/** Evidence a finding rests on: always the capture file, plus the element or quoted text. */
export interface Evidence {
  file: string | null;          // e.g. "checkout-payment/default-mobile.png"
  selector?: string;
  box?: Box | null;
  text?: string;
  [k: string]: unknown;
}

export interface Finding {
  check: string;
  severity: Severity;
  viewport: string | null;
  state: string | null;
  message: string;
  evidence: Evidence;
  rule?: string;                // axe rule id
  impact?: string;              // axe impact
  /** the same problem seen in several captures: one finding per unit, all with this key */
  group?: string;
}

/** One check's outcome for one spec. `error`: the check could not decide — fails closed. */
export interface CheckResult {
  check: string;
  status: 'pass' | 'fail' | 'error' | 'skipped';
  findings: Finding[];
  error: string | null;
  ms: number;
}

export type StageStatus = 'ok' | 'error' | 'skipped' | 'not-run';

// Layout shift on the real-page corpus: ground truth measured with plain Playwright (the same
// browser API, none of veval's code: a buffered PerformanceObserver, load, the spec's steps, fixed
// waits; a screenshot kept per unit to look at), then veval's layout-shift findings held against it.
// A finding is true when the truth has it: a unit score over maxScore, or a counted shift that moved
// a required element (or one in a required region) minMovePx or more, its rectangles within 8 px of
// the finding's. Load-time shifts race with resource arrival even from local files (which frame an
// image, a font or an inserted element lands in), so the truth is several runs: a finding every run
// has is stable, one some runs have is a race, one no run has is a false alarm. Used by scripts/layout-shift-corpus.ts (which prints the precision-table row).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { sessionScore } from '../../src/core/artifact-shift.js';
import type { Box, CaptureRecord, Finding } from '../../src/core/artifacts.js';
import type { SpecPlan } from '../../src/spec/plan.js';

/** What plain Playwright saw moving in one unit. */
export interface TruthUnit {
  spec: string; state: string; viewport: string;
  score: number;
  /** counted shifts of required elements / elements in required regions, each source */
  moves: { t: number; required: string[]; regions: string[]; previous: Box; current: Box; tag: string }[];
  entries: number;
  screenshot: string;
  /** ms after navigation of the first paint (first-paint / first-contentful-paint entry) */
  firstPaint: number;
  /** the counted entries as seen (time, score, sources), to judge across runs */
  counted: RawEntry[];
}

export interface RawEntry { t: number; value: number; input: boolean; sources: { tag: string; required: string[]; regions: string[]; previous: Box; current: Box }[] }

/** The observer, as a page script of its own (not veval's). */
function observe(arg: { required: { name: string; selector: string }[]; regions: { name: string; selector: string }[] }) {
  const w = window as any;
  w.__truth = [];
  const all = (s: string) => { try { return Array.from(document.querySelectorAll(s)); } catch { return []; } };
  const rect = (r: DOMRectReadOnly) => ({ x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as any[]) {
      w.__truth.push({ t: e.startTime, value: e.value, input: e.hadRecentInput, sources: (e.sources ?? []).map((s: any) => {
        const el: Element | null = s.node ? (s.node.nodeType === 1 ? s.node : s.node.parentElement) : null;
        return {
          tag: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : '(gone)',
          required: el ? arg.required.filter((r) => all(r.selector).some((x) => x === el || el.contains(x))).map((r) => r.name) : [],
          regions: el ? arg.regions.filter((r) => all(r.selector).some((x) => x.contains(el) || el.contains(x))).map((r) => r.name) : [],
          previous: rect(s.previousRect), current: rect(s.currentRect),
        };
      }) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const empty = (b: Box) => b.width <= 0 || b.height <= 0;
// a rectangle is empty when the element was out of view before or after: it moved at least its visible height
const dist = (a: Box, b: Box) => empty(a) || empty(b) ? (empty(a) ? b : a).height : Math.max(Math.abs(b.y - a.y), Math.abs(b.x - a.x), Math.abs((b.y + b.height) - (a.y + a.height)));

/** Measures one spec's units with plain Playwright: load, 2.5 s, each step and 1.5 s after it. */
export async function measureTruth(browser: Browser, spec: SpecPlan, shotsDir: string, minMove: number): Promise<TruthUnit[]> {
  const out: TruthUnit[] = [];
  for (const vp of spec.viewports) {
    for (const st of spec.states) {
      const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, isMobile: vp.isMobile, hasTouch: vp.hasTouch, deviceScaleFactor: 1 });
      const req = st.required.filter((r) => r.selector && !r.frame?.length).map((r) => ({ name: r.name, selector: r.selector! }));
      // as text: a function object compiled by tsx carries helpers the page does not have
      const arg = { required: req, regions: Object.entries(spec.regions).map(([name, selector]) => ({ name, selector })) };
      await ctx.addInitScript({ content: `(() => { const __name = (f) => f; (${observe.toString()})(${JSON.stringify(arg)}); })()` });
      const page = await ctx.newPage();
      await page.goto(spec.url!, { waitUntil: spec.wait.for === 'networkidle' ? 'networkidle' : 'load' });
      await page.waitForTimeout(2500);
      const steps: [number, number][] = [];
      for (const s of st.steps as any[]) {
        const t0 = await page.evaluate(() => performance.now());
        if (s.action === 'click') await page.click(s.selector);
        else if (s.action === 'press') await page.press(s.selector, s.key);
        else if (s.action === 'fill') await page.fill(s.selector, s.value);
        else if (s.action === 'select') await page.selectOption(s.selector, s.value);
        else if (s.action === 'waitFor') await page.waitForSelector(s.selector, { state: 'visible' });
        else throw new Error(`truth: step ${s.action} not replayed`);
        steps.push([t0, await page.evaluate(() => performance.now())]);
        await page.waitForTimeout(1500);
      }
      const raw = await page.evaluate(() => (window as any).__truth) as RawEntry[];
      const firstPaint = await page.evaluate(() => performance.getEntriesByType('paint')[0]?.startTime ?? 0);
      const shot = path.join(shotsDir, `${spec.name}-${st.name}-${vp.name}.png`);
      fs.mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: shot });
      await ctx.close();
      // a shift within 500 ms of a step's input is the user's doing
      const counted = raw.filter((e) => !(e.input && steps.some(([a, b]) => e.t >= a && e.t <= b + 500)));
      out.push({
        spec: spec.name, state: st.name, viewport: vp.name, score: sessionScore(counted), entries: raw.length, screenshot: shot,
        firstPaint: Math.round(firstPaint), counted,
        moves: counted.flatMap((e) => e.sources.filter((s) => (s.required.length || s.regions.length) && dist(s.previous, s.current) >= minMove)
          .map((s) => ({ t: Math.round(e.t), ...s }))),
      });
    }
  }
  return out;
}

const near = (a: Box, b: Box) => Math.abs(a.x - b.x) <= 8 && Math.abs(a.y - b.y) <= 8 && Math.abs(a.width - b.width) <= 8 && Math.abs(a.height - b.height) <= 8;

/** Whether the truth has a veval layout-shift finding. */
export function truthHas(f: Finding, truth: TruthUnit | undefined, maxScore: number): boolean {
  if (!truth) return false;
  const ev = f.evidence as Record<string, any>;
  if (ev.previousBox && ev.box && !('score' in ev)) return truth.moves.some((m) => near(m.previous, ev.previousBox) && near(m.current, ev.box));
  return truth.score > maxScore;
}

/** The same unit measured in several plain runs. */
export interface TruthRuns { spec: string; state: string; viewport: string; runs: TruthUnit[] }

/** Groups the units of several runs (each a list as measureTruth returns) by unit. */
export function byUnit(runs: TruthUnit[][]): TruthRuns[] {
  return runs[0]!.map((u) => ({ spec: u.spec, state: u.state, viewport: u.viewport,
    runs: runs.map((r) => r.find((x) => x.spec === u.spec && x.state === u.state && x.viewport === u.viewport)).filter((x): x is TruthUnit => !!x) }));
}

/** How many of the runs have a veval layout-shift finding: all of them — a shift the page makes
 *  every time; some — a race (on which frame a resource or an inserted element lands); none — a
 *  shift plain Chromium never showed (a false alarm). */
export const runsWith = (f: Finding, t: TruthRuns | undefined, maxScore: number): number =>
  t ? t.runs.filter((u) => truthHas(f, u, maxScore)).length : 0;

/** What a user would be hit by in every run: the score over maxScore, and each required move
 *  (by its rectangles) that every run has. */
export function stableTruth(t: TruthRuns | undefined, maxScore: number): number {
  if (!t?.runs.length) return 0;
  const [first, ...rest] = t.runs;
  const score = t.runs.every((u) => u.score > maxScore) ? 1 : 0;
  const moves = first!.moves.filter((m) => rest.every((u) => u.moves.some((o) => near(o.previous, m.previous) && near(o.current, m.current))));
  return score + new Set(moves.map((m) => m.t)).size;
}

/** veval's own view of a unit, for the table. */
export const vevalScore = (r: CaptureRecord | null) => r?.layoutShift?.score ?? null;

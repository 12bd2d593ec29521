// The engine seam: what a capture needs from a browser engine. Both engines are driven through
// the same Playwright API (Firefox through playwright-core 1.64.1 over WebDriver BiDi, see
// docs/engines.md), so every phase of a unit (capture/unit-runner.ts) runs the same code in both; a
// driver only says how its browser is launched and what it cannot gather (core/engines.ts).
import type { Page } from 'playwright-core';
import { ENGINE_GAPS, type Engine } from '../core/engines.js';
import type { ProjectPlan } from '../spec/plan.js';
import { launchBrowser, type Launched } from './browser.js';

export interface EngineDriver {
  engine: Engine;
  launch(plan: ProjectPlan): Promise<Launched>;
  /** Chrome DevTools Protocol sessions (the CSS rule lookup, font fallback detail) */
  cdp: boolean;
  /** evidence this engine does not gather, each with why (written into every record) */
  gaps: { what: string; reason: string }[];
}

const driver = (engine: Engine, cdp: boolean): EngineDriver => ({ engine, cdp, gaps: ENGINE_GAPS[engine], launch: (plan) => launchBrowser(plan, engine) });
export const DRIVERS: Record<Engine, EngineDriver> = { chromium: driver('chromium', true), firefox: driver('firefox', false) };

/** The engine a page belongs to (a remote Chromium too). */
export const pageEngine = (page: Page): Engine => page.context().browser()?.browserType().name() === 'firefox' ? 'firefox' : 'chromium';

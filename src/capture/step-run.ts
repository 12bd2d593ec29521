// One step of a state, run for a capture: a failure ends the unit as `step-failed` naming the step,
// its spec line, the state and why, in words a user can act on (steps/lib.ts whyNotActionable).
import type { Page } from 'playwright-core';
import { runStep, stepTimeout, type StepPlan } from '../steps/registry.js';
import { actionBegun, whyNotActionable } from '../steps/lib.js';
import { UnitFault } from './faults.js';

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

/** `gone()`: the page crashed, the run was interrupted or the browser closed — that fault, not the step's, is reported. */
export async function runSpecStep(page: Page, step: StepPlan, index: number, stateName: string, gone: () => boolean): Promise<void> {
  // An element that is there, shown and enabled but not yet actionable when the wait runs out
  // (still moving, covered while the page builds) gets one more wait of the same length: on a
  // loaded machine the page's own frames come late. Not when Playwright's log shows the action
  // began (it may have acted), so nothing runs twice.
  for (let attempt = 1; ; attempt++) {
    try {
      await runStep(page, step);
      return;
    } catch (err) {
      if (gone()) throw err;
      const timeout = stepTimeout(step);
      const what = `${step.action}${step.selector ? ` "${step.selector}"` : ''}${step.frame?.length ? ` in frame ${step.frame.map((f) => `"${f}"`).join(' › ')}` : ''}`;
      const waited = (err as Error).name === 'TimeoutError' ? await whyNotActionable(page, step, timeout * attempt, err) : null;
      if (waited?.displayed && attempt === 1 && !actionBegun(err)) continue;
      throw new UnitFault('step-failed', `step ${index + 1} (${what}) at ${step.source} failed in state "${stateName}": ${waited?.why ?? firstLine(err)}`,
        { index, action: step.action, ...(step.selector ? { selector: step.selector } : {}), timeout });
    }
  }
}

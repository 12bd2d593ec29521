// Declarative steps (no code): each maps to one Playwright call on a fresh page.
import type { Page } from 'playwright-core';
import type { StepPlan } from '../spec/plan.js';

/** A step's default timeout when the spec gives none (ms). */
export const STEP_TIMEOUT = 5000;

export async function runStep(page: Page, step: StepPlan): Promise<void> {
  const timeout = step.timeout ?? STEP_TIMEOUT;
  const loc = step.selector ? page.locator(step.selector).first() : null;
  const need = () => { if (!loc) throw new Error(`${step.action} needs a selector`); return loc; };
  switch (step.action) {
    case 'click': await need().click({ timeout, button: step.button }); break;
    case 'fill': await need().fill(String(step.value ?? ''), { timeout }); break;
    case 'press':
      if (loc) await loc.press(step.key ?? '', { timeout });
      else await page.keyboard.press(step.key ?? '');
      break;
    case 'hover': await need().hover({ timeout }); break;
    case 'select': await need().selectOption(step.value ?? [], { timeout }); break;
    case 'check': await need().check({ timeout }); break;
    case 'uncheck': await need().uncheck({ timeout }); break;
    case 'scroll':
      if (loc) await loc.scrollIntoViewIfNeeded({ timeout });
      else await page.evaluate(([x, y]) => window.scrollTo({ left: x, top: y, behavior: 'instant' as ScrollBehavior }), [step.x ?? 0, step.y ?? 0]);
      break;
    case 'waitFor': await need().waitFor({ state: step.state ?? 'visible', timeout }); break;
    case 'wait': await page.waitForTimeout(step.ms ?? 0); break;
    default: throw new Error(`unknown step action ${(step as StepPlan).action}`);
  }
}

export function stepTimeout(step: StepPlan): number {
  return step.timeout ?? STEP_TIMEOUT;
}

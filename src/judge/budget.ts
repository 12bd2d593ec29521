// Run-wide judge budget (judge.budget: max images, max tokens per run), shared across specs. A call
// that would exceed it is refused before it is made; the estimate is deliberately pessimistic
// (it counts the full completion allowance), the ledger then books what the server reports.
import type { JudgePlan, ProjectPlan } from '../spec/plan.js';

export interface JudgeLedger { maxImages: number | null; maxTokens: number | null; images: number; tokens: number; requests: number }

const minOf = (xs: (number | null | undefined)[]) => {
  const ns = xs.filter((x): x is number => typeof x === 'number');
  return ns.length ? Math.min(...ns) : null;
};

/** Limits: the tightest budget any spec of the run declares (the config's default, normally). */
export function createLedger(plan: ProjectPlan): JudgeLedger {
  const budgets = plan.specs.map((s) => s.judge?.budget).filter((b) => !!b);
  return { maxImages: minOf(budgets.map((b) => b!.maxImages)), maxTokens: minOf(budgets.map((b) => b!.maxTokens)), images: 0, tokens: 0, requests: 0 };
}

/** Null when the call fits; otherwise the reason it does not. */
export function overBudget(ledger: JudgeLedger, judge: JudgePlan, images: number, tokens: number): string | null {
  const maxImages = minOf([ledger.maxImages, judge.budget.maxImages]);
  const maxTokens = minOf([ledger.maxTokens, judge.budget.maxTokens]);
  if (maxImages !== null && ledger.images + images > maxImages) {
    return `judge budget exceeded: ${images} image(s) would bring the run to ${ledger.images + images} (judge.budget.maxImages ${maxImages})`;
  }
  if (maxTokens !== null && ledger.tokens + tokens > maxTokens) {
    return `judge budget exceeded: ~${tokens} tokens would bring the run to ~${ledger.tokens + tokens} (judge.budget.maxTokens ${maxTokens})`;
  }
  return null;
}

export function book(ledger: JudgeLedger, images: number, tokens: number): void {
  ledger.images += images;
  ledger.tokens += tokens;
  ledger.requests += 1;
}

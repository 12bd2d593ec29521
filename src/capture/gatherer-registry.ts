// The single list of gatherers, generated from the files in capture/gatherers (generated/list.ts,
// written by `npm run schema`), and which of them a unit wants: the spec and the checks that ask
// for one (each check's meta.gathers, checks/registry.ts gatherFor), the engine that can give it.
import { gatherFor } from '../checks/registry.js';
import type { Engine } from '../core/engines.js';
import type { SpecPlan } from '../spec/plan.js';
import type { Gatherer, Slot, UnitView } from './gatherer.js';
import { GATHERER_MODULES } from './gatherers/generated/list.js';

/** Sorted by id: the order gatherers of one slot run in (none may depend on another's). */
export const GATHERERS: readonly Gatherer[] = GATHERER_MODULES;

/** The options a gatherer runs with in this spec: those of the check that asks for it ({} when none
 *  asks), or null when it asks and no enabled check wants it. */
export function optionsFor(g: Gatherer, spec: Pick<SpecPlan, 'checks'>): Record<string, unknown> | null {
  return g.meta.asks ? gatherFor(spec, g.meta.asks) : {};
}

/** The gatherers of one slot this unit wants, each with the view it runs with. */
export function gatherersAt(slot: Slot, engine: Engine, view: Omit<UnitView, 'options'>): { g: Gatherer; view: UnitView }[] {
  const out: { g: Gatherer; view: UnitView }[] = [];
  for (const g of GATHERERS) {
    if (!g.slots[slot] || (g.meta.engines && !g.meta.engines.includes(engine))) continue;
    const options = optionsFor(g, view.spec);
    if (!options) continue;
    const v = { ...view, options };
    if (!g.wants || g.wants(v)) out.push({ g, view: v });
  }
  return out;
}

// Notes a spec's report carries about what the run did not look at: states and required entries
// limited to some viewports (not captured / not checked elsewhere), and regions and masks that
// matched nothing in any capture (a typo in a selector would otherwise be silent).
import type { SpecPlan } from '../spec/plan.js';
import { framedLabel, onlyWords } from '../spec/plan.js';
import { stateAt } from '../core/run.js';
import { splitViewport, viewportLabel } from '../core/engines.js';
import type { UnitArtifacts } from './read.js';

export function viewportNotes(spec: SpecPlan): string[] {
  const out: string[] = [];
  for (const st of spec.states) {
    const skipped = spec.viewports.filter((v) => !stateAt(st, v.name)).map((v) => viewportLabel(v.name));
    if (skipped.length) out.push(`state ${st.name} is captured at ${onlyWords(st.viewports!)} (its viewports:); not captured at ${skipped.join(', ')}`);
  }
  // one line per entry: the viewports of its states' units it is not checked at
  const entries = new Map<string, { name: string; viewports: string[]; skipped: Set<string> }>();
  for (const st of spec.states) for (const r of st.required) {
    if (!r.viewports) continue;
    const key = JSON.stringify([r.name, r.selector, r.text, r.frame ?? null]);
    const e = entries.get(key) ?? { name: r.name, viewports: r.viewports, skipped: new Set<string>() };
    for (const v of spec.viewports) if (stateAt(st, v.name) && !r.viewports.includes(splitViewport(v.name).viewport)) e.skipped.add(viewportLabel(v.name));
    entries.set(key, e);
  }
  for (const e of entries.values()) out.push(`required ${e.name} is checked at ${onlyWords(e.viewports)} (its viewports:)${e.skipped.size ? `; not checked at ${[...e.skipped].join(', ')}` : ''}`);
  return out;
}

/** "mask .ad-slot matched nothing in 5 captures": once per region or mask, over the captures that were measured. */
export function unmatchedNotes(spec: SpecPlan, units: UnitArtifacts[]): string[] {
  const records = units.map((u) => u.record.value).filter((r): r is NonNullable<typeof r> => !!r?.ok);
  if (!records.length) return [];
  const n = records.length, captures = `${n} capture${n === 1 ? '' : 's'}`;
  const out: string[] = [];
  const regionNames = [...Object.keys(spec.regions), ...Object.keys(spec.framed?.regions ?? {})];
  for (const name of regionNames) {
    if (records.every((r) => (r.regions?.[name]?.count ?? 0) === 0 && !r.regions?.[name]?.frameProblem)) out.push(`region ${name} (${r0(spec, name)}) matched nothing in ${captures}`);
  }
  const masks = [...spec.masks.map((selector) => ({ selector, label: selector, frame: undefined as string[] | undefined })),
    ...(spec.framed?.masks ?? []).map((t) => ({ selector: t.selector, label: framedLabel(t), frame: t.frame }))];
  for (const m of masks) {
    const same = (x: { selector: string; frame?: string[] | null }) => x.selector === m.selector && JSON.stringify(x.frame ?? null) === JSON.stringify(m.frame ?? null);
    if (records.every((r) => (r.masks ?? []).filter(same).every((x) => !x.boxes.length && !x.frameProblem))) out.push(`mask ${m.label} matched nothing in ${captures}`);
  }
  return out;
}

const r0 = (spec: SpecPlan, name: string) => spec.regions[name] ?? (spec.framed?.regions[name] ? framedLabel(spec.framed.regions[name]) : name);

/** A Storybook spec: where its stories came from, those its parameters.veval skipped, what could not be read. */
export function storybookNotes(spec: SpecPlan): string[] {
  const r = spec.storybook?.read;
  if (!r) return spec.storybook ? [`the stories of ${spec.name} were never read from its Storybook (no capture ran)`] : [];
  return [
    `${spec.states.length} stories from ${r.index} of the Storybook at ${r.base}${r.ids.length !== spec.states.length ? ` (of ${r.ids.length} selected)` : ''}`,
    ...(r.skipped.length ? [`stories skipped by parameters.veval.skip: ${r.skipped.join(', ')}`] : []),
    ...r.notes,
  ];
}

/** "not captured in firefox: <why>": an engine the spec would run in but cannot (core/engines.ts engineCannot). */
export const engineNotes = (spec: SpecPlan): string[] => (spec.engineSkips ?? []).map((k) => `not captured in ${k.engine}: ${k.reason}`);

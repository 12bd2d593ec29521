// The structure snapshot parity compares with the baseline's (docs/structure.md): Playwright's ARIA
// tree (ariaSnapshotJSON) of the body, of each declared region and of each required element, with
// element boxes in document coordinates and the masked elements' boxes and text, so masks can be
// applied when comparing. Read-only: nothing in the page is changed.
import type { Locator, Page } from 'playwright-core';
import type { Box, RequiredCheckResult, StructureSnapshot } from '../../core/artifacts.js';
import type { SpecPlan } from '../../spec/plan.js';
import { files } from '../../core/run.js';
import type { Gathered, Gatherer, UnitView } from '../gatherer.js';

const TIMEOUT_MS = 5000;
/** elements of one region selector snapshotted at most (a region matching many is rare) */
const REGION_MATCHES = 20;

/** The key of a required entry, stable across runs while the spec keeps it. */
export const requiredKey = (r: Pick<RequiredCheckResult, 'selector' | 'name'>) => `${r.selector ?? ''} ${r.name}`;

const round = (v: number) => Math.round(v * 100) / 100;

/** The file's text: indented (a re-approval reads as a reviewable diff of roles, names and text),
 *  each box on one line (boxes are most of the nodes' lines and nobody reviews them). */
export function structureJson(snap: StructureSnapshot): string {
  return JSON.stringify(snap, null, 2).replace(/"box": \{\s+"x": ([^,]+),\s+"y": ([^,]+),\s+"width": ([^,]+),\s+"height": ([^\s]+)\s+\}/g,
    '"box": { "x": $1, "y": $2, "width": $3, "height": $4 }') + '\n';
}

/** Shifts every box by the scroll offset (ariaSnapshotJSON's boxes are viewport-relative). */
function toDocument(nodes: unknown[], dx: number, dy: number): unknown[] {
  for (const n of nodes) {
    if (!n || typeof n !== 'object') continue;
    const o = n as { box?: Box; children?: unknown[] };
    if (o.box) o.box = { x: round(o.box.x + dx), y: round(o.box.y + dy), width: round(o.box.width), height: round(o.box.height) };
    if (Array.isArray(o.children)) toDocument(o.children, dx, dy);
  }
  return nodes;
}

async function snapshotAll(loc: Locator, count: number, boxes: boolean, scroll: [number, number]): Promise<unknown[] | null> {
  if (!count) return null;
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const nodes = await loc.nth(i).ariaSnapshotJSON({ boxes, timeout: TIMEOUT_MS });
    out.push(...toDocument(Array.isArray(nodes) ? nodes : [nodes], scroll[0], scroll[1]));
  }
  return out;
}

/** One look at the page before the snapshots: scroll offset, how many elements each selector
 *  matches (as the measurement counts them: querySelectorAll), the masked elements' boxes and text. */
function survey(arg: { selectors: string[]; masks: string[] }) {
  // no named inner functions: this runs in the page, where a bundler's name helper does not exist
  return {
    scroll: [window.scrollX, window.scrollY] as [number, number],
    counts: arg.selectors.map((sel) => { try { return document.querySelectorAll(sel).length; } catch { return 0; } }),
    masks: arg.masks.flatMap((selector) => {
      let els: Element[] = [];
      try { els = [...document.querySelectorAll(selector)]; } catch { /* an invalid selector masks nothing (validate names it) */ }
      return els.map((el) => {
        const r = el.getBoundingClientRect();
        const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        return { selector, box: { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height }, text };
      });
    }),
  };
}

/** Takes the snapshot; a part that cannot be read is null and named in `error` (compare fails closed on it). */
export async function structureSnapshot(page: Page, spec: SpecPlan, required: RequiredCheckResult[]): Promise<StructureSnapshot> {
  const snap: StructureSnapshot = { version: 1, page: null, regions: {}, required: [], masks: [], error: null };
  const errors: string[] = [];
  const regions = Object.entries(spec.regions);
  // text entries are about text, which the region and page trees hold
  const wanted = required.flatMap((r) => (r.selector ? [{ r, selector: r.matchedSelector ?? r.selector }] : []));
  const seen = await page.evaluate(survey, { selectors: [...regions.map(([, sel]) => sel), ...wanted.map((w) => w.selector)], masks: spec.masks });
  const { scroll } = seen;
  snap.masks = seen.masks;
  try { snap.page = toDocument([...(await page.locator('body').ariaSnapshotJSON({ boxes: true, timeout: TIMEOUT_MS }) as unknown[])], scroll[0], scroll[1]); } catch (err) {
    errors.push(`the page: ${firstLine(err)}`);
  }
  for (const [i, [name, selector]] of regions.entries()) {
    try { snap.regions[name] = { selector, nodes: await snapshotAll(page.locator(`css=${selector}`), Math.min(seen.counts[i], REGION_MATCHES), true, scroll) }; } catch (err) {
      errors.push(`region "${name}": ${firstLine(err)}`);
    }
  }
  for (const [i, { r, selector }] of wanted.entries()) {
    try { snap.required.push({ key: requiredKey(r), name: r.name, selector, nodes: await snapshotAll(page.locator(`css=${selector}`), Math.min(seen.counts[regions.length + i], 1), false, scroll) }); } catch (err) {
      errors.push(`required "${r.name}": ${firstLine(err)}`);
    }
  }
  snap.error = errors.length ? errors.join('; ') : null;
  return snap;
}

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

/** A snapshot that could not be taken at all: written anyway, so parity names why (fail closed). */
const failedStructure = (err: unknown): StructureSnapshot => ({ version: 1, page: null, regions: {}, required: [], masks: [], error: firstLine(err) });

async function snapshotFile(u: UnitView): Promise<Gathered> {
  const snap = await structureSnapshot(u.page, u.spec, u.record.required).catch(failedStructure);
  return { files: [{ rel: files.structure(u.spec.name, u.state.name, u.viewport.name), data: structureJson(snap), field: 'structure' }] };
}

/** Taken before the calm window (its ARIA reads painted frames: measured), taken again when the
 *  page changed after the image, so it describes the pixels. */
export const gatherer: Gatherer = {
  meta: {
    id: 'structure-snapshot', version: 1, what: 'the ARIA trees of the page, its regions and required elements (parity compares them)',
    paints: true, fields: ['structure'], timing: 'aria',
  },
  // parity compares the ARIA structure with the baseline's (parity.structure: false switches it off)
  wants: ({ spec }) => !!spec.parity && spec.parity.structure !== false,
  slots: { 'before-calm': snapshotFile, 'after-remeasure': snapshotFile },
};

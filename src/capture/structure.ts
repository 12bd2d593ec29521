// The structure snapshot parity compares with the baseline's (docs/structure.md): Playwright's ARIA
// tree (ariaSnapshotJSON) of the body, of each declared region and of each required element, with
// element boxes in document coordinates and the masked elements' boxes and text, so masks can be
// applied when comparing. Read-only: nothing in the page is changed.
import type { Locator, Page } from 'playwright-core';
import type { Box, RequiredCheckResult, StructureSnapshot } from '../core/artifacts.js';
import type { SpecPlan } from '../spec/plan.js';

const TIMEOUT_MS = 5000;
/** elements of one region selector snapshotted at most (a region matching many is rare) */
const REGION_MATCHES = 20;

/** The key of a required entry, stable across runs while the spec keeps it. */
export const requiredKey = (r: Pick<RequiredCheckResult, 'selector' | 'name'>) => `${r.selector ?? ''} ${r.name}`;

/** Shifts every box by the scroll offset (ariaSnapshotJSON's boxes are viewport-relative). */
function toDocument(nodes: unknown[], dx: number, dy: number): unknown[] {
  for (const n of nodes) {
    if (!n || typeof n !== 'object') continue;
    const o = n as { box?: Box; children?: unknown[] };
    if (o.box) o.box = { x: o.box.x + dx, y: o.box.y + dy, width: o.box.width, height: o.box.height };
    if (Array.isArray(o.children)) toDocument(o.children, dx, dy);
  }
  return nodes;
}

async function snapshotAll(loc: Locator, limit: number, boxes: boolean, scroll: [number, number]): Promise<unknown[] | null> {
  const count = await loc.count();
  if (!count) return null;
  const out: unknown[] = [];
  for (let i = 0; i < Math.min(count, limit); i++) {
    const nodes = await loc.nth(i).ariaSnapshotJSON({ boxes, timeout: TIMEOUT_MS });
    out.push(...toDocument(Array.isArray(nodes) ? nodes : [nodes], scroll[0], scroll[1]));
  }
  return out;
}

/** Takes the snapshot; a part that cannot be read is null and named in `error` (compare fails closed on it). */
export async function structureSnapshot(page: Page, spec: SpecPlan, required: RequiredCheckResult[]): Promise<StructureSnapshot> {
  const snap: StructureSnapshot = { version: 1, page: null, regions: {}, required: [], masks: [], error: null };
  const errors: string[] = [];
  const scroll = await page.evaluate(() => [window.scrollX, window.scrollY] as [number, number]);
  try { snap.page = toDocument([...(await page.locator('body').ariaSnapshotJSON({ boxes: true, timeout: TIMEOUT_MS }) as unknown[])], scroll[0], scroll[1]); } catch (err) {
    errors.push(`the page: ${firstLine(err)}`);
  }
  for (const [name, selector] of Object.entries(spec.regions)) {
    try { snap.regions[name] = { selector, nodes: await snapshotAll(page.locator(`css=${selector}`), REGION_MATCHES, true, scroll) }; } catch (err) {
      errors.push(`region "${name}": ${firstLine(err)}`);
    }
  }
  for (const r of required) {
    const selector = r.matchedSelector ?? r.selector;
    if (!r.selector || !selector) continue;   // text entries are about text, which the region and page trees hold
    try { snap.required.push({ key: requiredKey(r), name: r.name, selector, nodes: await snapshotAll(page.locator(`css=${selector}`).first(), 1, false, scroll) }); } catch (err) {
      errors.push(`required "${r.name}": ${firstLine(err)}`);
    }
  }
  try {
    snap.masks = await page.evaluate((masks) => masks.flatMap((selector) => {
      let els: Element[] = [];
      try { els = [...document.querySelectorAll(selector)]; } catch { return []; }
      return els.map((el) => {
        const r = el.getBoundingClientRect();
        const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        return { selector, box: { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height }, text };
      });
    }), spec.masks);
  } catch (err) { errors.push(`masks: ${firstLine(err)}`); }
  snap.error = errors.length ? errors.join('; ') : null;
  return snap;
}

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

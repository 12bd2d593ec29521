import { Type } from '@sinclair/typebox';
import type { FlakeCause, StabilityResult } from '../core/artifacts.js';
import type { Check } from './types.js';
import { findingFor, fmtBox, measured, severityOf } from './lib/finding.js';

const ID = 'stability';
/** ms, ms, captures: capture gathers the shots with these (checks/registry.ts gatherFor) */
const DEFAULTS = { timeout: 5000, interval: 100, shots: 3 };

const CAUSE: Record<FlakeCause, string> = {
  clock: 'a running clock', carousel: 'a carousel', video: 'a video', caret: 'a text caret', 'font-swap': 'a web-font swap', 'ad-slot': 'an ad slot',
};

/** The masks a spec should add (one per area that kept changing and that a mask fixes), in order. */
export function masksToAdd(hot: StabilityResult['hot']): string[] {
  return [...new Set((hot ?? []).filter((h) => h.repeated && h.mask).map((h) => h.mask!))];
}

/** "moving: .ticker (a running clock), .carousel (a carousel); add masks: [".ticker", ".carousel"]" */
function flakeText(s: StabilityResult): string {
  const moving = (s.hot ?? []).filter((h) => h.repeated && h.element);
  if (!moving.length) return '';
  const named = moving.slice(0, 4).map((h) => `${h.mask ?? h.element} (${h.cause ? CAUSE[h.cause] : h.detail})`);
  const masks = masksToAdd(s.hot);
  const advice: string[] = [];
  if (masks.length) advice.push(`add masks: [${masks.map((m) => JSON.stringify(m)).join(', ')}]`);
  if (moving.some((h) => h.cause === 'clock')) advice.push('or freeze the clock (context.freezeTime)');
  if (moving.some((h) => h.cause === 'font-swap')) advice.push('a web font arrived during the shots: preload it or wait for document.fonts.ready');
  return `; moving: ${named.join(', ')}${moving.length > 4 ? ` and ${moving.length - 4} more` : ''}${advice.length ? `; ${advice.join(' ')}` : ''}`;
}

export const check: Check = {
  meta: {
    id: ID,
    title: 'Capture is stable',
    description: 'The browser\'s paint signals (Chromium\'s screencast and the in-page watch) saw nothing paint for the calm window, and images, frames or canvases outside the viewport held still in shots of their own box: one capture. Otherwise (and in Firefox) several captures at unequal gaps (after masks) matched and nothing painted changed between them (DOM mutations of rendered content, running animations or transitions, canvas drawing, playing video) before the timeout. After a change the page painted itself the captures must agree for 10 intervals. A page the browser still sees painting by itself after the captures agreed is unstable too. An unstable page fails, naming the area, element and kind of change, with its flake map (the pixels that changed over the shots), the elements that paint the hot areas, the masks to add and the cause recognised (clock, carousel, video, caret, web-font swap, ad slot). false: one capture, no stability check.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    order: 30,
    score: 'structural',
    gathers: ['shots'],
    defaults: DEFAULTS,
    options: Type.Object({
      timeout: Type.Optional(Type.Integer({ minimum: 0, description: `ms to wait for the page to hold still (default ${DEFAULTS.timeout})` })),
      interval: Type.Optional(Type.Integer({ minimum: 0, description: `ms of the first gap between captures; later gaps are 1.7×, 2.3×, 2.9× … of it, so no period aliases them all; 10× it is the calm asked for after a painted change (default ${DEFAULTS.interval})` })),
      shots: Type.Optional(Type.Integer({ minimum: 2, maximum: 12, description: `consecutive captures that must match, with no painted change between them (default ${DEFAULTS.shots})` })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    return measured(ctx.units).filter((u) => u.record.stability.checked && !u.record.stability.stable).map((u) => {
      const s = u.record.stability;
      // the element named: the largest area that kept changing, by the selector that stays valid
      // (the last change's element may carry a class the page toggles: "div.item.on")
      const named = (s.hot ?? []).find((h) => h.repeated && h.element && h.box && s.changedBox
        && h.box.x <= s.changedBox.x + s.changedBox.width && s.changedBox.x <= h.box.x + h.box.width
        && h.box.y <= s.changedBox.y + s.changedBox.height && s.changedBox.y <= h.box.y + h.box.height);
      const selector = named ? named.mask ?? named.element : s.changedSelector;
      const where = s.changedRegion ? ` in region ${s.changedRegion}` : selector ? ` in ${selector}` : '';
      const what = (s.changes ?? []).filter((c) => c.selector).slice(0, 3).map((c) => `${c.selector} (${c.kind}: ${c.detail})`);
      return findingFor(ID, u, severityOf(ctx, 'blocker'),
        `the page never settled at ${u.record.viewport.name} (${u.record.state}): after ${s.attempts} captures the area ${fmtBox(s.changedBox)}${where} kept changing${what.length ? `; painted changes: ${what.join(', ')}` : ''}${flakeText(s)}`,
        {
          selector: selector ?? undefined, box: s.changedBox, region: s.changedRegion, attempts: s.attempts, ...(s.kind ? { kind: s.kind } : {}),
          // the flake map (run-relative, beside the capture), its hot areas and the masks to paste
          ...(s.map ? { flakeMap: `${u.record.spec}/${s.map}` } : {}),
          ...(s.hot ? { hot: s.hot, masks: masksToAdd(s.hot) } : {}),
        });
    });
  },
};

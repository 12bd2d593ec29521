import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { findingFor, fmtBox, measured, severityOf } from './lib/finding.js';

const ID = 'stability';
/** ms, ms, captures: capture gathers the shots with these (checks/registry.ts gatherFor) */
const DEFAULTS = { timeout: 5000, interval: 100, shots: 3 };

export const check: Check = {
  meta: {
    id: ID,
    title: 'Capture is stable',
    description: 'Several captures at unequal gaps (after masks) matched and nothing painted changed between them (DOM mutations of rendered content, running animations or transitions, canvas drawing, playing video) before the timeout. An unstable page fails, naming the area, element and kind of change. false: one capture, no stability check.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    order: 30,
    score: 'structural',
    gathers: ['shots'],
    defaults: DEFAULTS,
    options: Type.Object({
      timeout: Type.Optional(Type.Integer({ minimum: 0, description: `ms to wait for the page to hold still (default ${DEFAULTS.timeout})` })),
      interval: Type.Optional(Type.Integer({ minimum: 0, description: `ms of the first gap between captures; later gaps are 1.7×, 2.3×, 2.9× … of it, so no period aliases them all (default ${DEFAULTS.interval})` })),
      shots: Type.Optional(Type.Integer({ minimum: 2, maximum: 12, description: `consecutive captures that must match, with no painted change between them (default ${DEFAULTS.shots})` })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    return measured(ctx.units).filter((u) => u.record.stability.checked && !u.record.stability.stable).map((u) => {
      const s = u.record.stability;
      const where = s.changedRegion ? ` in region ${s.changedRegion}` : s.changedSelector ? ` in ${s.changedSelector}` : '';
      const what = (s.changes ?? []).filter((c) => c.selector).slice(0, 3).map((c) => `${c.selector} (${c.kind}: ${c.detail})`);
      return findingFor(ID, u, severityOf(ctx, 'blocker'),
        `the page never settled at ${u.record.viewport.name} (${u.record.state}): after ${s.attempts} captures the area ${fmtBox(s.changedBox)}${where} kept changing${what.length ? `; painted changes: ${what.join(', ')}` : ''}`,
        { selector: s.changedSelector ?? undefined, box: s.changedBox, region: s.changedRegion, attempts: s.attempts, ...(s.kind ? { kind: s.kind } : {}) });
    });
  },
};

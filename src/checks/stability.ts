import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { findingFor, fmtBox, measured, severityOf } from './lib/finding.js';

const ID = 'stability';

export const check: Check = {
  meta: {
    id: ID,
    title: 'Capture is stable',
    description: 'Two consecutive captures (after masks) matched before the timeout. An unstable page fails, naming the area that kept changing. false: one capture, no stability check.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    options: Type.Object({
      timeout: Type.Optional(Type.Integer({ minimum: 0, description: 'ms to wait for two matching captures (default 5000)' })),
      interval: Type.Optional(Type.Integer({ minimum: 0, description: 'ms between captures (default 100)' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    return measured(ctx.units).filter((u) => u.record.stability.checked && !u.record.stability.stable).map((u) => {
      const s = u.record.stability;
      const where = s.changedRegion ? ` in region ${s.changedRegion}` : s.changedSelector ? ` in ${s.changedSelector}` : '';
      return findingFor(ID, u, severityOf(ctx, 'blocker'),
        `the page never settled at ${u.record.viewport.name} (${u.record.state}): after ${s.attempts} captures the area ${fmtBox(s.changedBox)}${where} kept changing`,
        { selector: s.changedSelector ?? undefined, box: s.changedBox, region: s.changedRegion, attempts: s.attempts });
    });
  },
};

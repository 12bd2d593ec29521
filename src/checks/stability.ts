import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';

export const check: Check = {
  meta: {
    id: 'stability',
    title: 'Capture is stable',
    description: 'Two consecutive captures (after masks) matched before the timeout. An unstable page fails, naming the area that kept changing. false: one capture, no stability check.',
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    options: Type.Object({
      timeout: Type.Optional(Type.Integer({ minimum: 0, description: 'ms to wait for two matching captures (default 5000)' })),
      interval: Type.Optional(Type.Integer({ minimum: 0, description: 'ms between captures (default 100)' })),
    }, { additionalProperties: false }),
  },
  run() {
    throw new Error('check stability is not implemented yet');
  },
};

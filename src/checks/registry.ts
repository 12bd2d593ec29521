// The single list of checks. Schema, docs, `veval checks` and the runner all derive from it.
import type { Check } from './types.js';
import { check as axe } from './axe.js';
import { check as consoleCheck } from './console.js';
import { check as httpStatus } from './http-status.js';
import { check as interactiveReachable } from './interactive-reachable.js';
import { check as minGap } from './min-gap.js';
import { check as overflow } from './overflow.js';
import { check as overlap } from './overlap.js';
import { check as requests } from './requests.js';
import { check as requiredVisible } from './required-visible.js';
import { check as stability } from './stability.js';
import { check as taskOrder } from './task-order.js';
import { check as textClipped } from './text-clipped.js';

/** Sorted by id. */
export const CHECKS: readonly Check[] = [
  axe, consoleCheck, httpStatus, interactiveReachable, minGap, overflow, overlap, requests, requiredVisible, stability, taskOrder, textClipped,
];

export const CHECK_IDS: readonly string[] = CHECKS.map((c) => c.meta.id);

export function getCheck(id: string): Check | undefined {
  return CHECKS.find((c) => c.meta.id === id);
}

/** Finding check ids that come from stages rather than check modules (contract). */
export const STAGE_FINDING_IDS = ['capture', 'parity', 'judge', 'guard'] as const;

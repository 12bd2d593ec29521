// Types for the generated ajv standalone validators (artifact-validators.js); see artifact-read.ts.
import type { ErrorObject } from 'ajv';

export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export const record: GeneratedValidator;
export const axe: GeneratedValidator;
export const checks: GeneratedValidator;
export const parity: GeneratedValidator;
export const layoutDiff: GeneratedValidator;
export const judge: GeneratedValidator;
export const report: GeneratedValidator;

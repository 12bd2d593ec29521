// Types for the generated ajv standalone validators (validators.js).
import type { ErrorObject } from 'ajv';

export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export const validateSpec: GeneratedValidator;
export const validateConfig: GeneratedValidator;
